package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// A server's heavy commands run a few at a time; the next waits, says so,
// and runs once a place is free; light ones never wait; a client that
// leaves while waiting gives up its turn.
func TestHeavyCommandsQueue(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]string{"agree --json": "agree", "--as bo stats": "stats", "--as=bo export": "export",
		"policy": "policy", "": ""} {
		if got := commandOf(strings.Fields(args)); got != want {
			t.Errorf("commandOf(%q) = %q, want %q", args, got, want)
		}
	}
	g := newHeavyGate(1)
	ctx := context.Background()
	release, err := g.enter(ctx, []string{"import", "-"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := g.enter(ctx, []string{"policy"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	} else {
		r()
	}
	var said bytes.Buffer
	entered := make(chan func())
	go func() {
		r, _ := g.enter(ctx, []string{"--as", "bo", "agree"}, &said)
		entered <- r
	}()
	select {
	case <-entered:
		t.Fatal("a second heavy command ran beside the first")
	case <-time.After(100 * time.Millisecond):
	}
	release()
	(<-entered)()
	if !strings.Contains(said.String(), "waiting") {
		t.Errorf("the waiting command said %q", said.String())
	}
	hold, _ := g.enter(ctx, []string{"stats"}, &bytes.Buffer{})
	defer hold()
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := g.enter(gone, []string{"bench"}, &bytes.Buffer{}); err == nil {
		t.Error("a client gone while waiting still got a turn")
	}
}
