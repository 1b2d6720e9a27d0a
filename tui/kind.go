package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/guidelines"
)

// hitKind is what one task kind brings to the HIT screen: what its items
// are called, the step's content, its keys and its help. The root model
// and the HIT screen never ask which kind they hold; adding a kind is a new
// implementation (kind_*.go) and a case in kindFor.
type hitKind interface {
	// noun names the kind's items: pane, conversation, answer.
	noun() string
	// topic names the text on the HIT's first line: query, topic.
	topic() string
	// context is what sits under the topic for the whole HIT (a
	// conversation's hidden intent); nil for none.
	context(m *Model, h *hitState, width int) []string
	// build lays out the current step in width columns, knowing rows are
	// at hand for it (the HIT screen fits what it returns).
	build(m *Model, h *hitState, width, rows int) stepView
	// key handles the kind's own keys (open, move, scroll); handled is
	// false for a key the kind leaves to the HIT screen.
	key(m *Model, h *hitState, msg tea.KeyPressMsg) (cmd tea.Cmd, handled bool)
	// keys are the HIT screen's bindings for the kind.
	keys() hitKeys
	// shortHelp is the footer on the current step, most useful first.
	shortHelp(k hitKeys, h *hitState) []key.Binding
	// fullHelp is the help screen's columns.
	fullHelp(k hitKeys) [][]key.Binding
}

// stepView is one step laid out: a title, content that scrolls when it
// does not fit, the part of it being labelled (kept in view), fixed lines
// under it, and the label choices, which are always on screen.
type stepView struct {
	title   string
	short   string // the title where it does not fit: " IV · answer 2 of 5"
	lines   []string
	focus   [2]int // lines[focus[0]:focus[1]] is what the label is about
	fixed   []string
	choices []string
}

// kindFor is the HIT screen's kind for a dataset's kind; an unknown kind
// is shown as MIMICS panes, as guidelines.ForKind reads it.
func kindFor(kind string) hitKind {
	switch kind {
	case guidelines.ClariMM.Kind:
		return &convKind{}
	case guidelines.Nuggets.Kind:
		return &nuggetKind{}
	}
	return &paneKind{}
}

// stepEnterer is a kind that keeps state per step: it is told when a step
// is entered, in place of the content going back to what the step labels.
type stepEnterer interface{ enterStep(h *hitState) }

// enterStep starts a conversation's step at its turn, with o at its first
// image.
func (k *convKind) enterStep(h *hitState) { h.scroll, k.conv.opened = 0, 0 }

// enterStep leaves the answer where it was read: the nuggets change, the
// answer does not.
func (*nuggetKind) enterStep(*hitState) {}
