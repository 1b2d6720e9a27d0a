package data

// The gold and release files of every task kind, and the bench summary:
// report computes the gold and the scores, data writes them.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// GoldHeader is the header of a gold export: one row per unit.
const GoldHeader = "item\tunit\tlabel\tprovenance\tvotes\tadjudicator"

// WriteGold writes one row per labelled unit of a dataset's panes: the
// gold label ("" when unresolved), its provenance, the votes per category
// ("0:1,2:2", categories without votes left out) and who adjudicated it.
// Flagged panes are left out, and panes with insufficient units unless
// opts keep them; unresolved units are written (their provenance says
// so) whatever opts say.
func WriteGold(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	opts.IncludeUnresolved = true
	sum := report.ReleaseSummary{Kept: opts}
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	pol, err := r.Policy(ctx)
	if err != nil {
		return sum, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return sum, err
	}
	model := pol.Model == store.GoldDawidSkene
	header := GoldHeader
	if model {
		header += "\tposterior\tby_vote\tfit"
	}
	if opts.WithText {
		header += "\t" + report.TextHeader
	}
	// A lead's gold of a dataset with arms says, on every row, which arms'
	// labels it rests on (gold_from, last).
	study, arms, err := r.Study(ctx)
	if err != nil {
		return sum, err
	}
	fromCell := ""
	if arms {
		header += "\tgold_from"
		fromCell = "\t" + tsvCell(strings.Join(report.GoldArmNames(study), ","))
	}
	err = writeKept(ctx, r, w, &sum, header, func(bw *bufio.Writer, p *report.PaneGold) error {
		for _, u := range p.Units {
			label, votes := goldCells(u, r.Protocol(kind).TextMax(u.Unit) > 0)
			_, err := fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\t%s", p.Item.UID, u.Unit, label, u.Provenance,
				strings.Join(votes, ","), display.Clean(u.Adjudicator))
			if err == nil && model {
				_, err = bw.WriteString("\t" + posteriorCell(u.Posterior) + "\t" + string(u.ByVote) + "\t" + u.Fit)
			}
			if err == nil && opts.WithText {
				var t store.UnitText
				if t, err = r.UnitText(ctx, p.Item, kind, u.Unit); err == nil {
					_, err = bw.WriteString("\t" + tsvCell(t.Text) + "\t" + tsvCell(t.Text2) + "\t" + tsvCell(t.RowID))
				}
			}
			if err == nil {
				_, err = bw.WriteString(goldFromCell(fromCell, u.Provenance) + "\n")
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	return sum, err
}

// goldFromCell is a gold row's gold_from cell (with its tab; "" when the
// export has no such column): a judge's label rests on no arm's labels.
func goldFromCell(cell string, p agreement.Provenance) string {
	if cell != "" && p == agreement.Judge {
		return "\t"
	}
	return cell
}

// posteriorCell is a posterior as "0:0.012,1:0.103,2:0.885", values
// with no probability left out ("" for a unit the model did not see).
func posteriorCell(post []float64) string {
	var parts []string
	for v, p := range post {
		if p > 0 {
			parts = append(parts, strconv.Itoa(v)+":"+strconv.FormatFloat(p, 'g', 6, 64))
		}
	}
	return strings.Join(parts, ",")
}

// requireKind refuses a gold export that is not a lead's whole reading of
// a dataset of kind.
func requireKind(ctx context.Context, r *store.Reading, kind guidelines.Kind) error {
	if err := r.RequireGold(); err != nil {
		return err
	}
	got, err := r.Kind(ctx)
	if err == nil && got != kind {
		err = fmt.Errorf("the dataset holds %s items, not %s items", got, kind)
	}
	return err
}

// tsvCell makes dataset text safe in one TSV cell: tabs and line breaks
// become spaces, control characters are neutralised.
func tsvCell(s string) string {
	return display.Clean(strings.NewReplacer("\t", " ", "\r\n", " ", "\n", " ", "\r", " ").Replace(s))
}

// goldJSON is one unit's gold in a JSONL gold export: the label by name
// (null when unresolved), what it rests on, every vote by label name, and
// who decided when an adjudicator did.
type goldJSON struct {
	Label       *string        `json:"label"`
	Provenance  string         `json:"provenance"`
	Votes       map[string]int `json:"votes"`
	Adjudicator string         `json:"adjudicator,omitempty"`
	// Posterior is the Dawid–Skene posterior by label name, when the
	// dataset's gold is the model's.
	Posterior map[string]float64 `json:"posterior,omitempty"`
	// ByVote and Fit, beside a model's label: what the votes alone say,
	// and whether the fit converged.
	ByVote string `json:"by_vote,omitempty"`
	Fit    string `json:"fit,omitempty"`
}

// unitJSON is unit's gold on p, or nil when the unit has neither a label
// nor a vote (a facet the gold says does not apply).
func unitJSON(p *report.PaneGold, proto guidelines.Protocol, unit string) *goldJSON {
	for _, u := range p.Units {
		if u.Unit != unit {
			continue
		}
		g := &goldJSON{Provenance: string(u.Provenance), Votes: map[string]int{}, Adjudicator: u.Adjudicator,
			ByVote: string(u.ByVote), Fit: u.Fit}
		written := proto.TextMax(u.Unit) > 0
		switch {
		case written && u.Label >= 0: // a written answer's gold is its words
			g.Label = &u.Text
		case u.Label >= 0:
			name := proto.NameOn(u.Unit, u.Label)
			g.Label = &name
		}
		for v, n := range u.Votes {
			switch {
			case n > 0 && written:
				g.Votes["answers"] = n
			case n > 0:
				g.Votes[proto.NameOn(u.Unit, v)] = n
			}
		}
		for v, pr := range u.Posterior {
			if pr > 0 {
				if g.Posterior == nil {
					g.Posterior = map[string]float64{}
				}
				g.Posterior[proto.NameOn(u.Unit, v)] = pr
			}
		}
		return g
	}
	return nil
}

// goldExport writes a JSONL gold export of a dataset of kind, one line per
// item: a lead's whole reading; flagged items are left out, and so are
// items with insufficient units unless opts keep them.
func goldExport(ctx context.Context, r *store.Reading, kind guidelines.Kind, w io.Writer, opts report.ReleaseOptions,
	line func(p *report.PaneGold) (any, error)) (report.ReleaseSummary, error) {
	opts.IncludeUnresolved = true // an unresolved unit's label is null, its votes there to see
	sum := report.ReleaseSummary{Kept: opts}
	if err := requireKind(ctx, r, kind); err != nil {
		return sum, err
	}
	bw := bufio.NewWriter(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc := json.NewEncoder(bw)
	err := report.EachPaneGold(ctx, r, func(p *report.PaneGold) error {
		if !sum.Keep(p) {
			return nil
		}
		v, err := line(p)
		if err != nil {
			return err
		}
		return enc.Encode(v)
	})
	if err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}

// WritePairsGold writes one JSON line per pair of a compare dataset:
// {"id", "request", "first", "second", "first_shown": "A" or "B",
// "preference": gold, "better": the better system's name, "tie", or null}.
// The preference label speaks from the first system's side (win, tie,
// lose); which side each system was shown on lets a reader check for a
// position bias.
func WritePairsGold(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	type pairJSON struct {
		ID         string    `json:"id"`
		Request    string    `json:"request"`
		First      string    `json:"first"`
		Second     string    `json:"second"`
		FirstShown string    `json:"first_shown"`
		Preference *goldJSON `json:"preference"`
		Better     *string   `json:"better"`
	}
	pairs, err := r.PairSystems(ctx)
	if err != nil {
		return report.ReleaseSummary{Kept: opts}, err
	}
	proto := guidelines.Compare
	return goldExport(ctx, r, proto.Kind, w, opts, func(p *report.PaneGold) (any, error) {
		sys := pairs[p.Item.ID]
		out := pairJSON{ID: p.Item.UID, Request: p.Item.Query, First: sys.First, Second: sys.Second, FirstShown: "B",
			Preference: unitJSON(p, proto, guidelines.PreferenceUnit)}
		if sys.FirstLeft {
			out.FirstShown = "A"
		}
		if better, ok := map[int]string{guidelines.PreferWin: sys.First, guidelines.PreferTie: "tie",
			guidelines.PreferLose: sys.Second}[p.Label(guidelines.PreferenceUnit)]; ok {
			out.Better = &better
		}
		return out, nil
	})
}

// metricsJSON keeps the metrics in report order.
type metricsJSON []bench.Metric

func (m metricsJSON) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, x := range m {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(x.Name)
		v, _ := x.Value.MarshalJSON()
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// WriteBenchJSON writes {"runs": [{"name", "kind", "metrics", "items",
// …}], "comparisons": […]}, with a labels run's figures per label type
// under by_type, and each compare dataset's gold table in comparisons.
func WriteBenchJSON(w io.Writer, scores []report.RunScore, comps []report.ComparisonScore, support ...report.DatasetSupport) error {
	type runJSON struct {
		report.RunScore
		Metrics        metricsJSON                 `json:"metrics"`
		ByType         map[string]metricsJSON      `json:"by_type,omitempty"`
		ByTypeWithheld map[string]string           `json:"by_type_withheld,omitempty"`
		ByTypeN        map[string]int              `json:"by_type_items,omitempty"`
		ByTypeGold     map[string]report.GoldBasis `json:"by_type_gold,omitempty"`
	}
	out := struct {
		Runs        []runJSON                `json:"runs"`
		Comparisons []report.ComparisonScore `json:"comparisons,omitempty"`
		Support     []report.DatasetSupport  `json:"support,omitempty"` // a support dataset's runs (report.SupportOfDataset)
	}{Runs: []runJSON{}, Comparisons: comps, Support: support}
	for _, s := range scores {
		r := runJSON{RunScore: s, Metrics: s.Metric}
		for _, t := range s.ByType {
			if r.ByTypeGold == nil {
				r.ByTypeGold, r.ByTypeN = map[string]report.GoldBasis{}, map[string]int{}
			}
			r.ByTypeGold[t.Type] = t.Gold
			if t.Withheld != "" {
				if r.ByTypeWithheld == nil {
					r.ByTypeWithheld = map[string]string{}
				}
				r.ByTypeWithheld[t.Type] = t.Withheld
				continue
			}
			if r.ByType == nil {
				r.ByType = map[string]metricsJSON{}
			}
			r.ByType[t.Type] = t.Metrics()
			r.ByTypeN[t.Type] = t.N
		}
		out.Runs = append(out.Runs, r)
	}
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteNuggetJudgements writes one JSON line per answer of a nuggets
// dataset, as Clarify-Then-Search's per-item file: the intent's id, the
// system, k, restore_score_100 (null until every nugget has a gold
// judgement) and each nugget's gold coverage (full, partial, none, or
// null when unresolved or not judged yet). Flagged answers are left out,
// and so are answers with a nugget judged by fewer annotators than the
// policy's min unless opts keep them.
func WriteNuggetJudgements(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	answers, sum, err := report.NuggetJudgements(ctx, r, d, opts)
	if err != nil {
		return sum, err
	}
	type nuggetJSON struct {
		ID       string  `json:"id"`
		Weight   float64 `json:"weight"`
		Coverage *string `json:"coverage"`
	}
	type itemJSON struct {
		ID      string       `json:"id"`
		System  string       `json:"system"`
		K       *int         `json:"k"`
		Score   *float64     `json:"restore_score_100"`
		Nuggets []nuggetJSON `json:"nuggets"`
	}
	bw := bufio.NewWriter(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc := json.NewEncoder(bw)
	for _, a := range answers {
		it := itemJSON{ID: a.Intent, System: a.System, K: a.K, Score: a.Score}
		for _, n := range a.Nuggets {
			nj := nuggetJSON{ID: n.ID, Weight: n.Weight}
			if n.Coverage >= 0 {
				name := guidelines.Nuggets.NameOf("nugget", n.Coverage)
				nj.Coverage = &name
			}
			it.Nuggets = append(it.Nuggets, nj)
		}
		if err := enc.Encode(it); err != nil {
			return sum, err
		}
	}
	return sum, bw.Flush()
}

// WriteNuggetizer writes a nuggets dataset's gold as castorini/nuggetizer's
// assign output, one JSON line per answer: {"query", "qid", "answer_text",
// "response_length", "run_id", "nuggets": [{"text", "importance",
// "assignment": "support" | "partial_support" | "not_support"}]}, so its
// metrics step reads ours. Only answers whose nuggets are graded vital or
// okay and all have a gold judgement are written (nuggetizer scores no
// other); flagged answers and, unless opts keep them, answers judged by
// fewer annotators than the policy's min are left out, as in every
// release.
func WriteNuggetizer(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	answers, sum, err := report.NuggetJudgements(ctx, r, d, opts)
	if err != nil {
		return sum, err
	}
	// Which answers are whole is decided here: the list holds every answer
	// not flagged (nor insufficient, unless kept), judged or not.
	sum.Whole, sum.Kept.IncludeUnresolved = true, false
	sum.Written, sum.Unresolved, sum.Unlabelled = 0, 0, 0
	type nuggetJSON struct {
		Text       string `json:"text"`
		Importance string `json:"importance"`
		Assignment string `json:"assignment"`
	}
	type answerJSON struct {
		Query          string       `json:"query"`
		QID            string       `json:"qid"`
		AnswerText     string       `json:"answer_text"`
		ResponseLength *int         `json:"response_length"`
		RunID          string       `json:"run_id"`
		Nuggets        []nuggetJSON `json:"nuggets"`
	}
	assignment := map[int]string{2: "support", 1: "partial_support", 0: "not_support"}
	graded := false
	bw := bufio.NewWriter(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc := json.NewEncoder(bw)
	for _, a := range answers {
		out := answerJSON{Query: a.Query, QID: a.Intent, AnswerText: a.Answer, ResponseLength: a.ResponseLength, RunID: a.System}
		judged := 0
		for _, n := range a.Nuggets {
			graded = graded || n.Importance != ""
			if n.Coverage >= 0 {
				judged++
			}
			out.Nuggets = append(out.Nuggets, nuggetJSON{Text: n.Text, Importance: n.Importance, Assignment: assignment[n.Coverage]})
		}
		switch {
		case judged == 0:
			sum.Unlabelled++
			continue
		case judged < len(a.Nuggets) || !slices.ContainsFunc(a.Nuggets, func(n report.NuggetCoverage) bool { return n.Importance != "" }):
			sum.Unresolved++ // a nugget waits, or (Clarify-Then-Search) none is graded
			continue
		}
		sum.Written++
		if err := enc.Encode(out); err != nil {
			return sum, err
		}
	}
	if !graded && len(answers) > 0 {
		return sum, fmt.Errorf("%q's nuggets are not graded vital or okay (a Clarify-Then-Search gold file): "+
			"nuggetizer scores only graded nuggets; export --format nugget-judgements writes these", d.Name)
	}
	return sum, bw.Flush()
}

// goldCells are a unit's label and votes cells in a gold TSV: the label's
// value and the votes per value ("0:1,2:2"); for a written unit, its gold
// answer as written (it holds no tab, line end or control character) and
// the number of answers ("answers:3").
func goldCells(u report.UnitGold, written bool) (label string, votes []string) {
	if u.Label >= 0 {
		label = strconv.Itoa(u.Label)
	}
	if written {
		if u.Label < 0 {
			label = ""
		} else {
			label = u.Text
		}
		return label, []string{"answers:" + strconv.Itoa(u.Votes[0])}
	}
	for k, n := range u.Votes {
		if n > 0 {
			votes = append(votes, strconv.Itoa(k)+":"+strconv.Itoa(n))
		}
	}
	return label, votes
}
