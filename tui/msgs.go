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
	// role is the reader's role as the store has it now, for the keys
	// the screen offers ("" where it could not be read: the one the
	// session started with).
	role string
	// note stays on the status line (what the label that finished the
	// last HIT withdrew, or that a key was not saved); else the status is
	// cleared. noteErr shows it as a warning.
	note    string
	noteErr bool
}

// savedMsg reports a finished write; on error the HIT is read again so the
// screen shows what the database holds.
type savedMsg struct {
	what     string
	finished bool // the label finished a HIT
	// progress is the annotator's HITs as the store counts them after a
	// label (nil after other writes): a label finishes a HIT, and a
	// changed answer or an undo may open one again.
	progress *hitProgress
	err      error
}

// hitProgress is the annotator's finished and unfinished HITs in the
// dataset on screen, as the header shows them.
type hitProgress struct{ done, open int }

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
