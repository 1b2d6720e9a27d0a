package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// A choice step (kind = "choice") picks one element of the item: one of
// its list's elements, or one of a grouped item's rows. Each element on
// screen has its key beside it (guidelines.ChoiceKeys: 1-9, then
// letters); with more elements than keys the step shows a page of them at
// a time, and < and > turn the page.

// choiceStep is the file's step the HIT is on when it is a choice.
func (k *fileKind) choiceStep(h *hitState) (guidelines.FileStep, bool) {
	if h == nil {
		return guidelines.FileStep{}, false
	}
	fs, ok := k.file.StepOf(h.step().id)
	return fs, ok && fs.Kind == guidelines.StepChoice
}

// elements is how many elements the item has to pick among: the list's,
// or the grouped rows.
func (k *fileKind) elements() int {
	if k.file.Item.Group != "" {
		return len(k.rows)
	}
	if len(k.rows) == 0 {
		return 0
	}
	return len(k.rows[0].List)
}

// pickable is how many of them a label can name (the store keeps values
// up to guidelines.MaxChoice).
func (k *fileKind) pickable() int { return min(k.elements(), guidelines.MaxChoice) }

// page is the page of keys the choice step of unit shows.
func (k *fileKind) page(unit string) int {
	return min(k.pages[unit], guidelines.ChoicePages(k.pickable())-1)
}

// choiceKey picks the element whose key was pressed on the page shown,
// or turns the page where there is more than one (else < and > are left
// to the annotator's own keys); a digit beside no element says what the
// keys are, rather than label.
func (k *fileKind) choiceKey(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	fs, ok := k.choiceStep(h)
	if !ok {
		return nil, false
	}
	n, page, pressed := k.pickable(), k.page(fs.Unit), msg.String()
	paged := guidelines.ChoicePages(n) > 1
	switch {
	case paged && (pressed == guidelines.ChoicePageKeys[0] || pressed == guidelines.ChoicePageKeys[1]):
		next := page - 1
		if pressed == guidelines.ChoicePageKeys[1] {
			next = page + 1
		}
		if next < 0 || next >= guidelines.ChoicePages(n) {
			m.setStatus(fmt.Sprintf("no more pages: the %ss are on %s", k.elementNoun(), display.Count(guidelines.ChoicePages(n), "page", "pages")), false)
			return nil, true
		}
		if k.pages == nil {
			k.pages = map[string]int{}
		}
		k.pages[fs.Unit] = next
		return nil, true
	}
	keys := guidelines.ChoicePage(n, page)
	for _, ck := range keys {
		if pressed == ck.Key {
			return m.labelKey(k.proto.ChoiceValue(fs.Unit, ck.Element)), true
		}
	}
	// A digit beside no element says what the keys are; a letter beside
	// none is left to whatever the annotator may have put on it.
	for _, ck := range guidelines.ChoiceKeys[:9] {
		if pressed == ck {
			m.setStatus(fmt.Sprintf("no %s on %s: the keys beside the %ss pick (%s)", k.elementNoun(), pressed, k.elementNoun(), pageKeys(choiceOwnKeys(m.cfg.Keys, keys))), false)
			return nil, true
		}
	}
	return nil, false
}

// elementNoun is what one element of the choice is called: the list's
// element, or a grouped item's row.
func (k *fileKind) elementNoun() string {
	if k.file.Item.Group != "" {
		return display.Field(k.file.RowNoun())
	}
	return display.Field(k.file.Item.ListName)
}

// choiceOwnKeys are a page's keys as the annotator has them ([labels] in their
// key config): what the screen names beside each element and under the
// step. A pressed key is read back as the scale's before the kind sees
// it (KeyConfig.translate).
func choiceOwnKeys(own *KeyConfig, keys []guidelines.ChoiceKey) []guidelines.ChoiceKey {
	out := slices.Clone(keys)
	for i := range out {
		out[i].Key = own.ownKey(out[i].Key)
	}
	return out
}

// pageKeys names a page's keys in the elements' order, a leading run of
// consecutive digits as a range: "1-9 b c e"; an annotator's own keys as
// they come ("d f 3").
func pageKeys(keys []guidelines.ChoiceKey) string {
	run := 0 // the leading digits 1, 2, 3 …
	for run < len(keys) && keys[run].Key == strconv.Itoa(run+1) {
		run++
	}
	var out []string
	if run > 2 {
		out = append(out, "1-"+strconv.Itoa(run))
	} else {
		run = 0
	}
	for _, ck := range keys[run:] {
		out = append(out, ck.Key)
	}
	return strings.Join(out, " ")
}

// choiceHelp is the help entries of a choice step: its page's keys, and
// the page keys when there is more than one page.
func (k *fileKind) choiceHelp(unit string) []key.Binding {
	n := k.pickable()
	var keys []string
	for _, ck := range guidelines.ChoicePage(n, k.page(unit)) {
		keys = append(keys, ck.Key)
	}
	out := []key.Binding{bind(keys, pageKeys(guidelines.ChoicePage(n, k.page(unit))), "pick one "+k.elementNoun())}
	if none := k.proto.NoneText(unit); none != "" {
		out = append(out, bind([]string{guidelines.ChoiceNoneKey}, guidelines.ChoiceNoneKey, none))
	}
	if guidelines.ChoicePages(n) > 1 {
		pk := guidelines.ChoicePageKeys
		out = append(out, bind(pk[:], pk[0]+" "+pk[1], "page of "+k.elementNoun()+"s"))
	}
	return out
}

// choiceView is a choice step: what the step shows of the item, then the
// page's elements, each with its key, the one picked marked; the choices
// line says which keys pick and, with more than one page, which page this
// is. The label weighs all of it (the elements are what is picked among).
func (k *fileKind) choiceView(m *hitScreen, h *hitState, fs guidelines.FileStep, width int) stepView {
	s := m.styles
	cur, has := h.labels[fs.Unit]
	cur = k.proto.ElementOf(fs.Unit, cur) // the element picked
	c := k.choiceLines(s, m.cfg.Keys, fs, k.page(fs.Unit), cur, has, width, k.header)
	return stepView{title: s.Title.Render(" " + fs.Title), short: s.Title.Render(" " + fs.Title), textRows: c,
		focus: [2]int{0, len(c.lines)}, choices: []string{k.choicesLine(s, m.cfg.Keys, fs.Unit, width)}, withTopic: true,
		given: m.givenLabel(h, fs.Unit)}
}

// choicesLine is the line under a choice step: "pick one facet: 1-9 b c e ·
// page 1 of 2 (< >)", shortened to fit w.
func (k *fileKind) choicesLine(s Styles, own *KeyConfig, unit string, w int) string {
	n, page := k.pickable(), k.page(unit)
	keys := pageKeys(choiceOwnKeys(own, guidelines.ChoicePage(n, page)))
	more := ""
	if pages := guidelines.ChoicePages(n); pages > 1 {
		more = fmt.Sprintf(" · page %d of %d (%s %s)", page+1, pages, guidelines.ChoicePageKeys[0], guidelines.ChoicePageKeys[1])
	}
	// A step's none (key 0) is said beside the elements' keys: nothing
	// else on the screen names it.
	none, noneShort := "", ""
	if text := k.proto.NoneText(unit); text != "" {
		key := own.ownKey(guidelines.ChoiceNoneKey)
		none, noneShort = " · "+key+" "+text, " "+key
	}
	for _, line := range []string{
		"   pick one " + k.elementNoun() + ": " + keys + none + more,
		" pick: " + keys + noneShort + more,
		" " + keys + noneShort + more,
	} {
		if lipgloss.Width(line) <= w {
			return s.Text.Render(line)
		}
	}
	return s.Text.Render(" " + keys)
}

// choiceLines lay out a choice step: the columns it shows (the group's
// once, at the top), then the elements of the page, each with its key
// (and its number, where keys and numbers part), the one picked (cur,
// when has) marked; a grouped item's rows with the columns shown of each.
func (k *fileKind) choiceLines(s Styles, own *KeyConfig, fs guidelines.FileStep, page, cur int, has bool, width int, omit string) textRows {
	var out textRows
	grouped := k.file.Item.Group != ""
	if len(k.rows) == 0 {
		return out
	}
	cols := k.shownColumns(fs, omit)
	if k.showsContext(fs) {
		out.add(contextLines(s, contextMessages(k.rows[0].Context), width))
	}
	if grouped {
		if g := k.file.Item.Group; omit != g && slices.Contains(fs.Show, g) {
			out.add(k.cell(s, g, k.rows[0].Cells[g], width, "", true))
		}
		// The group's shared columns (the request) once, at the top: a
		// row is then what is its own, its key beside that.
		var shared []string
		shared, cols = k.sharedColumns(cols)
		for _, c := range shared {
			out.add(k.cell(s, c, k.rows[0].Cells[c], width, "", false))
		}
	} else {
		for _, c := range cols {
			out.add(k.cell(s, c, k.rows[0].Cells[c], width, "", false))
		}
	}
	n := k.pickable()
	out.lines = append(out.lines, s.Dim.Render(fmt.Sprintf(" %ss · %d", k.elementNoun(), k.elements())))
	keys := choiceOwnKeys(own, guidelines.ChoicePage(n, page))
	// Past 9, or with keys of the annotator's own, a key is no longer its
	// element's number: the number shows beside it.
	numbered := n > 9 || slices.ContainsFunc(keys, func(ck guidelines.ChoiceKey) bool { return ck.Key != strconv.Itoa(ck.Element) })
	digits := len(strconv.Itoa(n))
	for _, ck := range keys {
		picked := has && cur == ck.Element
		mark, style := "   ", s.Text
		if picked {
			mark, style = s.Cursor.Render(" ▸ "), s.Title
		}
		head := mark + s.Accent.Render(ck.Key) + " "
		pad := 5
		if numbered {
			head += s.Dim.Render(fmt.Sprintf("%*d", digits, ck.Element)) + " "
			pad += digits + 1
		}
		if !grouped {
			el := k.rows[0].List[ck.Element-1]
			out.add(sourced(el, style.Render(el), width, strings.Repeat(" ", pad)).labelled(head))
			continue
		}
		// A row is its first shown column beside its key, its others
		// under it.
		row := k.rows[ck.Element-1]
		if len(cols) == 0 {
			out.lines = append(out.lines, head+style.Render(fmt.Sprintf("%s %d", k.elementNoun(), ck.Element)))
			continue
		}
		el := row.Cells[cols[0]]
		out.add(sourced(el, style.Render(el), width, strings.Repeat(" ", pad)).labelled(head))
		for _, c := range cols[1:] {
			out.add(k.cell(s, c, row.Cells[c], width, strings.Repeat(" ", pad-1), false))
		}
	}
	if rest := k.elements() - n; rest > 0 {
		out.lines = append(out.lines, s.Dim.Render(fmt.Sprintf(" %s past the first %d: none of them can be picked", display.Count(rest, k.elementNoun(), k.elementNoun()+"s"), n)))
	}
	return out
}
