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

func init() {
	registerKind(guidelines.Compare.Kind, kindEntry{blank: func() hitKind { return &compareKind{} }, load: loadPair})
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
	k := &compareKind{request: display.Field(it.Query), before: conv, sides: sides}
	s := newHITState(guidelines.Compare, k, it, h, guidelines.Shape{})
	s.reviewed = true
	s.query = "" // the step shows the request whole
	return s, nil
}

func (*compareKind) noun() string                                { return "pair" }
func (*compareKind) topic() string                               { return "request" }
func (*compareKind) context(*hitScreen, *hitState, int) []string { return nil }

// keys: 1 A better, 2 tie, 3 B better.
func (*compareKind) keys() hitKeys {
	k := defaultHITKeys()
	k.Good = bind([]string{"1"}, "1", "A better")
	k.Fair = bind([]string{"2"}, "2", "tie")
	k.Bad = bind([]string{"3"}, "3", "B better")
	return k
}

func (*compareKind) shortHelp(k hitKeys, _ *hitState) []key.Binding {
	return []key.Binding{k.Good, k.Fair, k.Bad, k.Undo, k.Down, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit}
}

func (*compareKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		{k.Good, k.Fair, k.Bad, k.Back, k.Undo},
		{k.Flag, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// preferenceOf is the label a key gives, from the first system's side:
// 1 (A better) is a win when A is the first system's output.
func preferenceOf(sides store.Sides, k string) (int, bool) {
	aWins, bWins := guidelines.PreferWin, guidelines.PreferLose
	if !sides.FirstIsA {
		aWins, bWins = bWins, aWins
	}
	switch k {
	case "1":
		return aWins, true
	case "2":
		return guidelines.PreferTie, true
	case "3":
		return bWins, true
	}
	return 0, false
}

// keyOfPreference is the key that gives a stored preference on this item.
func keyOfPreference(sides store.Sides, v int) string {
	for _, k := range []string{"1", "2", "3"} {
		if p, _ := preferenceOf(sides, k); p == v {
			return k
		}
	}
	return ""
}

var preferenceNames = map[string]string{"1": "A better", "2": "tie", "3": "B better"}

func (k *compareKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Open) {
		return nil, true
	}
	if _, ok := digit(msg); !ok {
		return nil, false
	}
	if v, ok := preferenceOf(k.sides, msg.String()); ok {
		return m.labelKey(v), true
	}
	m.setStatus("1 A better · 2 tie · 3 B better", false)
	return nil, true
}

// build is the request, then A and B: side by side from 100 columns,
// else one above the other; the outputs are what the label is about.
func (k *compareKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	v := stepView{title: s.Title.Render(" " + guidelines.CompareSteps[0].Title), short: s.Title.Render(" A or B?")}
	v.lines = requestLines(s, k.before, k.request, width)
	v.lines = append(v.lines, "")
	at := len(v.lines)
	v.lines = append(v.lines, outputLines(s, k.sides, width)...)
	v.focus = [2]int{at, len(v.lines)}
	v.choices = []string{k.choiceLine(m, h, width)}
	return v
}

// outputLines lays out A and B in width columns.
func outputLines(s Styles, sides store.Sides, width int) []string {
	if width < outputsSideBySide {
		out := labelled(wrap(s.Text.Render(display.Field(sides.A)), width, "     "), s.Accent.Render("  A  "))
		out = append(out, "")
		return append(out, labelled(wrap(s.Text.Render(display.Field(sides.B)), width, "     "), s.Accent.Render("  B  "))...)
	}
	col := (width - 3) / 2
	a := labelled(wrap(s.Text.Render(display.Field(sides.A)), col, "     "), s.Accent.Render("  A  "))
	b := labelled(wrap(s.Text.Render(display.Field(sides.B)), col, "     "), s.Accent.Render("  B  "))
	var out []string
	for i := range max(len(a), len(b)) {
		left, right := "", ""
		if i < len(a) {
			left = a[i]
		}
		if i < len(b) {
			right = b[i]
		}
		out = append(out, left+strings.Repeat(" ", max(0, col-lipgloss.Width(left)))+s.Dim.Render(" │ ")+right)
	}
	return out
}

// choiceLine is the three choices, the one given highlighted.
func (k *compareKind) choiceLine(m *hitScreen, h *hitState, width int) string {
	s := m.styles
	cur := ""
	if v, ok := h.labels["preference"]; ok {
		cur = keyOfPreference(k.sides, v)
	}
	var parts []string
	for _, key := range []string{"1", "2", "3"} {
		text := " " + key + " " + preferenceNames[key] + " "
		if width < 40 {
			text = " " + key + " "
		}
		if key == cur {
			parts = append(parts, s.Chosen.Render(text))
		} else {
			parts = append(parts, s.Choice.Render(text))
		}
	}
	return "   " + strings.Join(parts, "  ")
}

// disputed shows the pair as its judges saw it: the same A and B.
func (*compareKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	if det == nil || det.sides == nil {
		return []string{s.Dim.Render("   loading…")}, focus
	}
	lines = append(requestLines(s, det.context, display.Field(d.Item.Query), a.width), "")
	at := len(lines)
	lines = append(lines, outputLines(s, *det.sides, a.width)...)
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
	return preferenceOf(*det.sides, k)
}

func (*compareKind) adjLabel(det *adjDetail, v int) string {
	if det == nil || det.sides == nil {
		return guidelines.Compare.LabelName(v)
	}
	k := keyOfPreference(*det.sides, v)
	return k + " " + preferenceNames[k]
}

func (*compareKind) decideKeys() []key.Binding {
	return []key.Binding{bind([]string{"1"}, "1", "A better"), bind([]string{"2"}, "2", "tie"), bind([]string{"3"}, "3", "B better")}
}
