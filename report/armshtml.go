package report

import (
	"fmt"
	"html/template"

	"github.com/claritty/claritty/agreement"
)

// armsSection is the figures per arm of annotators --quality --json
// ("arms"), for a lead: each arm's counts, then per unit type its
// agreement within, with the blind arm's settled gold and with each run, then each
// arm against the blind arm.
func armsSection(f *ArmFigures) template.HTML {
	from := "the blind arm's labels"
	if f.GoldFrom == "all" {
		from = "every arm's labels"
	}
	var cells [][]string
	for i, a := range f.Arms {
		p := fmt.Sprintf("arms/arms/%d", i)
		cells = append(cells, []string{esc(a.Arm), countFig(SrcQuality, p+"/per_item", a.PerItem),
			countFig(SrcQuality, p+"/annotators", a.Annotators), countFig(SrcQuality, p+"/items", a.Items),
			countFig(SrcQuality, p+"/labels", a.Labels), fig(SrcQuality, p+"/changed_share", a.ChangedShare, 3),
			fig(SrcQuality, p+"/median_hit_seconds", a.MedianHITSeconds, 1)})
	}
	out := note(esc("Gold comes from "+from+"; these figures read every arm's.")) +
		table([]string{"arm", "per item", "annotators", "items", "labels", "changed after the first key", "median s"}, cells)
	for t := range typesOf(f.Arms) {
		var rows [][]string
		for i, a := range f.Arms {
			at, p := a.Types[t], fmt.Sprintf("arms/arms/%d/types/%d", i, t)
			gold := "–"
			if at.Gold != nil {
				gold = fig(SrcQuality, p+"/blind_gold/kappa", at.Gold.Kappa, 3) + " (" + fig(SrcQuality, p+"/blind_gold/exact", at.Gold.Exact, 3) + ")"
			}
			row := []string{esc(a.Arm), distributionCell(at, p),
				fig(SrcQuality, p+"/within/kappa", at.Within.Kappa, 3) + ciText(at.Within.KappaCI),
				fig(SrcQuality, p+"/within/alpha_nominal", at.Within.AlphaNominal, 3),
				fig(SrcQuality, p+"/within/alpha_ordinal", at.Within.AlphaOrdinal, 3) + ciText(at.Within.AlphaCI), gold}
			for j := range at.Runs {
				row = append(row, fig(SrcQuality, fmt.Sprintf("%s/runs/%d/kappa", p, j), at.Runs[j].Kappa, 3)+" ("+
					fig(SrcQuality, fmt.Sprintf("%s/runs/%d/exact", p, j), at.Runs[j].Exact, 3)+")")
			}
			rows = append(rows, row)
		}
		head := []string{esc(f.Arms[0].Types[t].Type), "labels", "κ within [95%]", "α nominal within", "α ordinal within [95%]",
			"κ with the blind arm's settled gold (exact)"}
		for _, r := range f.Arms[0].Types[t].Runs {
			head = append(head, "κ with "+esc(r.Run)+" (exact)")
		}
		out += table(head, rows) + note(esc("κ with the gold and the runs: "+f.Arms[0].Types[t].Weighting+
			"; the blind arm's settled gold is a decision, else the policy's rule over its labels where they reach its count."))
	}
	if len(f.Differences) > 0 {
		var rows [][]string
		for i, d := range f.Differences {
			p := fmt.Sprintf("arms/differences/%d", i)
			rows = append(rows, []string{esc(d.Arm), esc(d.Type),
				fig(SrcQuality, p+"/run_kappa_difference", d.RunKappa, 3) + ciText(d.RunCI),
				fig(SrcQuality, p+"/within_kappa_difference", d.Within, 3) + ciText(d.WithinCI)})
		}
		out += table([]string{"arm", "type", "Δ κ with its run", "Δ κ within"}, rows)
		out += note(esc(fmt.Sprintf("Each arm less the blind arm, with a 95%% bootstrap interval over items (%d replicates, seed %d).",
			f.Bootstrap, f.Seed)))
	}
	return template.HTML(out)
}

func ciText(ci agreement.Interval) string { return " " + esc(ci.String()) }

// distributionCell is an arm's final labels of a type, value by value
// ("Good 12 · Fair 3"), each count held to the JSON's.
func distributionCell(at ArmType, p string) string {
	out := ""
	for k, c := range at.Distribution {
		if k > 0 {
			out += " · "
		}
		out += esc(c.Label) + " " + countFig(SrcQuality, fmt.Sprintf("%s/distribution/%d/n", p, k), c.N)
	}
	return out
}
