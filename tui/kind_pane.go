package tui

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// paneKind is a MIMICS clarification pane (Zamani et al. 2020, §3.3): the
// search results to review, then the question, the answer set and each
// answer's landing page, labelled 2 1 0.
type paneKind struct {
	answers   []string // the non-empty candidate answers, cleaned
	generic   bool     // the generic template question: no Step II
	serp      []store.SERPResult
	serpKnown bool // results were imported for the query
}

// PaneScreen is a MIMICS pane's HIT screen: the SERP review, the question,
// the answer set and each landing page.
func PaneScreen() Screen { return Screen{blank: func() hitKind { return &paneKind{} }, load: loadPane} }

func loadPane(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
	k := &paneKind{}
	s := newHITState(guidelines.MIMICS, k, it, h, it.Shape(0))
	for _, o := range it.Options {
		if o != "" {
			k.answers = append(k.answers, display.Field(o))
		}
	}
	k.generic = guidelines.IsGeneric(s.question)
	var err error
	k.serp, k.serpKnown, err = st.SERP(ctx, display.Unquote(it.Query))
	return s, err
}

func (*paneKind) noun() string                                { return "pane" }
func (*paneKind) topic() string                               { return "query" }
func (*paneKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }
func (*paneKind) keys() hitKeys                               { return defaultHITKeys() }

// paneURL is the results page for the current step: the query's, or on
// Step IV the landing page of the current answer (the answer alone when it
// already contains the query, else "query answer").
func paneURL(h *hitState, template string) string {
	q := display.Unquote(h.item.Query)
	if st := h.step(); st.id == "landing" {
		a := display.Unquote(h.item.Options[st.answer])
		if strings.Contains(strings.ToLower(a), strings.ToLower(q)) {
			q = a
		} else {
			q = q + " " + a
		}
	}
	return strings.ReplaceAll(template, "{query}", url.QueryEscape(q))
}

func (k *paneKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Open) {
		return m.open(paneURL(h, m.cfg.SERPURL)), true
	}
	return nil, false
}

func (*paneKind) shortHelp(k hitKeys, h *hitState) []key.Binding {
	if h != nil && h.step().id == "serp" {
		return []key.Binding{k.Review, k.Open, k.Down, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit}
	}
	return append(paneLabels(), k.Back, k.Undo, k.Down, k.Open, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit)
}

// paneLabels are the keys of the MIMICS scale: 2 good, 1 fair, 0 bad.
// Made once (the key line asks for them every frame); clipped, so what a
// caller appends goes to a copy.
var paneLabels = sync.OnceValue(func() []key.Binding {
	return slices.Clip(labelKeys(guidelines.MIMICS.ScaleOf("question"), lowerName))
})

func (*paneKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		append(append([]key.Binding{k.Review}, paneLabels()...), k.Next, k.Back, k.Undo),
		{k.Open, k.Flag, k.Later, k.GiveBack, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// build lays out the step: Step I the results; Step II the question alone
// (the answers stay hidden until Step III); Steps III and IV the question
// and the answers, the answer set or the current answer in focus.
func (k *paneKind) build(m *hitScreen, h *hitState, width, _ int) stepView {
	s := &m.styles
	st := h.step()
	g := h.proto.Step(st.id)
	v := stepView{title: m.paint(&s.Title, fmt.Sprintf(" Step %s · %s", g.Numeral, g.Title)),
		short: m.paint(&s.Title, fmt.Sprintf(" %s · %s", g.Numeral, g.Short))}
	switch st.id {
	case "serp":
		if h.reviewed {
			v.title += m.paint(&s.OK, "  ✓ reviewed")
		}
		v.lines = k.serpLines(m, h, width)
		next := "the question"
		if len(h.steps) > 1 && h.steps[1].id != "question" { // a generic pane asks no question
			next = "the answers"
		}
		v.choices = []string{"   " + m.paint(&s.Choice, " "+hintKey(m.keys.Review)+" ") + m.paint(&s.Dim, " reviewed: on to "+next)}
		return v
	case "question":
		v.textRows = m.sourced(h.question, m.paint(&s.Title, h.question), width, "   ")
		v.focus = [2]int{0, len(v.lines)}
		v.lines = append(append(v.lines, ""), wrap(m.paint(&s.Dim, "The candidate answers stay hidden until Step III."), width, "   ")...)
		v.choices = []string{m.scaleLine(h, st.unit, width)}
		v.given = m.givenLabel(h, st.unit)
		return v
	case "landing":
		v.title = m.paint(&s.Title, fmt.Sprintf(" Step IV · Landing page of answer %d of %d", st.answer+1, len(k.answers)))
		v.short = m.paint(&s.Title, fmt.Sprintf(" IV · landing page of answer %d of %d", st.answer+1, len(k.answers)))
	}
	if k.generic {
		v.textRows = m.sourced(h.question, m.paint(&s.Dim, h.question+"  (generic template: no question label)"), width, "   ")
	} else {
		v.textRows = m.sourced(h.question, m.paint(&s.Text, h.question), width, "   ")
	}
	v.lines = append(v.lines, "")
	v.focus[0] = len(v.lines)
	for i, a := range k.answers {
		answer := k.answerLines(m, h, i, a, width)
		if st.id == "landing" && i == st.answer {
			v.focus = [2]int{len(v.lines), len(v.lines) + len(answer.lines)}
		}
		v.add(answer)
	}
	if st.id != "landing" {
		v.focus[1] = len(v.lines)
		v.given = m.givenLabel(h, st.unit) // a landing page's shows beside its answer
	} else {
		v.lines = append(v.lines, "", m.paint(&s.Dim, "   "+hintKey(m.keys.Open)+" opens its results page:"))
		url := paneURL(h, m.cfg.SERPURL)
		v.lines = append(v.lines, keep(m.session, keptKey{what: "pane url", text: url, n: [5]int{width}}, func() []string {
			return urlLines(s.Accent, url, "   ", width)
		})...)
	}
	v.choices = []string{m.scaleLine(h, st.unit, width)}
	return v
}

// answerLines is answer i, wrapped: on Step IV the current one marked and
// each landing label already given beside its answer.
func (k *paneKind) answerLines(m *hitScreen, h *hitState, i int, a string, width int) textRows {
	s, st := &m.styles, h.step()
	style, mark := &s.Text, "     "
	if st.id == "landing" && i == st.answer {
		style, mark = &s.Title, "   ▸ "
	}
	answer := fmt.Sprintf("%d. %s", i+1, a)
	text := m.paint(style, answer)
	if v, ok := h.labels[fmt.Sprintf("landing_%d", i+1)]; ok && st.id == "landing" {
		text += m.paint(&s.Dim, "  · "+h.proto.NameOn(fmt.Sprintf("landing_%d", i+1), v))
	}
	return m.sourced(answer, text, width, "        ").labelled(m.paint(&s.Cursor, mark))
}

// serpLines are the imported search results of the query, or how to see
// them when none were imported.
func (k *paneKind) serpLines(m *hitScreen, h *hitState, w int) []string {
	s := &m.styles
	if !k.serpKnown {
		lines := append([]string{""}, wrap(m.paint(&s.Text, "No search results were imported for this query."), w, "   ")...)
		lines = append(lines, wrap(m.paint(&s.Dim, hintKey(m.keys.Open)+" opens them in your browser:"), w, "   ")...)
		lines = append(lines, urlLines(s.Accent, paneURL(h, m.cfg.SERPURL), "   ", w)...)
		return append(append(lines, ""), wrap(m.paint(&s.Text, "Review them, then press "+hintKey(m.keys.Review)+"."), w, "   ")...)
	}
	if len(k.serp) == 0 {
		lines := append([]string{""}, wrap(m.paint(&s.Text, "The search engine returned no web results for this query."), w, "   ")...)
		return append(lines, wrap(m.paint(&s.Dim, "Press "+hintKey(m.keys.Review)+" to go on, or "+hintKey(m.keys.Open)+" to look yourself."), w, "   ")...)
	}
	var lines []string
	for i, r := range k.serp {
		lines = append(lines, "")
		lines = append(lines, wrap(m.paint(&s.Title, fmt.Sprintf("%d. %s", i+1, display.Clean(r.Name))), w, "   ")...)
		lines = append(lines, urlLines(s.Accent, display.Clean(r.URL), "      ", w)...)
		lines = append(lines, wrap(m.paint(&s.Text, display.Clean(r.Snippet)), w, "      ")...)
	}
	return lines
}

// disputed shows a pane as its annotators saw it at the unit's step: the
// question, and the answers from Step III on, the unit's answer marked.
func (*paneKind) disputed(a *adjScreen, d store.Disputed, _ *adjDetail) (lines []string, focus [2]int) {
	s, w := a.styles, a.width
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), w, "   ")
	focus = [2]int{0, len(lines)}
	if d.Unit == "question" {
		return append(lines, wrap(s.Dim.Render("(the answers were hidden at this step)"), w, "   ")...), focus
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

// loadDisputed: a pane is all in its item.
func (*paneKind) loadDisputed(context.Context, *store.Store, int64, *adjDetail) error { return nil }
