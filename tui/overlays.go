package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// flagReasonKeys maps one key to each flag reason.
var flagReasonKeys = map[string]string{
	"s": "sensitive", "i": "inappropriate", "b": "broken", "o": "other",
	"1": "sensitive", "2": "inappropriate", "3": "broken", "4": "other",
}

// flagKey first takes a reason (one key), then an optional note; enter
// saves the flag and sets the pane aside, esc cancels.
func (m *Model) flagKey(msg tea.KeyPressMsg) tea.Cmd {
	if msg.String() == "esc" {
		m.closeOverlay("flag cancelled")
		return nil
	}
	if m.flagReason == "" {
		if r, ok := flagReasonKeys[msg.String()]; ok {
			m.flagReason = r
			m.input.Reset()
			m.input.Placeholder = "optional note on why (enter saves, esc cancels)"
			return m.input.Focus()
		}
		return nil
	}
	if msg.String() != "enter" {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return cmd
	}
	h, reason, note := m.hit, m.flagReason, strings.TrimSpace(m.input.Value())
	m.closeOverlay("flagged as " + reason + "; the pane leaves your queue")
	if h == nil {
		return nil
	}
	h.flagged = true
	st, item, an := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID
	save := m.work.do(func() tea.Msg {
		return savedMsg{what: "flag", err: st.AddFlag(m.ctx, item, an, reason, note)}
	})
	return tea.Sequence(save, m.stepEvent(h, h.cur, "leave"), m.loadNext(h.item.Seq+1))
}

// openNote opens the note prompt on the annotator's saved note, to edit.
func (m *Model) openNote() tea.Cmd {
	m.overlay = overlayNote
	m.input.Reset()
	m.input.SetValue(m.hit.note)
	m.input.CursorEnd()
	m.input.Placeholder = "a note on this " + m.hit.kind.noun() + " for the lead (enter saves, esc keeps what is saved)"
	return m.input.Focus()
}

// noteKey edits the note; enter saves it (at the current step), esc
// leaves the saved note as it was.
func (m *Model) noteKey(msg tea.KeyPressMsg) tea.Cmd {
	h := m.hit
	switch msg.String() {
	case "esc":
		if h != nil && h.note != "" {
			m.closeOverlay("note unchanged: your saved note is kept")
		} else {
			m.closeOverlay("no note saved")
		}
		return nil
	case "enter":
		body := strings.TrimSpace(m.input.Value())
		switch {
		case h == nil:
			m.closeOverlay("")
			return nil
		case body == "" && h.note != "":
			m.closeOverlay("an empty note is not saved: your saved note is kept")
			return nil
		case body == "":
			m.closeOverlay("empty note not saved")
			return nil
		case body == h.note:
			m.closeOverlay("note unchanged")
			return nil
		}
		h.note = body
		st, item, an, step := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, h.stepName(h.cur)
		m.closeOverlay("note saved")
		return m.work.do(func() tea.Msg {
			return savedMsg{what: "note", err: st.AddNote(m.ctx, item, an, step, body)}
		})
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

func (m *Model) closeOverlay(status string) {
	m.overlay, m.flagReason = overlayNone, ""
	m.input.Blur()
	m.setStatus(status, false)
}

func (m *Model) openPager(o overlay) {
	m.overlay, m.pagerTop = o, 0
}

// openGuide opens the guideline at the section of the step on screen.
func (m *Model) openGuide() {
	m.openPager(overlayGuide)
	if m.hit == nil {
		return
	}
	head, _, _ := strings.Cut(m.hit.proto.Section(m.hit.step().id), "\n")
	head = strings.TrimSpace(guidelines.Plain(head))
	_, lines := m.pagerLines()
	for i, l := range lines {
		if head != "" && strings.TrimSpace(ansi.Strip(l)) == head {
			m.pagerTop = min(i, m.pagerMaxTop())
			return
		}
	}
}

// pagerOpen reports whether a full-screen pager (guideline, help,
// statistics) is open.
func (m *Model) pagerOpen() bool {
	return m.overlay == overlayGuide || m.overlay == overlayHelp || m.overlay == overlayStats
}

// pagerKey scrolls the guideline or help; the keys that opened it close it.
func (m *Model) pagerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.pagerKeys
	if key.Matches(msg, k.Close) {
		m.overlay = overlayNone
		return nil
	}
	d := scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, m.pagerRows()-1)
	m.pagerTop = min(max(0, m.pagerTop+d), m.pagerMaxTop())
	return nil
}

// flagReasons lists the reasons with their keys, for the flag prompt.
func flagReasonsLine() string {
	var parts []string
	for _, r := range store.FlagReasons {
		parts = append(parts, r[:1]+" "+r)
	}
	return strings.Join(parts, " · ")
}
