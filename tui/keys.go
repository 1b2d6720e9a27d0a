package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/claritty/claritty/guidelines"
)

// bind makes a binding for keys, shown in help as k and desc.
func bind(keys []string, k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// labelKeys are the help entries of a scale's keys, in the scale's order.
// Each key is the one the scale gives (the protocol's, or the item's sides
// for a comparison): the same the HIT screen dispatches on
// (Protocol.ValueOfKey), so the footer cannot show a key that does
// something else. words says what each does; labels without a key are
// left out.
func labelKeys(scale []guidelines.Label, words func(guidelines.Label) string) []key.Binding {
	var out []key.Binding
	for _, l := range scale {
		if l.Key != "" {
			out = append(out, bind([]string{l.Key}, l.Key, words(l)))
		}
	}
	return out
}

// lowerName is a label's name as help words: "good" for Good.
func lowerName(l guidelines.Label) string { return strings.ToLower(l.Name) }

// keyRange is one help entry for the numbered keys of a scale that keep
// passes, shown as their range ("1-5").
func keyRange(scale []guidelines.Label, words string, keep func(guidelines.Label) bool) key.Binding {
	var keys []string
	lo, hi := 0, 0
	for _, l := range scale {
		n, err := strconv.Atoi(l.Key)
		if err != nil || !keep(l) {
			continue
		}
		if len(keys) == 0 || n < lo {
			lo = n
		}
		if len(keys) == 0 || n > hi {
			hi = n
		}
		keys = append(keys, l.Key)
	}
	slices.Sort(keys)
	return bind(keys, fmt.Sprintf("%d-%d", lo, hi), words)
}

// hintKey names a binding's key in a hint ("q quits", "(j, pgdn)"): its
// first key that is one character, else the key its help shows (enter,
// tab, pgdn, ctrl+n). Every hint names keys through it, from the key map
// bound on screen, so a key the annotator moved is named where it went.
func hintKey(b key.Binding) string {
	for _, k := range b.Keys() {
		if utf8.RuneCountInString(k) == 1 {
			return k
		}
	}
	return b.Help().Key
}

// keyNames names the keys of bindings in a hint ("k, pgup"), leaving out
// one that is off on the screen (its key the screen's own there).
func keyNames(bs ...key.Binding) string {
	var names []string
	for _, b := range bs {
		if b.Enabled() {
			names = append(names, hintKey(b))
		}
	}
	if len(names) == 0 {
		return "no key here"
	}
	return strings.Join(names, ", ")
}

// scrollHints name the keys that scroll a step's content, for its "↑/↓ N
// more" markers: the line and the page keys, or the page keys alone where
// the kind keeps the line keys for itself (pageOnly).
func (m *hitScreen) scrollHints(pageOnly bool) (up, down string) {
	k := m.keys
	if pageOnly {
		return hintKey(k.PageUp), hintKey(k.PageDown)
	}
	return hintKey(k.Up) + ", " + hintKey(k.PageUp), hintKey(k.Down) + ", " + hintKey(k.PageDown)
}

// sharedKeys are the keys every screen has: help for its keys, and quit
// (every label is saved already). Each screen's key map embeds them.
type sharedKeys struct {
	Help, Quit key.Binding
}

// helpDesc is the help key's word in a footer, which finds it there.
const helpDesc = "help"

func defaultSharedKeys() sharedKeys {
	return sharedKeys{
		Help: bind([]string{"?"}, "?", helpDesc),
		Quit: bind([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

// globals are the shared keys as the global actions a config binds.
func (k *sharedKeys) globals() []action {
	return []action{{"help", &k.Help}, {"quit", &k.Quit}}
}

// hitKeys are the keys of the HIT screen. Labels sit on 2 1 0 and everything
// else is a single letter under the fingers, so labelling never needs a mouse.
type hitKeys struct {
	Review, Next, Back                      key.Binding
	Undo                                    key.Binding
	OpenImage                               key.Binding // a conversation's (conversationHITKeys): other kinds have no images
	Open, Flag, Note, Guide, Queue          key.Binding
	Later, GiveBack                         key.Binding
	Pane, Adjudicate, Stats, Flags, Quality key.Binding
	Up, Down, PageUp, PageDown              key.Binding
	GuideUp, GuideDown                      key.Binding
	// PassageUp and PassageDown scroll a protocol file's passage in its
	// own window (kind_passage.go).
	PassageUp, PassageDown key.Binding
	sharedKeys
}

func defaultHITKeys() hitKeys {
	return hitKeys{
		Review:      bind([]string{"enter"}, "enter", "reviewed"),
		Next:        bind([]string{"right"}, "→", "next step"),
		Back:        bind([]string{"left", "backspace", "h"}, "←", "back"),
		Undo:        bind([]string{"u"}, "u", "undo"),
		Open:        bind([]string{"o"}, "o", "results"),
		Flag:        bind([]string{"!"}, "!", "flag"),
		Later:       bind([]string{"z"}, "z", "later: to the end of your queue"),
		GiveBack:    bind([]string{"R"}, "R", "give back to others"),
		Note:        bind([]string{"n"}, "n", "note"),
		Guide:       bind([]string{"g"}, "g", "guideline"),
		Queue:       bind([]string{"l"}, "l", "queue"),
		Pane:        bind([]string{"tab"}, "tab", "agreement pane"),
		Adjudicate:  bind([]string{"a"}, "a", "adjudicate (adjudicators, leads)"),
		Stats:       bind([]string{"s"}, "s", "statistics"),
		Flags:       bind([]string{"F"}, "F", "flags: review, withdraw"),
		Quality:     bind([]string{"Q"}, "Q", "annotators' quality (adjudicators, leads)"),
		Up:          bind([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:        bind([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:      bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown:    bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		GuideUp:     bind([]string{"K"}, "K", "guidance up"),
		GuideDown:   bind([]string{"J"}, "J", "guidance down"),
		PassageUp:   bind([]string{"["}, "[", "passage up"),
		PassageDown: bind([]string{"]"}, "]", "passage down"),
		sharedKeys:  defaultSharedKeys(),
	}
}

// queueKeys are the keys of the queue screen.
type queueKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Open, Close, Jump key.Binding
	Filter, Search, Clear                                      key.Binding
	sharedKeys
}

// boundBy is the queue's key map with the global actions where the
// config binds them (bindGlobal): quitting, help and moving the cursor.
func (k queueKeys) boundBy(c *KeyConfig) queueKeys {
	own := []key.Binding{k.Top, k.Bottom, k.Open, k.Close, k.Jump, k.Filter, k.Search, k.Clear}
	c.bindGlobal(own, append(k.globals(), action{"up", &k.Up}, action{"down", &k.Down},
		action{"page_up", &k.PageUp}, action{"page_down", &k.PageDown})...)
	return k
}

func defaultQueueKeys() queueKeys {
	return queueKeys{
		Up:         bind([]string{"up", "k"}, "↑/k", "up"),
		Down:       bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:     bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown:   bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		Top:        bind([]string{"home", "g"}, "g", "first"),
		Bottom:     bind([]string{"end", "G"}, "G", "last"),
		Jump:       bind([]string{":"}, ":", "go to a HIT by number or item id"),
		Filter:     bind([]string{"f"}, "f", "filter by state"),
		Search:     bind([]string{"/"}, "/", "find"),
		Clear:      bind([]string{"esc"}, "esc", "clear the filter"),
		Open:       bind([]string{"enter"}, "enter", "open HIT"),
		Close:      bind([]string{"esc", "l"}, "esc", "back"),
		sharedKeys: defaultSharedKeys(),
	}
}

// pagerKeys scroll the guideline and the help screen.
type pagerKeys struct {
	Up, Down, PageUp, PageDown, Close key.Binding
	// Left, Right pan the statistics' tables.
	Left, Right key.Binding
}

func defaultPagerKeys() pagerKeys {
	return pagerKeys{
		Left:     bind([]string{"left", "h"}, "←/h", "left"),
		Right:    bind([]string{"right", "l"}, "→/l", "right"),
		Up:       bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		Close:    bind([]string{"esc", "q", "g", "?"}, "esc", "close"),
	}
}

// boundBy is the pagers' key map with the scrolling keys where the
// config binds them, and closed by esc and the keys that quit, open the
// help and open the guideline as it binds them (the built-in q ? g).
func (k pagerKeys) boundBy(c *KeyConfig) pagerKeys {
	own := []key.Binding{k.Left, k.Right}
	c.bindGlobal(own, action{"up", &k.Up}, action{"down", &k.Down}, action{"page_up", &k.PageUp}, action{"page_down", &k.PageDown})
	closing := []string{"esc"}
	hit := defaultHITKeys()
	for _, a := range []action{{"quit", &hit.Quit}, {"help", &hit.Help}, {"guide", &hit.Guide}} {
		c.bindGlobal(own, a)
		closing = append(closing, slices.DeleteFunc(slices.Clone(a.b.Keys()), func(k string) bool { return k == "ctrl+c" })...)
	}
	k.Close = bind(closing, "esc", k.Close.Help().Desc)
	return k
}

func (k pagerKeys) shortHelp() []key.Binding {
	return []key.Binding{k.Close, k.Down, k.Up, k.PageDown, k.PageUp}
}

// scrollDelta is how many lines a scroll key moves: one, or a page.
func scrollDelta(msg fmt.Stringer, up, down, pageUp, pageDown key.Binding, page int) int {
	page = max(1, page)
	switch {
	case key.Matches(msg, down):
		return 1
	case key.Matches(msg, up):
		return -1
	case key.Matches(msg, pageDown):
		return page
	case key.Matches(msg, pageUp):
		return -page
	}
	return 0
}

// keyLine is the footer for keys at width, kept for the next frame with
// the same keys and width (new colours clear it): it is the same for most
// frames and costly to measure.
func (m *Model) keyLine(keys []key.Binding, width int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(width))
	for _, k := range keys {
		h := k.Help()
		b.WriteString("\x00" + h.Key + "\x01" + h.Desc + "\x01" + strconv.FormatBool(k.Enabled()))
	}
	id := b.String()
	if line, ok := m.helpLines[id]; ok {
		return line
	}
	if m.helpLines == nil || len(m.helpLines) > 64 {
		m.helpLines = map[string]string{}
	}
	line := m.fitKeys(keys, width)
	m.helpLines[id] = line
	return line
}

// helpContent is the help screen's keys and notes for the screen under it.
func (m *Model) helpContent() (groups [][]key.Binding, notes []string) {
	switch m.screen {
	case screenQueue:
		return m.queue.FullHelp(), []string{"enter opens the HIT under the cursor; one you have not started yet only if its policy has room for you."}
	case screenFlags:
		return m.flags.FullHelp(), []string{"Leads and adjudicators uphold (u) or clear (c) a flag with a reason; you withdraw your own (w)."}
	case screenAdjudicate:
		return m.adj.FullHelp(), []string{
			"Each decision is saved the moment you key it and becomes the unit's gold label; x withdraws it.",
			"r adds a reason to the decision on screen, or to the one just made.",
			"d lists decided units too, to revisit them; esc goes back to your HITs.",
		}
	}
	kind, k := m.hit.kind(), m.hit.keys
	name := func(b key.Binding) string { return b.Help().Key }
	notes = []string{
		"Each label is saved the moment you key it; " + name(k.Quit) + " just leaves.",
		name(k.Undo) + " takes back the last label of this HIT; " + name(k.Back) + " goes back a step to change one.",
		name(k.Note) + " writes a note on this " + kind.noun() + " for the lead; it shows under the step once saved, and " + name(k.Note) + " edits it.",
		"Flag: " + name(k.Flag) + " then s sensitive · i inappropriate · b broken · o other, a note, enter.",
		name(k.Later) + " puts this " + kind.noun() + " off: it comes back once you have no other. " + name(k.GiveBack) +
			" gives it back for others to do (y confirms); it is not offered to you again.",
		name(k.Flags) + " lists flags: your own to withdraw (w); leads and adjudicators uphold (u) or clear (c).",
		"Queue: " + name(k.Queue) + " lists your HITs; f shows one state at a time, / finds text, : goes to a HIT by number or item id; enter opens one.",
		"Pane: " + name(k.Pane) + " shows agreement and progress beside the HIT, updated after each HIT you finish; it counts only what you can no longer be given, so others' labels never show early.",
	}
	if s := m.cfg.Keys.Summary(); s != "" {
		notes = append(notes, s)
	}
	return m.hit.FullHelp(), notes
}

// helpColumns lays out groups of bindings as columns side by side where
// they fit in width, else one under another: no binding is ever left out.
func (m *Model) helpColumns(groups [][]key.Binding, width int) []string {
	st := m.help.Styles
	var cols [][]string
	for _, g := range groups {
		keyW := 0
		for _, k := range g {
			keyW = max(keyW, lipgloss.Width(k.Help().Key))
		}
		var col []string
		for _, k := range g {
			if !k.Enabled() {
				continue
			}
			h := k.Help()
			col = append(col, st.FullKey.Render(h.Key+strings.Repeat(" ", keyW-lipgloss.Width(h.Key)))+" "+st.FullDesc.Render(h.Desc))
		}
		cols = append(cols, col)
	}
	const gap = 4
	total, height := 0, 0
	for _, c := range cols {
		total, height = total+colWidth(c)+gap, max(height, len(c))
	}
	if total-gap+1 <= width {
		rows := make([]string, height)
		for _, c := range cols {
			w := colWidth(c)
			for i := range rows {
				cell := ""
				if i < len(c) {
					cell = c[i]
				}
				rows[i] += cell + strings.Repeat(" ", w-lipgloss.Width(cell)+gap)
			}
		}
		return indent(rows)
	}
	var out []string
	for i, c := range cols {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, c...)
	}
	return indent(out)
}

func colWidth(c []string) int {
	w := 0
	for _, l := range c {
		w = max(w, lipgloss.Width(l))
	}
	return w
}

func indent(lines []string) []string {
	for i := range lines {
		lines[i] = " " + strings.TrimRight(lines[i], " ")
	}
	return lines
}
