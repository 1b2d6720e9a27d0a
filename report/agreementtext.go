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
		_, err := fmt.Fprintf(w, "No agreement figure in %s: %s a single label. Agreement needs units "+
			"labelled by two or more annotators (claritty policy --min 2 or more, and their finished HITs).\n", what, eachHas(u.Units))
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	layout.prose(tw, fmt.Sprintf("Agreement in %s; %s.", what, categoriesText(rep)))
	scaleNotes(tw, rep, ratings, layout)
	ci := intervalNote(tw, opt, layout)
	poolNotes(tw, rep, layout)
	writeCoefficientsAndCautions(tw, rep, ci, layout)
	fmt.Fprintln(tw, "\nkappa of each category against the rest")
	for i, g := range scaleGroups(rep, rep.Rows()) {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		writePerCategory(tw, g, layout.Wide || len(g.scale.Categories) <= 6)
		writeCategoryReasons(tw, g, layout)
	}
	writeText(tw, rep)
	agreementFooter(tw, rep, people, layout)
	if err := tw.Flush(); err != nil {
		return err
	}
	return writeCharts(w, rep, people)
}

// scaleNotes say how to read the figures on the labels' scale: categories
// inferred, nominal, not numbers, or ClariMM's ordinal ratings.
func scaleNotes(tw io.Writer, rep agreement.Report, ratings bool, layout AgreementLayout) {
	if inferred := inferredTypes(rep); len(inferred) > 0 {
		layout.prose(tw, fmt.Sprintf("The categories of %s are inferred from the labels (none were given): a category nobody "+
			"used is not counted, so AC1's chance agreement is over those used. Give a type's whole scale with "+
			"--categories TYPE=a,b,c (once per type).", strings.Join(inferred, ", ")))
	}
	if rep.Scale.Nominal {
		layout.prose(tw, "Read Fleiss' κ, AC1 and α nominal; ordinal and interval alpha would read an order into them.")
	}
	if rep.Scale.Values == nil && !rep.Scale.Nominal {
		fmt.Fprintln(tw, "The categories are not numbers, so interval alpha is undefined.")
	}
	if ratings {
		layout.prose(tw, "These are ratings: ordinal, not nominal. Read α ordinal, α interval (the points taken as "+
			"equally spaced) and the pairs' quadratic-weighted κ; Fleiss' κ, AC1 and α nominal count a "+
			"4 against a 5 as fully as a 1 against a 5.")
	}
}

// intervalNote says how the intervals were drawn, or that there are none,
// and gives how each interval is written.
func intervalNote(tw io.Writer, opt agreement.Options, layout AgreementLayout) func(agreement.Interval) any {
	if opt.Bootstrap <= 0 {
		fmt.Fprint(tw, "No intervals (--bootstrap 0).\n\n")
		return func(agreement.Interval) any { return "—" }
	}
	layout.prose(tw, fmt.Sprintf("Intervals: 95%%, bootstrap over rated units, %s drawn, seed %d; one resting "+
		"on fewer (a replicate where its coefficient is undefined is dropped) says how many: \"(990 used)\".",
		display.Count(opt.Bootstrap, "replicate", "replicates"), opt.Seed))
	fmt.Fprintln(tw)
	return func(i agreement.Interval) any { return usedOf(i, opt.Bootstrap) }
}

// poolNotes say why no figure pools the types, and which units are left
// out for too few labels.
func poolNotes(tw io.Writer, rep agreement.Report, layout AgreementLayout) {
	if why := rep.NotPooled(); why != "" {
		layout.prose(tw, fmt.Sprintf("No pooled row, and no figure pools the types, because %s. Each type's figures are on "+
			"its own scale (AC1's chance agreement over its own categories).", display.Clean(why)))
		fmt.Fprintln(tw)
	}
	if rep.MinRaters > 1 {
		fmt.Fprintf(tw, "Units with fewer than %d labels are left out of every figure (--min-raters).\n\n", rep.MinRaters)
	}
}

// writeCoefficientsAndCautions writes the coefficients' table, then the
// cautions and the undefined figures of the types shown.
func writeCoefficientsAndCautions(tw io.Writer, rep agreement.Report, ci func(agreement.Interval) any, layout AgreementLayout) {
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
			fmt.Fprintf(tw, "Undefined for %s: %s.\n", display.Clean(t.Type), t.UndefinedText())
		}
	}
}

// agreementFooter writes the people's tables (or how to ask for them),
// the units' counts and what is withheld.
func agreementFooter(tw *tabwriter.Writer, rep agreement.Report, people bool, layout AgreementLayout) {
	if people {
		writePeople(tw, rep, layout)
	} else {
		fmt.Fprintln(tw)
		layout.prose(tw, "Pairs of annotators, each annotator against the majority, and their charts: --pairs (reads every label).")
	}
	u := rep.Units
	fmt.Fprintf(tw, "\n%s, %d with no majority (tied), %d with a single label.\n", display.Count(u.Units, "unit", "units"), u.Tied, u.Single)
	if len(rep.Withheld) > 0 || anyWithheld(rep) {
		fmt.Fprintln(tw)
		for _, n := range rep.Withheld {
			fmt.Fprintln(tw, withheldLine(n, display.Clean))
		}
		fmt.Fprintln(tw, withheldNote)
	}
}

// writePerCategory writes each category's kappa against the rest for
// types on one scale: a row per type (across), or, for many categories in
// the narrow layout, a row per category.
func writePerCategory(tw io.Writer, g scaleGroup, across bool) {
	if !across {
		head := []string{"category"}
		for _, t := range g.rows {
			head = append(head, display.Clean(t.Type))
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for i, c := range g.scale.Categories {
			cells := []string{display.Clean(c)}
			for _, t := range g.rows {
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
	for _, c := range g.scale.Categories {
		fmt.Fprintf(tw, "\t%s", display.Clean(c))
	}
	fmt.Fprintln(tw)
	for _, t := range g.rows {
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

// writeCategoryReasons says under a per-category table why each undefined
// kappa in it is: a line per type and reason, naming its categories.
func writeCategoryReasons(tw io.Writer, g scaleGroup, layout AgreementLayout) {
	for _, t := range g.rows {
		if t.Withheld != "" {
			continue
		}
		var reasons []string
		cats := map[string][]string{}
		for i, why := range t.PerCategoryUndefined {
			if why == "" || i >= len(g.scale.Categories) {
				continue
			}
			if cats[why] == nil {
				reasons = append(reasons, why)
			}
			cats[why] = append(cats[why], display.Clean(g.scale.Categories[i]))
		}
		for _, why := range reasons {
			which := display.Clean(t.Type) + " " + strings.Join(cats[why], ", ")
			if len(cats[why]) == len(g.scale.Categories) {
				which = "every category of " + display.Clean(t.Type)
			}
			layout.prose(tw, fmt.Sprintf("Per-category κ undefined for %s: %s.", which, why))
		}
	}
}

// scaleGroup is the report's rows on one scale.
type scaleGroup struct {
	scale agreement.Scale
	rows  []agreement.TypeReport
}

// scaleGroups gathers rows by their scale, in the order the scales first
// come: one group when the types share a scale. A row's figures and
// counts are on its own scale only, so tables and charts of categories
// are drawn a group at a time.
func scaleGroups(rep agreement.Report, rows []agreement.TypeReport) []scaleGroup {
	var out []scaleGroup
	for _, t := range rows {
		sc := rowScale(rep, t)
		i := slices.IndexFunc(out, func(g scaleGroup) bool { return slices.Equal(g.scale.Categories, sc.Categories) })
		if i < 0 {
			out, i = append(out, scaleGroup{scale: sc}), len(out)
		}
		out[i].rows = append(out[i].rows, t)
	}
	return out
}

// rowScale is a row's own scale (the report's for a row that has none).
func rowScale(rep agreement.Report, t agreement.TypeReport) agreement.Scale {
	if t.Scale.Categories == nil {
		return rep.Scale
	}
	return t.Scale
}

// categoriesText names the categories: in order (or in none, for a
// nominal scale), and each type's apart when the types have scales of
// their own.
func categoriesText(rep agreement.Report) string {
	list := func(s agreement.Scale) string {
		if s.Nominal {
			return strings.Join(s.Categories, ", ")
		}
		return strings.Join(s.Categories, " < ")
	}
	groups := scaleGroups(rep, rep.Types)
	how := "categories in order"
	if rep.Scale.Nominal {
		how = "categories, in no order"
	}
	if len(groups) < 2 {
		return how + ": " + list(rep.Scale)
	}
	var parts []string
	for _, g := range groups {
		parts = append(parts, strings.Join(typeNamesOf(g.rows), ", ")+" "+list(g.scale))
	}
	return how + ", each type's own: " + strings.Join(parts, "; ")
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

// labelsWithheld says why no unit type's label counts are shown: each is
// withheld from the reader.
const labelsWithheld = "Labels per unit type: withheld (too few items of others', or none of your work here yet)"

// withheldLine is a sentence for one of a report's Withheld: what was
// taken out for its reader, and till when or why. show renders it.
func withheldLine(what string, show func(string) string) string {
	return "Withheld: " + show(what) + "."
}

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
	var shown []agreement.TypeReport
	for _, t := range rep.Rows() {
		if t.Withheld == "" && t.Labels != nil {
			shown = append(shown, t)
		}
	}
	var charts [][]string
	groups := scaleGroups(rep, shown)
	for _, g := range groups {
		title := "Labels per unit type (each bar is 100%; its characters are the labels)"
		if len(groups) > 1 { // each chart on its own scale: a bar of usefulness has no 4
			title = fmt.Sprintf("Labels on the %s scale (each bar is 100%%; its characters are the labels)", display.Clean(g.rows[0].Type))
		}
		var rows []agreement.LabelCount
		for _, t := range g.rows {
			rows = append(rows, agreement.LabelCount{Name: t.Type, Labels: t.Labels})
		}
		charts = append(charts, LabelChart(title, g.scale, rows, width))
	}
	if len(groups) == 0 {
		charts = append(charts, wrapped(labelsWithheld, width))
	}
	switch {
	case people && len(rep.AnnotatorLabels)+len(rep.Pairs) == 0 && len(rep.Withheld) > 0:
		charts = append(charts, wrapped("Annotators' labels and kappas: withheld ("+strings.Join(rep.Withheld, "; ")+")", width))
	case people:
		title := "Labels per annotator"
		if rep.PairsOver != "" {
			title += ", " + display.Clean(rep.PairsOver) + " units"
		}
		charts = append(charts, LabelChart(title, rep.PeopleScale(), rep.AnnotatorLabels, width),
			KappaHeatmap(rep.Pairs, width))
	}
	var lines []string
	for _, c := range charts {
		lines = append(append(lines, c...), "")
	}
	return lines
}

// eachHas is "each of its 3 units has", or "its 1 unit has": "each of"
// wants more than one.
func eachHas(units int) string {
	if units == 1 {
		return "its 1 unit has"
	}
	return fmt.Sprintf("each of its %d units has", units)
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

// inferredTypes are the report's unit types whose categories are those
// their labels use.
func inferredTypes(rep agreement.Report) []string {
	var out []string
	for _, t := range rep.Types {
		if t.Scale.Inferred {
			out = append(out, display.Clean(t.Type))
		}
	}
	return out
}

func typeNamesOf(rows []agreement.TypeReport) []string {
	var out []string
	for _, t := range rows {
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
	if rep.PairsOver != "" {
		layout.prose(tw, fmt.Sprintf("Annotators over the %s units alone (the types' scales differ): their in-majority "+
			"shares, the pairs' kappas and their labels.", display.Clean(rep.PairsOver)))
	}
	layout.prose(tw, "In majority: the share of the annotator's labels that are their unit's majority label, their own "+
		"vote counted, over units with two or more labels and a majority (annotators --quality's \"vs others\" "+
		"leaves the annotator's own vote out).")
	fmt.Fprintln(tw, "annotator\tunits\tin majority")
	for _, a := range rep.Annotators {
		fmt.Fprintf(tw, "%s\t%d\t%v\n", display.Clean(a.Annotator), a.Items, a.Agreement)
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
