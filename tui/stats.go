package tui

import (
	"bytes"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
)

// statsMsg carries the statistics tables as text lines.
type statsMsg struct {
	lines []string
	err   error
}

// openStats shows the lead the MIMICS paper's tables for the dataset, the
// same as claritty stats prints, computed off the UI thread.
func (m *Model) openStats() tea.Cmd {
	if m.cfg.Annotator.Role != store.RoleLead {
		m.setStatus("the statistics view is for leads", true)
		return nil
	}
	m.stats = []string{m.styles.Dim.Render(" computing…")}
	m.openPager(overlayStats)
	ctx, st, ds := m.ctx, m.cfg.Store, m.cfg.Dataset.ID
	return func() tea.Msg {
		s, err := data.DatasetStats(ctx, st, ds)
		if err != nil {
			return statsMsg{err: err}
		}
		var b bytes.Buffer
		if err := s.WriteText(&b); err != nil {
			return statsMsg{err: err}
		}
		return statsMsg{lines: strings.Split(strings.TrimRight(b.String(), "\n"), "\n")}
	}
}

func (m *Model) statsLoaded(msg statsMsg) {
	if msg.err != nil {
		m.stats = []string{m.styles.Error.Render(" " + msg.err.Error())}
		return
	}
	m.stats = m.stats[:0]
	for _, l := range msg.lines {
		m.stats = append(m.stats, m.styles.Text.Render(" "+l))
	}
}
