package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/claritty/claritty/guidelines"
)

// bind makes a binding for keys, shown in help as k and desc.
func bind(keys []string, k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// hitKeys are the keys of the HIT screen. Labels sit on 2 1 0 and everything
// else is a single letter under the fingers, so labelling never needs a mouse.
type hitKeys struct {
	Review, Good, Fair, Bad, Rate, Next, Back  key.Binding
	Undo, OpenImage                            key.Binding
	Open, Flag, Note, Guide, Queue, Help, Quit key.Binding
	Pane, Adjudicate, Stats, Flags             key.Binding
	Up, Down, PageUp, PageDown                 key.Binding
}

func defaultHITKeys() hitKeys {
	return hitKeys{
		Review:     bind([]string{"enter"}, "enter", "reviewed"),
		Good:       bind([]string{"2"}, "2", "good"),
		Fair:       bind([]string{"1"}, "1", "fair"),
		Bad:        bind([]string{"0"}, "0", "bad"),
		Rate:       bind([]string{"1", "2", "3", "4", "5"}, "1-5", "rate"),
		OpenImage:  bind([]string{"o"}, "o", "open image"),
		Next:       bind([]string{"right"}, "→", "next step"),
		Back:       bind([]string{"left", "backspace", "h"}, "←", "back"),
		Undo:       bind([]string{"u"}, "u", "undo"),
		Open:       bind([]string{"o"}, "o", "results"),
		Flag:       bind([]string{"!"}, "!", "flag"),
		Note:       bind([]string{"n"}, "n", "note"),
		Guide:      bind([]string{"g"}, "g", "guideline"),
		Queue:      bind([]string{"l"}, "l", "queue"),
		Help:       bind([]string{"?"}, "?", "help"),
		Pane:       bind([]string{"tab"}, "tab", "agreement pane"),
		Adjudicate: bind([]string{"a"}, "a", "adjudicate (adjudicators, leads)"),
		Stats:      bind([]string{"s"}, "s", "statistics"),
		Flags:      bind([]string{"F"}, "F", "flags: review, withdraw"),
		Quit:       bind([]string{"q", "ctrl+c"}, "q", "quit"),
		Up:         bind([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:       bind([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:     bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown:   bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
	}
}

// shortHelp is the footer for the current step: on Step I the review key,
// elsewhere the labels; a conversation's ratings and image key.
func (k hitKeys) shortHelp(onSERP bool, kind string) []key.Binding {
	switch kind {
	case guidelines.ClariMM.Kind:
		return []key.Binding{k.Rate, k.Back, k.Undo, k.OpenImage, k.Down, k.Help, k.Quit, k.Pane, k.Flag, k.Note, k.Guide, k.Queue}
	case guidelines.Nuggets.Kind:
		return []key.Binding{k.Good, k.Fair, k.Bad, k.Down, k.Up, k.PageDown, k.Undo, k.Help, k.Quit, k.Pane, k.Flag, k.Note, k.Guide, k.Queue}
	}
	if onSERP {
		return []key.Binding{k.Review, k.Open, k.Down, k.Help, k.Quit, k.Pane, k.Flag, k.Note, k.Guide, k.Queue, k.Undo}
	}
	return []key.Binding{k.Good, k.Fair, k.Bad, k.Back, k.Undo, k.Help, k.Quit, k.Pane, k.Open, k.Flag, k.Note, k.Guide, k.Queue}
}

func (k hitKeys) fullHelp(kind string) [][]key.Binding {
	if kind == guidelines.Nuggets.Kind {
		return [][]key.Binding{
			{k.Good, k.Fair, k.Bad, k.Down, k.Up, k.Back, k.Undo},
			{k.Flag, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Flags},
			{k.PageUp, k.PageDown, k.Help, k.Quit},
		}
	}
	if kind == guidelines.ClariMM.Kind {
		return [][]key.Binding{
			{k.Rate, k.Review, k.Next, k.Back, k.Undo},
			{k.OpenImage, k.Flag, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Flags},
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Help, k.Quit},
		}
	}
	return [][]key.Binding{
		{k.Review, k.Good, k.Fair, k.Bad, k.Next, k.Back, k.Undo},
		{k.Open, k.Flag, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Help, k.Quit},
	}
}

// queueKeys are the keys of the queue screen.
type queueKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Open, Close, Quit key.Binding
}

func defaultQueueKeys() queueKeys {
	return queueKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		Top:      bind([]string{"home", "g"}, "g", "first"),
		Bottom:   bind([]string{"end", "G"}, "G", "last"),
		Open:     bind([]string{"enter"}, "enter", "open HIT"),
		Close:    bind([]string{"esc", "l"}, "esc", "back"),
		Quit:     bind([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

func (k queueKeys) shortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageDown, k.Top, k.Bottom, k.Open, k.Close, k.Quit}
}

// pagerKeys scroll the guideline and the help screen.
type pagerKeys struct {
	Up, Down, PageUp, PageDown, Close key.Binding
}

func defaultPagerKeys() pagerKeys {
	return pagerKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   bind([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "page down"),
		Close:    bind([]string{"esc", "q", "g", "?"}, "esc", "close"),
	}
}

func (k pagerKeys) shortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageDown, k.Close}
}

// promptKeys is the footer while a flag or note prompt has the keyboard.
func promptKeys() []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// helpKeyMap adapts a list of bindings to help.KeyMap.
type helpKeyMap []key.Binding

func (h helpKeyMap) ShortHelp() []key.Binding  { return h }
func (h helpKeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{h} }

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

// shortHelp is the key line for keys, as help renders it, kept for the
// next frame with the same keys and width (new colours clear it).
func (m *Model) shortHelp(keys []key.Binding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", m.help.Width())
	for _, k := range keys {
		h := k.Help()
		fmt.Fprintf(&b, "\x00%s\x01%s\x01%t", h.Key, h.Desc, k.Enabled())
	}
	id := b.String()
	if line, ok := m.helpLines[id]; ok {
		return line
	}
	if m.helpLines == nil || len(m.helpLines) > 64 {
		m.helpLines = map[string]string{}
	}
	line := m.help.ShortHelpView(keys)
	m.helpLines[id] = line
	return line
}
