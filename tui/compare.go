package tui

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// compareKind is a blinded comparison (ClariLM §4.6.2, by people): a
// request and two outputs shown as A and B, in the order drawn for the
// item. The systems' names are never loaded (store.Sides has none), so no
// screen can show them; FirstIsA turns "A better" into a win or a loss for
// the pair's first system.
type compareKind struct {
	request string
	before  []store.Message
	sides   store.Sides
}

// outputsSideBySide is the narrowest window that shows A and B next to each other.
const outputsSideBySide = 100

// CompareScreen is a pair's HIT screen: the request and both outputs,
// drawn to sides A and B.
func CompareScreen() Screen {
	return Screen{blank: func() hitKind { return &compareKind{} }, load: loadPair}
}

func loadPair(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
	conv, err := st.Context(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	sides, err := st.PairSides(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	if h.Swapped { // a swapped repeat: the same pair, the other way round
		sides = sides.Swapped()
	}
	k := &compareKind{request: display.Field(it.Query), before: conv, sides: sides}
	s := newHITState(guidelines.Compare, k, it, h, guidelines.Shape{})
	s.reviewed = true
	s.query = "" // the step shows the request whole
	return s, nil
}

func (*compareKind) noun() string                                { return "pair" }
func (*compareKind) topic() string                               { return "request" }
func (*compareKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }

func (*compareKind) keys() hitKeys { return defaultHITKeys() }

// compareLabels are 1 A better, 2 tie, 3 B better, from the sides' scale
// (what they mean is the same on every item; which system wins is not).
func compareLabels() []key.Binding {
	return labelKeys(sidesScale(store.Sides{FirstIsA: true}), func(l guidelines.Label) string { return l.Name })
}

func (*compareKind) shortHelp(k hitKeys, _ *hitState) []key.Binding {
	return append(compareLabels(), k.Undo, k.Down, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit)
}

func (*compareKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		append(compareLabels(), k.Back, k.Undo),
		{k.Flag, k.Later, k.GiveBack, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// sidesScale is the comparison's scale as this item shows it: 1 A better,
// 2 tie, 3 B better, each the label it stores from the first system's
// side (1 is a win when A is the first system's output). Keys, choices and
// adjudication all read it, so what a key means and what the screen says
// it means cannot part.
func sidesScale(sides store.Sides) []guidelines.Label {
	aWins, bWins := guidelines.PreferWin, guidelines.PreferLose
	if !sides.FirstIsA {
		aWins, bWins = bWins, aWins
	}
	return []guidelines.Label{{Value: aWins, Key: "1", Name: "A better"}, {Value: guidelines.PreferTie, Key: "2", Name: "tie"},
		{Value: bWins, Key: "3", Name: "B better"}}
}

// labelWithKey finds the label a key gives, and labelWithValue the label of
// a value, on a scale.
func labelWithKey(scale []guidelines.Label, k string) (guidelines.Label, bool) {
	for _, l := range scale {
		if l.Key == k {
			return l, true
		}
	}
	return guidelines.Label{}, false
}

func labelWithValue(scale []guidelines.Label, v int) (guidelines.Label, bool) {
	for _, l := range scale {
		if l.Value == v {
			return l, true
		}
	}
	return guidelines.Label{}, false
}

func (k *compareKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Open) {
		return nil, true
	}
	if _, ok := digit(msg); !ok {
		return nil, false
	}
	if l, ok := labelWithKey(sidesScale(k.sides), msg.String()); ok {
		return m.labelKey(l.Value), true
	}
	var choices []string
	for _, l := range m.cfg.Keys.ownScale(sidesScale(k.sides)) {
		choices = append(choices, l.Key+" "+l.Name)
	}
	m.setStatus(strings.Join(choices, " · "), false)
	return nil, true
}

// build is the request, then A and B: side by side from 100 columns,
// else one above the other; the outputs are what the label is about.
func (k *compareKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	v := stepView{title: s.Title.Render(" " + guidelines.CompareSteps[0].Title), short: s.Title.Render(" A or B?")}
	var at int
	v.textRows, at = requestLines(s, k.before, k.request, width)
	v.lines = append(v.lines, "")
	v.add(outputLines(s, k.sides, width))
	// The request and both outputs: A and B are judged as answers to it,
	// so where they do not all fit the request shows first.
	v.focus = [2]int{at, len(v.lines)} // A against B: both read before a key counts
	cur, has := h.labels["preference"]
	v.choices = []string{m.labelsLine(sidesScale(k.sides), cur, has, width)}
	if l, ok := labelWithValue(m.cfg.Keys.ownScale(sidesScale(k.sides)), cur); ok && has {
		v.given = l.Key + " " + l.Name // A and B as this item shows them
	}
	return v
}

// nameValue names a preference by A and B as this item shows them.
func (k *compareKind) nameValue(m *hitScreen, _ string, v int) string {
	if l, ok := labelWithValue(m.cfg.Keys.ownScale(sidesScale(k.sides)), v); ok {
		return l.Key + " " + l.Name
	}
	return ""
}

// outputLines lays out A and B in width columns: side by side, a line
// shows a part of each.
func outputLines(s Styles, sides store.Sides, width int) (out textRows) {
	textA, textB := display.Field(sides.A), display.Field(sides.B)
	if width < outputsSideBySide {
		out.add(sourced(textA, s.Text.Render(textA), width, "     ").labelled(s.Accent.Render("  A  ")))
		out.lines = append(out.lines, "")
		out.add(sourced(textB, s.Text.Render(textB), width, "     ").labelled(s.Accent.Render("  B  ")))
		return out
	}
	col := (width - 3) / 2
	a := sourced(textA, s.Text.Render(textA), col, "     ").labelled(s.Accent.Render("  A  "))
	b := sourced(textB, s.Text.Render(textB), col, "     ").labelled(s.Accent.Render("  B  "))
	for i := range max(len(a.lines), len(b.lines)) {
		left, right := "", ""
		if i < len(a.lines) {
			left = a.lines[i]
		}
		if i < len(b.lines) {
			right = b.lines[i]
		}
		out.lines = append(out.lines, left+strings.Repeat(" ", max(0, col-lipgloss.Width(left)))+s.Dim.Render(" │ ")+right)
		out.src = append(out.src, append(append([]span{}, a.at(i)...), b.at(i)...))
	}
	return out
}

// disputed shows the pair as its judges saw it: the same A and B.
func (*compareKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	if det == nil || det.sides == nil {
		return []string{s.Dim.Render("   loading…")}, focus
	}
	request, _ := requestLines(s, det.context, display.Field(d.Item.Query), a.width)
	lines = append(request.lines, "")
	at := len(lines)
	lines = append(lines, outputLines(s, *det.sides, a.width).lines...)
	return lines, [2]int{at, len(lines)}
}

func (*compareKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error {
	var err error
	if det.context, err = st.Context(ctx, itemID); err != nil {
		return err
	}
	sides, err := st.PairSides(ctx, itemID)
	det.sides = &sides
	return err
}

// An adjudicator decides a comparison as its judges did: 1 A, 2 tie, 3 B.
func (*compareKind) adjValue(det *adjDetail, k string) (int, bool) {
	if det == nil || det.sides == nil {
		return 0, false
	}
	l, ok := labelWithKey(sidesScale(*det.sides), k)
	return l.Value, ok
}

// A label's name needs the item's sides: until they are loaded it is
// "…", never the stored win or loss, which beside the A or B the screen
// shows a moment later would say which system wrote A.
func (*compareKind) adjLabel(det *adjDetail, v int) string {
	if det == nil || det.sides == nil {
		return "…"
	}
	l, _ := labelWithValue(sidesScale(*det.sides), v)
	return l.Key + " " + l.Name
}

func (*compareKind) decideKeys() []key.Binding {
	var out []key.Binding
	for _, l := range sidesScale(store.Sides{}) { // keys and names are the same on every item
		out = append(out, bind([]string{l.Key}, l.Key, l.Name))
	}
	return out
}
