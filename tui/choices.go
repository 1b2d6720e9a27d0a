package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/guidelines"
)

// The label choices under a step: each label's key (the annotator's, where
// their config moved it) and its name, the one given highlighted.

// givenLabel is the label unit has, as the annotator keys and names it
// ("2 Good", "3 some"), or "" where it has none: for the title of a step
// whose content shows it beside nothing (stepView.given).
func (m *hitScreen) givenLabel(h *hitState, unit string) string {
	v, ok := h.labels[unit]
	if !ok {
		return ""
	}
	return m.cfg.Keys.describe(h.proto, unit, v)
}

// labelsLine shows labels by key and name, the one given (cur, when has)
// highlighted, in w columns. Where the names do not fit whole the line
// closes up, then cuts the longest names first ("Excellent" to "Exc…"),
// none below a letter and "…": a key alone does not say what it means
// (5 is the best on one scale, the worst on another). Only where not even
// that fits do the keys show alone.
func (m *hitScreen) labelsLine(labels []guidelines.Label, cur int, has bool, w int) string {
	labels = m.cfg.Keys.ownScale(labels)
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = l.Name
	}
	if choicesWidth(labels, names, wideIndent, wideGap) <= w {
		return m.choiceParts(labels, names, cur, has, wideIndent, wideGap)
	}
	names = cutNames(names, w-choicesWidth(labels, nil, 0, 0))
	return m.choiceParts(labels, names, cur, has, 0, 0)
}

// The choices' indent and the gap between two choices where they fit
// whole; closed up, the space around each key and name keeps them apart
// and off the edge.
const (
	wideIndent = 3
	wideGap    = 2
)

// choicesWidth is the cells the choices take, with names (nil: keys
// alone), indent cells before them and gap cells between two.
func choicesWidth(labels []guidelines.Label, names []string, indent, gap int) int {
	w := indent + gap*max(0, len(labels)-1)
	for i, l := range labels {
		w += lipgloss.Width(l.Key) + 2 // " 2 "
		if i < len(names) && names[i] != "" {
			w += lipgloss.Width(names[i]) + 1 // "Good "
		}
	}
	return w
}

// cutNames shortens names until they and a space after each fit in room
// cells, one cell at a time off the longest; nil where even a letter and
// "…" each do not fit.
func cutNames(names []string, room int) []string {
	widths := make([]int, len(names))
	total := 0
	for i, n := range names {
		widths[i] = lipgloss.Width(n)
		total += widths[i] + 1
	}
	for total > room {
		longest := 0
		for i, w := range widths {
			if w > widths[longest] {
				longest = i
			}
		}
		if widths[longest] <= 2 {
			return nil
		}
		widths[longest]--
		total--
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = ansi.Truncate(n, widths[i], "…")
	}
	return out
}

// choiceParts lays out the choices: each key with its name (none where
// names is nil), indent cells before them and gap cells between two.
func (m *hitScreen) choiceParts(labels []guidelines.Label, names []string, cur int, has bool, indent, gap int) string {
	s := m.styles
	var parts []string
	for i, l := range labels {
		text := " " + l.Key + " "
		if i < len(names) && names[i] != "" {
			text += names[i] + " "
		}
		if has && cur == l.Value {
			if m.mono() { // no colour to show it (NO_COLOR, a dumb terminal): brackets do
				text = "[" + text[1:len(text)-1] + "]"
			}
			parts = append(parts, s.Chosen.Render(text))
		} else {
			parts = append(parts, s.Choice.Render(text))
		}
	}
	return strings.Repeat(" ", indent) + strings.Join(parts, strings.Repeat(" ", gap))
}
