package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// roleCells is the widest a role's margin grows: a longer role is cut.
const roleCells = 10

// turnLabels are the labels turn n (from 0) has, of every step per turn,
// as ClariMM's turn heads show their relevance on every step.
func (k *fileKind) turnLabels(s Styles, n int, labels map[string]int, own *KeyConfig) string {
	out := ""
	for _, st := range k.file.Steps {
		if st.Per != guidelines.PerElement {
			continue
		}
		if v, ok := labels[fmt.Sprintf("%s_%d", st.Unit, n+1)]; ok {
			out += s.Dim.Render("  · " + display.Field(st.Unit) + " " + own.describe(k.proto, st.Unit, v))
		}
	}
	return out
}

// turnLines draw a protocol file's conversation (item.conversation) as
// ClariMM's is drawn: each turn headed, the turn being labelled on a per
// turn step marked, its label once given beside its head; each turn's text
// with its role in the margin, and its images named (a protocol file's
// image paths are the data file's, which claritty does not keep: no
// preview, and o does not open them). at is the marked turn's lines.
func (k *fileKind) turnLines(s Styles, fs guidelines.FileStep, r guidelines.ShownRow, index int, labels map[string]int, own *KeyConfig, width int) (out textRows, at [2]int) {
	margin := 3 + 4 // "   " and at least "user"
	for _, role := range append(slices.Clone(r.Roles), r.SaidBy...) {
		margin = max(margin, 3+min(roleCells, ansi.StringWidth(role))+1)
	}
	for n, text := range r.List {
		current := fs.Per == guidelines.PerElement && n == index
		if current {
			at[0] = len(out.lines)
		}
		out.lines = append(out.lines, turnHead(s, n+1, current)+k.turnLabels(s, n, labels, own))
		style := s.Text
		if current {
			style = s.Title
		}
		role := ""
		if n < len(r.Roles) {
			role = display.FitWords(r.Roles[n], roleCells)
		}
		if len(r.SaidBy) > 0 {
			role = display.FitWords(r.SaidBy[0], roleCells)
		}
		out.add(turnSaid(s, role, margin, text, style, width))
		if n < len(r.Images) {
			for j, img := range r.Images[n] {
				pad := strings.Repeat(" ", margin)
				line := s.Dim.Render(fmt.Sprintf("[%d] image %s", j+1, img))
				out.lines = append(out.lines, labelled(wrap(line, width, pad), pad)...)
			}
		}
		// The turn's other texts (item.turn.said: ClariMM's answer), each
		// with who says it.
		for j := 1; n < len(r.Said) && j < len(r.Said[n]); j++ {
			by := ""
			if j < len(r.SaidBy) {
				by = display.FitWords(r.SaidBy[j], roleCells)
			}
			out.add(turnSaid(s, by, margin, display.Clean(r.Said[n][j]), s.Text, width))
		}
		if current {
			at[1] = len(out.lines)
		}
		out.lines = append(out.lines, "")
	}
	return out, at
}
