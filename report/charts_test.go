package report

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/agreement"
)

// Hand-worked: labels 0, 1, 2, 2 on a 10-cell bar are 2.5, 2.5 and 5
// cells; the largest remainders (a tie, the lower category first) give
// the spare cell to 0, so the bar reads 2222211000 best first, with the
// shares 50%, 25%, 25% and n 4. Without colour the characters carry it all.
func TestLabelChartHandWorked(t *testing.T) {
	t.Parallel()
	scale := agreement.NewScale([]string{"0", "1", "2"})
	lines := LabelChart("Labels", scale, []agreement.LabelCount{{Name: "answer_set", Labels: []int{1, 1, 2}}}, 12+10+len("  2 50% 1 25% 0 25%  n 4"))
	got := ansi.Strip(lines[1])
	want := "answer set  2222211000  2 50% 1 25% 0 25%  n 4"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	// Narrower: the shares go, the bar stays at least 10 cells.
	narrow := ansi.Strip(LabelChart("Labels", scale, []agreement.LabelCount{{Name: "q", Labels: []int{0, 0, 3}}}, 30)[1])
	if narrow != "q           "+strings.Repeat("2", 30-12-len("  n 3"))+"  n 3" {
		t.Fatalf("narrow %q", narrow)
	}
}

// A pair's cell is its band's shade and its value; a pair with no unit in
// common shows —, the diagonal ·.
func TestKappaHeatmapHandWorked(t *testing.T) {
	t.Parallel()
	pairs := []agreement.Pair{
		{A: "ana", B: "bo", Kappa: agreement.Value{V: 0.62, Defined: true}},
		{A: "ana", B: "cy", Kappa: agreement.Value{}},
		{A: "bo", B: "cy", Kappa: agreement.Value{V: -0.13, Defined: true}},
	}
	var plain []string
	for _, l := range KappaHeatmap(pairs, 80) {
		plain = append(plain, ansi.Strip(l))
	}
	// A row: its name in 12 columns, two spaces, then cells six wide,
	// right-aligned, one space apart; the header numbers the columns.
	row := func(name string, cells ...string) string {
		s := name + strings.Repeat(" ", 12-len(name)) + " "
		for _, c := range cells {
			s += " " + strings.Repeat(" ", 6-len([]rune(c))) + c
		}
		return s
	}
	want := []string{
		"Cohen's κ between annotators",
		row("", "1", "2", "3"),
		row("1 ana", "·", "▓  .62", "—"),
		row("2 bo", "▓  .62", "·", "-.13"),
		row("3 cy", "—", "-.13", "·"),
	}
	for i, w := range want {
		if plain[i] != w {
			t.Fatalf("line %d\n got %q\nwant %q\n%s", i, plain[i], w, strings.Join(plain, "\n"))
		}
	}
}

// Every bar of a label chart is as long as the others at any width, the
// shares beside them as wide as they come (a row of "0 8%" beside one of
// "0 18%" drew a longer bar at 60 columns).
func TestLabelChartBarsAlike(t *testing.T) {
	scale := agreement.NewScale([]string{"0", "1", "2"})
	rows := []agreement.LabelCount{{Name: "question", Labels: []int{3, 20, 15}}, {Name: "answer_set", Labels: []int{11, 23, 28}},
		{Name: "landing", Labels: []int{39, 71, 94}}, {Name: "few", Labels: []int{0, 1, 0}}}
	for width := 30; width <= 120; width += 7 {
		lines := LabelChart("Labels per unit type", scale, rows, width)
		bars := map[int]bool{}
		for _, l := range lines[1:] {
			plain := ansi.Strip(l)[nameWidth:]
			n := len(plain) - len(strings.TrimLeft(plain, "012"))
			bars[n] = true
			if w := ansi.StringWidth(l); w > max(width, nameWidth+4+len("  n 204")) {
				t.Errorf("width %d: %q is %d wide", width, ansi.Strip(l), w)
			}
		}
		if len(bars) != 1 {
			t.Errorf("width %d: bars of %d lengths:\n%s", width, len(bars), ansi.Strip(strings.Join(lines, "\n")))
		}
	}
}

// A bar of n cells is n columns wide whatever script its labels are in:
// a label that starts with a wide character (好, 2 columns) or a
// combining mark (0 columns) has a one-column key, so every row of the
// chart fills its width as a row of numbers does, and no row is wider.
// Over 好 the bar was twice as long as the width it was given.
func TestLabelChartBarFillsItsWidthInColumns(t *testing.T) {
	t.Parallel()
	for _, cats := range [][]string{{"1", "2", "3", "4"}, {"差", "好"}, {"\u0301a", "b"}, {"好", "\u0301", "c"}} {
		scale := agreement.NewScale(cats)
		labels, other := make([]int, len(cats)), make([]int, len(cats))
		total := 0
		for i := range labels {
			labels[i], other[len(cats)-1-i] = 3+7*i, 3+7*i
			total += labels[i]
		}
		for width := 30; width <= 120; width += 9 {
			lines := LabelChart("Labels", scale, []agreement.LabelCount{{Name: "x", Labels: labels}, {Name: "y", Labels: other}}, width)
			for _, l := range lines[1:] {
				if w := ansi.StringWidth(l); w > width {
					t.Errorf("%q at %d: a row %d columns wide: %q", cats, width, w, ansi.Strip(l))
				}
			}
			for _, bar := range []int{4, 10, 37} {
				if got := ansi.StringWidth(drawBar(scale, labels, total, bar)); got != bar {
					t.Errorf("%q: a bar of %d cells is %d columns", cats, bar, got)
				}
			}
			for c := range cats {
				if k := catKey(scale, c); ansi.StringWidth(k) != 1 {
					t.Errorf("%q: category %d's key %q is %d columns", cats, c, k, ansi.StringWidth(k))
				}
			}
		}
	}
}
