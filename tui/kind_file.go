package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// fileKind is an item of a protocol file's kind (MIMICS-Duo's tasks, a
// lead's own): the text columns each step shows, the list with the
// element being labelled marked, or a grouped item's rows with the row
// being labelled in focus. Its keys are the file's scales'.
type fileKind struct {
	file  *guidelines.ProtocolFile
	proto guidelines.Protocol   // the kind's, as the database has it
	rows  []guidelines.ShownRow // cleaned for the terminal (cleanRows)
	// header is the column the HIT's first line shows (every step shows
	// it, so it never hides what a step would not show); "" for none.
	header string
	pages  map[string]int // a choice step's page of keys, by unit (kind_choice.go)
	// passageTop is each passage's first line in its window, and
	// passageStep the window's lines at the last frame (kind_passage.go).
	passageTop  map[string]int
	passageStep int
	// passageAt is where in its text each window's first line begins,
	// and passageWidth the width it was laid out at: a resize opens the
	// window at the line holding that place, not at a line number that
	// now holds other text.
	passageAt    map[string]int
	passageWidth int
}

// FileScreen is the HIT screen of a protocol file's kind (p.FileOf()): its
// item's rows and columns, step by step as the file says.
func FileScreen(p guidelines.Protocol) Screen {
	return Screen{
		blank: func() hitKind { return newFileKind(p, nil) },
		load: func(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
			rows, err := st.ShownRows(ctx, it.ID)
			if err != nil {
				return nil, err
			}
			k := newFileKind(p, cleanRows(rows))
			s := newHITState(p, k, it, h, it.Shape(len(rows)))
			s.reviewed = true // no results to review first
			s.query, s.question = "", ""
			if k.header != "" && len(k.rows) > 0 {
				s.query = k.rows[0].Cells[k.header]
			}
			return s, nil
		},
	}
}

// newFileKind is an item of the file's kind with rows already cleaned.
func newFileKind(p guidelines.Protocol, rows []guidelines.ShownRow) *fileKind {
	f := p.FileOf()
	k := &fileKind{file: f, proto: p, rows: rows, header: queryColumn(f)}
	if !shownByAll(f, k.header) || f.IsPassage(k.header) {
		// A step that hides it: no first line for it; a passage has a
		// window of its own, and would be drawn twice (its long text
		// spilling into the content above what is labelled).
		k.header = ""
	}
	if f.Item.Context != "" {
		// The conversation before the item is drawn above its first
		// text (contextLines), so that text is not the HIT's first line.
		k.header = ""
	}
	if k.header == "" && f.Item.Group != "" {
		// A group's shared text that every step shows (ClariQ's request
		// over its questions) is the HIT's first line, so it stays on
		// screen while each row is labelled below it.
		shared, _ := k.sharedColumns(f.Item.Text)
		for _, c := range shared {
			if shownByAll(f, c) && !f.IsPassage(c) {
				k.header = c
				break
			}
		}
	}
	return k
}

// shownByAll says whether every step of the file shows column c.
func shownByAll(f *guidelines.ProtocolFile, c string) bool {
	return c != "" && !slices.ContainsFunc(f.Steps, func(st guidelines.FileStep) bool { return !slices.Contains(st.Show, c) })
}

// cleanRows are an item's rows as the store gives them, cleaned for the
// terminal: dataset text is untrusted.
func cleanRows(rows []guidelines.ShownRow) []guidelines.ShownRow {
	out := make([]guidelines.ShownRow, len(rows))
	for i, r := range rows {
		out[i].Cells = map[string]string{}
		for c, v := range r.Cells {
			out[i].Cells[c] = display.Field(v)
		}
		for _, v := range r.List {
			out[i].List = append(out[i].List, display.Field(v))
		}
		out[i].URL, out[i].URLs = r.URL, r.URLs // opened as they are, drawn cleaned (urlRows)
		for _, v := range r.Roles {
			out[i].Roles = append(out[i].Roles, display.Field(v))
		}
		for _, imgs := range r.Images {
			var clean []string
			for _, v := range imgs {
				clean = append(clean, display.Field(v))
			}
			out[i].Images = append(out[i].Images, clean)
		}
		out[i].Pairs = cleanPairs(r.Pairs)
		for _, t := range r.Context {
			out[i].Context = append(out[i].Context, guidelines.Said{Role: display.Field(t.Role), Text: display.Field(t.Text)})
		}
	}
	return out
}

// queryColumn is the column whose text is an item's query in the store,
// which adjudication's first line shows: the group (or first text) column.
func queryColumn(f *guidelines.ProtocolFile) string {
	if f.Item.Group == "" && len(f.Item.Text) > 0 {
		return f.Item.Text[0]
	}
	return f.Item.Group
}

// noun is one item: "panes" → "pane", "queries" → "query".
func (k *fileKind) noun() string { return guidelines.Singular(k.file.Items) }

func (k *fileKind) topic() string {
	if k.header == "" {
		return "item"
	}
	return display.Field(k.header)
}

func (*fileKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }

// keys: o opens the address in focus (item.url, kind_url.go).
func (*fileKind) keys() hitKeys {
	k := defaultHITKeys()
	k.Open = bind([]string{"o"}, "o", "open address")
	return k
}

// key: o has nothing to open.
func (k *fileKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if cmd, ok := k.choiceKey(m, h, msg); ok {
		return cmd, true
	}
	if cmd, ok := k.passageKey(m, h, msg); ok {
		return cmd, true
	}
	if key.Matches(msg, m.keys.Open) {
		return k.openURL(m, h), true
	}
	return nil, false
}

// scaleKeys are the help entries of a unit's scale, each key and name.
func scaleKeys(p guidelines.Protocol, unit string) []key.Binding {
	return labelKeys(p.ScaleOf(unit), lowerName)
}

// shortHelp has the current step's scale (the first step's before a HIT).
func (k *fileKind) shortHelp(keys hitKeys, h *hitState) []key.Binding {
	unit := ""
	if h != nil {
		unit = h.step().unit
	}
	switch {
	case h != nil && h.typing != nil:
		return []key.Binding{saveKey, leaveKey, moveKey}
	case k.proto.TextMax(unit) > 0:
		return []key.Binding{writeKey, keys.Back, keys.Undo, keys.Down, keys.Note, keys.Flag, keys.Guide, keys.Queue, keys.Pane, keys.Help, keys.Quit}
	}
	labels := scaleKeys(k.proto, unit)
	if k.proto.IsChoice(unit) {
		labels = k.choiceHelp(unit)
	}
	if fs, ok := k.file.StepOf(stepOf(unit)); ok && len(k.passageColumns(fs)) > 0 {
		labels = append(labels, keys.PassageDown, keys.PassageUp)
	}
	if fs, ok := k.file.StepOf(stepOf(unit)); ok && h != nil {
		if _, none := k.focusURL(fs, h.step().answer); none == "" {
			labels = append(labels, keys.Open)
		}
	}
	return append(labels,
		keys.Back, keys.Undo, keys.Down, keys.Note, keys.Flag, keys.Guide, keys.Queue, keys.Pane, keys.Help, keys.Quit)
}

// fullHelp has each scale's keys once.
func (k *fileKind) fullHelp(keys hitKeys) [][]key.Binding {
	p := k.proto
	var labels []key.Binding
	seen := map[string]bool{}
	choices := false
	for _, st := range k.file.Steps {
		switch {
		case st.Kind == guidelines.StepChoice:
			if !choices {
				choices = true
				labels = append(labels, k.choiceHelp(st.Unit)...)
			}
		case !seen[st.Scale]:
			seen[st.Scale] = true
			labels = append(labels, scaleKeys(p, st.Unit)...)
		}
	}
	actions := []key.Binding{keys.Flag, keys.Later, keys.GiveBack, keys.Note, keys.Guide, keys.Queue, keys.Pane, keys.Adjudicate, keys.Stats, keys.Quality, keys.Flags}
	if k.file.Item.URL != "" {
		actions = append([]key.Binding{keys.Open}, actions...)
	}
	moves := []key.Binding{keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.GuideDown, keys.GuideUp}
	if len(k.file.Item.Passage) > 0 {
		moves = append(moves, keys.PassageDown, keys.PassageUp)
	}
	return [][]key.Binding{
		append(labels, keys.Next, keys.Back, keys.Undo),
		actions,
		append(moves, keys.Help, keys.Quit),
	}
}

// build is the step's title (with which element or row it labels), what
// the step shows with that element or row in focus, and the scale.
func (k *fileKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	fs, _ := k.file.StepOf(st.id)
	if fs.Kind == guidelines.StepChoice {
		v := k.choiceView(m, h, fs, width)
		v.passage, v.passages = k.passages(s, m.keys, fs, st.unit, st.answer, width, rows)
		v.fixed = append(v.fixed, v.passage.lines...)
		return v
	}
	title := fs.Title
	short := title
	if where := k.where(fs, st.answer); where != "" {
		title += " · " + where
		short = where
	}
	c, focus := k.lines(s, fs, st.answer, h.labels, m.cfg.Keys, width, k.header)
	if guidelines.NestedPer(fs.Per) { // a pair of a nested list (kind_pair.go)
		if where := k.pairWhere(st.unit); where != "" {
			title, short = fs.Title+" · "+where, where
		}
		c, focus = k.pairLines(s, st.unit, width)
	}
	// A label weighs all its focus (a row, an answer, the item as a whole
	// with the column on the HIT's first line): none counts until the
	// focus has been read.
	whole := fs.Per != guidelines.PerElement && fs.Per != guidelines.PerRow
	v := stepView{title: s.Title.Render(" " + title), short: s.Title.Render(" " + short), textRows: c, focus: focus,
		choices: []string{m.scaleLine(h, st.unit, width)}, withTopic: whole}
	if whole { // an element's or a row's shows beside it
		v.given = m.givenLabel(h, st.unit)
	}
	if h.proto.TextMax(st.unit) > 0 { // a written answer: its line, not a scale
		v.choices, v.given = m.answerLines(h, st.unit, width, rows), ""
	}
	v.passage, v.passages = k.passages(s, m.keys, fs, st.unit, st.answer, width, rows)
	v.fixed = append(v.fixed, v.passage.lines...)
	return v
}

// where names the element or row a repeated step labels: "answer 2 of 5".
func (k *fileKind) where(fs guidelines.FileStep, index int) string {
	switch fs.Per {
	case guidelines.PerElement:
		n := 0
		if len(k.rows) > 0 {
			n = len(k.rows[0].List)
		}
		return fmt.Sprintf("%s %d of %d", display.Field(k.file.Item.ListName), index+1, n)
	case guidelines.PerRow:
		return fmt.Sprintf("%s %d of %d", display.Field(k.file.RowNoun()), index+1, len(k.rows))
	}
	return ""
}

// lines lays out what step fs shows, the element or row at index in focus
// for a repeated step (all of it for a step once an item); the labels
// given of a repeated step's units show beside their elements or rows,
// named by the annotator's keys (own). omit is a column the screen's first line has ("" for none).
func (k *fileKind) lines(s Styles, fs guidelines.FileStep, index int, labels map[string]int, own *KeyConfig, width int, omit string) (out textRows, focus [2]int) {
	cols := k.shownColumns(fs, omit)
	grouped := k.file.Item.Group != ""
	focus = [2]int{0, 0}
	if len(k.rows) > 0 && k.showsContext(fs) {
		out.add(contextLines(s, contextMessages(k.rows[0].Context), width))
	}
	var shared []string
	if grouped {
		shared, cols = k.sharedColumns(cols)
		if len(k.rows) > 0 && omit != k.file.Item.Group && slices.Contains(fs.Show, k.file.Item.Group) {
			out.add(k.cell(s, k.file.Item.Group, k.rows[0].Cells[k.file.Item.Group], width, "", true))
		}
		for _, c := range shared {
			out.add(k.cell(s, c, k.rows[0].Cells[c], width, "", false))
		}
	}
	// A step once an item that shows nothing of a row's own (ClariQ's
	// need, over the request its questions share) shows no rows: the
	// annotator reads what it asks about, and no row to scroll past.
	rows := k.rows
	if grouped && fs.Per != guidelines.PerRow && len(cols) == 0 && !slices.Contains(fs.Show, guidelines.ShowList) {
		rows = nil
	}
	for i, r := range rows {
		indent := ""
		current := fs.Per == guidelines.PerRow && index == i
		if grouped {
			out.lines = append(out.lines, "")
			if current {
				focus[0] = len(out.lines)
			}
			out.lines = append(out.lines, k.rowHead(s, fs, i, labels, own, current))
			indent = "  "
		}
		for _, c := range cols {
			out.add(k.cell(s, c, r.Cells[c], width, indent, false))
		}
		if grouped && !k.file.URLPerElement() {
			out.add(urlRows(s, r.URL, width, "   "+indent))
		}
		if slices.Contains(fs.Show, guidelines.ShowList) {
			var el textRows
			var at [2]int
			if k.file.IsConversation() {
				el, at = k.turnLines(s, fs, r, index, labels, own, width)
			} else {
				el, at = k.listLines(s, fs, r.List, index, labels, own, width, indent, grouped)
			}
			if fs.Per == guidelines.PerElement {
				focus = [2]int{len(out.lines) + at[0], len(out.lines) + at[1]}
			}
			out.add(el)
		}
		if current {
			focus[1] = len(out.lines)
		}
	}
	if !grouped && len(k.rows) > 0 && !k.file.URLPerElement() {
		out.add(urlRows(s, k.rows[0].URL, width, "   "))
	}
	if fs.Per != guidelines.PerElement && fs.Per != guidelines.PerRow {
		focus = [2]int{0, len(out.lines)}
	}
	return out, focus
}

// showsContext says whether step fs draws the item's context
// (item.context): with the item's first text, above it.
func (k *fileKind) showsContext(fs guidelines.FileStep) bool {
	it := k.file.Item
	return it.Context != "" && len(it.Text) > 0 && slices.Contains(fs.Show, it.Text[0])
}

// shownColumns are the text columns step fs shows in each row, in the
// file's order: not the list, nor the group column (shown once), nor omit.
func (k *fileKind) shownColumns(fs guidelines.FileStep, omit string) []string {
	var out []string
	for _, c := range k.file.Item.Text {
		switch {
		case !slices.Contains(fs.Show, c):
		case c == k.file.Item.Group:
		case c == omit:
		case k.file.IsPassage(c): // in a window of its own (kind_passage.go)
		default:
			out = append(out, c)
		}
	}
	return out
}

// sharedColumns splits the columns a step shows of a grouped item's rows
// into those whose text is the same on every row of it (ClariQ's request:
// the group's own), which the screen shows once at the top, and the rows'
// own. An item of one row has none shared: its row shows as it is.
func (k *fileKind) sharedColumns(cols []string) (shared, own []string) {
	for _, c := range cols {
		same := len(k.rows) > 1
		for _, r := range k.rows[min(1, len(k.rows)):] {
			if r.Cells[c] != k.rows[0].Cells[c] {
				same = false
				break
			}
		}
		if same {
			shared = append(shared, c)
		} else {
			own = append(own, c)
		}
	}
	return shared, own
}

// cell is one shown column: its name, dim, then its text.
func (k *fileKind) cell(s Styles, col, text string, width int, indent string, title bool) textRows {
	name := display.FitWords(display.Field(col), 10)
	head := s.Dim.Render(fmt.Sprintf(" %s%-10s ", indent, name))
	pad := strings.Repeat(" ", 12+len(indent))
	style := s.Text
	if title {
		style = s.Title
	}
	if text == "" {
		return textRows{lines: labelled(wrap(s.Dim.Render("(empty)"), width, pad), head)}
	}
	return sourced(text, style.Render(text), width, pad).labelled(head)
}

// rowHead heads a grouped item's row: "pane 2" and, once given, its label
// on the step's unit.
func (k *fileKind) rowHead(s Styles, fs guidelines.FileStep, i int, labels map[string]int, own *KeyConfig, current bool) string {
	head := fmt.Sprintf("%s %d", display.Field(k.file.RowNoun()), i+1)
	if fs.Per == guidelines.PerRow {
		if v, ok := labels[fmt.Sprintf("%s_%d", fs.Unit, i+1)]; ok {
			head += " · " + own.describe(k.proto, fs.Unit, v)
		}
	}
	if current {
		return s.Cursor.Render(" ▸ ") + s.Title.Render(head)
	}
	return s.Dim.Render("   " + head)
}

// listLines number the list's elements, the one at index marked on a
// per-element step; at is its lines.
func (k *fileKind) listLines(s Styles, fs guidelines.FileStep, list []string, index int, labels map[string]int, own *KeyConfig, width int, indent string, grouped bool) (out textRows, at [2]int) {
	if !grouped {
		out.lines = append(out.lines, s.Dim.Render(" "+indent+display.Field(k.file.Item.ListName)+"s"))
	}
	for n, el := range list {
		current := fs.Per == guidelines.PerElement && n == index
		mark, style := "   "+indent, s.Text
		if current {
			mark, style = s.Cursor.Render(" ▸ "+indent), s.Title
			at[0] = len(out.lines)
		}
		text := style.Render(el)
		if v, ok := labels[fmt.Sprintf("%s_%d", fs.Unit, n+1)]; ok && fs.Per == guidelines.PerElement {
			text += s.Dim.Render(" · " + own.describe(k.proto, fs.Unit, v))
		}
		out.add(sourced(el, text, width, "      "+indent).labelled(mark + fmt.Sprintf("%d  ", n+1)))
		if !grouped && n < len(k.rows[0].URLs) {
			out.add(urlRows(s, k.rows[0].URLs[n], width, "      "+indent))
		}
		if current {
			at[1] = len(out.lines)
		}
	}
	return out, at
}

// disputed shows the item as its annotators saw it at the unit's step,
// the unit's element or row in focus.
func (k *fileKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	if det == nil {
		return []string{s.Dim.Render("   loading…")}, focus
	}
	shown := &fileKind{file: k.file, rows: det.rows}
	fs, _ := k.file.StepOf(stepOf(d.Unit))
	if guidelines.NestedPer(fs.Per) {
		c, focus := shown.pairLines(s, d.Unit, a.width)
		for _, col := range shown.passageColumns(fs) { // whole, after the rest
			c.add(shown.cell(s, col, shown.pairText(d.Unit, col), a.width, "", false))
		}
		return append([]string{s.Title.Render(" " + shown.pairWhere(d.Unit))}, c.lines...), [2]int{focus[0], focus[1] + 1}
	}
	c, focus := shown.lines(s, fs, unitIndex(d.Unit), nil, nil, a.width, queryColumn(k.file))
	// The adjudication screen scrolls all it shows: a passage shows whole,
	// after the rest, the row's in focus on a step per row.
	row := 0
	if fs.Per == guidelines.PerRow {
		row = min(unitIndex(d.Unit), max(0, len(det.rows)-1))
	}
	for _, col := range shown.passageColumns(fs) {
		if row < len(det.rows) {
			c.add(shown.cell(s, col, det.rows[row].Cells[col], a.width, "", false))
		}
	}
	return c.lines, focus
}

// unitIndex is a repeated unit's element or row, from 0 (answer_2 → 1).
func unitIndex(unit string) int {
	var n int
	if i := strings.LastIndexByte(unit, '_'); i >= 0 {
		fmt.Sscanf(unit[i+1:], "%d", &n)
	}
	return max(0, n-1)
}

// loadDisputed reads the item's rows, as a HIT shows them.
func (*fileKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error {
	rows, err := st.ShownRows(ctx, itemID)
	det.rows = cleanRows(rows)
	return err
}
