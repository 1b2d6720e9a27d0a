// Command claritty is a terminal workbench for judging search clarifications.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"charm.land/fang/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
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
// greppable line (what to do about a damaged file or a full disk may follow
// on the next). Each line is cleaned: an error may quote a file name or
// text from a file, and goes to a terminal.
func printError(w io.Writer, _ fang.Styles, err error) {
	if errors.Is(err, errInterrupted) {
		return
	}
	lines := strings.Split(store.Explain(err).Error(), "\n")
	for i, l := range lines {
		lines[i] = data.Clean(l)
	}
	fmt.Fprintf(w, "claritty: %s\n", strings.Join(lines, "\n"))
}
