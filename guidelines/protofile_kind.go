package guidelines

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/claritty/claritty/display"
)

// RowUnits is how many units a step asked per grouped row has at the
// least (unit_1 … unit_20): a group may have any number of rows (it is
// bounded by bytes, data.MaxProtocolData), and a database lists more once
// an item it imports has more (ProtocolFile.Extent). Twenty was the cap
// on a group's rows once, so a database of then keeps these units.
const RowUnits = 20

// ShortName is what the step indicator and a table of ratings call the
// step: its short, or its unit's words.
func (st FileStep) ShortName() string {
	if st.Short != "" {
		return display.Clean(st.Short)
	}
	return strings.ReplaceAll(st.Unit, "_", " ")
}

// RowsListed is how many units each step asked per grouped row has: the
// most rows an item of the kind has in the database that keeps the file,
// and RowUnits at the least.
func (f *ProtocolFile) RowsListed() int { return max(RowUnits, f.Extent) }

// WithExtent is the file as a database that keeps items of n rows (or
// elements) reads it: its steps asked per row listing units up to n. The
// file itself is never changed (a parsed file is shared).
func (f *ProtocolFile) WithExtent(n int) *ProtocolFile {
	if n <= f.Extent {
		return f
	}
	out := *f
	out.Extent = n
	return &out
}

// largestItem is a shape with the most of everything a file's item may
// have in the database: its steps ask every unit the kind has.
func (f *ProtocolFile) largestItem() Shape {
	s := largest
	s.Rows = f.RowsListed()
	s.Answers = max(s.Answers, len(f.Item.List))
	return s
}

// Protocol is the kind a protocol file describes, as every layer uses a
// kind: its steps, units, scales and guideline text. Its text is the
// file's, cleaned as any dataset text is (display.Clean): the screens,
// reports and exports draw a kind's titles, label names and keys as they
// are, and a file kept before its names were checked (or a title) may hold
// what a terminal would act on.
func (f *ProtocolFile) Protocol() Protocol {
	scales := map[string]FileScale{}
	for _, s := range f.Scales {
		scales[s.Name] = s
	}
	p := Protocol{Kind: f.Name, Items: display.Clean(f.Items), Title: display.Clean(f.Title), text: f.markdown(scales), sums: &sync.Map{}, file: f,
		Named: f.Item.Labels == LabelsByName}
	for _, st := range f.Steps {
		step := Step{ID: st.Unit, Title: display.Clean(st.Title), Short: st.ShortName(), Scale: scales[st.Scale].labels()}
		switch st.Kind {
		case StepChoice:
			step.Scale = f.choiceScale(st)
		case StepText:
			step.Scale, step.MaxChars = nil, st.TextMax()
		}
		p.StepTypes = append(p.StepTypes, step)
		p.Types = append(p.Types, st.Unit)
		switch st.Per {
		case PerElement:
			p.AllUnits = append(p.AllUnits, numbered(st.Unit, f.listCap())...)
		case PerRow:
			p.AllUnits = append(p.AllUnits, numbered(st.Unit, f.RowsListed())...)
		case "", PerItem:
			p.AllUnits = append(p.AllUnits, st.Unit)
		default: // a nested list's pairs (protofile_nested.go)
			p.AllUnits = append(p.AllUnits, pairUnits(st.Unit, f.RowsListed())...)
		}
	}
	// The kind's scale is its first scale step's; a kind of choices (and
	// written answers) alone is nominal (its labels are element numbers);
	// a written answer has no scale.
	first := slices.IndexFunc(f.Steps, func(st FileStep) bool { return st.Kind != StepChoice && st.Kind != StepText })
	if first < 0 {
		first = slices.IndexFunc(f.Steps, func(st FileStep) bool { return st.Kind == StepChoice })
	}
	if first >= 0 {
		p.Scale = p.StepTypes[first].Scale
		p.Nominal = scales[f.Steps[first].Scale].Nominal || f.Steps[first].Kind == StepChoice
	}
	p.Ratings = f.rates()
	steps := slices.Clone(f.Steps)
	listLen := f.listCap()
	grouped := f.Item.Group != ""
	p.steps = func(s Shape) []ItemStep { return fileSteps(steps, listLen, grouped, s) }
	p.conds = conditionsOf(p, f.largestItem())
	p.Attention = f.attentionOf()
	return p
}

// fileSteps lays out one item's HIT: each step once, once per list
// element the item has, or once per row it gathers; a step whose field
// condition the item's fields do not meet not at all (a shape that does
// not give its fields has every step).
func fileSteps(steps []FileStep, listLen int, grouped bool, s Shape) []ItemStep {
	var out []ItemStep
	for _, st := range steps {
		if st.When != nil && st.When.Field != "" {
			if s.Fields != "" && !fieldHolds(*st.When, s.Fields) {
				continue
			}
			st.When = nil
		}
		var these []ItemStep
		if st.Kind == StepChoice && !grouped && min(s.Answers, listLen) == 0 {
			continue // an item with no element has nothing to pick: no step
		}
		switch st.Per {
		case PerElement:
			these = repeated(st.Unit, min(s.Answers, listLen))
		case PerRow:
			these = repeated(st.Unit, s.Rows)
		case "", PerItem:
			these = []ItemStep{{ID: st.Unit, Unit: st.Unit}}
		default: // a nested list's pairs
			these = nestedSteps(st, s)
		}
		if st.When != nil {
			for i := range these {
				these[i].When = &Condition{Unit: st.When.Unit, In: st.When.set()}
			}
		}
		out = append(out, these...)
	}
	return out
}

// labels is the scale as a Protocol holds one: from the best (highest)
// value down, its keys and names cleaned.
func (s FileScale) labels() []Label {
	out := make([]Label, len(s.Values))
	for i, v := range s.Values {
		out[len(out)-1-i] = Label{Value: v, Key: display.Clean(s.Keys[i]), Name: display.Clean(s.Names[i])}
	}
	return out
}

// cleanLines is display.Clean of each line of s: markdown keeps its
// lines.
func cleanLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = display.Clean(l)
	}
	return strings.Join(lines, "\n")
}

// markdown is the file's guideline text in the shape of the built-in
// kinds' (a section per step, headed "## Title {#unit}", a line per
// label), so the guideline pager and the HIT screen's summaries read it
// alike.
func (f *ProtocolFile) markdown(scales map[string]FileScale) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n", display.Clean(f.Title), cleanLines(strings.TrimSpace(f.Guideline)))
	for _, st := range f.Steps {
		heading := st.Title
		if st.GuideTitle != "" {
			heading = st.GuideTitle
		}
		fmt.Fprintf(&b, "\n## %s {#%s}\n\n", display.Clean(heading), st.Unit)
		if g := strings.TrimSpace(st.Guideline); g != "" {
			fmt.Fprintf(&b, "%s\n\n", cleanLines(g))
		}
		if st.Kind == StepChoice {
			b.WriteString(f.choiceMarkdown(st))
			continue
		}
		labels := scales[st.Scale].labels()
		for i, l := range labels {
			line := fmt.Sprintf("- **%s %s**", l.Key, l.Name)
			// label_text runs from the lowest value up, labels from the best down.
			if j := len(labels) - 1 - i; j < len(st.LabelText) && strings.TrimSpace(st.LabelText[j]) != "" {
				line += " — " + display.Clean(strings.Join(strings.Fields(st.LabelText[j]), " "))
			}
			b.WriteString(line + "\n")
		}
		if a := strings.TrimSpace(st.After); a != "" {
			fmt.Fprintf(&b, "\n%s\n", cleanLines(a))
		}
	}
	return b.String()
}

// ShownRow is what of one row of a protocol file's item a HIT may show:
// the text columns some step shows, by name, and the list's elements if a
// step shows the list. Label columns (a release's labels, the answers of
// gold checks) never are.
type ShownRow struct {
	Cells map[string]string
	List  []string
	// Roles, Said and Images are a conversation's (item.conversation),
	// turn by turn beside List, its texts: who says it (SaidBy when the
	// file names who says each text), each text the turn says (its first
	// the List's), and the paths of its images.
	Roles  []string
	SaidBy []string
	Said   [][]string
	Images [][]string
	// URL is the row's web address and URLs each element's (item.url):
	// o opens the one in focus.
	URL  string
	URLs []string
	// Pairs are a nested step's pairs, by unit (protofile_join.go).
	Pairs map[string]PairShown
	// Context is the conversation before the item (item.context).
	Context []Said
}

// Shown is what of a row, as the file has it, a HIT may show.
func (f *ProtocolFile) Shown(line string) ShownRow {
	row := f.FieldsOf(line)
	at := row.Text
	out := ShownRow{Cells: map[string]string{}}
	list := false
	for _, st := range f.Steps {
		for _, col := range st.Show {
			if col == ShowList {
				list = true
				continue
			}
			out.Cells[col] = at(col)
		}
	}
	if list {
		out.List = row.List()
		out.Roles, out.Said, out.Images = row.turns()
		out.SaidBy = f.SaidRoles()
	}
	out.URL, out.URLs = row.urls()
	out.Pairs = f.shownPairs(row)
	out.Context = f.ContextOf(line)
	return out
}

// UnitText is what an export's text columns (text, text_2, row_id) say
// of one unit of a grouped item (item.group), from the item's rows as its
// file has them: for a unit asked per row, that row's first two text
// columns and its item.row_id column; for a unit asked once, the first
// row's first text column (the group's own text: ClariQ's request), the
// rows' texts being on their units' lines. A column holding known labels
// is never read.
func (f *ProtocolFile) UnitText(unit string, rows []string) (text, text2, rowID string) {
	if len(rows) == 0 {
		return "", "", ""
	}
	labelled := f.labelColumns()
	cell := func(line string, i int, cols []string) string {
		if i >= len(cols) || labelled[cols[i]] {
			return ""
		}
		return f.cell(line, cols[i])
	}
	n, perRow := f.rowOf(unit)
	if !perRow {
		return cell(rows[0], 0, f.Item.Text), "", ""
	}
	rows = f.FirstRows(rows) // an element's texts are its first row's
	if n > len(rows) {
		return "", "", ""
	}
	line := rows[n-1]
	return cell(line, 0, f.Item.Text), cell(line, 1, f.Item.Text), cell(line, 0, []string{f.Item.RowID})
}

// RowUnit is the row (from 1) a unit asked per row labels, if it is one.
func (f *ProtocolFile) RowUnit(unit string) (int, bool) { return f.rowOf(unit) }

// rowOf is the row (from 1) a unit asked per row labels.
func (f *ProtocolFile) rowOf(unit string) (int, bool) {
	if n, ok := f.nestedRow(unit); ok {
		return n, true
	}
	st, ok := f.StepOf(unitType(unit))
	listed := st.Per == PerRow || (st.Per == PerElement && f.ListPath())
	if !ok || !listed || unitType(unit) == unit {
		return 0, false
	}
	n, err := strconv.Atoi(unit[len(st.Unit)+1:])
	return n, err == nil && n >= 1
}

// cell is a row's text in a column of the header ("" for none).
func (f *ProtocolFile) cell(line, col string) string { return f.FieldsOf(line).Text(col) }

// StepOf is the step that labels units of type id (a unit without its _n).
func (f *ProtocolFile) StepOf(id string) (FileStep, bool) {
	i := slices.IndexFunc(f.Steps, func(s FileStep) bool { return s.Unit == id })
	if i < 0 {
		return FileStep{}, false
	}
	return f.Steps[i], true
}

// LabelCell is a label column of a step in a row of a file, and the unit
// whose label it holds.
type LabelCell struct {
	Column, Unit string
	Element      int // the list element it labels, from 1; 0 for none
}

// LabelCells are step st's label columns in the row at pos (from 0) of
// its item: one per list element, one for the row, or the one; none for a
// step with no column. A file's reader and its writer both go by them.
func (f *ProtocolFile) LabelCells(st FileStep, pos int) []LabelCell {
	switch {
	case st.Column == "":
		return nil
	case st.Per == PerElement:
		out := make([]LabelCell, f.listCap())
		for i := range out {
			n := strconv.Itoa(i + 1)
			out[i] = LabelCell{Column: strings.ReplaceAll(st.Column, "{n}", n), Unit: st.Unit + "_" + n, Element: i + 1}
		}
		return out
	case st.Per == PerRow:
		return []LabelCell{{Column: st.Column, Unit: st.Unit + "_" + strconv.Itoa(pos+1)}}
	}
	return []LabelCell{{Column: st.Column, Unit: st.Unit}}
}

// AttentionAnswer is the right answer to the file's attention question
// about an item, from its rows as a HIT shows them: how many rows, or how
// many list elements. ok is false when the file asks none.
func (f *ProtocolFile) AttentionAnswer(rows []ShownRow) (n int, ok bool) {
	switch {
	case f.Attention == nil:
		return 0, false
	case f.Attention.Count == "rows":
		return len(rows), true
	case len(rows) > 0:
		return len(rows[0].List), true
	}
	return 0, true
}

// RowTypes are the unit types the kind asks once per grouped row
// (MIMICS-Duo Task 1's pane_rating): unit type_n belongs to row n only.
// A kind whose items have no rows has none.
func (p Protocol) RowTypes() []string {
	if p.file == nil {
		return nil
	}
	var out []string
	for _, st := range p.file.Steps {
		if st.Per == PerRow {
			out = append(out, st.Unit)
		}
	}
	return out
}
