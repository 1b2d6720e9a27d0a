package report

import (
	"cmp"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
)

// The charts are text first: every value is carried by characters (a
// category's own key in its bar, a kappa's digits and shade in its cell),
// so they read the same on a terminal without colour, in a file and on
// paper. Colour is added with Lip Gloss; the writer or the program that
// shows them brings it down to what the terminal has.

// nameWidth is the column of row names: unit types, annotators.
const nameWidth = 12

// LabelChart draws one bar per row, each the row's labels as shares of
// 100%, every cell the key of its category (its label as files write it,
// first character), then the shares and the number of labels. It fits in
// width columns: the shares go first, then the bars narrow to 10. Every
// bar of a chart is as long as the others, so they compare by eye.
func LabelChart(title string, scale agreement.Scale, rows []agreement.LabelCount, width int) []string {
	out := []string{display.FitWords(title, width)}
	q := len(scale.Categories)
	totals, tails, shorts := make([]int, len(rows)), make([]string, len(rows)), make([]string, len(rows))
	long, short := 0, 0 // the widest tail with shares, and without
	for i, r := range rows {
		for _, n := range r.Labels {
			totals[i] += n
		}
		if totals[i] == 0 {
			continue
		}
		var shares []string
		for c := q - 1; c >= 0; c-- {
			shares = append(shares, fmt.Sprintf("%s %d%%", catKey(scale, c), (r.Labels[c]*100+totals[i]/2)/totals[i]))
		}
		shorts[i] = fmt.Sprintf("  n %d", totals[i])
		tails[i] = "  " + strings.Join(shares, " ") + shorts[i]
		long, short = max(long, lipgloss.Width(tails[i])), max(short, lipgloss.Width(shorts[i]))
	}
	bar := width - nameWidth - long
	if bar < 10 {
		tails, bar = shorts, width-nameWidth-short
	}
	bar = min(40, max(4, bar))
	for i, r := range rows {
		name := fitName(strings.ReplaceAll(display.Clean(r.Name), "_", " "))
		if totals[i] == 0 {
			out = append(out, name+" no labels")
			continue
		}
		out = append(out, name+drawBar(scale, r.Labels, totals[i], bar)+tails[i])
	}
	return out
}

// drawBar is a bar of width cells split among the categories by the
// largest-remainder rule, so the cells always add up to the width; the
// best category comes first, as the scales list them.
func drawBar(scale agreement.Scale, labels []int, total, width int) string {
	q := len(labels)
	cells := make([]int, q)
	used := 0
	rem := make([]int, q)
	for c, n := range labels {
		cells[c] = n * width / total
		rem[c] = n * width % total
		used += cells[c]
	}
	for ; used < width; used++ {
		best := 0
		for c := range rem {
			if rem[c] > rem[best] {
				best = c
			}
		}
		cells[best]++
		rem[best] = -1
	}
	var b strings.Builder
	for c := q - 1; c >= 0; c-- {
		if cells[c] > 0 {
			b.WriteString(categoryStyle(c, q).Render(strings.Repeat(catKey(scale, c), cells[c])))
		}
	}
	return b.String()
}

// catKey is the character that stands for category c: its label's first
// that fills one cell, so a bar of n cells is n columns wide whatever
// script the label is in (a wide 好 would draw it twice as long, a
// combining mark not at all); the category's number for a label with none.
func catKey(scale agreement.Scale, c int) string {
	for _, r := range display.Clean(scale.Categories[c]) {
		if k := string(r); ansi.StringWidth(k) == 1 {
			return k
		}
	}
	return strconv.Itoa((c + 1) % 10)
}

// categoryStyle colours category c of q from red (lowest) to green
// (highest).
func categoryStyle(c, q int) lipgloss.Style {
	ramp := []color.Color{lipgloss.Color("#D7263D"), lipgloss.Color("#F46036"), lipgloss.Color("#E2C044"),
		lipgloss.Color("#9BC53D"), lipgloss.Color("#1B998B")}
	i := 0
	if q > 1 {
		i = c * (len(ramp) - 1) / (q - 1)
	}
	return lipgloss.NewStyle().Foreground(ramp[i])
}

// Kappa shades, Landis and Koch's bands: below .2 slight, to .4 fair, to .6
// moderate, to .8 substantial, above almost perfect.
var kappaShades = []struct {
	below float64
	glyph string
	bg    string
}{{0.2, " ", "#5A1A1A"}, {0.4, "░", "#7A4A12"}, {0.6, "▒", "#6B6B12"}, {0.8, "▓", "#2E6B1F"}, {2, "█", "#145A32"}}

// KappaHeatmap draws Cohen's kappa between each pair of annotators as a
// matrix: a cell is a shade (its band) and the value, "—" where kappa is
// undefined (no unit in common, one, no variation), and a footnote says
// why for each such cell. Rows are named, columns numbered; as many
// annotators as fit in width are shown, and a line says how many were
// left out.
func KappaHeatmap(pairs []agreement.Pair, width int) []string {
	var names []string
	index := map[string]int{}
	for _, p := range pairs {
		for _, n := range []string{p.A, p.B} {
			if _, ok := index[n]; !ok {
				index[n] = len(names)
				names = append(names, n)
			}
		}
	}
	out := []string{display.FitWords("Cohen's κ between annotators", width)}
	if len(names) < 2 {
		return append(out, "  fewer than two annotators share a unit")
	}
	const cell = 7
	shown := min(len(names), max(2, (width-nameWidth-2)/cell))
	kappa := map[[2]int]agreement.Value{}
	for _, p := range pairs {
		a, b := index[p.A], index[p.B]
		kappa[[2]int{a, b}], kappa[[2]int{b, a}] = p.Kappa, p.Kappa
	}
	head := strings.Repeat(" ", nameWidth+2)
	for j := range shown {
		head += fmt.Sprintf("%*d ", cell-1, j+1)
	}
	out = append(out, strings.TrimRight(head, " "))
	for i := range shown {
		row := fitName(fmt.Sprintf("%d %s", i+1, display.Clean(names[i]))) + "  "
		for j := range shown {
			row += kappaCell(kappa[[2]int{i, j}], i == j, cell-1) + " "
		}
		out = append(out, strings.TrimRight(row, " "))
	}
	if shown < len(names) {
		out = append(out, display.FitWords(fmt.Sprintf("  … and %s (claritty agree --pairs --json has every pair)",
			display.Count(len(names)-shown, "more annotator", "more annotators")), width))
	}
	out = append(out, display.FitWords("  ░ .2–.4 fair  ▒ .4–.6 moderate  ▓ .6–.8 substantial  █ .8– almost perfect", width))
	if why := undefinedCells(pairs, index, shown); why != "" {
		for _, l := range wrapped("— undefined: "+why, width-2) {
			out = append(out, "  "+l)
		}
	}
	return out
}

// undefinedCells says why each "—" among the first shown annotators'
// cells is, each reason short (before its colon) with the cells it
// covers: "one shared unit (1–2); no shared unit (1–3, 2–3)".
func undefinedCells(pairs []agreement.Pair, index map[string]int, shown int) string {
	why := map[[2]int]string{} // every pair's reason, "" where its kappa is defined
	for _, p := range pairs {
		a, b := index[p.A], index[p.B]
		reason := ""
		if !p.Kappa.Defined {
			reason, _, _ = strings.Cut(p.Undefined, ":")
			reason = cmp.Or(reason, "undefined")
		}
		why[[2]int{min(a, b), max(a, b)}] = reason
	}
	var reasons []string
	cells := map[string][]string{}
	for i := range shown {
		for j := i + 1; j < shown; j++ {
			reason, paired := why[[2]int{i, j}]
			if !paired {
				reason = "no shared unit"
			}
			if reason == "" {
				continue
			}
			if cells[reason] == nil {
				reasons = append(reasons, reason)
			}
			cells[reason] = append(cells[reason], fmt.Sprintf("%d–%d", i+1, j+1))
		}
	}
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		parts[i] = fmt.Sprintf("%s (%s)", r, strings.Join(cells[r], ", "))
	}
	return strings.Join(parts, "; ")
}

// kappaCell is one cell of the heatmap, width wide.
func kappaCell(v agreement.Value, self bool, width int) string {
	switch {
	case self:
		return fmt.Sprintf("%*s", width, "·")
	case !v.Defined:
		return fmt.Sprintf("%*s", width, "—")
	}
	shade := kappaShades[len(kappaShades)-1]
	for _, s := range kappaShades {
		if v.V < s.below {
			shade = s
			break
		}
	}
	text := fmt.Sprintf("%s%*s", shade.glyph, width-1, shortCoef(v.V))
	return lipgloss.NewStyle().Background(lipgloss.Color(shade.bg)).Foreground(lipgloss.Color("#F0F0F0")).Render(text)
}

// shortCoef writes a coefficient in four characters: .62, -.13, 1.00.
func shortCoef(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	switch {
	case strings.HasPrefix(s, "0."):
		return s[1:]
	case strings.HasPrefix(s, "-0."):
		return "-" + s[2:]
	}
	return s
}

// fitName is a row name in the name column, shortened at its end.
func fitName(name string) string {
	name = ansi.Truncate(name, nameWidth-1, "…")
	return name + strings.Repeat(" ", nameWidth-lipgloss.Width(name))
}
