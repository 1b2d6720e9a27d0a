package tui

import (
	"time"

	"github.com/claritty/claritty/store"
)

// hitLoadedMsg carries a HIT read from the store.
type hitLoadedMsg struct {
	hit  *hitState
	step int // step to show; -1 resumes at the first unfinished one
	err  error
}

// allDoneMsg says the annotator has no HIT now, and why.
type allDoneMsg struct {
	noWork store.NoWork
	lease  time.Duration
}

// savedMsg reports a finished write; on error the HIT is read again so the
// screen shows what the database holds.
type savedMsg struct {
	what     string
	finished bool // the label finished a HIT
	err      error
}

// openedMsg reports an attempt to open a URL in the browser.
type openedMsg struct {
	url string
	err error
}

// flushedMsg arrives once every queued write has committed.
type flushedMsg struct{}

// ShutdownMsg tells the program that it must end (claritty serve is
// stopping): it says so, lets every queued write commit, and quits.
type ShutdownMsg struct{ Reason string }
