package main

import (
	"context"
	"fmt"
	"io"

	"github.com/claritty/claritty/display"
)

// lightCommands read or write a few rows and never wait. Every other
// command reads a whole dataset or a whole upload (import, agree, bench,
// stats, export, backup, report, protocols, annotators --quality …): run
// together from many sessions, each holding its memory at once, they could
// take the server (and every session) down, so a server runs a few at a
// time and queues the rest. A command is heavy unless listed here, so a new
// one cannot slip past the queue; "" is the TUI, a session of its own.
var lightCommands = map[string]bool{"": true, "policy": true, "flags": true, "help": true,
	"history": true, // one item's rows
	"check":   true} // over SSH, check only says to run it on the server

// heavy says whether a session's command waits for a place.
func heavy(command string) bool { return !lightCommands[command] }

// heavyGate lets a few heavy commands run at once; nil lets all through.
type heavyGate chan struct{}

func newHeavyGate(n int) heavyGate {
	if n <= 0 {
		return nil
	}
	return make(heavyGate, n)
}

// enter waits for a place for args' command, if it is heavy, saying on
// w that it waits; the release it returns gives the place back.
func (g heavyGate) enter(ctx context.Context, args []string, w io.Writer) (release func(), err error) {
	if g == nil || !heavy(commandOf(args)) {
		return func() {}, nil
	}
	select {
	case g <- struct{}{}:
		return func() { <-g }, nil
	default:
	}
	fmt.Fprintf(w, "claritty: waiting: the server runs %s like %s at a time, and they are all running\n",
		display.Count(cap(g), "command", "commands"), commandOf(args))
	select {
	case g <- struct{}{}:
		return func() { <-g }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// commandOf is the command a session's arguments name, as the command
// tree reads them: "--as NAME agree" is agree, "--dataset X" (the TUI on
// X) and arguments that name no command are "". Reading the tree, not
// guessing which flags take a value, keeps a TUI started with global
// flags from counting as a heavy command for its whole life.
func commandOf(args []string) string {
	root := newRootCmd(&globals{remote: &remote{}})
	c, _, err := root.Find(args)
	if err != nil || c == root {
		return ""
	}
	for c.Parent() != root {
		c = c.Parent()
	}
	return c.Name()
}
