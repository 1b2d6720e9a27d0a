package tui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
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
	// conversation's hidden intent); empty for none.
	context(m *hitScreen, h *hitState, width int) textRows
	// build lays out the current step in width columns, knowing rows are
	// at hand for it (the HIT screen fits what it returns).
	build(m *hitScreen, h *hitState, width, rows int) stepView
	// key handles the kind's own keys (open, move, scroll); handled is
	// false for a key the kind leaves to the HIT screen.
	key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (cmd tea.Cmd, handled bool)
	// keys are the HIT screen's bindings for the kind.
	keys() hitKeys
	// shortHelp is the footer on the current step, most useful first.
	shortHelp(k hitKeys, h *hitState) []key.Binding
	// fullHelp is the help screen's columns.
	fullHelp(k hitKeys) [][]key.Binding
	// loadDisputed reads what the adjudication screen shows of an item
	// besides the item itself (a conversation's turns, an answer's
	// nuggets) into det.
	loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error
	// disputed draws an item for the adjudication screen as its
	// annotators saw it at the unit's step, and which of its lines the
	// unit is about; det is nil while it loads.
	disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int)
}

// stepView is one step laid out: a title, content that scrolls when it
// does not fit, the part of it being labelled (shown first, and read
// whole before a label key counts), fixed lines under it, and the label
// choices, which are always on screen.
type stepView struct {
	title   string
	short   string // the title where it does not fit: " IV · answer 2 of 5"
	focus   [2]int // lines[focus[0]:focus[1]] is what the label is about
	fixed   []string
	choices []string
	// pageOnly: only the page keys scroll the content (the kind keeps j
	// and k for itself), as its markers say.
	pageOnly bool
	// withTopic: the label weighs the topic too (a protocol file's step
	// about the whole item), so where the header shortened it, the topic
	// above the content is part of the focus, to be read (reading.go).
	withTopic bool
	// also are more lines a label waits to have been on screen, with
	// the focus, though the window opens at the focus: the topic the
	// header shortened (stepContent).
	also [][2]int
	// floor is the first line the content shows unscrolled: the lines
	// above it are the topic the header shortened (renderHIT).
	floor int
	// given is the label the step's unit has, as its choices name it
	// ("3 some"), where the content shows it beside nothing (a step on
	// the item as a whole, a question, a dialogue): the title shows it,
	// as a row's head or an answer shows its own ("· 2 poor"). Empty
	// where there is none, or the content shows it.
	given string
	// textRows are the content's lines, each with the part of the item's
	// text it shows (reading.go).
	textRows
	// passage is the part of fixed that shows passages in windows of
	// their own, each line with what it shows, and passages their whole
	// texts, which a label waits to have been on screen (kind_passage.go).
	passage  textRows
	passages []string
}

// Screen is how the HIT screen shows one task kind: blank, for its
// names and keys before any HIT is loaded, and from an item, with what
// only that kind reads from the store. A kind's descriptor names its
// screen (package kinds); nothing in tui asks which kind it holds.
type Screen struct {
	blank func() hitKind
	load  func(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error)
}

// Kinds are the task kinds of the database on screen, as the TUI reads
// them: each one's protocol, screen and runs (kinds.Set). The TUI reads a
// kind from nothing else.
type Kinds interface {
	Protocol(guidelines.Kind) (guidelines.Protocol, bool)
	Screen(guidelines.Kind) (Screen, bool)
	// Runs are the runs the kind's datasets take, with their scorers:
	// the side pane's leaderboard scores by them.
	Runs(guidelines.Kind) []report.BenchRun
	// StatsText is the dataset's kind's own tables as text.
	StatsText(ctx context.Context, r *store.Reading, d store.Dataset) (string, error)
	// Ratings are the dataset's ratings' mean, spread and median per unit,
	// for the side pane, where its kind has such a table (nil where not).
	Ratings(ctx context.Context, r *store.Reading, d store.Dataset) (*report.RatingStats, error)
}

// kind is the HIT screen's kind for the dataset on screen, with no item.
func (s *session) kind() hitKind { return s.kindScreen.blank() }

// stepEnterer is a kind that keeps state per step: it is told when a step
// is entered, in place of the content going back to what the step labels.
type stepEnterer interface{ enterStep(h *hitState) }

// enterStep starts a conversation's step at its turn, with o at its first
// image.
func (k *convKind) enterStep(h *hitState) { h.scroll, k.conv.opened = 0, 0 }

// enterStep leaves the answer where it was read: the nuggets change, the
// answer does not.
func (*nuggetKind) enterStep(*hitState) {}

// Made says whether the screen was made by one of tui's constructors (a
// descriptor that names none has the zero Screen).
func (s Screen) Made() bool { return s.blank != nil && s.load != nil }

// ShowsWhole says whether the screen can lay out its item whole, as an
// attention question is asked under (a kind that asks one must).
func (s Screen) ShowsWhole() bool {
	_, ok := s.blank().(wholeItem)
	return ok
}

// Noun is what the screen calls its items: pane, conversation, answer.
func (s Screen) Noun() string { return s.blank().noun() }
