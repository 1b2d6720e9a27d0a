package tui

import (
	"bytes"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/claritty/claritty/report"
)

// statsMsg carries the statistics tables as text lines.
type statsMsg struct {
	lines []string
	err   error
}

// openStats shows the MIMICS paper's tables for the dataset, the same as
// claritty stats prints, computed off the UI thread. Like every aggregate
// figure they are open to every role and leave out the items the annotator
// has open (the store's reading for figures).
func (m *Model) openStats() tea.Cmd {
	m.stats = []string{m.styles.Dim.Render(" computing…")}
	m.openPager(overlayStats)
	ctx, st, ds, an := m.ctx, m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator
	return func() tea.Msg {
		r, err := st.ReadFigures(ctx, an, ds)
		if err != nil {
			return statsMsg{err: err}
		}
		defer r.Close()
		s, err := report.DatasetStats(ctx, r)
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
