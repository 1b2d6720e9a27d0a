package tui

import (
	"cmp"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// flagsState is the flags screen: the flags the annotator may see (every
// one for a lead or an adjudicator, else their own), standing ones only
// unless all is set; a reviewer upholds or clears the selected one with a
// reason, its author withdraws it.
type flagsState struct {
	rows      []store.FlagRow
	cursor    int
	all       bool
	ready     bool
	step      string // "uphold" or "clear" while its reason prompt is open
	reasoning bool
}

// flagsKeys are the keys of the flags screen.
type flagsKeys struct {
	Up, Down, Uphold, Clear, Withdraw, All, Close, Quit key.Binding
}

func defaultFlagsKeys() flagsKeys {
	return flagsKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "down"),
		Uphold:   bind([]string{"u"}, "u", "uphold"),
		Clear:    bind([]string{"c"}, "c", "clear"),
		Withdraw: bind([]string{"w"}, "w", "withdraw mine"),
		All:      bind([]string{"a"}, "a", "all / standing"),
		Close:    bind([]string{"esc", "F"}, "esc", "back"),
		Quit:     bind([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

func (k flagsKeys) shortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Uphold, k.Clear, k.Withdraw, k.All, k.Close, k.Quit}
}

// flagsLoadedMsg carries the flags list.
type flagsLoadedMsg struct {
	rows []store.FlagRow
	err  error
}

// flagReviewedMsg says a review step committed (or why not).
type flagReviewedMsg struct {
	id   int64
	step string
	err  error
}

// openFlags shows the flags screen.
func (m *Model) openFlags() tea.Cmd {
	m.screen = screenFlags
	m.flags.cursor = 0
	return m.loadFlags()
}

func (m *Model) loadFlags() tea.Cmd {
	m.flags.ready = false
	st, who, f := m.cfg.Store, m.cfg.Annotator, store.FlagFilter{DatasetID: m.cfg.Dataset.ID, All: m.flags.all}
	return m.work.do(func() tea.Msg {
		rows, err := st.ListFlags(m.ctx, who, f)
		return flagsLoadedMsg{rows: rows, err: err}
	})
}

func (m *Model) flagsLoaded(msg flagsLoadedMsg) {
	f := &m.flags
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return
	}
	f.rows, f.ready = msg.rows, true
	f.cursor = min(f.cursor, max(0, len(f.rows)-1))
}

func (m *Model) flagReviewed(msg flagReviewedMsg) tea.Cmd {
	if msg.err != nil {
		text := msg.err.Error()
		if errors.Is(msg.err, store.ErrNotAllowed) {
			text = "not allowed: " + text
		}
		m.setStatus(text, true)
		return nil
	}
	m.setStatus(fmt.Sprintf("flag %d: %s", msg.id, store.FlagStatusAfter(msg.step)), false)
	return m.loadFlags()
}

func (m *Model) flagsKey(msg tea.KeyPressMsg) tea.Cmd {
	f, k := &m.flags, m.flagsKeys
	if f.reasoning {
		return m.flagReasonKey(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Close):
		m.screen = screenHIT
		return nil
	case key.Matches(msg, k.Down):
		f.cursor = min(f.cursor+1, max(0, len(f.rows)-1))
	case key.Matches(msg, k.Up):
		f.cursor = max(f.cursor-1, 0)
	case key.Matches(msg, k.All):
		f.all = !f.all
		return m.loadFlags()
	case key.Matches(msg, k.Uphold), key.Matches(msg, k.Clear):
		if len(f.rows) == 0 {
			return nil
		}
		f.step, f.reasoning = "uphold", true
		if key.Matches(msg, k.Clear) {
			f.step = "clear"
		}
		m.input.Reset()
		m.input.Placeholder = "why " + f.step + " it? (enter saves, esc cancels)"
		return m.input.Focus()
	case key.Matches(msg, k.Withdraw):
		if len(f.rows) == 0 {
			return nil
		}
		return m.reviewFlag(f.rows[f.cursor].ID, "withdraw", "")
	}
	return nil
}

// flagReasonKey edits the reason of an uphold or clear; enter applies it.
func (m *Model) flagReasonKey(msg tea.KeyPressMsg) tea.Cmd {
	f := &m.flags
	return m.promptKey(msg, func(reason string) tea.Cmd {
		if reason == "" {
			m.setStatus("say why: a review needs a reason", true)
			return nil
		}
		f.reasoning = false
		m.input.Blur()
		return m.reviewFlag(f.rows[f.cursor].ID, f.step, reason)
	}, func() tea.Cmd {
		f.reasoning = false
		m.setStatus("nothing changed", false)
		return nil
	})
}

func (m *Model) reviewFlag(id int64, step, reason string) tea.Cmd {
	st, who := m.cfg.Store, m.cfg.Annotator
	return m.work.do(func() tea.Msg {
		return flagReviewedMsg{id: id, step: step, err: st.ReviewFlag(m.ctx, who, id, step, reason)}
	})
}

// renderFlags draws the list, the selected flag's note and review below it.
func (m *Model) renderFlags() []string {
	f, s := &m.flags, m.styles
	which := "standing"
	if f.all {
		which = "all"
	}
	lines := []string{fitWords(s.Title.Render(fmt.Sprintf("Flags · %d %s", len(f.rows), which))+
		s.Dim.Render("  u upholds · c clears (leads, adjudicators) · w withdraws your own"), m.width)}
	switch {
	case !f.ready && len(f.rows) == 0:
		return append(lines, s.Dim.Render("loading…"))
	case len(f.rows) == 0:
		return append(lines, "", "No flags.")
	}
	if f.reasoning {
		lines = append(lines, m.input.View())
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf("  %5s  %-9s  %-13s  %-12s  %s", "id", "status", "reason", "by", m.textColumn())))
	for i, r := range f.rows {
		line := fmt.Sprintf("%5d  %-9s  %-13s  %-12s  %s", r.ID, r.Status, r.Reason, ansi.Truncate(display.Clean(r.Author), 12, "…"), display.Field(r.Query))
		if i == f.cursor {
			lines = append(lines, fitWords(s.Cursor.Render("▸ ")+s.Title.Render(line), m.width))
			continue
		}
		lines = append(lines, fitWords("  "+line, m.width))
	}
	r := f.rows[f.cursor]
	lines = append(lines, "")
	lines = append(lines, wrap(s.Dim.Render("note: ")+display.Clean(cmp.Or(r.Note, "—")), m.width, "")...)
	if r.Reviewer != "" {
		lines = append(lines, wrap(s.Dim.Render(r.Status+" by ")+display.Clean(r.Reviewer)+s.Dim.Render(": ")+display.Clean(r.Review)+
			s.Dim.Render(" ("+r.Reviewed+")"), m.width, "")...)
	}
	return lines
}
