package tui

import tea "charm.land/bubbletea/v2"

// worker runs store calls one at a time, in the order Update asked for them.
// Bubble Tea runs commands concurrently, so two labels keyed in quick
// succession could otherwise reach the database in the wrong order; here the
// job is queued synchronously in Update (a channel send, no I/O) and the
// command only waits for its result.
type worker struct {
	jobs    chan func()
	stopped chan struct{}
}

func newWorker() *worker {
	w := &worker{jobs: make(chan func(), 1024), stopped: make(chan struct{})}
	go func() {
		defer close(w.stopped)
		for job := range w.jobs {
			job()
		}
	}()
	return w
}

// stop runs every job queued so far, then ends the worker's goroutine.
// Nothing may be queued after it.
func (w *worker) stop() {
	close(w.jobs)
	<-w.stopped
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
