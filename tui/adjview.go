package tui

import (
	"fmt"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// How the adjudication screen draws a disputed unit.

// renderAdjudication draws the current disputed unit in the rows under
// the header: its title and unit on top, the decision (and an open reason
// prompt) always at the bottom, the pane as the annotators saw it with
// everyone's labels between them, scrolled (pgdn, pgup) to the unit's
// answer, and the step's guidance where there is room.
func (a *adjScreen) render() []string {
	s, w := a.styles, a.width
	rows := a.height
	waiting := 0
	for _, u := range a.units {
		if u.Decided == nil {
			waiting++
		}
	}
	title := s.Title.Render(fmt.Sprintf(" Adjudication · %d waiting", waiting))
	if a.decided {
		title += s.Dim.Render(fmt.Sprintf(" · %d listed with decided ones", len(a.units)))
	}
	if len(a.units) == 0 {
		return append([]string{title, ""}, append(wrap(s.OK.Render("Nothing waits for adjudication in "+display.Clean(a.cfg.Dataset.Name)+"."), w, " "),
			s.Dim.Render(display.FitWords(" d lists decided units too · esc goes back", w)))...)
	}
	d := a.units[a.cur]
	title = display.FitWords(title+s.Dim.Render(fmt.Sprintf("   unit %d of %d", a.cur+1, len(a.units))), w)
	top := []string{title}
	top = append(top, capLines(labelled(wrap(s.Title.Render(display.Field(d.Item.Query)), w, "        "), s.Dim.Render(fmt.Sprintf(" %-6s ", a.kind().topic()))), 2, w)...)
	head := fmt.Sprintf("%s %d · %s · %s", a.itemNoun(), d.Item.Seq, d.Unit, a.votesText(d.Unit, d.Votes))
	if d.Referred != "" {
		head += " · sent by a lead"
	}
	top = append(top, wrap(s.Accent.Render(head), w, " ")...)
	pane, focus := a.adjPane(d)
	middle := append(append(pane, "", s.Title.Render(" labels")), a.adjLabels()...)
	dec := s.Dim.Render(" decision: none yet: " + a.decideText() + " decides")
	if d.Decided != nil {
		dec = s.Chosen.Render(" decision: "+a.labelName(d.Unit, *d.Decided)+" ") + s.Dim.Render("  r adds a reason · x withdraws")
	}
	bottom := []string{display.FitWords(dec, w)}
	if a.reasoning {
		bottom = append(bottom, " "+a.input.View())
	}
	avail := rows - len(top) - len(bottom)
	var guide []string
	// The labels come before the guidance: g reads all of it.
	if room := avail - len(middle); room >= 3 {
		guide = append([]string{s.Dim.Render(strings.Repeat("─", max(0, w)))}, a.guidance(a.protocol(), stepOf(d.Unit), w, false)...)
		if len(guide) > room {
			guide = append(guide[:room-1], s.Dim.Render(display.FitWords(" … g reads the rest of this step's guidance", w)))
		}
	}
	v := a.scrolled(middle, focus, max(1, avail-len(guide)), a.scroll, keyNames(a.keys.PageUp), keyNames(a.keys.PageDown))
	a.scroll, a.scrollLo, a.scrollHi = v.scroll, v.lo, v.hi
	out := append(append(top, v.lines...), bottom...)
	return append(fitLines(out, rows-len(guide)), guide...)
}

func (a *adjScreen) votesText(unit string, votes []int) string {
	if a.protocol().TextMax(unit) > 0 { // written: all its votes are 0
		return display.Count(votes[0], "written answer", "written answers")
	}
	var parts []string
	for v := len(votes) - 1; v >= 0; v-- {
		if votes[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d× %s", votes[v], a.labelName(unit, v)))
		}
	}
	if len(parts) == 0 {
		return "no labels"
	}
	return strings.Join(parts, ", ")
}

// adjPane is the unit's item as its kind draws it for adjudication.
func (a *adjScreen) adjPane(d store.Disputed) ([]string, [2]int) {
	return a.kind().disputed(a, d, a.detail)
}

// adjLabels lists every annotator's label with their time, and the pane's
// notes and flags.
func (a *adjScreen) adjLabels() []string {
	s := a.styles
	if a.detail == nil {
		return []string{s.Dim.Render("   loading…")}
	}
	name := func(n string) string { return display.Clean(a.pseudonym(n)) }
	labelWidth := 0
	for _, l := range a.protocol().ScaleOf(a.detail.unit) {
		labelWidth = max(labelWidth, len(a.labelName(a.detail.unit, l.Value)))
	}
	var lines []string
	if a.protocol().TextMax(a.detail.unit) > 0 {
		return append(a.writtenLabels(name), a.notesAndFlags(name)...)
	}
	for _, l := range a.detail.labels {
		secs := ""
		if l.Seconds != nil {
			secs = fmt.Sprintf("%.0fs", *l.Seconds)
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf("   %-20s %-*s %6s", name(l.Annotator), labelWidth, a.labelName(a.detail.unit, l.Value), secs)))
	}
	return append(lines, a.notesAndFlags(name)...)
}

// notesAndFlags are the item's notes and flags, under its labels.
func (a *adjScreen) notesAndFlags(name func(string) string) []string {
	s := a.styles
	var lines []string
	for _, n := range a.detail.notes {
		lines = append(lines, wrap(s.Dim.Render(fmt.Sprintf("note by %s at %s: %s", name(n.Annotator), n.Step, display.Clean(n.Body))), a.width, "   ")...)
	}
	for _, f := range a.detail.flags {
		lines = append(lines, s.Error.Render(fmt.Sprintf("   flagged %s by %s %s", f.Reason, name(f.Annotator), display.Clean(f.Note))))
	}
	return lines
}
