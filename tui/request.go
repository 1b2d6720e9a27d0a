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

// requestKind is a user request (ClariLM §3.3's, a protocol file's
// [parts] screen = "request"): the conversation before it, the request,
// and its list of candidates; its steps, a decision on a scale (does it
// need clarifying: 1 yes, 0 no), then after the label the choice waits
// for, which candidate to ask about first (1-9, 0 none fits). Its units,
// scales and words are the file's.
type requestKind struct {
	proto   guidelines.Protocol
	request string
	before  []store.Message // the conversation before the request
	list    []string        // the candidates, cleaned
	choice  string          // the choice step's unit
}

// RequestScreen is a request's HIT screen: the request with its
// conversation so far (item.context), then its candidates (item.list), a
// choice step picking one.
func RequestScreen(p guidelines.Protocol) Screen {
	k := requestOf(p)
	return Screen{blank: func() hitKind { c := k; return &c }, load: func(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
		return loadRequest(ctx, st, it, h, k)
	}}
}

// requestOf is a request of the kind with nothing loaded.
func requestOf(p guidelines.Protocol) requestKind {
	k := requestKind{proto: p}
	k.choice, _, _ = p.ChoiceStep()
	return k
}

func loadRequest(ctx context.Context, st *store.Store, it store.Item, h store.HIT, k requestKind) (*hitState, error) {
	rows, err := st.ShownRows(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	k.request = display.Field(it.Query)
	if len(rows) > 0 {
		k.before = contextMessages(rows[0].Context)
		for _, f := range rows[0].List {
			k.list = append(k.list, display.Field(f))
		}
	}
	s := newHITState(k.proto, &k, it, h, it.Shape(len(rows)))
	s.reviewed = true // nothing to review first
	s.query = ""      // the step shows the request whole
	return s, nil
}

// contextMessages are an item's context as the conversation lines draw
// it (requestLines cleans each).
func contextMessages(turns []guidelines.Said) []store.Message {
	var out []store.Message
	for _, t := range turns {
		out = append(out, store.Message{Role: t.Role, Text: t.Text})
	}
	return out
}

func (k *requestKind) noun() string                              { return k.proto.Item() }
func (k *requestKind) topic() string                             { return k.proto.Item() }
func (*requestKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }

// keys: the scale's digits, then 1-9 a candidate and 0 none; digits like
// every scale, so letters stay the keys every screen shares.
func (*requestKind) keys() hitKeys { return defaultHITKeys() }

// candidates is what the list's elements are called on screen:
// "candidate facets".
func (k *requestKind) candidates() string { return "candidate " + k.proto.ListNoun() + "s" }

// decideLabels are a scale step's keys; the label the choice waits for
// says it leads to clarifying ("1 yes, clarify").
func (k *requestKind) decideLabels(unit string) []key.Binding {
	cond, _ := k.proto.Requires(k.choice)
	return labelKeys(k.proto.ScaleOf(unit), func(l guidelines.Label) string {
		if cond.Unit == unit && cond.Holds(l.Value) {
			return l.Name + ", clarify"
		}
		return l.Name
	})
}

// choiceLabels are the choice step's keys: 1-9 a candidate, 0 none fits.
func (k *requestKind) choiceLabels() []key.Binding {
	p, unit := k.proto, k.choice
	none := p.KeyOf(unit, p.ChoiceNoneOf(unit))
	return []key.Binding{
		keyRange(p.ScaleOf(unit), p.ListNoun(), func(l guidelines.Label) bool { return l.Value != p.ChoiceNoneOf(unit) }),
		bind([]string{none}, none, p.NoneText(unit)),
	}
}

// scaleUnits are the kind's units on a scale (not its choice), in order.
func (k *requestKind) scaleUnits() []string {
	var out []string
	for _, t := range k.proto.Types {
		if t != k.choice {
			out = append(out, t)
		}
	}
	return out
}

func (k *requestKind) shortHelp(keys hitKeys, h *hitState) []key.Binding {
	tail := []key.Binding{keys.Back, keys.Undo, keys.Down, keys.Note, keys.Flag, keys.Guide, keys.Queue, keys.Pane, keys.Help, keys.Quit}
	if h != nil && h.step().id == k.choice {
		labels := k.choiceLabels()
		labels[0] = k.choiceRange(len(k.list)) // the keys this request has
		return append(labels, tail...)
	}
	unit := ""
	if h != nil {
		unit = h.step().unit
	}
	if unit == "" {
		unit = k.scaleUnits()[0]
	}
	return append(k.decideLabels(unit), tail...)
}

func (k *requestKind) fullHelp(keys hitKeys) [][]key.Binding {
	var labels []key.Binding
	for _, u := range k.scaleUnits() {
		labels = append(labels, k.decideLabels(u)...)
	}
	return [][]key.Binding{
		append(append(labels, k.choiceLabels()...), keys.Next, keys.Back, keys.Undo),
		{keys.Flag, keys.Note, keys.Guide, keys.Queue, keys.Pane, keys.Adjudicate, keys.Stats, keys.Quality, keys.Flags},
		{keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.GuideDown, keys.GuideUp, keys.Help, keys.Quit},
	}
}

// key refuses a candidate the item does not have, before it could be
// keyed; o has nothing to open.
func (k *requestKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Open) {
		return nil, true
	}
	if d, ok := digit(msg); ok && h.step().id == k.choice && d > len(k.list) {
		m.setStatus(fmt.Sprintf("this %s has %s: %s, or %s when %s", k.proto.Item(), display.Count(len(k.list), "candidate "+k.proto.ListNoun(), k.candidates()),
			k.choiceKeys(m.cfg.Keys, len(k.list)), k.noneKey(m.cfg.Keys), k.proto.NoneText(k.choice)), false)
		return nil, true
	}
	return nil, false
}

// build is the conversation before the request, the request, and the
// candidates: on a scale step for reading, on the choice step as the
// choices, in focus.
func (k *requestKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	v := stepView{title: s.Title.Render(" " + h.proto.Step(st.id).Title)}
	choosing := st.id == k.choice
	if choosing {
		v.short = s.Title.Render(" Which " + k.proto.ListNoun() + " first?")
	} else {
		v.short = v.title
	}
	var at int
	v.textRows, at = requestLines(m.styles, k.before, k.request, width)
	v.focus = [2]int{at, len(v.lines)} // the request, however long the conversation before it
	if len(k.list) > 0 {
		v.lines = append(v.lines, "", s.Dim.Render("   "+k.candidates()))
		at := len(v.lines)
		v.add(k.listLines(m, h, width, choosing))
		if choosing {
			v.focus = [2]int{at, len(v.lines)}
		}
	}
	if choosing {
		v.choices = []string{k.choiceLine(m, h)}
	} else {
		v.choices = []string{m.scaleLine(h, st.unit, width)}
		v.given = m.givenLabel(h, st.unit)
	}
	return v
}

// requestLines are the turns before a request (role, then text) and the
// request itself, whole, from lines[at]: the request and compare screens,
// and their adjudication, all start so.
func requestLines(s Styles, conv []store.Message, request string, width int) (out textRows, at int) {
	out = contextLines(s, conv, width)
	at = len(out.lines)
	out.add(sourced(request, s.Title.Render(request), width, "     ").labelled(s.Accent.Render(" ▸ ")))
	return out, at
}

// contextLines are the turns before an item (role, then text), dimmed,
// and a blank line after them; none for no turns.
func contextLines(s Styles, conv []store.Message, width int) (out textRows) {
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
	return out
}

// listLines number the candidates, the chosen one marked.
func (k *requestKind) listLines(m *hitScreen, h *hitState, width int, choosing bool) textRows {
	s := m.styles
	chosen, has := h.labels[k.choice]
	var out textRows
	for i, f := range k.list {
		key := m.cfg.Keys.ownKey(strconv.Itoa(i + 1)) // the key that picks it
		if !choosing {
			key = "·" // on a scale step the same keys label it: no candidate is named by one
		}
		head := "   " + key + "  "
		style := s.Dim
		if choosing {
			style = s.Text
		}
		if has && k.proto.ElementOf(k.choice, chosen) == i+1 {
			head, style = s.Cursor.Render(" ▸ ")+key+"  ", s.Chosen
		}
		out.add(sourced(f, style.Render(f), width, "      ").labelled(head))
	}
	return out
}

// choiceLine is the choice step's choices line: the keys, with the
// choice made so far.
func (k *requestKind) choiceLine(m *hitScreen, h *hitState) string {
	s := m.styles
	noun, none := k.proto.ListNoun(), k.proto.NoneText(k.choice)
	line := "   " + k.choiceKeys(m.cfg.Keys, len(k.list)) + " " + noun + " · " + k.noneKey(m.cfg.Keys) + " " + none
	if v, ok := h.labels[k.choice]; ok {
		if v != k.proto.ChoiceNoneOf(k.choice) {
			return s.Choice.Render(line) + s.Chosen.Render(" "+noun+" "+m.cfg.Keys.ownKey(strconv.Itoa(k.proto.ElementOf(k.choice, v)))+" ")
		}
		return s.Choice.Render(line) + s.Chosen.Render(" "+none+" ")
	}
	return s.Choice.Render(line)
}

// choiceRange is the help entry of the keys of n candidates: "1", "1-3".
func (k *requestKind) choiceRange(n int) key.Binding {
	var keys []string
	for i := 1; i <= n; i++ {
		keys = append(keys, strconv.Itoa(i))
	}
	if n == 1 {
		return bind(keys, "1", k.proto.ListNoun())
	}
	return bind(keys, "1-"+strconv.Itoa(n), k.proto.ListNoun())
}

// choiceKeys names the keys of n candidates as the annotator keys them:
// "1", "1-3", or each key where one of them moved ("d/f/3").
func (k *requestKind) choiceKeys(c *KeyConfig, n int) string {
	return c.ownBindings([]key.Binding{k.choiceRange(n)})[0].Help().Key
}

// noneKey is the key of the choice step's none fits, as the annotator
// keys it.
func (k *requestKind) noneKey(c *KeyConfig) string {
	return c.ownKey(k.proto.KeyOf(k.choice, k.proto.ChoiceNoneOf(k.choice)))
}

// disputed shows the request with its conversation and candidates, the
// disputed decision's part in focus.
func (k *requestKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	if det == nil {
		return []string{s.Dim.Render("   loading…")}, focus
	}
	request, at := requestLines(a.styles, det.context, display.Field(d.Item.Query), a.width)
	lines = request.lines
	focus = [2]int{at, len(lines)}
	if len(det.list) > 0 {
		lines = append(lines, "", s.Dim.Render("   "+k.candidates()))
		at := len(lines)
		for i, f := range det.list {
			lines = append(lines, labelled(wrap(s.Text.Render(display.Field(f)), a.width, "      "), "   "+strconv.Itoa(i+1)+"  ")...)
		}
		if d.Unit == k.choice {
			focus = [2]int{at, len(lines)}
		}
	}
	return lines, focus
}

// loadDisputed reads the conversation and the candidates from the item's
// row.
func (*requestKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error {
	rows, err := st.ShownRows(ctx, itemID)
	if err != nil {
		return err
	}
	if len(rows) > 0 {
		det.context = contextMessages(rows[0].Context)
		det.list = rows[0].List
	}
	return nil
}
