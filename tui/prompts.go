package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store"
)

// promptKeyMap is the keys of every text prompt (a flag's note, a note,
// a decision's or a review's reason): enter saves, esc leaves, every other
// key edits the text.
type promptKeyMap struct{ Save, Cancel key.Binding }

func defaultPromptKeys() promptKeyMap {
	return promptKeyMap{Save: bind([]string{"enter"}, "enter", "save"), Cancel: bind([]string{"esc"}, "esc", "cancel")}
}

func (k promptKeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Save, k.Cancel} }

// flagReasonKeys are one key per flag reason: its initial, or its number.
func flagReasonKeys() []key.Binding {
	var out []key.Binding
	for i, r := range store.FlagReasons {
		out = append(out, bind([]string{r[:1], strconv.Itoa(i + 1)}, r[:1], r))
	}
	return out
}

// flagKey first takes a reason (one key), then an optional note; enter
// saves the flag and sets the pane aside, esc cancels.
func (m *hitScreen) flagKey(msg tea.KeyPressMsg) tea.Cmd {
	cancel := func() tea.Cmd {
		m.closeOverlay("flag cancelled")
		return nil
	}
	if m.flagReason == "" {
		if key.Matches(msg, m.promptKeys.Cancel) {
			return cancel()
		}
		for i, k := range flagReasonKeys() {
			if key.Matches(msg, k) {
				m.flagReason = store.FlagReasons[i]
				m.input.Reset()
				m.input.Placeholder = "optional note on why (enter saves, esc cancels)"
				return m.input.Focus()
			}
		}
		return nil
	}
	return m.promptKey(msg, m.saveFlag, cancel)
}

// saveFlag stores the flag with its note and moves on to the next HIT.
func (m *hitScreen) saveFlag(note string) tea.Cmd {
	h, reason := m.hit, m.flagReason
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
func (m *hitScreen) openNote() tea.Cmd {
	m.prompt = overlayNote
	m.input.Reset()
	m.input.SetValue(m.hit.note)
	m.input.CursorEnd()
	m.input.Placeholder = "a note on this " + m.hit.kind.noun() + " for the lead (enter saves, esc keeps what is saved)"
	return m.input.Focus()
}

// noteKey edits the note; enter saves it (at the current step), esc
// leaves the saved note as it was.
func (m *hitScreen) noteKey(msg tea.KeyPressMsg) tea.Cmd {
	return m.promptKey(msg, m.saveNote, func() tea.Cmd {
		if m.hit != nil && m.hit.note != "" {
			m.closeOverlay("note unchanged: your saved note is kept")
		} else {
			m.closeOverlay("no note saved")
		}
		return nil
	})
}

// saveNote stores the note typed, unless it is empty or unchanged.
func (m *hitScreen) saveNote(body string) tea.Cmd {
	h := m.hit
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

func (m *hitScreen) closeOverlay(status string) {
	m.prompt, m.flagReason = overlayNone, ""
	m.input.Blur()
	m.setStatus(status, false)
}

// flagReasons lists the reasons with their keys, for the flag prompt.
func flagReasonsLine() string {
	var parts []string
	for _, r := range store.FlagReasons {
		parts = append(parts, r[:1]+" "+r)
	}
	return strings.Join(parts, " · ")
}
