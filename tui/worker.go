package tui

import tea "charm.land/bubbletea/v2"

// worker runs store calls one at a time, in the order Update asked for them.
// Bubble Tea runs commands concurrently, so two labels keyed in quick
// succession could otherwise reach the database in the wrong order; here the
// job is queued synchronously in Update (a channel send, no I/O) and the
// command only waits for its result.
type worker struct {
	jobs chan func()
}

func newWorker() *worker {
	w := &worker{jobs: make(chan func(), 1024)}
	go func() {
		for job := range w.jobs {
			job()
		}
	}()
	return w
}

// do queues fn and returns a command that yields fn's message once it ran.
func (w *worker) do(fn func() tea.Msg) tea.Cmd {
	done := make(chan tea.Msg, 1)
	w.jobs <- func() { done <- fn() }
	return func() tea.Msg { return <-done }
}

// drained returns a channel closed once every job queued so far has run:
// what waits on it sees their writes committed.
func (w *worker) drained() <-chan struct{} {
	done := make(chan struct{})
	w.jobs <- func() { close(done) }
	return done
}
