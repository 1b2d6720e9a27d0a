package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store"
)

// skippedMsg reports a HIT put off or given back (store.SkipHIT).
type skippedMsg struct {
	how store.Skip
	seq int
	err error
}

// skip puts the HIT on screen off or gives it back. The store refuses a
// practice HIT; the screen stays on the HIT then, with the reason.
func (m *hitScreen) skip(how store.Skip) tea.Cmd {
	h := m.hit
	st, item, an, seq := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, h.item.Seq
	leave := m.stepEvent(h, h.cur, "leave")
	do := m.work.do(func() tea.Msg {
		return skippedMsg{how: how, seq: seq, err: st.SkipHIT(m.ctx, item, an, how)}
	})
	return tea.Sequence(leave, do)
}

// skipped moves on to the next HIT once the skip is saved.
func (m *hitScreen) skipped(msg skippedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return nil
	}
	if msg.how == store.SkipLater {
		m.setStatus(fmt.Sprintf("HIT %d put off: it comes back once you have no other", msg.seq), false)
	} else {
		m.setStatus(fmt.Sprintf("HIT %d given back: others can take it now", msg.seq), false)
	}
	return m.loadNext(msg.seq + 1)
}

// giveBackYes answers the give-back question yes; a scale may not take
// its key (guidelines.ReservedKeys).
var giveBackYes = bind([]string{"y"}, "y", "give it back")

// giveBackKey answers the give-back question: y gives the HIT back, any
// other key keeps it.
func (m *hitScreen) giveBackKey(msg tea.KeyPressMsg) tea.Cmd {
	m.prompt = overlayNone
	if !key.Matches(msg, giveBackYes) || m.hit == nil {
		m.setStatus("kept: the HIT is still yours", false)
		return nil
	}
	return m.skip(store.SkipGiveBack)
}
