package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// Rows below the body: status and key help. Above it sit the header, the
// query (wrapped, up to maxQueryRows), the step indicator and a blank line.
const (
	rowsBelow    = 2
	maxQueryRows = 3
)

func (m *Model) bodyHeight() int {
	above := 1
	if m.screen == screenHIT && !m.pagerOpen() && m.hit != nil {
		above += len(m.queryLines()) + 2
	}
	return max(1, m.height-above-rowsBelow)
}

// render lays out the whole screen as exactly height lines of at most width
// cells, so no resize leaves stray text behind.
func (m *Model) render() string {
	above := []string{m.headerLine()}
	var body []string
	var keys []key.Binding
	switch {
	case m.screen == screenQueue:
		body, keys = m.renderQueue(), m.queueKeys.shortHelp()
	case m.screen == screenFlags:
		body, keys = m.renderFlags(), m.flagsKeys.shortHelp()
		if m.flags.reasoning {
			keys = promptKeys()
		}
	case m.pagerOpen():
		body, keys = m.renderPager(), m.pagerKeys.shortHelp()
	case m.screen == screenAdjudicate:
		body, keys = m.renderAdjudication(), m.adjKeys.shortHelp(m.protocol())
		if m.adj.reasoning {
			keys = promptKeys()
		}
	case m.hit == nil:
		above = append(above, "")
		body, keys = m.renderEmpty(), []key.Binding{m.hitKeys.Queue, m.hitKeys.Undo, m.hitKeys.Help, m.hitKeys.Quit}
	default:
		above = append(append(above, m.queryLines()...), m.stepsLine(), "")
		body, keys = m.renderHIT(), m.hitKeys.shortHelp(m.hit.step().id == "serp", m.hit.proto.Kind)
		if m.overlay == overlayFlag || m.overlay == overlayNote {
			keys = promptKeys()
		}
		if m.paneCovers() {
			back := m.hitKeys.Pane
			back.SetHelp("tab", "back to the HIT")
			keys = []key.Binding{back, m.hitKeys.Help, m.hitKeys.Quit}
		}
	}
	avail := max(0, m.height-len(above)-rowsBelow)
	body = fitLines(body, avail)
	middle := m.withPane(append(above[1:], body...))
	lines := append(append([]string{above[0]}, middle...), m.statusLine(), m.shortHelp(keys))
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	return strings.Join(lines, "\n")
}

// fitLines pads or cuts lines to exactly n.
func fitLines(lines []string, n int) []string {
	if len(lines) > n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// wrap word-wraps text to width and indents every line.
func wrap(text string, width int, indent string) []string {
	w := max(10, width-lipgloss.Width(indent))
	var out []string
	for _, l := range strings.Split(ansi.Wrap(text, w, ""), "\n") {
		out = append(out, indent+l)
	}
	return out
}

func (m *Model) headerLine() string {
	s := m.styles
	left := s.Brand.Render(" claritty") + s.Dim.Render(" · ") + s.Header.Render(display.Clean(m.cfg.Dataset.Name)) +
		s.Dim.Render(" · ") + s.Header.Render(display.Clean(m.cfg.Annotator.Name))
	var right string
	if h := m.hit; h != nil {
		right = s.Header.Render(fmt.Sprintf("HIT %d / %d", h.item.Seq, h.total)) + "  " + m.progressBar(h.done, h.total)
	}
	gap := m.width - lipgloss.Width(left) - lipgloss.Width(right) - 1
	if gap < 1 {
		return left
	}
	return left + strings.Repeat(" ", gap) + right
}

// progressBar shows the share of the annotator's HITs that are done.
func (m *Model) progressBar(done, total int) string {
	if total == 0 {
		return ""
	}
	const width = 12
	filled := done * width / total
	pct := done * 100 / total
	return m.styles.Bar.Render(strings.Repeat("█", filled)) +
		m.styles.BarEmpty.Render(strings.Repeat("░", width-filled)) +
		m.styles.Header.Render(fmt.Sprintf(" %d%%", pct))
}

// queryLines shows the whole query, wrapped, up to maxQueryRows lines: a
// query cut short could change the judgement.
func (m *Model) queryLines() []string {
	s := m.styles
	label := " query  "
	if m.hit.conv != nil {
		label = " topic  "
	}
	lines := wrap(s.Title.Render(m.hit.query), m.mainWidth(), "        ")
	lines[0] = s.Dim.Render(label) + strings.TrimPrefix(lines[0], "        ")
	if len(lines) > maxQueryRows {
		lines = lines[:maxQueryRows]
	}
	if m.hit.conv != nil {
		// The user's hidden intent: the annotator judges against it, the
		// system in the conversation never saw it.
		facet := wrap(s.Accent.Render(m.hit.question), m.mainWidth(), "        ")
		facet[0] = s.Dim.Render(" intent ") + strings.TrimPrefix(facet[0], "        ")
		lines = append(lines, facet[:min(len(facet), 2)]...)
	}
	return lines
}

// stepsLine is the step indicator: ✓ done, ● current, ○ to do. Where the
// names do not fit (a narrow terminal, or the side pane open) it shows the
// numerals alone.
func (m *Model) stepsLine() string {
	line := m.steps(true)
	if lipgloss.Width(line) > m.mainWidth() {
		line = m.steps(false)
	}
	return line
}

func (m *Model) steps(named bool) string {
	h, s := m.hit, m.styles
	var parts []string
	for _, g := range h.proto.StepTypes {
		name := g.Numeral
		switch {
		case name == "" && named:
			name = g.Short
		case name == "":
			name = g.Short[:3]
		case named:
			name += " " + g.Short
		}
		var idx []int
		for i, st := range h.steps {
			if st.id == g.ID {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			parts = append(parts, s.StepTodo.Render("– "+g.Numeral+" n/a"))
			continue
		}
		if g.ID == "landing" || g.ID == "relevance" || g.ID == "nugget" {
			done, total := h.repeatedCounts(g.ID)
			name += fmt.Sprintf(" %d/%d", done, total)
		}
		current, complete := false, true
		for _, i := range idx {
			current = current || i == h.cur
			complete = complete && h.complete(i)
		}
		switch {
		case current:
			parts = append(parts, s.StepCurrent.Render("● "+name))
		case complete:
			parts = append(parts, s.StepDone.Render("✓ "+name))
		default:
			parts = append(parts, s.StepTodo.Render("○ "+name))
		}
	}
	return " " + strings.Join(parts, "   ")
}

func (m *Model) statusLine() string {
	s := m.styles
	switch {
	case m.status != "" && m.statusErr:
		return s.Error.Render(" " + display.Clean(m.status))
	case m.status != "":
		return s.Dim.Render(" " + display.Clean(m.status))
	case m.hit != nil && m.hit.flagged:
		return s.Status["flagged"].Render(" you flagged this pane")
	case m.hit != nil && m.hit.finished:
		return s.OK.Render(" ✓ this HIT is done; changes are saved as you key them")
	}
	return ""
}

func (m *Model) renderEmpty() []string {
	s := m.styles
	if !m.allDone {
		return []string{s.Dim.Render(" loading…")}
	}
	nw, name := m.noWork.noWork, display.Clean(m.cfg.Dataset.Name)
	lines := []string{s.OK.Render(fmt.Sprintf(" No more HITs for you in %s: you finished %d. Thank you!", name, nw.Done))}
	if nw.HeldByOthers > 0 {
		lines = []string{
			s.OK.Render(fmt.Sprintf(" No HIT for you right now in %s (you finished %d).", name, nw.Done)),
			s.Dim.Render(fmt.Sprintf(" %s held by other annotators; it comes back to you if left idle for %v.",
				count(nw.HeldByOthers, "pane is", "panes are"), m.noWork.lease)),
		}
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf(" %s; %s for adjudication.",
		count(nw.Complete, "pane has all the annotators it needs", "panes have all the annotators they need"),
		count(nw.Adjudication, "unit waits", "units wait"))))
	return append(lines, "", s.Dim.Render(" l lists the panes to review or change a label · q quits"))
}

// renderHIT is the body of the HIT screen: the step's content, then the
// guideline for this step (or the flag and note prompts).
func (m *Model) renderHIT() []string {
	foot := m.hitFoot()
	rows := m.bodyHeight() - len(foot)
	return append(fitLines(m.stepContent(rows), rows), foot...)
}

// hitFoot is what sits under the step: a prompt, or the step's guideline,
// shortened so the step keeps at least six rows (a conversation, whose
// turns have images, twelve).
func (m *Model) hitFoot() []string {
	foot := m.renderPrompt()
	if foot == nil {
		foot = m.guideExcerpt()
	}
	keep := 6
	switch {
	case m.hit.conv != nil:
		keep = 12
	case m.hit.nug != nil:
		keep = 10
	}
	room := max(0, m.bodyHeight()-keep)
	if foot != nil && m.renderPrompt() == nil && len(foot) > room && room >= 2 && m.hit.proto.Kind != guidelines.MIMICS.Kind {
		// Not every point of the scale fits: say where to read them all.
		return []string{foot[0], m.styles.Dim.Render(" g shows what each point of the scale means for this step")}
	}
	return foot[:min(len(foot), room)]
}

// serpMaxScroll is the furthest the results can scroll: the last line at the
// bottom of the window (the step's title takes one row).
func (m *Model) serpMaxScroll() int {
	rows := m.bodyHeight() - len(m.hitFoot()) - 1
	return max(0, len(m.serpLines())-rows)
}

func (m *Model) stepContent(avail int) []string {
	h, s := m.hit, m.styles
	if h.conv != nil {
		return m.convContent(avail)
	}
	if h.nug != nil {
		return m.nuggetContent(avail)
	}
	st := h.step()
	g := guidelines.MIMICSSteps[stepIndex(st.id)]
	title := s.Title.Render(fmt.Sprintf(" Step %s · %s", g.Numeral, g.Title))
	switch st.id {
	case "serp":
		if h.reviewed {
			title += s.OK.Render("  ✓ reviewed")
		}
		return append([]string{title}, m.serpWindow(avail-1)...)
	case "question":
		lines := []string{title, ""}
		lines = append(lines, wrap(s.Title.Render(h.question), m.mainWidth(), "   ")...)
		lines = append(lines, "", m.scaleLine(st.unit), "",
			s.Dim.Render("   The candidate answers stay hidden until Step III."))
		return lines
	}
	if st.id == "landing" {
		title = s.Title.Render(fmt.Sprintf(" Step IV · Landing page of answer %d of %d", st.answer+1, len(h.answers)))
	}
	lines := []string{title, ""}
	if h.generic {
		lines = append(lines, s.Dim.Render("   "+h.question+"  (generic template: no question label)"))
	} else {
		lines = append(lines, wrap(s.Text.Render(h.question), m.mainWidth(), "   ")...)
	}
	lines = append(lines, m.answerLines(st)...)
	lines = append(lines, "", m.scaleLine(st.unit))
	if st.id == "landing" {
		lines = append(lines, s.Dim.Render("   o opens "+h.openURL(m.cfg.SERPURL)))
	}
	return lines
}

func stepIndex(id string) int {
	for i, g := range guidelines.MIMICSSteps {
		if g.ID == id {
			return i
		}
	}
	return 0
}

// answerLines lists the candidate answers; on Step IV the current one is
// marked and the landing labels already given are shown beside theirs.
func (m *Model) answerLines(st stepRef) []string {
	h, s := m.hit, m.styles
	var lines []string
	for i, a := range h.answers {
		mark, style := "     ", s.Text
		if st.id == "landing" && i == st.answer {
			mark, style = s.Cursor.Render("   ▸ "), s.Title
		}
		line := mark + style.Render(fmt.Sprintf("%d. %s", i+1, a))
		if v, ok := h.labels[fmt.Sprintf("landing_%d", i+1)]; ok && st.id == "landing" {
			line += s.Dim.Render("  · " + h.proto.LabelName(v))
		}
		lines = append(lines, line)
	}
	return lines
}

// scaleLine shows the scale's labels with the one given highlighted; where
// the names do not fit, the keys alone.
func (m *Model) scaleLine(unit string) string {
	for _, named := range []bool{true, false} {
		if line := m.scale(unit, named); named == false || lipgloss.Width(line) <= m.mainWidth() {
			return line
		}
	}
	return ""
}

func (m *Model) scale(unit string, named bool) string {
	s := m.styles
	cur, has := m.hit.labels[unit]
	var parts []string
	for _, l := range m.hit.proto.Scale {
		text := " " + l.Key + " "
		if named {
			text += l.Name + " "
		}
		if has && cur == l.Value {
			parts = append(parts, s.Chosen.Render(text))
		} else {
			parts = append(parts, s.Choice.Render(text))
		}
	}
	return "   " + strings.Join(parts, "  ")
}

// serpLines are the imported search results of the query, or how to see
// them when none were imported.
func (m *Model) serpLines() []string {
	h, s := m.hit, m.styles
	w := m.mainWidth()
	if !h.serpKnown {
		lines := append([]string{""}, wrap(s.Text.Render("No search results were imported for this query."), w, "   ")...)
		lines = append(lines, wrap(s.Dim.Render("o opens them in your browser: "+h.openURL(m.cfg.SERPURL)), w, "   ")...)
		return append(append(lines, ""), wrap(s.Text.Render("Review them, then press enter."), w, "   ")...)
	}
	if len(h.serp) == 0 {
		lines := append([]string{""}, wrap(s.Text.Render("The search engine returned no web results for this query."), w, "   ")...)
		return append(lines, wrap(s.Dim.Render("Press enter to go on, or o to look yourself."), w, "   ")...)
	}
	var lines []string
	for i, r := range h.serp {
		lines = append(lines, "")
		lines = append(lines, wrap(s.Title.Render(fmt.Sprintf("%d. %s", i+1, display.Clean(r.Name))), m.mainWidth(), "   ")...)
		lines = append(lines, wrap(s.Accent.Render(display.Clean(r.URL)), m.mainWidth(), "      ")...)
		lines = append(lines, wrap(s.Text.Render(display.Clean(r.Snippet)), m.mainWidth(), "      ")...)
	}
	return lines
}

// serpWindow is the part of the results that fits, from the scroll offset,
// with a marker when more lies below.
func (m *Model) serpWindow(avail int) []string {
	lines := m.serpLines()
	top := min(m.hit.scroll, max(0, len(lines)-avail))
	lines = lines[top:]
	if len(lines) > avail && avail > 0 {
		lines = append(lines[:avail-1], m.styles.Dim.Render(fmt.Sprintf("   ↓ %d more lines (j/k, pgdn)", len(lines)-avail+1)))
	}
	return lines
}

// guideExcerpt is the short guideline for the current step.
func (m *Model) guideExcerpt() []string {
	s := m.styles
	lines := []string{s.Dim.Render(strings.Repeat("─", max(0, m.mainWidth())))}
	summary := m.hit.proto.Summary(m.hit.step().id)
	if m.hit.step().id == "serp" {
		// One paragraph: wrapped, where the label lines are one line each.
		return append(lines, fitLines(wrap(s.Dim.Render(strings.Join(summary, " ")), m.mainWidth(), " "), 3)...)
	}
	for _, l := range summary {
		lines = append(lines, s.Dim.Render(" "+l))
	}
	return lines
}

// renderPrompt is the flag or note prompt, or nil.
func (m *Model) renderPrompt() []string {
	s := m.styles
	rule := s.Dim.Render(strings.Repeat("─", max(0, m.mainWidth())))
	switch {
	case m.overlay == overlayFlag && m.flagReason == "":
		return []string{rule, s.Title.Render(" Flag this pane: why?"),
			s.Text.Render(" " + flagReasonsLine() + " · esc cancel")}
	case m.overlay == overlayFlag:
		return []string{rule, s.Title.Render(" Flag as " + m.flagReason + ": a note for the lead (optional)"), " " + m.input.View()}
	case m.overlay == overlayNote:
		return []string{rule, s.Title.Render(" Note on " + m.hit.stepName(m.hit.cur)), " " + m.input.View()}
	}
	return nil
}

// renderPager shows the full guideline or the full help, scrolled.
func (m *Model) renderPager() []string {
	title, lines := m.pagerLines()
	top := min(m.pagerTop, max(0, len(lines)-m.pagerRows()))
	return append([]string{m.styles.Brand.Render(title)}, lines[top:]...)
}

// pagerLines is the whole text of the open pager, wrapped to the width.
func (m *Model) pagerLines() (title string, lines []string) {
	s := m.styles
	if m.overlay == overlayStats {
		return " Statistics · " + display.Clean(m.cfg.Dataset.Name) + " (claritty stats)", m.stats
	}
	if m.overlay == overlayGuide {
		p := m.protocol()
		title = " Guideline · " + p.Title
		for _, l := range reflow(guidelines.Plain(p.Text())) {
			switch {
			case strings.HasPrefix(l, "#"):
				lines = append(lines, s.Title.Render(" "+strings.TrimLeft(l, "# ")))
			case l == "":
				lines = append(lines, "")
			default:
				lines = append(lines, wrap(s.Text.Render(l), m.width-1, " ")...)
			}
		}
	} else {
		title = " Keys"
		lines = strings.Split(m.help.FullHelpView(m.hitKeys.fullHelp(m.protocol().Kind)), "\n")
		for i := range lines {
			lines[i] = " " + lines[i]
		}
		lines = append(lines, "",
			s.Text.Render(" Each label is saved the moment you key it; q just leaves."),
			s.Text.Render(" Flag: ! then s sensitive · i inappropriate · b broken · o other, a note, enter."),
			s.Text.Render(" F lists flags: your own to withdraw (w); leads and adjudicators uphold (u) or clear (c)."),
			s.Text.Render(" Queue: l lists your HITs (to do, in progress, done, flagged); enter opens one."),
			s.Text.Render(" Pane: tab shows agreement and progress beside the HIT, updated after each HIT you"),
			s.Text.Render(" finish; panes you still have open are left out, so others' labels never show early."))
	}
	return title, lines
}

// pagerRows is how many pager lines fit under its title.
func (m *Model) pagerRows() int { return max(1, m.height-1-rowsBelow-1) }

func (m *Model) pagerMaxTop() int {
	_, lines := m.pagerLines()
	return max(0, len(lines)-m.pagerRows())
}

// reflow joins the hard-wrapped lines of each markdown paragraph or list
// item into one line, so the pager can wrap it to the terminal's width.
func reflow(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		joinable := len(out) > 0 && out[len(out)-1] != "" && !strings.HasPrefix(out[len(out)-1], "#")
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "- ") || !joinable:
			out = append(out, t)
		default:
			out[len(out)-1] += " " + t
		}
	}
	return out
}

// count is "1 pane is" or "3 panes are".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
