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
	"sync/atomic"
	"syscall"
	"time"

	"charm.land/fang/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

func main() {
	// Ctrl-C and a polite kill cancel the context: a command stops where it
	// is, its transaction rolls back, an export removes its temporary
	// file, and the exit status is 130.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go exitSoonAfter(ctx)
	g := &globals{}
	root := newRootCmd(g)
	trimHelp(root)
	err := fang.Execute(ctx, root, fang.WithErrorHandler(printError), fang.WithoutManpage())
	if err != nil {
		// A refused (or interrupted) command leaves no database it made.
		g.discardFresh(context.WithoutCancel(ctx), os.Stderr)
	}
	switch {
	case err == nil:
	case errors.Is(err, errInterrupted) || errors.Is(err, context.Canceled) || ctx.Err() != nil:
		// SQLite reports a cancelled query as its own "interrupted".
		os.Exit(130)
	default:
		os.Exit(1)
	}
}

// signalGrace is how long a command has, after Ctrl-C or SIGTERM, to stop
// by itself before the process exits with 130 anyway: one blocked in a read
// (import - waiting on a terminal) never looks at its context. SQLite
// rolls back whatever was not committed. serve sets it to 0: its shutdown
// waits for every session to save.
var signalGrace atomic.Int64

func init() { signalGrace.Store(int64(5 * time.Second)) }

func exitSoonAfter(ctx context.Context) {
	<-ctx.Done()
	if d := time.Duration(signalGrace.Load()); d > 0 {
		time.Sleep(d)
		if signalGrace.Load() > 0 {
			fmt.Fprintln(os.Stderr, "claritty: interrupted")
			os.Exit(130)
		}
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
	if errors.Is(err, context.Canceled) {
		// Ctrl-C or a kill: what "add pane: context canceled" meant.
		fmt.Fprintln(w, "claritty: interrupted: the command stopped and kept nothing it had not finished "+
			"(an import or a merge adds nothing, an export leaves no file); run it again to do it all")
		return
	}
	lines := strings.Split(store.Explain(err).Error(), "\n")
	for i, l := range lines {
		lines[i] = display.Clean(l)
	}
	fmt.Fprintf(w, "claritty: %s\n", strings.Join(lines, "\n"))
}
