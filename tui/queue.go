package tui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// queueScreen lists the annotator's HITs: a cursor over all HITs of the
// dataset, of which only the visible window is read from the store, so a
// dataset of 400,000 panes opens as fast as one of 40.
type queueScreen struct {
	*session
	keys          queueKeys
	width, height int

	// Positions are 1-based in the list on screen: a HIT's number when no
	// filter is on, else its place among the HITs that pass.
	cursor int // position of the selected HIT
	top    int // rows above the window
	total  int // HITs in the list
	all    int // HITs in the dataset
	offset int // the window the rows were read for
	rows   []store.QueueRow
	ready  bool
	filter store.QueueFilter
	// recount: the next read counts the list again (the filter changed).
	recount bool
	// jumping: the ":" prompt is open for a HIT's number or item id;
	// searching: the "/" prompt for text.
	jumping, searching bool
}

// queueJumpMsg is where a ":" jump goes: the HIT of that number or item id.
type queueJumpMsg struct {
	seq int
	err error
}

// queueLoadedMsg carries one window of the queue read with filter, and
// the list's length when it was counted again (else -1).
type queueLoadedMsg struct {
	offset int
	rows   []store.QueueRow
	total  int
	filter store.QueueFilter
	err    error
}

func newQueueScreen(s *session) *queueScreen {
	return &queueScreen{session: s, keys: defaultQueueKeys().boundBy(s.cfg.Keys)}
}

// rows is how many HITs fit under the title and the column heads.
func (q *queueScreen) rowsShown() int {
	if q.jumping || q.searching {
		return max(1, q.height-3) // the prompt takes a row
	}
	return max(1, q.height-2)
}

// open shows the queue of total HITs with seq selected.
func (q *queueScreen) open(seq, total int) tea.Cmd {
	q.cursor, q.total, q.all, q.filter = max(1, seq), total, total, store.QueueFilter{}
	q.top = max(0, q.cursor-1-q.rowsShown()/2)
	return q.load()
}

func (q *queueScreen) load() tea.Cmd {
	q.ready = false
	st, ds, an, top, n, ctx, f := q.cfg.Store, q.cfg.Dataset.ID, q.cfg.Annotator.ID, q.top, q.rowsShown(), q.ctx, q.filter
	recount := q.recount
	q.recount = false
	return q.work.do(func() tea.Msg {
		msg := queueLoadedMsg{offset: top, total: -1, filter: f}
		if recount {
			if msg.total, msg.err = st.QueueCount(ctx, ds, an, f); msg.err != nil {
				return msg
			}
		}
		msg.rows, msg.err = st.Queue(ctx, ds, an, f, top, n)
		return msg
	})
}

// refilter shows the HITs that pass f, from the first.
func (q *queueScreen) refilter(f store.QueueFilter) tea.Cmd {
	q.filter, q.cursor, q.top, q.rows = f, 1, 0, nil
	if !f.On() {
		q.total = q.all
	} else {
		q.recount = true
	}
	return q.load()
}

// nextStatus is the status filter after s: each in turn, then none.
func nextStatus(s store.Status) store.Status {
	i := slices.Index(store.Statuses, s)
	if i+1 >= len(store.Statuses) {
		return ""
	}
	return store.Statuses[i+1]
}

// SetSize keeps the cursor in the window, which may take another read.
func (q *queueScreen) SetSize(width, height int) tea.Cmd {
	q.width, q.height = width, height
	if q.total == 0 {
		return nil
	}
	return q.scrollTo(q.cursor)
}

func (q *queueScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case queueLoadedMsg:
		if msg.err != nil {
			q.setStatus(msg.err.Error(), true)
			return nil
		}
		if msg.filter != q.filter {
			return nil // read for a filter since changed
		}
		if msg.total >= 0 {
			q.total = msg.total
		}
		if msg.offset == q.top { // else an older window: a newer read is on its way
			q.offset, q.rows, q.ready = msg.offset, msg.rows, true
		}
		return nil
	case queueJumpMsg:
		if msg.err != nil {
			q.setStatus(msg.err.Error(), true)
			return nil
		}
		q.setStatus("", false)
		if q.filter.On() { // a HIT's number is its place in the whole queue
			q.filter, q.total, q.rows, q.ready = store.QueueFilter{}, q.all, nil, false
		}
		return q.scrollTo(msg.seq)
	case tea.KeyPressMsg:
		return q.key(msg)
	}
	return nil
}

// jumpKey edits the ":" prompt; enter goes to the HIT it names.
func (q *queueScreen) jumpKey(msg tea.KeyPressMsg) tea.Cmd {
	return q.promptKey(msg, func(text string) tea.Cmd {
		q.jumping = false
		q.input.Blur()
		if text == "" {
			return nil
		}
		// A number is a HIT's, unless the dataset's items have ids of
		// their own (ClariQ's topic_id 101): then it may be either, and
		// the worker decides (jumpTo); "#N" is always HIT N.
		hash := strings.HasPrefix(text, "#")
		if n, err := strconv.Atoi(strings.TrimPrefix(text, "#")); err == nil && (hash || store.OwnIDUID(q.proto, text) == "") {
			if n < 1 || n > q.all {
				q.setStatus(fmt.Sprintf("no HIT %d: the queue runs from 1 to %d", n, q.all), true)
				return nil
			}
			return ask(queueJumpMsg{seq: n})
		}
		return q.jumpTo(text)
	}, func() tea.Cmd {
		q.jumping = false
		return nil
	})
}

// jumpTo asks the worker for the item text names (ItemByExportID: its
// uid, a pair's blind id, its own id). A number that is an item's own id
// and another HIT's number is refused, saying how to name either.
func (q *queueScreen) jumpTo(text string) tea.Cmd {
	st, me, ds, ctx, all := q.cfg.Store, q.cfg.Annotator, q.cfg.Dataset.ID, q.ctx, q.all
	n, numErr := strconv.Atoi(text)
	number := numErr == nil && n >= 1 && n <= all
	return q.work.do(func() tea.Msg {
		it, err := st.ItemByExportID(ctx, me, ds, text)
		switch {
		case errors.Is(err, store.ErrNotFound) && number:
			return queueJumpMsg{seq: n}
		case errors.Is(err, store.ErrNotFound):
			err = fmt.Errorf("no item %q in this dataset (give its HIT number, its id as exports write it, or the id its file gives it)", display.Clean(text))
		case err == nil && number && it.Seq != n:
			err = fmt.Errorf("%s is HIT %d's number and the id of HIT %d's item: type #%d for HIT %d, or its item's uid", text, n, it.Seq, n, n)
		}
		return queueJumpMsg{seq: it.Seq, err: err}
	})
}

// searchKey edits the "/" prompt; enter shows the HITs whose topic
// holds the text (none: every HIT), esc leaves the list as it was.
func (q *queueScreen) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	return q.promptKey(msg, func(text string) tea.Cmd {
		q.searching = false
		q.input.Blur()
		f := q.filter
		f.Text = text
		return q.refilter(f)
	}, func() tea.Cmd {
		q.searching = false
		return q.scrollTo(q.cursor)
	})
}

func (q *queueScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	k, page := q.keys, q.rowsShown()
	switch {
	case q.jumping:
		return q.jumpKey(msg)
	case q.searching:
		return q.searchKey(msg)
	case q.filter.On() && key.Matches(msg, k.Clear):
		q.setStatus("filter cleared", false)
		return q.refilter(store.QueueFilter{})
	}
	if cmd := screenKey(msg, k.sharedKeys, k.Close); cmd != nil {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Filter):
		f := q.filter
		f.Status = nextStatus(f.Status)
		return q.refilter(f)
	case key.Matches(msg, k.Search):
		q.searching = true
		q.input.Reset()
		q.input.SetValue(q.filter.Text)
		q.input.CursorEnd()
		q.input.Placeholder = "text in the " + q.kind().topic() + " (enter finds, empty shows all, esc cancels)"
		return q.input.Focus()
	case key.Matches(msg, k.Jump):
		q.jumping = true
		q.input.Reset()
		q.input.Placeholder = "HIT number or item id (enter goes, esc cancels)"
		return q.input.Focus()
	case key.Matches(msg, k.Open):
		if r, ok := q.selected(); ok {
			return ask(openHITMsg{itemID: r.ItemID})
		}
		return nil
	case key.Matches(msg, k.Down):
		return q.scrollTo(q.cursor + 1)
	case key.Matches(msg, k.Up):
		return q.scrollTo(q.cursor - 1)
	case key.Matches(msg, k.PageDown):
		return q.scrollTo(q.cursor + page)
	case key.Matches(msg, k.PageUp):
		return q.scrollTo(q.cursor - page)
	case key.Matches(msg, k.Top):
		return q.scrollTo(1)
	case key.Matches(msg, k.Bottom):
		return q.scrollTo(q.total)
	}
	return nil
}

// scrollTo moves the cursor, reading a new window when it leaves the one
// on screen.
func (q *queueScreen) scrollTo(seq int) tea.Cmd {
	n := q.rowsShown()
	q.cursor = min(max(1, seq), max(1, q.total))
	top := q.top
	if q.cursor-1 < top {
		top = q.cursor - 1
	}
	if q.cursor-1 >= top+n {
		top = q.cursor - n
	}
	if top == q.top && q.ready && len(q.rows) >= min(n, q.total-top) {
		return nil
	}
	q.top = top
	return q.load()
}

func (q *queueScreen) selected() (store.QueueRow, bool) {
	i := q.cursor - 1 - q.offset
	if !q.ready || i < 0 || i >= len(q.rows) {
		return store.QueueRow{}, false
	}
	return q.rows[i], true
}

// View draws the visible window of the queue.
func (q *queueScreen) Layout() []string {
	s := q.styles
	lines := []string{
		display.FitWords(s.Title.Render(" Queue · "+q.title())+s.Dim.Render(q.hint()), q.width),
		s.Dim.Render(fmt.Sprintf("  %7s  %-11s  %s", "HIT", "status", q.kind().topic())),
	}
	if q.jumping || q.searching {
		lines = append(lines[:1], q.input.View(), lines[1])
	}
	if !q.ready && len(q.rows) == 0 {
		return append(lines, s.Dim.Render("loading…"))
	}
	if q.filter.On() && q.total == 0 {
		return append(lines, s.Dim.Render("  no HIT passes this filter: esc shows them all"))
	}
	for i, r := range q.rows {
		mark := "  "
		st := s.Status[string(r.Status)]
		line := fmt.Sprintf("%7d  %s  %s", r.Seq, st.Render(fmt.Sprintf("%-11s", r.Status)), display.Field(r.Query))
		if q.offset+i+1 == q.cursor {
			mark = s.Cursor.Render("▸ ")
			line = s.Title.Render(fmt.Sprintf("%7d", r.Seq)) + "  " + st.Render(fmt.Sprintf("%-11s", r.Status)) + "  " +
				s.Title.Render(display.Field(r.Query))
		}
		lines = append(lines, display.FitWords(mark+line, q.width))
	}
	return lines
}

// title counts the list: every HIT, or those that pass the filter.
func (q *queueScreen) title() string {
	if !q.filter.On() {
		return display.Count(q.total, "HIT", "HITs")
	}
	parts := []string{fmt.Sprintf("%d of %s", q.total, display.Count(q.all, "HIT", "HITs"))}
	if q.filter.Status != "" {
		parts = append(parts, string(q.filter.Status))
	}
	if q.filter.Text != "" {
		parts = append(parts, "“"+display.Field(q.filter.Text)+"”")
	}
	return strings.Join(parts, " · ")
}

func (q *queueScreen) hint() string {
	if q.filter.On() {
		return "  esc clears the filter · f next state"
	}
	return "  enter opens a HIT · esc returns"
}

func (q *queueScreen) ShortHelp() []key.Binding {
	k := q.keys
	if q.jumping || q.searching {
		return q.promptKeys.ShortHelp()
	}
	if q.filter.On() {
		return []key.Binding{k.Open, k.Clear, k.Filter, k.Search, k.Down, k.Up, k.PageDown, k.Jump, k.Help, k.Quit}
	}
	return []key.Binding{k.Open, k.Close, k.Down, k.Up, k.Filter, k.Search, k.Jump, k.PageDown, k.Top, k.Bottom, k.Help, k.Quit}
}

func (q *queueScreen) FullHelp() [][]key.Binding {
	k := q.keys
	return [][]key.Binding{{k.Open, k.Close, k.Help, k.Quit}, {k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Filter, k.Search, k.Clear, k.Jump}}
}
