package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// queueState is the queue screen: a cursor over all HITs of the dataset,
// of which only the visible window is read from the store, so a dataset of
// 400,000 panes opens as fast as one of 40.
type queueState struct {
	cursor int // seq of the selected HIT, 1-based
	top    int // rows above the window
	total  int
	offset int // the window the rows were read for
	rows   []store.QueueRow
	ready  bool
}

func (q *queueState) loaded(msg queueLoadedMsg) {
	if msg.err != nil || msg.offset != q.top {
		return // an older window; a newer read is on its way
	}
	q.offset, q.rows, q.ready = msg.offset, msg.rows, true
}

func (m *Model) queueRows() int { return max(1, m.height-5) }

// openQueue shows the queue with the current HIT selected.
func (m *Model) openQueue() tea.Cmd {
	m.screen = screenQueue
	q := &m.queue
	q.total = m.cfg.Dataset.Items
	q.cursor = 1
	if m.hit != nil {
		q.cursor, q.total = m.hit.item.Seq, m.hit.items
	}
	q.top = max(0, q.cursor-1-m.queueRows()/2)
	return m.loadQueue()
}

func (m *Model) loadQueue() tea.Cmd {
	q := &m.queue
	q.ready = false
	st, ds, an, top, n := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator.ID, q.top, m.queueRows()
	return m.work.do(func() tea.Msg {
		rows, err := st.Queue(m.ctx, ds, an, top, n)
		return queueLoadedMsg{offset: top, rows: rows, err: err}
	})
}

// queueResized keeps the cursor visible after a resize.
func (m *Model) queueResized() tea.Cmd {
	if m.screen != screenQueue {
		return nil
	}
	return m.scrollQueueTo(m.queue.cursor)
}

func (m *Model) queueKey(msg tea.KeyPressMsg) tea.Cmd {
	k, q := m.queueKeys, &m.queue
	page := m.queueRows()
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Close):
		m.screen = screenHIT
		return nil
	case key.Matches(msg, k.Open):
		if r, ok := q.selected(); ok {
			m.screen = screenHIT
			m.setStatus("", false)
			var leave tea.Cmd
			if m.hit != nil && !m.loading {
				leave = m.stepEvent(m.hit, m.hit.cur, "leave")
			}
			return tea.Sequence(leave, m.loadItem(r.ItemID, -1, true))
		}
		return nil
	case key.Matches(msg, k.Down):
		return m.scrollQueueTo(q.cursor + 1)
	case key.Matches(msg, k.Up):
		return m.scrollQueueTo(q.cursor - 1)
	case key.Matches(msg, k.PageDown):
		return m.scrollQueueTo(q.cursor + page)
	case key.Matches(msg, k.PageUp):
		return m.scrollQueueTo(q.cursor - page)
	case key.Matches(msg, k.Top):
		return m.scrollQueueTo(1)
	case key.Matches(msg, k.Bottom):
		return m.scrollQueueTo(q.total)
	}
	return nil
}

// scrollQueueTo moves the cursor, reading a new window when it leaves the
// one on screen.
func (m *Model) scrollQueueTo(seq int) tea.Cmd {
	q, n := &m.queue, m.queueRows()
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
	return m.loadQueue()
}

func (q *queueState) selected() (store.QueueRow, bool) {
	i := q.cursor - 1 - q.offset
	if !q.ready || i < 0 || i >= len(q.rows) {
		return store.QueueRow{}, false
	}
	return q.rows[i], true
}

// renderQueue draws the visible window of the queue.
func (m *Model) renderQueue() []string {
	q, s := &m.queue, m.styles
	lines := []string{
		fitWords(s.Title.Render(fmt.Sprintf(" Queue · %s", count(q.total, "HIT", "HITs")))+s.Dim.Render("  enter opens a HIT · esc returns"), m.width),
		s.Dim.Render(fmt.Sprintf("  %7s  %-11s  %s", "HIT", "status", m.textColumn())),
	}
	if !q.ready && len(q.rows) == 0 {
		return append(lines, s.Dim.Render("loading…"))
	}
	for _, r := range q.rows {
		mark := "  "
		st := s.Status[string(r.Status)]
		line := fmt.Sprintf("%7d  %s  %s", r.Seq, st.Render(fmt.Sprintf("%-11s", r.Status)), display.Field(r.Query))
		if r.Seq == q.cursor {
			mark = s.Cursor.Render("▸ ")
			line = s.Title.Render(fmt.Sprintf("%7d", r.Seq)) + "  " + st.Render(fmt.Sprintf("%-11s", r.Status)) + "  " +
				s.Title.Render(display.Field(r.Query))
		}
		lines = append(lines, fitWords(mark+line, m.width))
	}
	return lines
}

// textColumn names what the queue lists: a pane's query, a conversation's
// topic.
func (m *Model) textColumn() string { return kindFor(m.protocol().Kind).topic() }
