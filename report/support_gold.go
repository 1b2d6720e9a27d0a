package report

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/display"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// DatasetSupport is a support dataset's runs' weighted support precision
// and recall (support.go), from its gold labels: each item an answer of
// its run (item.run), each pair's gold its weight, a pair without gold
// (unresolved, unlabelled or flagged) leaving its answer unscored.
type DatasetSupport struct {
	Dataset string         `json:"dataset"`
	Runs    []SupportScore `json:"runs"`
}

// SupportOfDataset scores the runs of a dataset of a protocol file with a
// nested step and item.run (trec-rag-support); false for any other.
func SupportOfDataset(ctx context.Context, r *store.Reading, d store.Dataset, f *guidelines.ProtocolFile) (DatasetSupport, bool, error) {
	if f == nil || !f.Nested() || f.Item.Run == "" || r.WithholdsRuns() {
		return DatasetSupport{}, false, nil
	}
	var answers []SupportAnswer
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		pi, _ := f.PairsOf(p.Item.Meta)
		a := SupportAnswer{Run: pi.Run, Sentences: make([][]float64, len(pi.Pairs)), Item: p.Item.ID}
		for i, units := range pi.Pairs {
			a.Sentences[i] = []float64{}
			for _, u := range units {
				g := p.Label(u)
				if g < 0 || p.Flagged {
					a.Unjudged++
					continue
				}
				a.Sentences[i] = append(a.Sentences[i], f.SupportWeight(u, g))
			}
		}
		answers = append(answers, a)
		return nil
	})
	if err != nil {
		return DatasetSupport{}, true, err
	}
	runs := SupportScores(answers)
	// Below the lead a run's figures rest on enough scored answers or
	// are withheld, as every figure is (blind.go).
	counted := map[string]*tally{}
	for _, a := range answers {
		if counted[a.Run] == nil {
			counted[a.Run] = &tally{}
		}
		if a.Unjudged == 0 {
			counted[a.Run].add(r.Blind(), a.Item)
		}
	}
	for i := range runs {
		runs[i].Withheld = counted[runs[i].Run].withheld(r.Blind(), display.Clean(f.Items))
	}
	return DatasetSupport{Dataset: d.Name, Runs: runs}, true, nil
}

// SupportLines are a dataset's support figures as bench prints them, a
// line a run (its name cleaned: a run's id is the dataset's text).
func SupportLines(s DatasetSupport) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tanswers\tunscored\tweighted precision\tweighted recall")
	for _, r := range s.Runs {
		p, rc := "N/A", "N/A" // no answer scored: no mean, not a run that supports nothing
		if r.Withheld != "" {
			p, rc = r.Withheld, r.Withheld
		} else if r.Answers > 0 {
			p, rc = fmt.Sprintf("%.4f", r.Precision), fmt.Sprintf("%.4f", r.Recall)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", display.Clean(r.Run), r.Answers, r.Unscored, p, rc)
	}
	tw.Flush()
	head := display.Clean(s.Dataset) + " · support (TREC 2024 RAG: full 1, partial 0.5, none 0; a run's mean over its answers)"
	return append([]string{head}, Indent(strings.Split(strings.TrimRight(b.String(), "\n"), "\n"))...)
}
