package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// necessityKind is a user request (ClariLM §3.3): does it need
// clarification (1 yes, 0 no), and after a yes, when a system found
// candidate facets, which to ask about first (1-9, 0 none fits).
type necessityKind struct {
	request string
	before  []store.Message // the conversation before the request
	facets  []string
}

// NecessityScreen is a request's HIT screen: the request with its
// conversation so far, then its candidate facets.
func NecessityScreen() Screen {
	return Screen{blank: func() hitKind { return &necessityKind{} }, load: loadRequest}
}

func loadRequest(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
	conv, err := st.Context(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	facets, err := st.Facets(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	k := &necessityKind{request: display.Field(it.Query), before: conv}
	for _, f := range facets {
		k.facets = append(k.facets, display.Field(f))
	}
	s := newHITState(guidelines.Necessity, k, it, h, guidelines.Shape{Facets: len(facets)})
	s.reviewed = true // nothing to review first
	s.query = ""      // the step shows the request whole
	return s, nil
}

func (*necessityKind) noun() string                                { return "request" }
func (*necessityKind) topic() string                               { return "request" }
func (*necessityKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }

// keys: 1 yes and 0 no, then 1-9 a facet and 0 none; digits like every
// scale, so letters stay the keys every screen shares.
func (*necessityKind) keys() hitKeys { return defaultHITKeys() }

// needsLabels are the necessity step's keys: 1 yes, clarify; 0 no.
func needsLabels() []key.Binding {
	return labelKeys(guidelines.Necessity.ScaleOf(guidelines.NecessityUnit), func(l guidelines.Label) string {
		if l.Value == guidelines.NecessityYes {
			return "yes, clarify"
		}
		return l.Name
	})
}

// facetLabels are the facet step's keys: 1-9 a facet, 0 none fits.
func facetLabels() []key.Binding {
	p, unit := guidelines.Necessity, guidelines.FacetUnit
	none := p.KeyOf(unit, guidelines.FacetNone)
	return []key.Binding{
		keyRange(p.ScaleOf(unit), "facet", func(l guidelines.Label) bool { return l.Value != guidelines.FacetNone }),
		bind([]string{none}, none, "none fits"),
	}
}

func (nk *necessityKind) shortHelp(k hitKeys, h *hitState) []key.Binding {
	if h != nil && h.step().id == "facet" {
		labels := facetLabels()
		labels[0] = facetRange(len(nk.facets)) // the keys this request has
		return append(labels, k.Back, k.Undo, k.Down, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit)
	}
	return append(needsLabels(), k.Back, k.Undo, k.Down, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit)
}

func (*necessityKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		append(append(needsLabels(), facetLabels()...), k.Next, k.Back, k.Undo),
		{k.Flag, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// key refuses a facet the item does not have, before it could be keyed;
// o has nothing to open.
func (k *necessityKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Open) {
		return nil, true
	}
	if d, ok := digit(msg); ok && h.step().id == "facet" && d > len(k.facets) {
		m.setStatus(fmt.Sprintf("this request has %s: %s, or %s when none fits", display.Count(len(k.facets), "candidate facet", "candidate facets"),
			facetKeys(m.cfg.Keys, len(k.facets)), noneKey(m.cfg.Keys)), false)
		return nil, true
	}
	return nil, false
}

// build is the conversation before the request, the request, and the
// candidate facets: on the first step for reading, on the facet step as
// the choices, in focus.
func (k *necessityKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	v := stepView{title: s.Title.Render(" " + h.proto.Step(st.id).Title)}
	switch st.id {
	case "facet":
		v.short = s.Title.Render(" Which facet first?")
	default:
		v.short = s.Title.Render(" Needs clarification?")
	}
	var at int
	v.textRows, at = requestLines(m.styles, k.before, k.request, width)
	v.focus = [2]int{at, len(v.lines)} // the request, however long the conversation before it
	if len(k.facets) > 0 {
		v.lines = append(v.lines, "", s.Dim.Render("   candidate facets"))
		at := len(v.lines)
		v.add(k.facetLines(m, h, width, st.id == "facet"))
		if st.id == "facet" {
			v.focus = [2]int{at, len(v.lines)}
		}
	}
	if st.id == "facet" {
		v.choices = []string{k.facetChoice(m, h)}
	} else {
		v.choices = []string{m.scaleLine(h, st.unit, width)}
		v.given = m.givenLabel(h, st.unit)
	}
	return v
}

// requestLines are the turns before a request (role, then text) and the
// request itself, whole, from lines[at]: the necessity and compare kinds,
// and their adjudication, all start so.
func requestLines(s Styles, conv []store.Message, request string, width int) (out textRows, at int) {
	for _, t := range conv {
		role, text := display.Field(t.Role), display.Field(t.Text)
		label := " " + display.FitWords(role, 12) + ": "
		// The text goes under its own start: indented less than the role
		// ("user: " is wider than five cells), its first line would run
		// past the edge and lose its last words.
		indent := strings.Repeat(" ", max(5, lipgloss.Width(label)))
		out.add(sourced(text, s.Dim.Render(text), width, indent).labelled(s.Dim.Render(label)))
	}
	if len(conv) > 0 {
		out.lines = append(out.lines, "")
	}
	at = len(out.lines)
	out.add(sourced(request, s.Title.Render(request), width, "     ").labelled(s.Accent.Render(" ▸ ")))
	return out, at
}

// facetLines number the facets, the chosen one marked.
func (k *necessityKind) facetLines(m *hitScreen, h *hitState, width int, choosing bool) textRows {
	s := m.styles
	chosen, has := h.labels["facet"]
	var out textRows
	for i, f := range k.facets {
		key := m.cfg.Keys.ownKey(strconv.Itoa(i + 1)) // the key that picks it
		if !choosing {
			key = "·" // on the first step the same keys answer yes or no: no facet is named by one
		}
		head := "   " + key + "  "
		style := s.Dim
		if choosing {
			style = s.Text
		}
		if has && guidelines.FacetOf(chosen) == i+1 {
			head, style = s.Cursor.Render(" ▸ ")+key+"  ", s.Chosen
		}
		out.add(sourced(f, style.Render(f), width, "      ").labelled(head))
	}
	return out
}

// facetChoice is the facet step's choices line: the keys, with the choice
// made so far.
func (k *necessityKind) facetChoice(m *hitScreen, h *hitState) string {
	s := m.styles
	line := "   " + facetKeys(m.cfg.Keys, len(k.facets)) + " facet · " + noneKey(m.cfg.Keys) + " none fits"
	if v, ok := h.labels["facet"]; ok {
		if f := guidelines.FacetOf(v); f > 0 {
			return s.Choice.Render(line) + s.Chosen.Render(" facet "+m.cfg.Keys.ownKey(strconv.Itoa(f))+" ")
		}
		return s.Choice.Render(line) + s.Chosen.Render(" none fits ")
	}
	return s.Choice.Render(line)
}

// facetRange is the help entry of the keys of n facets: "1", "1-3".
func facetRange(n int) key.Binding {
	var keys []string
	for i := 1; i <= n; i++ {
		keys = append(keys, strconv.Itoa(i))
	}
	if n == 1 {
		return bind(keys, "1", "facet")
	}
	return bind(keys, "1-"+strconv.Itoa(n), "facet")
}

// facetKeys names the keys of n facets as the annotator keys them: "1",
// "1-3", or each key where one of them moved ("d/f/3").
func facetKeys(c *KeyConfig, n int) string {
	return c.ownBindings([]key.Binding{facetRange(n)})[0].Help().Key
}

// noneKey is the key of the facet step's none fits, as the annotator
// keys it.
func noneKey(c *KeyConfig) string {
	return c.ownKey(guidelines.Necessity.KeyOf(guidelines.FacetUnit, guidelines.FacetNone))
}

// disputed shows the request with its conversation and facets, the
// disputed decision's part in focus.
func (k *necessityKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	if det == nil {
		return []string{s.Dim.Render("   loading…")}, focus
	}
	request, at := requestLines(a.styles, det.context, display.Field(d.Item.Query), a.width)
	lines = request.lines
	focus = [2]int{at, len(lines)}
	if len(det.facets) > 0 {
		lines = append(lines, "", s.Dim.Render("   candidate facets"))
		at := len(lines)
		for i, f := range det.facets {
			lines = append(lines, labelled(wrap(s.Text.Render(display.Field(f)), a.width, "      "), "   "+strconv.Itoa(i+1)+"  ")...)
		}
		if d.Unit == "facet" {
			focus = [2]int{at, len(lines)}
		}
	}
	return lines, focus
}

// loadDisputed reads the conversation and the facets.
func (*necessityKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error {
	var err error
	if det.context, err = st.Context(ctx, itemID); err != nil {
		return err
	}
	det.facets, err = st.Facets(ctx, itemID)
	return err
}
