package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
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
			s.Dim.Render(fitWords(" d lists decided units too · esc goes back", w)))...)
	}
	d := a.units[a.cur]
	title = fitWords(title+s.Dim.Render(fmt.Sprintf("   unit %d of %d", a.cur+1, len(a.units))), w)
	top := []string{title}
	top = append(top, capLines(labelled(wrap(s.Title.Render(display.Field(d.Item.Query)), w, "        "), s.Dim.Render(fmt.Sprintf(" %-6s ", kindFor(a.protocol().Kind).topic()))), 2, w)...)
	head := fmt.Sprintf("%s %d · %s · %s", a.itemNoun(), d.Item.Seq, d.Unit, a.votesText(d.Votes))
	if d.Referred != "" {
		head += " · sent by a lead"
	}
	top = append(top, wrap(s.Accent.Render(head), w, " ")...)
	pane, focus := a.adjPane(d)
	middle := append(append(pane, "", s.Title.Render(" labels")), a.adjLabels()...)
	dec := s.Dim.Render(" decision: none yet: " + scaleKeys(a.protocol()) + " decides")
	if d.Decided != nil {
		dec = s.Chosen.Render(" decision: "+a.labelName(*d.Decided)+" ") + s.Dim.Render("  r adds a reason · x withdraws")
	}
	bottom := []string{fitWords(dec, w)}
	if a.reasoning {
		bottom = append(bottom, " "+a.input.View())
	}
	avail := rows - len(top) - len(bottom)
	var guide []string
	// The labels come before the guidance: g reads all of it.
	if room := avail - len(middle); room >= 3 {
		guide = append([]string{s.Dim.Render(strings.Repeat("─", max(0, w)))}, a.guidance(a.protocol(), stepOf(d.Unit), w)...)
		if len(guide) > room {
			guide = append(guide[:room-1], s.Dim.Render(fitWords(" … g reads the rest of this step's guidance", w)))
		}
	}
	v := a.scrolled(middle, focus, max(1, avail-len(guide)), a.scroll, "pgup", "pgdn")
	a.scroll, a.scrollLo, a.scrollHi = v.scroll, v.lo, v.hi
	out := append(append(top, v.lines...), bottom...)
	return append(fitLines(out, rows-len(guide)), guide...)
}

func (a *adjScreen) votesText(votes []int) string {
	var parts []string
	for v := len(votes) - 1; v >= 0; v-- {
		if votes[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d× %s", votes[v], a.labelName(v)))
		}
	}
	if len(parts) == 0 {
		return "no labels"
	}
	return strings.Join(parts, ", ")
}

// adjPane shows the item as the annotators saw it at this unit's step
// and which of its lines the unit is about. For a pane: the question, and
// the answers from Step III on, the unit's answer marked.
func (a *adjScreen) adjPane(d store.Disputed) (lines []string, focus [2]int) {
	s, w := a.styles, a.width
	switch a.itemNoun() {
	case "conversation":
		return a.adjConversation(d)
	case "answer":
		return a.adjAnswer(d)
	}
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), w, "   ")
	focus = [2]int{0, len(lines)}
	if d.Unit == "question" {
		return append(lines, s.Dim.Render("   (the answers were hidden at this step)")), focus
	}
	n := 0
	for _, o := range d.Item.Options {
		if o == "" {
			continue
		}
		n++
		mark, style := "     ", s.Text
		current := d.Unit == fmt.Sprintf("landing_%d", n)
		if current {
			mark, style = "   ▸ ", s.Title
		}
		answer := labelled(wrap(style.Render(fmt.Sprintf("%d. %s", n, display.Field(o))), w, "        "), s.Cursor.Render(mark))
		if current || d.Unit == "answer_set" && n == 1 {
			focus = [2]int{len(lines), len(lines) + len(answer)}
		}
		lines = append(lines, answer...)
	}
	if d.Unit == "answer_set" {
		focus[1] = len(lines)
	}
	return lines, focus
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
	for _, l := range a.protocol().Scale {
		labelWidth = max(labelWidth, len(a.labelName(l.Value)))
	}
	var lines []string
	for _, l := range a.detail.labels {
		secs := ""
		if l.Seconds != nil {
			secs = fmt.Sprintf("%.0fs", *l.Seconds)
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf("   %-20s %-*s %6s", name(l.Annotator), labelWidth, a.labelName(l.Value), secs)))
	}
	for _, n := range a.detail.notes {
		lines = append(lines, wrap(s.Dim.Render(fmt.Sprintf("note by %s at %s: %s", name(n.Annotator), n.Step, display.Clean(n.Body))), a.width, "   ")...)
	}
	for _, f := range a.detail.flags {
		lines = append(lines, s.Error.Render(fmt.Sprintf("   flagged %s by %s %s", f.Reason, name(f.Annotator), display.Clean(f.Note))))
	}
	return lines
}

// adjConversation shows a conversation as its annotators saw it: the
// facet, then the turn of a relevance unit, or every turn for a unit of the
// whole dialogue (images by name: o on the HIT screen opens them).
func (a *adjScreen) adjConversation(d store.Disputed) (lines []string, focus [2]int) {
	s := a.styles
	lines = wrap(s.Dim.Render("intent ")+s.Accent.Render(display.Field(d.Item.Question)), a.width, "   ")
	if a.detail == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	for i, t := range a.detail.turns {
		unit := fmt.Sprintf("relevance_%d", i+1)
		if strings.HasPrefix(d.Unit, "relevance_") && d.Unit != unit {
			continue
		}
		lines = append(lines, s.Dim.Render(fmt.Sprintf("   Turn %d", i+1)))
		lines = append(lines, labelled(wrap(s.Title.Render(display.Clean(t.Question)), a.width, "        "), s.Accent.Render("   Q    "))...)
		for j, img := range t.Images {
			lines = append(lines, s.Dim.Render(fmt.Sprintf("        [%d] %s", j+1, display.Clean(img.Src))))
		}
		lines = append(lines, labelled(wrap(s.Text.Render(display.Clean(t.Answer)), a.width, "        "), s.Accent.Render("   A    "))...)
	}
	return lines, focus
}

// adjAnswer shows an answer as its judges saw it, with the disputed
// nugget whole and marked among the others (the system stays hidden here
// too: an adjudicator judges the text).
func (a *adjScreen) adjAnswer(d store.Disputed) (lines []string, focus [2]int) {
	s := a.styles
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), a.width, "   ")
	det := a.detail
	if det == nil || det.intent == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	lines = append(lines, "")
	for i, n := range det.intent.Nuggets {
		head := fmt.Sprintf("%2d  w %-4s ", i+1, strconv.FormatFloat(n.Weight, 'g', 4, 64))
		if guidelines.NuggetUnit(i+1) == d.Unit {
			nugget := labelled(wrap(s.Title.Render(display.Field(n.Text)), a.width, "     "+strings.Repeat(" ", len(head))),
				s.Cursor.Render("   ▸ ")+s.Title.Render(head))
			focus = [2]int{len(lines), len(lines) + len(nugget)}
			lines = append(lines, nugget...)
			continue
		}
		lines = append(lines, fitWords(s.Dim.Render("     "+head+display.Field(n.Text)), a.width))
	}
	return lines, focus
}
