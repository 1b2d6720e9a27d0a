package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
)

// AgreementLayout is how wide WriteAgreement lays its tables out.
type AgreementLayout struct {
	// Wide puts every coefficient of a type on one row (153 columns);
	// else the coefficients come in three tables of at most 80 columns,
	// and the prose wraps at 80.
	Wide bool
}

// WriteAgreement prints an agreement report as tables for people: what
// names the labels' source, ratings says they are ClariMM ratings (read the
// ordinal figures), people adds the pairs and each annotator against the
// majority (a report from every label; the kept table has no people).
func WriteAgreement(w io.Writer, rep agreement.Report, what string, opt agreement.Options, ratings, people bool, layout AgreementLayout) error {
	if u := rep.Units; u.Units > 0 && !anyPaired(rep) {
		_, err := fmt.Fprintf(w, "No agreement figure in %s: each of its %d units has a single label. Agreement needs units "+
			"labelled by two or more annotators (claritty policy --min 2 or more, and their finished HITs).\n", what, u.Units)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if rep.Scale.Nominal {
		layout.prose(tw, fmt.Sprintf("Agreement in %s; categories, in no order: %s.", what, strings.Join(rep.Scale.Categories, ", ")))
		layout.prose(tw, "Read Fleiss' κ, AC1 and α nominal; ordinal and interval alpha would read an order into them.")
	} else {
		layout.prose(tw, fmt.Sprintf("Agreement in %s; categories in order: %s.", what, strings.Join(rep.Scale.Categories, " < ")))
	}
	if rep.Scale.Values == nil && !rep.Scale.Nominal {
		fmt.Fprintln(tw, "The categories are not numbers, so interval alpha is undefined.")
	}
	if ratings {
		layout.prose(tw, "These are ratings: ordinal, not nominal. Read α ordinal, α interval (the points taken as "+
			"equally spaced) and the pairs' quadratic-weighted κ; Fleiss' κ, AC1 and α nominal count a "+
			"4 against a 5 as fully as a 1 against a 5.")
	}
	ci := func(i agreement.Interval) any { return usedOf(i, opt.Bootstrap) }
	if opt.Bootstrap > 0 {
		layout.prose(tw, fmt.Sprintf("Intervals: 95%%, bootstrap over rated units, %d replicates drawn, seed %d; one resting "+
			"on fewer (a replicate where its coefficient is undefined is dropped) says how many: \"(990 used)\".", opt.Bootstrap, opt.Seed))
		fmt.Fprintln(tw)
	} else {
		fmt.Fprint(tw, "No intervals (--bootstrap 0).\n\n")
		ci = func(agreement.Interval) any { return "—" }
	}
	if rep.Scale.Unpooled {
		layout.prose(tw, fmt.Sprintf("The unit types have scales of their own (%s): no figure pools them.", strings.Join(typeNames(rep), ", ")))
		fmt.Fprintln(tw)
	}
	if rep.MinRaters > 1 {
		fmt.Fprintf(tw, "Units with fewer than %d labels are left out of every figure (--min-raters).\n\n", rep.MinRaters)
	}
	var warnings []string
	for _, t := range rep.Rows() {
		if t.Withheld == "" {
			warnings = append(warnings, t.Warnings()...)
		}
	}
	writeCoefficients(tw, rep, ci, layout.Wide)
	for _, w := range warnings {
		layout.prose(tw, fmt.Sprintf("Caution: %s.", display.Clean(w)))
	}
	for _, t := range rep.Rows() {
		if t.Withheld == "" && t.Undefined != "" {
			fmt.Fprintf(tw, "Undefined for %s: %s.\n", display.Clean(t.Type), t.Undefined)
		}
	}
	writePerCategory(tw, rep, layout.Wide || len(rep.Scale.Categories) <= 6)
	if people {
		writePeople(tw, rep, layout)
	} else {
		fmt.Fprintln(tw)
		layout.prose(tw, "Pairs of annotators, each annotator against the majority, and their charts: --pairs (reads every label).")
	}
	u := rep.Units
	fmt.Fprintf(tw, "\n%d units, %d with no majority (tied), %d with a single label.\n", u.Units, u.Tied, u.Single)
	if len(rep.Withheld) > 0 || anyWithheld(rep) {
		fmt.Fprintln(tw)
		for _, n := range rep.Withheld {
			fmt.Fprintln(tw, "Withheld: "+n+".")
		}
		fmt.Fprintln(tw, withheldNote)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return writeCharts(w, rep, people)
}

// writePerCategory writes each category's kappa against the rest: a row
// per type (across), or, for many categories in the narrow layout, a row
// per category.
func writePerCategory(tw io.Writer, rep agreement.Report, across bool) {
	fmt.Fprintln(tw, "\nkappa of each category against the rest")
	rows := rep.Rows()
	if !across {
		head := []string{"category"}
		for _, t := range rows {
			head = append(head, display.Clean(t.Type))
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for i, c := range rep.Scale.Categories {
			cells := []string{display.Clean(c)}
			for _, t := range rows {
				switch {
				case t.Withheld != "":
					cells = append(cells, t.Withheld)
				case i < len(t.PerCategory):
					cells = append(cells, fmt.Sprint(t.PerCategory[i]))
				default:
					cells = append(cells, "")
				}
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		return
	}
	fmt.Fprint(tw, "type")
	for _, c := range rep.Scale.Categories {
		fmt.Fprintf(tw, "\t%s", display.Clean(c))
	}
	fmt.Fprintln(tw)
	for _, t := range rows {
		fmt.Fprint(tw, display.Clean(t.Type))
		if t.Withheld != "" {
			fmt.Fprint(tw, "\t"+t.Withheld)
		}
		for _, v := range t.PerCategory {
			fmt.Fprintf(tw, "\t%v", v)
		}
		fmt.Fprintln(tw)
	}
}

// prose writes a sentence, wrapped at 80 columns but in the wide layout.
func (l AgreementLayout) prose(w io.Writer, text string) {
	if !l.Wide {
		text = strings.Join(wordWrap(text, ChartWidth), "\n")
	}
	fmt.Fprintln(w, text)
}

// wordWrap breaks plain text into lines of at most width at spaces only
// (a flag like --pairs stays whole); a word longer than width has a line
// of its own.
func wordWrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case ansi.StringWidth(line)+1+ansi.StringWidth(w) <= width:
			line += " " + w
		default:
			lines, line = append(lines, line), w
		}
	}
	return append(lines, line)
}

// coefficientColumns are the main table's columns after the type: counts,
// then kappa-like figures, then alpha; the narrow layout gives each group
// a table of its own.
var coefficientColumns = [][]string{
	{"units", "≥2 labels", "ratings", "raters", "observed", "chance"},
	{"Fleiss κ", "95% CI", "AC1", "α nominal"},
	{"α ordinal", "95% CI", "α interval"},
}

// writeCoefficients writes each type's coefficients: one row a type
// (wide), or three tables of at most 80 columns.
func writeCoefficients(tw io.Writer, rep agreement.Report, ci func(agreement.Interval) any, wide bool) {
	rows := [][]string{}
	for _, t := range rep.Rows() {
		if t.Withheld != "" {
			rows = append(rows, []string{display.Clean(t.Type), fmt.Sprint(t.Items), fmt.Sprint(t.Paired), fmt.Sprint(t.Ratings),
				fmt.Sprintf("%d–%d", t.MinRaters, t.MaxRaters), t.Withheld})
			continue
		}
		cell := func(v any) string { return fmt.Sprint(v) }
		rows = append(rows, []string{display.Clean(t.Type), fmt.Sprint(t.Items), fmt.Sprint(t.Paired), fmt.Sprint(t.Ratings),
			fmt.Sprintf("%d–%d", t.MinRaters, t.MaxRaters), cell(t.Observed), cell(t.Chance),
			cell(t.FleissKappa), cell(ci(t.CIKappa)), cell(t.GwetAC1), cell(t.AlphaNominal),
			cell(t.AlphaOrdinal), cell(ci(t.CIAlphaOrdinal)), cell(t.AlphaInterval)})
	}
	groups := coefficientColumns
	if wide {
		groups = [][]string{slices.Concat(coefficientColumns...)}
	}
	from := 1
	for g, cols := range groups {
		if g > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprintln(tw, "type\t"+strings.Join(cols, "\t"))
		for _, r := range rows {
			cells := []string{r[0]}
			for i := from; i < from+len(cols); i++ {
				if i < len(r) {
					cells = append(cells, r[i])
				} else {
					cells = append(cells, "")
				}
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		from += len(cols)
	}
}

// ChartWidth is the width the text output's charts are drawn to.
const ChartWidth = 80

// writeCharts draws the report's charts under its tables.
func writeCharts(w io.Writer, rep agreement.Report, people bool) error {
	_, err := io.WriteString(w, "\n"+strings.Join(AgreementCharts(rep, people, ChartWidth), "\n"))
	return err
}

// AgreementCharts draws a report's charts in width columns, a blank line
// after each: the labels of each unit type (and pooled) and, with people
// (a report from every label), each annotator's labels and the pairwise
// kappa heatmap.
func AgreementCharts(rep agreement.Report, people bool, width int) []string {
	var rows []agreement.LabelCount
	for _, t := range rep.Rows() {
		if t.Withheld == "" && t.Labels != nil {
			rows = append(rows, agreement.LabelCount{Name: t.Type, Labels: t.Labels})
		}
	}
	var charts [][]string
	if len(rows) > 0 {
		charts = append(charts, LabelChart("Labels per unit type (each bar is 100%; its characters are the labels)", rep.Scale, rows, width))
	} else {
		charts = append(charts, wrapped("Labels per unit type: withheld (too few items of others', or none of your work here yet)", width))
	}
	switch {
	case people && len(rep.AnnotatorLabels)+len(rep.Pairs) == 0 && len(rep.Withheld) > 0:
		charts = append(charts, wrapped("Annotators' labels and kappas: withheld ("+strings.Join(rep.Withheld, "; ")+")", width))
	case people:
		title := "Labels per annotator"
		if rep.PairsOver != "" {
			title += ", " + display.Clean(rep.PairsOver) + " units"
		}
		charts = append(charts, LabelChart(title, rep.Scale, rep.AnnotatorLabels, width),
			KappaHeatmap(rep.Pairs, width))
	}
	var lines []string
	for _, c := range charts {
		lines = append(append(lines, c...), "")
	}
	return lines
}

// anyPaired says whether any unit of the report has two or more labels.
func anyPaired(rep agreement.Report) bool {
	for _, t := range rep.Rows() {
		if t.Paired > 0 || t.Withheld != "" {
			return true
		}
	}
	return false
}

// typeNames are the report's unit types.
func typeNames(rep agreement.Report) []string {
	var out []string
	for _, t := range rep.Types {
		out = append(out, display.Clean(t.Type))
	}
	return out
}

// wrapped is text broken at words into lines of at most width cells.
func wrapped(text string, width int) []string {
	return strings.Split(ansi.Wrap(text, max(10, width), ""), "\n")
}

// anyWithheld says whether a type's figures were withheld.
func anyWithheld(rep agreement.Report) bool {
	for _, t := range rep.Rows() {
		if t.Withheld != "" {
			return true
		}
	}
	return false
}

// writePeople prints the pairs, each annotator against the majority, and
// how many units have no majority.
func writePeople(tw *tabwriter.Writer, rep agreement.Report, layout AgreementLayout) {
	fmt.Fprintln(tw)
	layout.prose(tw, "In majority: the share of the annotator's labels that are their unit's majority label, their own "+
		"vote counted, over units with two or more labels and a majority (annotators --quality's \"vs others\" "+
		"leaves the annotator's own vote out).")
	fmt.Fprintln(tw, "annotator\tunits\tin majority")
	for _, a := range rep.Annotators {
		fmt.Fprintf(tw, "%s\t%d\t%v\n", display.Clean(a.Annotator), a.Items, a.Agreement)
	}
	if rep.PairsOver != "" {
		fmt.Fprintf(tw, "\nPairs over the %s units alone (the types' scales differ).\n", display.Clean(rep.PairsOver))
	}
	why := "" // a column of reasons only when a kappa is undefined (wide); else a line each under the table
	for _, p := range rep.Pairs {
		if p.Undefined != "" && layout.Wide {
			why = "\tCohen's κ undefined because"
		}
	}
	fmt.Fprintln(tw, "\nannotator\tannotator\tunits\tCohen's κ\tquadratic-weighted κ"+why)
	for _, p := range rep.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%v\t%v", display.Clean(p.A), display.Clean(p.B), p.Items, p.Kappa, p.Weighted)
		if why != "" {
			fmt.Fprint(tw, "\t"+p.Undefined)
		}
		fmt.Fprintln(tw)
	}
	for _, p := range rep.Pairs {
		if p.Undefined != "" && why == "" {
			layout.prose(tw, fmt.Sprintf("Cohen's κ of %s and %s is undefined: %s.", display.Clean(p.A), display.Clean(p.B), p.Undefined))
		}
	}
}

// usedOf is a bootstrap interval, with the replicates it rests on where
// some of the drawn were dropped.
func usedOf(i agreement.Interval, drawn int) string {
	if i.Used == drawn || !i.Defined && i.Used == 0 {
		return i.String()
	}
	return fmt.Sprintf("%s (%d used)", i, i.Used)
}
