package report

import (
	"cmp"
	"fmt"
	"html"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// HTMLReport is what `claritty report` shows of one dataset, as its reader
// may see it: every part comes from the same reading and the same
// functions as the command that prints it alone (agree --json, annotators
// --quality --json, bench --json), so a figure here is that figure.
type HTMLReport struct {
	Dataset, Kind string
	Reader, Role  string
	Generated     time.Time
	// Agreement is agree --json's report (its per-unit majority list is
	// not shown here).
	Agreement agreement.Report
	// Names are each unit type's label names, in the order of its own
	// scale's categories (its TypeReport.Scale; "" where there is none):
	// a usefulness 1–3 is not named as a need 1–4 is.
	Names map[string][]string
	// Quality is nil for a reader below adjudicator.
	Quality *Quality
	// Throughput is finished HITs per day: everyone's, or only the
	// reader's own (ThroughputMine).
	Throughput     []store.DayCount
	ThroughputMine bool
	// Adjudication is nil for a reader below adjudicator.
	Adjudication *Adjudication
	Runs         []RunScore
	Comparisons  []ComparisonScore
	// Triage is judge-first triage's figures, for a lead (stats --json's
	// "triage"); nil for anyone else, or without triage.
	Triage *TriageFigures
}

// Adjudication is how far adjudication has come: disputed or referred
// units waiting for a decision, and those decided.
type Adjudication struct{ Waiting, Decided int }

// Figure sources: each figure in the HTML names the JSON document it is
// in (data-src) and its path there (data-path, "/" between keys), so a
// test can hold every figure to that document.
const (
	SrcAgree   = "agree"
	SrcQuality = "quality"
	SrcBench   = "bench"
	SrcStats   = "stats"
)

// WriteHTML writes the report as one self-contained HTML file: inline CSS
// and SVG, no script, nothing fetched when it is opened.
func WriteHTML(w io.Writer, r HTMLReport) error {
	return htmlPage.Execute(w, r)
}

var htmlPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"agreementSection": agreementSection,
	"labelsSection":    labelsSection,
	"qualitySection":   qualitySection,
	"armsSection":      armsSection,
	"throughputChart":  throughputChart,
	"adjudication":     adjudicationSection,
	"leaderboard":      leaderboardSection,
	"triage":           triageSection,
	"clean":            display.Clean,
	"stamp":            func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>claritty report · {{clean .Dataset}}</title>
<style>
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232a; background: #fff; margin: 2rem auto; max-width: 62rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.2rem; margin-top: 2.2rem; border-bottom: 1px solid #d0d7de; padding-bottom: .2rem; }
.meta, .note { color: #57606a; font-size: .9rem; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid #eaeef2; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { font-weight: 600; background: #f6f8fa; }
.withheld { color: #9a6700; font-style: italic; }
svg { display: block; margin: .5rem 0 1rem; max-width: 100%; height: auto; }
svg text { font: 12px system-ui, sans-serif; fill: #1d232a; }
.legend span { display: inline-block; margin-right: 1rem; font-size: .9rem; }
.legend i { display: inline-block; width: .9rem; height: .9rem; margin-right: .3rem; vertical-align: -2px; }
</style>
</head>
<body>
<h1>{{clean .Dataset}}</h1>
<p class="meta">{{clean .Kind}} dataset · as seen by {{clean .Reader}} ({{.Role}}) · made {{stamp .Generated}} by claritty report</p>
<h2 id="agreement">Agreement per unit type</h2>
{{agreementSection .Agreement}}
<h2 id="labels">Label distributions</h2>
{{labelsSection .Agreement .Names}}
<h2 id="quality">Annotators' quality</h2>
{{qualitySection .Quality}}
{{with .Quality}}{{with .Arms}}<h2 id="arms">Arms</h2>
{{armsSection .}}
{{end}}{{end}}<h2 id="throughput">Throughput</h2>
{{throughputChart .Throughput .ThroughputMine}}
<h2 id="adjudication">Adjudication</h2>
{{adjudication .Adjudication}}
<h2 id="leaderboard">Leaderboard</h2>
{{leaderboard .Runs .Comparisons}}
{{with .Triage}}<h2 id="triage">Judge-first triage</h2>
{{triage .}}{{end}}
</body>
</html>
`))

// palette colours the charts; each is far enough from the next to tell
// apart, and the first is the one bar colour.
var palette = []string{"#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#eeca3b", "#9d755d", "#bab0ac", "#ff9da6"}

// fig is a figure as HTML: its text to digits places, and where it is in
// its JSON document, with its full value for a machine to read.
func fig(src, path string, v agreement.Value, digits int) string {
	if !v.Defined {
		return fmt.Sprintf(`<span class="fig" data-src="%s" data-path="%s" data-value="null">–</span>`, src, html.EscapeString(path))
	}
	return fmt.Sprintf(`<span class="fig" data-src="%s" data-path="%s" data-value="%s">%s</span>`, src, html.EscapeString(path),
		strconv.FormatFloat(v.V, 'g', -1, 64), strconv.FormatFloat(v.V, 'f', digits, 64))
}

// count is an integer figure (digits 0).
func countFig(src, path string, n int) string {
	return fig(src, path, agreement.Value{V: float64(n), Defined: true}, 0)
}

func esc(s string) string { return html.EscapeString(display.Clean(s)) }

// label is a chart's row label: at most 30 characters, the rest an ellipsis
// (the table beside it has the whole name).
func label(s string) string {
	if r := []rune(display.Clean(s)); len(r) > 30 {
		s = string(r[:29]) + "…"
	}
	return esc(s)
}

func table(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("<table><thead><tr>")
	for _, h := range head {
		b.WriteString("<th>" + h + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + c + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

func note(s string) string { return `<p class="note">` + s + `</p>` }

// agreementRows are the report's types with their index in agree
// --json's "types", and the pooled row ("pooled") where there is one.
func agreementRows(rep agreement.Report) (rows []agreement.TypeReport, paths []string) {
	for i, t := range rep.Types {
		rows, paths = append(rows, t), append(paths, fmt.Sprintf("types/%d", i))
	}
	if rep.Pooled.Type != "" && len(rep.Types) > 1 {
		rows, paths = append(rows, rep.Pooled), append(paths, "pooled")
	}
	return rows, paths
}

func agreementSection(rep agreement.Report) template.HTML {
	rows, paths := agreementRows(rep)
	if len(rows) == 0 {
		return template.HTML(note("No settled labels yet."))
	}
	var cells [][]string
	var bars []ciBar
	for i, t := range rows {
		p := paths[i]
		if t.Withheld != "" {
			cells = append(cells, []string{esc(t.Type), countFig(SrcAgree, p+"/items", t.Items), withheld(t.Withheld), "", "", "", ""})
			continue
		}
		ci := "–"
		if t.CIKappa.Defined {
			ci = "[" + fig(SrcAgree, p+"/ci95/fleiss_kappa/0", agreement.Value{V: t.CIKappa.Lo, Defined: true}, 3) + ", " +
				fig(SrcAgree, p+"/ci95/fleiss_kappa/1", agreement.Value{V: t.CIKappa.Hi, Defined: true}, 3) + "]"
		}
		if u := t.CIKappa.Used; u != agreement.DefaultOptions.Bootstrap && (u > 0 || t.CIKappa.Defined) {
			ci += ` <span class="note">(` + countFig(SrcAgree, p+"/ci95_replicates_used/fleiss_kappa", u) + " used)</span>"
		}
		cells = append(cells, []string{esc(t.Type), countFig(SrcAgree, p+"/items", t.Items),
			fig(SrcAgree, p+"/fleiss_kappa", t.FleissKappa, 3), ci,
			fig(SrcAgree, p+"/krippendorff_alpha/ordinal", t.AlphaOrdinal, 3),
			fig(SrcAgree, p+"/gwet_ac1", t.GwetAC1, 3),
			fig(SrcAgree, p+"/observed_agreement", t.Observed, 3)})
		bars = append(bars, ciBar{label: t.Type, v: t.FleissKappa, ci: t.CIKappa})
	}
	out := table([]string{"unit type", "units", "Fleiss' κ", "95% interval", "α (ordinal)", "Gwet's AC1", "observed"}, cells)
	out += ciChart("Fleiss' kappa with its 95% bootstrap interval", bars)
	for _, why := range rowsUndefined(rows) {
		out += note(esc(why + ".")) // a sentence each: a reason holds a ";" of its own
	}
	out += note("Units with settled labels; intervals from " + strconv.Itoa(agreement.DefaultOptions.Bootstrap) +
		" bootstrap resamples of the units drawn, as claritty agree prints them; one resting on fewer (a resample where κ is " +
		"undefined is dropped) says how many it used.")
	if why := rep.NotPooled(); why != "" {
		out += note(esc("No pooled row, and no figure pools the types, because " + why + ". Each type's figures are on its own scale."))
	}
	for _, w := range rep.Withheld {
		out += note(withheldLine(w, withheld))
	}
	return template.HTML(out)
}

// rowsUndefined says why each row's figures that are undefined are, as
// agree does under its table: "Undefined for need: no variation: …".
func rowsUndefined(rows []agreement.TypeReport) []string {
	var why []string
	for _, t := range rows {
		if t.Withheld == "" && t.Undefined != "" {
			why = append(why, "Undefined for "+t.Type+": "+t.UndefinedText())
		}
	}
	return why
}

// svgOpen starts a chart of w×h pixels, named for screen readers.
func svgOpen(title string, w, h int) string {
	return fmt.Sprintf(`<svg role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d">`, html.EscapeString(title), w, h, w, h)
}

// ciBar is one row of a chart of a coefficient and its interval.
type ciBar struct {
	label string
	v     agreement.Value
	ci    agreement.Interval
}

// ciChart draws each coefficient as a bar from 0 on a −1 … 1 axis, with
// its interval as a whisker; an undefined one has no bar.
func ciChart(title string, bars []ciBar) string {
	const left, width, rowH = 170, 420, 26
	h := 40 + rowH*len(bars)
	x := func(v float64) float64 { return left + (math.Max(-1, math.Min(1, v))+1)/2*width }
	var b strings.Builder
	b.WriteString(svgOpen(title, left+width+60, h))
	fmt.Fprintf(&b, `<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#8c959f"/>`, x(0), x(0), h-20)
	for _, t := range []float64{-1, -0.5, 0, 0.5, 1} {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%g</text>`, x(t), h-5, t)
	}
	for i, r := range bars {
		y := 12 + i*rowH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+14, label(r.label))
		if !r.v.Defined {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d">undefined</text>`, x(0)+6, y+14)
			continue
		}
		lo, hi := math.Min(x(0), x(r.v.V)), math.Max(x(0), x(r.v.V))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="16" fill="%s"/>`, lo, y+2, math.Max(1, hi-lo), palette[0])
		if r.ci.Defined {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#1d232a" stroke-width="1.5"/>`, x(r.ci.Lo), y+10, x(r.ci.Hi), y+10)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d">%.3f</text>`, left+width+6, y+14, r.v.V)
	}
	b.WriteString("</svg>")
	return b.String()
}

// labelsSection draws each type's labels as one bar split by category,
// with the counts in a table: a chart and a table for each scale, so each
// type's bar has its own categories and names.
func labelsSection(rep agreement.Report, names map[string][]string) template.HTML {
	type chart struct {
		cats []string
		rows []agreement.TypeReport
	}
	var charts []chart
	for _, t := range rep.Types {
		if t.Withheld != "" || sum(t.Labels) == 0 {
			continue
		}
		cats := namedCategories(rowScale(rep, t).Categories, names[t.Type])
		i := slices.IndexFunc(charts, func(c chart) bool { return slices.Equal(c.cats, cats) })
		if i < 0 {
			charts, i = append(charts, chart{cats: cats}), len(charts)
		}
		charts[i].rows = append(charts[i].rows, t)
	}
	switch {
	case len(charts) == 0 && slices.ContainsFunc(rep.Types, func(t agreement.TypeReport) bool { return t.Withheld != "" || t.Labels == nil }):
		return template.HTML(note(esc(labelsWithheld + ".")))
	case len(charts) == 0:
		return template.HTML(note("No label counts to show."))
	}
	var out strings.Builder
	for _, c := range charts {
		out.WriteString(labelsChart(c.cats, c.rows))
	}
	return template.HTML(out.String() + note("Settled labels of each type, as the agreement figures count them, each on its own scale."))
}

// namedCategories are the categories as a chart names them: "needed (3)"
// where the label has a name.
func namedCategories(categories, names []string) []string {
	cats := slices.Clone(categories)
	for i := range cats {
		if i < len(names) && names[i] != "" {
			cats[i] = names[i] + " (" + cats[i] + ")"
		}
	}
	return cats
}

// labelsChart is the legend, bars and table of types on one scale.
func labelsChart(cats []string, rows []agreement.TypeReport) string {
	const left, width, rowH = 170, 460, 26
	h := 10 + rowH*len(rows)
	var b strings.Builder
	b.WriteString(svgOpen("label distributions", left+width+10, h))
	var cells [][]string
	for i, t := range rows {
		y := 6 + i*rowH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+14, label(t.Type))
		total, at := sum(t.Labels), float64(left)
		row := []string{esc(t.Type)}
		for c, n := range t.Labels {
			wd := float64(n) / float64(total) * width
			if n > 0 {
				fmt.Fprintf(&b, `<rect x="%.2f" y="%d" width="%.2f" height="18" fill="%s"><title>%s: %d</title></rect>`,
					at, y+1, wd, palette[c%len(palette)], esc(catName(cats, c)), n)
			}
			at += wd
			row = append(row, strconv.Itoa(n)+fmt.Sprintf(" <span class=\"note\">(%.0f%%)</span>", 100*float64(n)/float64(total)))
		}
		cells = append(cells, append(row, fmt.Sprintf(`<span class="labels-total" data-type="%s">%d</span>`, esc(t.Type), total)))
	}
	b.WriteString("</svg>")
	var legend strings.Builder
	legend.WriteString(`<p class="legend">`)
	head := []string{"unit type"}
	for c := range cats {
		fmt.Fprintf(&legend, `<span><i style="background:%s"></i>%s</span>`, palette[c%len(palette)], esc(catName(cats, c)))
		head = append(head, esc(catName(cats, c)))
	}
	legend.WriteString("</p>")
	return legend.String() + b.String() + table(append(head, "labels"), cells)
}

func catName(cats []string, c int) string {
	if c < len(cats) {
		return cats[c]
	}
	return strconv.Itoa(c)
}

// qualitySection is each annotator's figures from annotators --quality,
// with their agreement with the others' majority drawn: over every unit
// when the unit types share a scale, else per type alone.
func qualitySection(q *Quality) template.HTML {
	if q == nil {
		return template.HTML(note("Each annotator's quality is for adjudicators and leads."))
	}
	if len(q.Annotators) == 0 {
		return template.HTML(note("No finished HITs yet."))
	}
	pooled := q.NotPooled == ""
	var cells [][]string
	var bars []shareBar
	for i, a := range q.Annotators {
		p := fmt.Sprintf("annotators/%d", i)
		row := []string{esc(a.Annotator), countFig(SrcQuality, p+"/hits", a.HITs),
			fig(SrcQuality, p+"/median_hit_seconds", a.MedianHITSeconds, 1),
			fig(SrcQuality, p+"/too_fast_share", a.TooFastShare, 3),
			fig(SrcQuality, p+"/gold_check_accuracy", a.CheckAccuracy, 3) + dodgedNote(p, a)}
		if pooled {
			row = append(row, fig(SrcQuality, p+"/self_agreement", a.SelfAgreement, 3),
				fig(SrcQuality, p+"/others_majority_agreement", a.OthersAgreement, 3),
				fig(SrcQuality, p+"/mean_pairwise_kappa", a.MeanPairKappa, 3))
			bars = append(bars, shareBar{label: a.Annotator, v: a.OthersAgreement})
		}
		row = append(row, dsAccuracyHTML(q, p, a))
		cells = append(cells, append(row, countFig(SrcQuality, p+"/put_off", a.PutOff)+" / "+countFig(SrcQuality, p+"/given_back", a.GivenBack)))
	}
	head := []string{"annotator", "HITs", "median s", "too fast", "gold checks", "self-agreement", "vs others' majority", "mean κ",
		"Dawid–Skene accuracy", "later / given back"}
	if !pooled {
		head = slices.Delete(head, 5, 8)
	}
	head, cells = attentionColumn(q, head, cells)
	out := table(head, cells)
	for _, l := range append(q.undefinedTimes(), q.dsUndefined()...) {
		out += note(esc(l + "."))
	}
	byType, typeBars := qualityByType(q)
	if !pooled {
		out += note(esc("Agreement figures per unit type, each on its own scale: " + q.NotPooled + ", so no figure pools them."))
		bars = typeBars
	}
	out += byType
	out += shareChart("agreement with the others' majority", bars, 1)
	out += note("As claritty annotators --quality computes them: shares of 0 to 1; – where there is nothing to rest on. " +
		"A gold check given back or put off counts as missed.")
	return template.HTML(out)
}

// attentionColumn puts each annotator's attention questions (the share
// answered right, and how many) after their gold checks, as annotators
// --quality does: only when someone answered one.
func attentionColumn(q *Quality, head []string, cells [][]string) ([]string, [][]string) {
	if !slices.ContainsFunc(q.Annotators, func(a AnnotatorQuality) bool { return a.Attention > 0 }) {
		return head, cells
	}
	for i, a := range q.Annotators {
		p := fmt.Sprintf("annotators/%d", i)
		cell := "–" // none answered, as annotators --quality shows it
		if a.Attention > 0 {
			cell = fig(SrcQuality, p+"/attention_accuracy", a.AttentionAccuracy, 3) + " of " + countFig(SrcQuality, p+"/attention_questions", a.Attention)
		}
		cells[i] = slices.Insert(cells[i], 5, cell)
	}
	return slices.Insert(head, 5, "attention"), cells
}

// dsAccuracyHTML is an annotator's Dawid–Skene accuracy in each model, each
// named by its scale's unit types where there are several models, as
// annotators --quality prints them.
func dsAccuracyHTML(q *Quality, p string, a AnnotatorQuality) string {
	var out []string
	for j, d := range a.DawidSkene {
		out = append(out, esc(q.dsName(d.Scale))+fig(SrcQuality, fmt.Sprintf("%s/dawid_skene/%d/accuracy", p, j), d.Accuracy, 3))
	}
	return strings.Join(out, " · ")
}

// qualityByType is the table of each annotator's agreement figures per
// unit type (where the kind has more than one), and a bar of their
// agreement with the others' majority for each.
func qualityByType(q *Quality) (string, []shareBar) {
	var cells [][]string
	var bars []shareBar
	types := 0
	for i, a := range q.Annotators {
		types = max(types, len(a.ByType))
		for j, t := range a.ByType {
			if t.RepeatUnits+t.OthersUnits+t.KappaPairs == 0 {
				continue
			}
			p := fmt.Sprintf("annotators/%d/by_type/%d", i, j)
			cells = append(cells, []string{esc(a.Annotator), esc(t.Type),
				fig(SrcQuality, p+"/self_agreement", t.SelfAgreement, 3), fig(SrcQuality, p+"/self_kappa", t.SelfKappa, 3),
				fig(SrcQuality, p+"/others_majority_agreement", t.OthersAgreement, 3) + " <span class=\"note\">of " +
					countFig(SrcQuality, p+"/others_majority_units", t.OthersUnits) + "</span>",
				fig(SrcQuality, p+"/mean_pairwise_kappa", t.MeanPairKappa, 3)})
			bars = append(bars, shareBar{label: a.Annotator + " · " + t.Type, v: t.OthersAgreement})
		}
	}
	if types < 2 || len(cells) == 0 {
		return "", bars
	}
	return "<h3>Per unit type</h3>" + table([]string{"annotator", "unit type", "self-agreement", "self κ", "vs others' majority", "mean κ"}, cells), bars
}

// dodgedNote says, beside an annotator's gold-check accuracy, how many
// checks they gave back or put off (counted in it as missed), if any.
func dodgedNote(p string, a AnnotatorQuality) string {
	if a.ChecksGivenBack+a.ChecksPutOff == 0 {
		return ""
	}
	return ` <span class="note">(` + countFig(SrcQuality, p+"/gold_checks_given_back", a.ChecksGivenBack) + " given back, " +
		countFig(SrcQuality, p+"/gold_checks_put_off", a.ChecksPutOff) + " put off: missed)</span>"
}

type shareBar struct {
	label string
	v     agreement.Value
}

// shareChart draws values from 0 to top as bars (shares: top 1).
func shareChart(title string, bars []shareBar, top float64) string {
	const left, width, rowH = 220, 400, 24
	h := 30 + rowH*len(bars)
	var b strings.Builder
	b.WriteString(svgOpen(title, left+width+60, h))
	for i, r := range bars {
		y := 6 + i*rowH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+14, label(r.label))
		if !r.v.Defined {
			fmt.Fprintf(&b, `<text x="%d" y="%d">–</text>`, left+4, y+14)
			continue
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="16" fill="%s"/>`, left, y+2, math.Max(1, math.Min(1, math.Max(0, r.v.V/top))*width), palette[2])
		fmt.Fprintf(&b, `<text x="%d" y="%d">%.3f</text>`, left+width+6, y+14, r.v.V)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d">0</text><text x="%d" y="%d" text-anchor="end">%g</text>`, left, h-4, left+width, h-4, top)
	b.WriteString("</svg>")
	return b.String()
}

// maxChartDays is the most days the throughput chart draws.
const maxChartDays = 120

// throughputChart draws finished HITs per day.
func throughputChart(days []store.DayCount, mine bool) template.HTML {
	whose := "Finished HITs per day (UTC), everyone's."
	if mine {
		whose = "Your finished HITs per day (UTC); everyone's are for adjudicators and leads."
	}
	if len(days) == 0 {
		return template.HTML(note(whose + " None yet."))
	}
	var rows [][]string
	for _, d := range days {
		rows = append(rows, []string{esc(d.Day), strconv.Itoa(d.HITs)})
	}
	if len(days) > maxChartDays {
		// The chart stays readable (and its size bounded); the table has
		// every day.
		whose += fmt.Sprintf(" The chart shows the last %d of %d days.", maxChartDays, len(days))
		days = days[len(days)-maxChartDays:]
	}
	most := 1
	for _, d := range days {
		most = max(most, d.HITs)
	}
	const plotH, top = 160, 16
	barW := max(6, min(40, 600/len(days)))
	wd := max(300, 60+barW*len(days)+20)
	h := top + plotH + 40
	var b strings.Builder
	b.WriteString(svgOpen("throughput", wd, h))
	fmt.Fprintf(&b, `<text x="4" y="%d">%d</text><text x="4" y="%d">0</text>`, top+4, most, top+plotH)
	for i, d := range days {
		bh := float64(d.HITs) / float64(most) * plotH
		x := 60 + i*barW
		fmt.Fprintf(&b, `<rect class="day" data-day="%s" data-hits="%d" x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s: %d</title></rect>`,
			esc(d.Day), d.HITs, x, float64(top+plotH)-bh, max(1, barW-2), bh, palette[0], esc(d.Day), d.HITs)
	}
	fmt.Fprintf(&b, `<text x="60" y="%d">%s</text>`, top+plotH+18, esc(days[0].Day))
	if len(days) > 1 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, max(60+barW*len(days), 240), top+plotH+34, esc(days[len(days)-1].Day))
	}
	b.WriteString("</svg>")
	return template.HTML(note(whose) + b.String() + table([]string{"day", "HITs"}, rows))
}

func adjudicationSection(a *Adjudication) template.HTML {
	if a == nil {
		return template.HTML(note("Adjudication is for adjudicators and leads."))
	}
	total := a.Waiting + a.Decided
	out := table([]string{"units", "count"}, [][]string{
		{"waiting for a decision", fmt.Sprintf(`<span id="adj-waiting">%d</span>`, a.Waiting)},
		{"decided", fmt.Sprintf(`<span id="adj-decided">%d</span>`, a.Decided)}})
	if total > 0 {
		const width = 460
		dw := float64(a.Decided) / float64(total) * width
		out += svgOpen("adjudication", width, 24) + fmt.Sprintf(`<rect x="0" y="2" width="%.1f" height="18" fill="%s"/><rect x="%.1f" y="2" width="%.1f" height="18" fill="%s"/></svg>`,
			dw, palette[2], dw, width-dw, palette[1])
		out += `<p class="legend"><span><i style="background:` + palette[2] + `"></i>decided</span><span><i style="background:` + palette[1] + `"></i>waiting</span></p>`
	}
	return template.HTML(out + note("Units without a majority once their item had the policy's most annotators, and units a lead referred."))
}

// leaderboardSection is what bench says of the dataset, figure for
// figure: a table per run kind (its runs share their metrics) with each
// run's n, starred while some of it waits for gold, and its gold basis; a
// labels run's rows per label type; the notes under bench's leaderboard;
// the runs beside the people; a judge's flip rate, the rule that read its
// arena judgments, and its verdicts' table beside the gold's; and each
// comparison's gold table.
func leaderboardSection(runs []RunScore, comps []ComparisonScore) template.HTML {
	if len(runs) == 0 && len(comps) == 0 {
		return template.HTML(note("No benchmark runs (claritty bench add)."))
	}
	var out strings.Builder
	kinds, pooled := runKindsOf(runs)
	for _, k := range kinds {
		out.WriteString(runKindSection(runs, k))
	}
	if len(runs) > 0 {
		for _, n := range benchNotes(runs, pooled) {
			out.WriteString(note(esc(n)))
		}
	}
	out.WriteString(baselineHTML(runs))
	out.WriteString(assignmentsSection(runs))
	out.WriteString(judgeReadHTML(runs))
	out.WriteString(judgeComparisonsHTML(runs))
	for ci, c := range comps {
		out.WriteString(comparisonSection(c, fmt.Sprintf("comparisons/%d", ci)))
	}
	out.WriteString(note("As claritty bench gives them: – where a figure is undefined; n what the figures rest on, " +
		"n/total* while some of what a run holds waits for gold; gold: how many of the golds the figures could rest on " +
		"are settled, provisional and missing."))
	return template.HTML(out.String())
}

// runKindsOf are the kinds of the runs in the order they first come, and
// whether a labels run has a pooled row.
func runKindsOf(runs []RunScore) ([]store.RunKind, bool) {
	var kinds []store.RunKind
	pooled := false
	for _, r := range runs {
		if !slices.Contains(kinds, r.Kind) {
			kinds = append(kinds, r.Kind)
		}
		pooled = pooled || r.Kind == store.RunLabels && len(r.PooledOver) > 1
	}
	return kinds, pooled
}

// judgeReadHTML is, per judge run, its flip rate over both orders and the
// rule that read its arena judgments.
func judgeReadHTML(runs []RunScore) string {
	var out strings.Builder
	for i, r := range runs {
		if o := r.BothOrders; o != nil {
			p := fmt.Sprintf("runs/%d/both_orders/", i)
			out.WriteString(note(fmt.Sprintf("%s judged %s %s in both orders; the verdict changed with the order in %s: flip rate %s [%s, %s] (95%% Wilson).",
				esc(r.Name), countFig(SrcBench, p+"pairs", o.Pairs), display.Noun(o.Pairs, "pair", "pairs"), countFig(SrcBench, p+"flips", o.Flips),
				fig(SrcBench, p+"flip_rate", benchValue(o.Rate), 3), fig(SrcBench, p+"flip_rate_low", benchValue(o.Low), 3),
				fig(SrcBench, p+"flip_rate_high", benchValue(o.High), 3))))
		}
		if a := r.ArenaJudgments; a != nil {
			out.WriteString(note(arenaHTML(r.Name, a, fmt.Sprintf("runs/%d/arena_judgments/", i))))
		}
	}
	return out.String()
}

// judgeComparisonsHTML is each judge's verdicts' table beside the gold's
// over the same pairs.
func judgeComparisonsHTML(runs []RunScore) string {
	var out strings.Builder
	for i, r := range runs {
		if c := r.Comparison; c != nil {
			p := fmt.Sprintf("runs/%d/comparison/", i)
			out.WriteString("<h3>" + esc(r.Name) + " as judge, over the pairs it and the gold both judged</h3>" +
				comparisonBody(c.Judge, false, c.JudgeWithheld, p+"judge") +
				"<h3>The gold over the same pairs</h3>" + comparisonBody(c.Gold, true, c.GoldWithheld, p+"gold"))
		}
	}
	return out.String()
}

// arenaHTML is bench's line for a judge run's rule, its counts figures
// at their paths under p in bench --json.
func arenaHTML(name string, a *ArenaJudgments, p string) string {
	if a.Rule == ArenaNotRecorded {
		return esc(name) + ": " + esc(a.Text()) + "."
	}
	return esc(name) + "'s judgments were read by " + esc(a.rulePhrase()) + "; " +
		a.droppedPhrase(func(key string, n int) string { return countFig(SrcBench, p+key, n) }) + "."
}

// comparisonSection is a compare dataset's gold verdicts as bench gives
// them: how many pairs have a verdict and on what gold, then the table.
func comparisonSection(c ComparisonScore, path string) string {
	leftOut := ""
	if c.LeftOutWhy != "" {
		leftOut = " " + esc(sentence(c.LeftOutWhy))
	}
	return "<h3>" + esc(cmp.Or(c.Judge, "gold")) + " verdicts</h3>" +
		note(fmt.Sprintf("%s of %s %s with a gold verdict (95%% Wilson intervals); gold %s.%s", countFig(SrcBench, path+"/items", c.Items),
			countFig(SrcBench, path+"/total", c.Total), display.Noun(c.Total, "pair", "pairs"), goldHTML(path+"/gold", c.Gold), leftOut)) +
		comparisonBody(c.Comparison, c.Positions, c.Withheld, path)
}

// sentence is a note's text with a capital and a full stop.
func sentence(s string) string {
	if s == "" {
		return ""
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:]) + "."
}

// comparisonBody is a comparison's verdicts: each pair of systems' win,
// tie and lose shares, the position bias where the sides shown mean
// something, and with three or more systems the Bradley–Terry ranking;
// what the reader may not see says why.
func comparisonBody(c bench.Comparison, positions bool, wh ComparisonWithheld, path string) string {
	var rows [][]string
	for pi, p := range c.Pairs {
		pp := fmt.Sprintf("%s/pairs/%d", path, pi)
		row := []string{esc(p.First) + " vs " + esc(p.Second), countFig(SrcBench, pp+"/comparisons", p.Comparisons)}
		if why := wh.Pairs[[2]string{p.First, p.Second}]; why != "" {
			rows = append(rows, append(row, withheld(why), "", ""))
			continue
		}
		rows = append(rows, append(row, shareFig(pp+"/win", p.Win), shareFig(pp+"/tie", p.Tie), shareFig(pp+"/lose", p.Lose)))
	}
	out := table([]string{"pair (first vs second)", "pairs", "win", "tie", "lose"}, rows)
	if len(rows) == 0 && wh.NoVerdicts != "" {
		out = note(esc("No verdicts to count: " + wh.NoVerdicts + "."))
	}
	switch b := c.PositionBias; {
	case positions && wh.Bias != "":
		out += note("Left output's share of decisive verdicts: " + withheld(wh.Bias))
	case positions:
		why := ""
		if w := biasUndefined(c, wh); w != "" {
			why = " (" + esc(w) + ")"
		}
		out += note(fmt.Sprintf("Left output won %s of %s %s: %s%s.", countFig(SrcBench, path+"/position_bias/k", b.K),
			countFig(SrcBench, path+"/position_bias/n", b.N), display.Noun(b.N, "decisive verdict", "decisive verdicts"), shareFig(path+"/position_bias", b), why))
	}
	if wh.Ranking != "" {
		return out + note("Bradley–Terry ranking: "+withheld(wh.Ranking))
	}
	if len(c.Ranking) == 0 {
		return out
	}
	return out + "<h3>Bradley–Terry ranking</h3>" + rankingHTML(c, path)
}

// rankingHTML is the Bradley–Terry ranking as bench gives it: what was
// fitted and from how many resamples, each system's strength and
// interval (or why it has none) in its group, who won every game against
// whom, and what the intervals separate.
func rankingHTML(c bench.Comparison, path string) string {
	var ranks [][]string
	var bars []shareBar
	for si, s := range c.Ranking {
		sp := fmt.Sprintf("%s/ranking/%d", path, si)
		strength := fig(SrcBench, sp+"/strength", benchValue(s.Score), 3)
		interval := "[" + fig(SrcBench, sp+"/low", benchValue(s.Low), 3) + ", " + fig(SrcBench, sp+"/high", benchValue(s.High), 3) + "]"
		if why := noStrength(s); why != "" {
			// As the text gives it: no strength, so no interval either.
			strength += ` <span class="note">no finite strength: ` + esc(why) + `</span>`
			interval = `<span class="note">no interval</span>`
		}
		row := []string{esc(s.System), strength, interval, countFig(SrcBench, sp+"/games", s.Games)}
		if !c.Finite() {
			row = slices.Insert(row, 1, strconv.Itoa(s.Group+1))
		}
		ranks = append(ranks, row)
		if c.Finite() { // strengths of different groups share no scale to draw
			bars = append(bars, shareBar{label: s.System, v: benchValue(s.Score)})
		}
	}
	head := []string{"system", "strength", "95% interval", "games"}
	if !c.Finite() {
		head = slices.Insert(head, 1, "group")
	}
	out := note(esc(strings.TrimSpace(fitNote(c)+" "+intervalsNote(c)))) + table(head, ranks)
	var after []string
	for _, d := range c.Between {
		after = append(after, fmt.Sprintf("group %d won %s against group %d", d.Above+1, allGames(d.Games), d.Below+1))
	}
	if sep := c.Separability; c.Bootstrap.Replicates > 0 {
		within := ""
		if !c.Finite() {
			within = " within a group"
		}
		after = append(after, fmt.Sprintf("Separable: %d of %s%s, their intervals apart.", sep.Separated,
			display.Count(sep.Pairs, "pair of systems", "pairs of systems"), within))
	}
	if len(after) > 0 {
		out += note(esc(strings.Join(after, "; ")))
	}
	if len(bars) > 0 {
		out += shareChart("Bradley–Terry strengths", bars, 1)
	}
	return out
}

// withheld is a figure left out for the reader, and why.
func withheld(why string) string { return `<span class="withheld">` + esc(why) + `</span>` }

// runKindSection is the runs of one kind (their index in bench --json's
// runs kept), as bench lists them: one row each (nugget runs best mean
// first), a labels run's label types a row each, one column per metric,
// n and the gold basis; and a chart of every run's every metric.
func runKindSection(runs []RunScore, kind store.RunKind) string {
	var order []int
	for i, r := range runs {
		if r.Kind == kind {
			order = append(order, i)
		}
	}
	if kind == store.RunNuggets {
		slices.SortStableFunc(order, func(a, b int) int { return CompareMean(runs[b], runs[a]) })
	}
	t := kindTable{metrics: runMetricNames(runs, order), top: 1.0}
	for _, i := range order {
		t.addRun(i, runs[i])
	}
	second := "against"
	if kind == store.RunNuggets {
		second = "k"
	}
	head := []string{"run", second}
	for _, m := range t.metrics {
		head = append(head, esc(m))
	}
	if len(t.metrics) == 0 {
		head = append(head, "figures")
	}
	out := "<h3>" + esc(string(kind)) + " runs</h3>" + table(append(head, "n", "gold"), t.cells)
	if len(t.bars) > 0 {
		out += shareChart(string(kind)+" runs", t.bars, t.top)
	}
	return out
}

// runMetricNames are the names of the runs' metrics, theirs and their label
// types', in the order they first come.
func runMetricNames(runs []RunScore, order []int) []string {
	var metrics []string
	addNames := func(ms []bench.Metric) {
		for _, m := range ms {
			if !slices.Contains(metrics, m.Name) {
				metrics = append(metrics, m.Name)
			}
		}
	}
	for _, i := range order {
		addNames(runs[i].Metric)
		for _, t := range runs[i].ByType {
			addNames(t.Metrics())
		}
	}
	return metrics
}

// kindTable is the table of one kind's runs, a column per metric, and
// the chart of its figures (top: the chart's top, at least 1).
type kindTable struct {
	metrics []string
	cells   [][]string
	bars    []shareBar
	top     float64
}

// addRun adds a run's row (its index in bench --json's runs is i) and
// its label types' rows.
func (t *kindTable) addRun(i int, r RunScore) {
	p := fmt.Sprintf("runs/%d", i)
	head := []string{esc(r.Name), esc(against(r))}
	switch {
	case r.Withheld != "":
		t.cells = append(t.cells, append(append(head, t.blank(r.Withheld)...), judgedHTML(p, r), goldHTMLOf(p+"/gold", r.Gold)))
		return
	case len(r.Metric) > 0 || len(r.ByType) == 0:
		t.cells = append(t.cells, append(append(head, t.figures(r.Metric, p+"/metrics/", r.Name)...), judgedHTML(p, r), goldHTMLOf(p+"/gold", r.Gold)))
	}
	if len(r.PooledOver) == 1 {
		return // one label type: its rows would repeat the run's
	}
	for _, ts := range r.ByType {
		t.addType(p, r.Name, ts)
	}
}

// addType adds the row of a run's label type.
func (t *kindTable) addType(p, name string, ts TypeScore) {
	row := []string{esc(name), esc(ts.Type)}
	gold := goldHTML(p+"/by_type_gold/"+ts.Type, ts.Gold)
	if ts.Withheld != "" {
		t.cells = append(t.cells, append(append(row, t.blank(ts.Withheld)...), "", gold))
		return
	}
	n := countFig(SrcBench, p+"/by_type_items/"+ts.Type, ts.N)
	if strings.HasSuffix(ts.NText(), "*") {
		n += "*"
	}
	t.cells = append(t.cells, append(append(row, t.figures(ts.Metrics(), p+"/by_type/"+ts.Type+"/", name+" · "+ts.Type)...), n, gold))
}

// figures are a row's cells, one per metric of the table ("" where the
// row has none), each a bar of the chart.
func (t *kindTable) figures(ms []bench.Metric, p, label string) []string {
	var row []string
	for _, name := range t.metrics {
		j := slices.IndexFunc(ms, func(m bench.Metric) bool { return m.Name == name })
		if j < 0 {
			row = append(row, "")
			continue
		}
		v := benchValue(ms[j].Value)
		row = append(row, fig(SrcBench, p+name, v, 3))
		t.bars = append(t.bars, shareBar{label: label + " · " + name, v: v})
		if v.Defined {
			t.top = math.Max(t.top, v.V)
		}
	}
	return row
}

// blank is a row whose figures are taken out: it says why, once.
func (t *kindTable) blank(why string) []string {
	row := []string{withheld(why)}
	for range max(1, len(t.metrics)) - 1 {
		row = append(row, "")
	}
	return row
}

// against is what bench's second column says of a run: a nugget run's k,
// a trec run's target, "reference" for questions, the label type a labels
// run's figures are of, "pooled" over several types of one scale, or
// "labels" where they are per type only.
func against(r RunScore) string {
	switch {
	case r.Kind == store.RunNuggets:
		return r.K
	case r.Kind == store.RunQuestions:
		return "reference"
	case r.Kind != store.RunLabels:
		return r.Target
	case len(r.PooledOver) == 1:
		return r.PooledOver[0]
	case len(r.PooledOver) > 1:
		return "pooled"
	}
	return "labels"
}

// judgedHTML is bench's n: n, or n/total* while some of the run waits
// for gold.
func judgedHTML(p string, r RunScore) string {
	n := countFig(SrcBench, p+"/items", r.Items)
	if r.Complete {
		return n
	}
	return n + "/" + countFig(SrcBench, p+"/total", r.Total) + "*"
}

// goldHTMLOf is a run's gold basis, "–" for a questions run (it rests on
// reference questions, not gold).
func goldHTMLOf(path string, b *GoldBasis) string {
	if b == nil {
		return "–"
	}
	return goldHTML(path, *b)
}

// goldHTML is GoldBasis.Text with its counts as figures.
func goldHTML(path string, b GoldBasis) string {
	out := countFig(SrcBench, path+"/settled", b.Settled) + " settled"
	if b.Provisional > 0 {
		sep, after := " + ", " provisional"
		if !b.ProvisionalScored {
			sep, after = " · ", " provisional not scored"
		}
		out += sep + countFig(SrcBench, path+"/provisional", b.Provisional) + after
	}
	if b.Missing > 0 {
		out += " · " + countFig(SrcBench, path+"/missing", b.Missing) + " missing"
	}
	return out
}

// undefinedHTML is the reasons a table's figures are undefined, if any.
func undefinedHTML(why []string) string {
	if len(why) == 0 {
		return ""
	}
	return note(esc(strings.Join(why, "; ")))
}

// signedFig is a figure to two places with its sign, as bench's
// differences are written.
func signedFig(path string, v bench.Value) string {
	if v.Defined && v.X >= 0 {
		return "+" + fig(SrcBench, path, benchValue(v), 2)
	}
	return fig(SrcBench, path, benchValue(v), 2)
}

// baselineHTML is bench's table of each labels run beside the people (for
// a lead), with its notes; "" when no run has one.
func baselineHTML(runs []RunScore) string {
	var rows [][]string
	for i, r := range runs {
		for j, h := range r.Baseline {
			p := fmt.Sprintf("runs/%d/human_baseline/%d/", i, j)
			people := "–"
			if h.People > 0 {
				people = fig(SrcBench, p+"people_mean", benchValue(h.Mean), 2) + ", " + fig(SrcBench, p+"people_lowest", benchValue(h.Lowest), 2) +
					"–" + fig(SrcBench, p+"people_highest", benchValue(h.Highest), 2) + " of " + countFig(SrcBench, p+"people", h.People)
			}
			diff := "–"
			if h.Diff.Defined {
				diff = signedFig(p+"run_minus_people", h.Diff) + " [" + signedFig(p+"run_minus_people_low", h.DiffLow) +
					", " + signedFig(p+"run_minus_people_high", h.DiffHigh) + "] " + esc(h.Standing)
			}
			resamples := "–" // no person to set beside the run: nothing drawn
			if h.Replicates > 0 {
				resamples = countFig(SrcBench, p+"replicates_used", h.Used) + " of " + countFig(SrcBench, p+"replicates", h.Replicates)
			}
			rows = append(rows, []string{esc(r.Name), esc(h.Type), h.Weighting(), fig(SrcBench, p+"run_kappa", benchValue(h.Run), 2), people, diff,
				resamples, countFig(SrcBench, p+"items", h.Items)})
		}
	}
	if len(rows) == 0 {
		return ""
	}
	return "<h3>Runs beside the people</h3>" +
		note("Over the items both the run and the gold label: the run's κ with the gold; each person's κ with the majority of the others "+
			"(two or more others, a unique majority).") +
		table([]string{"run", "type", "κ weighting", "run κ", "people κ (mean, low–high)", "run − people [95%]", "resamples", "items"}, rows) +
		note("Within, above or below: the run's κ against the people's lowest and highest; resamples: of the interval's, those where "+
			"both sides' κ are defined (the rest are dropped).") + undefinedHTML(baselineUndefined(runs))
}

func shareFig(path string, s bench.Share) string {
	return fig(SrcBench, path+"/share", benchValue(s.P), 3) + ` <span class="note">[` +
		fig(SrcBench, path+"/low", benchValue(s.Low), 3) + ", " + fig(SrcBench, path+"/high", benchValue(s.High), 3) + `]</span>`
}
