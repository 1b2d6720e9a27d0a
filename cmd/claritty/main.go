// Command claritty is a terminal workbench for judging search clarifications.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"charm.land/fang/v2"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := fang.Execute(ctx, newRootCmd(&globals{}), fang.WithErrorHandler(printError), fang.WithoutManpage())
	switch {
	case err == nil:
	case errors.Is(err, errInterrupted) || errors.Is(err, context.Canceled):
		os.Exit(130)
	default:
		os.Exit(1)
	}
}

// printError prints errors plainly: "file:line: what is wrong" must stay one
// greppable line.
func printError(w io.Writer, _ fang.Styles, err error) {
	if errors.Is(err, errInterrupted) {
		return
	}
	fmt.Fprintf(w, "claritty: %v\n", err)
}
