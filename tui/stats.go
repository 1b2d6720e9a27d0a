package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
)

// statsMsg carries the statistics tables as text lines, and the figures
// the charts are drawn from: the kept table's report with the annotators'
// figures, read as a stream, added (never every label in memory at once).
type statsMsg struct {
	lines []string
	rep   *agreement.Report
	err   error
}

// openStats shows the MIMICS paper's tables for the dataset, the same as
// claritty stats prints, computed off the UI thread. Like every aggregate
// figure they are open to every role and leave out the items the annotator
// may still be given (the store's reading for figures).
func (m *Model) openStats() tea.Cmd {
	m.stats = []string{m.styles.Dim.Render(" computing…")}
	m.openPager(overlayStats)
	ctx, st, ds, an, d, set := m.ctx, m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator, m.cfg.Dataset, m.cfg.Kinds
	return func() tea.Msg {
		r, err := st.ReadFigures(ctx, an, ds)
		if err != nil {
			return statsMsg{err: err}
		}
		defer r.Close()
		text, err := set.StatsText(ctx, r, d) // the dataset's kind's own tables
		if err != nil {
			return statsMsg{err: err}
		}
		rep, err := report.KeptReport(ctx, r, agreement.Options{})
		if err != nil {
			return statsMsg{err: err}
		}
		if err := report.AddPeople(ctx, r, &rep); err != nil {
			return statsMsg{err: err}
		}
		return statsMsg{lines: strings.Split(strings.TrimRight(text, "\n"), "\n"), rep: &rep}
	}
}

func (m *Model) statsLoaded(msg statsMsg) {
	if msg.err != nil {
		m.stats = []string{m.styles.Error.Render(" " + msg.err.Error())}
		return
	}
	m.stats, m.statsRep = m.stats[:0], msg.rep
	for _, l := range msg.lines {
		m.stats = append(m.stats, m.styles.Text.Render(l))
	}
}

// statsLines are the statistics pager's lines: the charts, drawn to the
// terminal's width, then the tables.
func (m *Model) statsLines() []string {
	rep := m.statsRep
	if rep == nil {
		return m.stats
	}
	// A table row wider than the window is cut there, not wrapped (a
	// wrapped row breaks its table's columns); ←/→ pan the tables.
	left := min(m.pagerLeft, m.maxPan())
	var tables []string
	for _, l := range m.stats {
		if isTableRow(l) {
			tables = append(tables, " "+ansi.Cut(l, left, left+m.width-1))
		} else {
			tables = append(tables, labelled(wrap(l, m.width-1, "    "), " ")...)
		}
	}
	var lines []string
	for _, l := range report.AgreementCharts(*rep, true, m.width-1) {
		if l != "" {
			l = " " + l
		}
		lines = append(lines, l)
	}
	return append(lines, tables...)
}

// isTableRow tells a table's row from prose: its cells are set apart by
// two spaces or more (tabwriter's padding), prose words by one.
func isTableRow(line string) bool {
	return strings.Contains(strings.TrimSpace(ansi.Strip(line)), "  ")
}

// qualityMsg carries the quality report's lines.
type qualityMsg struct {
	lines []string
	err   error
}

// openQuality opens the pager on each annotator's quality, computed in the
// background (the store refuses it to annotators: the pager says so).
func (m *Model) openQuality() tea.Cmd {
	m.quality = []string{m.styles.Dim.Render(" computing…")}
	m.openPager(overlayQuality)
	ctx, st, ds, an := m.ctx, m.cfg.Store, m.cfg.Dataset, m.cfg.Annotator
	return func() tea.Msg {
		q, err := report.ReadQuality(ctx, st, an, ds)
		if err != nil {
			return qualityMsg{err: err}
		}
		return qualityMsg{lines: strings.Split(strings.TrimRight(q.Text(), "\n"), "\n")}
	}
}

func (m *Model) qualityLoaded(msg qualityMsg) {
	if msg.err != nil {
		m.quality = []string{m.styles.Error.Render(" " + msg.err.Error())}
		return
	}
	m.quality = m.quality[:0]
	for _, l := range msg.lines {
		m.quality = append(m.quality, m.styles.Text.Render(display.Clean(l)))
	}
}
