package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// roleCells is the widest a role's margin grows: a longer role is cut.
const roleCells = 10

// turnLines draw a protocol file's conversation (item.conversation) as
// ClariMM's is drawn: each turn headed, the turn being labelled on a per
// turn step marked, its label once given beside its head; each turn's text
// with its role in the margin, and its images named (a protocol file's
// image paths are the data file's, which claritty does not keep: no
// preview, and o does not open them). at is the marked turn's lines.
func (k *fileKind) turnLines(s Styles, fs guidelines.FileStep, r guidelines.ShownRow, index int, labels map[string]int, own *KeyConfig, width int) (out textRows, at [2]int) {
	margin := 3 + 4 // "   " and at least "user"
	for _, role := range r.Roles {
		margin = max(margin, 3+min(roleCells, ansi.StringWidth(role))+1)
	}
	for n, text := range r.List {
		current := fs.Per == guidelines.PerElement && n == index
		if current {
			at[0] = len(out.lines)
		}
		head := turnHead(s, n+1, current)
		if v, ok := labels[fmt.Sprintf("%s_%d", fs.Unit, n+1)]; ok && fs.Per == guidelines.PerElement {
			head += s.Dim.Render("  · " + display.Field(fs.Unit) + " " + own.describe(k.proto, fs.Unit, v))
		}
		out.lines = append(out.lines, head)
		style := s.Text
		if current {
			style = s.Title
		}
		role := ""
		if n < len(r.Roles) {
			role = display.FitWords(r.Roles[n], roleCells)
		}
		out.add(turnSaid(s, role, margin, text, style, width))
		if n < len(r.Images) {
			for j, img := range r.Images[n] {
				pad := strings.Repeat(" ", margin)
				line := s.Dim.Render(fmt.Sprintf("[%d] image %s", j+1, img))
				out.lines = append(out.lines, labelled(wrap(line, width, pad), pad)...)
			}
		}
		if current {
			at[1] = len(out.lines)
		}
		out.lines = append(out.lines, "")
	}
	return out, at
}
