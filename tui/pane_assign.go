package tui

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
)

// assignmentPaneLines are a nugget-assignments run's nuggetizer figures
// over every answer in the pane's width: the run's own over all its
// answers, its and the people's over the answers people finished, the n
// under each, and each figure's Kendall tau-b between the systems' orders
// (claritty bench has them per system).
func assignmentPaneLines(s Styles, runName string, a *report.Assignments) []string {
	if a == nil {
		return nil
	}
	const format = " %-6s %6s %6s %6s"
	run := ansi.Truncate(display.Clean(runName), 6, "…")
	lines := []string{s.Dim.Render(fmt.Sprintf(format, "", run, run, "people")),
		s.Dim.Render(fmt.Sprintf(format, "answer", "all", "judged", "judged"))}
	all := a.All
	own, mine, theirs := all.Own.Values(), all.Run.Values(), all.People.Values()
	for i, name := range report.RAGFigureNames {
		cell := func(v bench.Value) string { return v.Format(3) }
		if all.Withheld != "" {
			lines = append(lines, s.Text.Render(fmt.Sprintf(format, shortMetric(name), cell(own[i]), few(all.Withheld), few(all.Withheld))))
			continue
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf(format, shortMetric(name), cell(own[i]), cell(mine[i]), cell(theirs[i]))))
	}
	lines = append(lines, s.Text.Render(fmt.Sprintf(format, "n", short(all.Own.N), short(all.Run.N), short(all.People.N))))
	if len(a.Tau) == 0 {
		return lines
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf(" τ-b vs people, %s", display.Count(a.Tau[0].Systems, "system", "systems"))))
	if a.TauWithheld != "" {
		return append(lines, s.Dim.Render(" "+ansi.Truncate(a.TauWithheld, paneWidth-1, "…")))
	}
	var taus []bench.Metric
	for _, t := range a.Tau {
		taus = append(taus, bench.Metric{Name: t.Figure, Value: t.Tau})
	}
	lines = append(lines, metricLines(s, taus)...)
	for _, t := range a.Tau {
		if t.Undefined != "" {
			lines = append(lines, wrap(s.Dim.Render(shortMetric(t.Figure)+" –: "+t.Undefined), paneWidth, " ")...)
		}
	}
	return lines
}
