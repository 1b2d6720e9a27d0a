package tui

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Styles are every style the screens use, built from a few semantic colours
// so that screens never name a colour themselves.
type Styles struct {
	Brand, Header, Title, Text, Dim, Accent lipgloss.Style
	StepDone, StepCurrent, StepTodo         lipgloss.Style
	Chosen, Choice                          lipgloss.Style
	Cursor                                  lipgloss.Style
	Error, OK                               lipgloss.Style
	Bar, BarEmpty                           lipgloss.Style
	Status                                  map[string]lipgloss.Style
}

// DefaultStyles builds the styles for a dark or light terminal background.
func DefaultStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	var (
		accent = ld(lipgloss.Color("#5A3FC0"), lipgloss.Color("#A48BFF"))
		text   = ld(lipgloss.Color("#1F1F1F"), lipgloss.Color("#E8E8E8"))
		dim    = ld(lipgloss.Color("#6B6B6B"), lipgloss.Color("#8C8C8C"))
		good   = ld(lipgloss.Color("#1E7B34"), lipgloss.Color("#5FD37A"))
		warn   = ld(lipgloss.Color("#9A6700"), lipgloss.Color("#E3B341"))
		bad    = ld(lipgloss.Color("#B3261E"), lipgloss.Color("#FF7B72"))
		inv    = ld(lipgloss.Color("#FFFFFF"), lipgloss.Color("#111111"))
	)
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	return Styles{
		Brand:       fg(accent).Bold(true),
		Header:      fg(text),
		Title:       fg(text).Bold(true),
		Text:        fg(text),
		Dim:         fg(dim),
		Accent:      fg(accent),
		StepDone:    fg(good),
		StepCurrent: fg(accent).Bold(true),
		StepTodo:    fg(dim),
		Chosen:      lipgloss.NewStyle().Foreground(inv).Background(accent).Bold(true),
		Choice:      fg(text),
		Cursor:      fg(accent).Bold(true),
		Error:       fg(bad).Bold(true),
		OK:          fg(good),
		Bar:         fg(accent),
		BarEmpty:    fg(dim),
		Status: map[string]lipgloss.Style{
			"to do":       fg(dim),
			"in progress": fg(warn),
			"done":        fg(good),
			"flagged":     fg(bad),
			"not needed":  fg(dim),
		},
	}
}
