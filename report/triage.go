package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// TriageFigures are what judge-first triage did to a dataset, for a lead:
// where its items went, the HITs it saved, and how often the judge was
// wrong where people checked it.
type TriageFigures struct {
	Run        string  `json:"run"`
	AgreeWith  string  `json:"agree_with,omitempty"`
	Confidence float64 `json:"confidence"`
	Audit      float64 `json:"audit"`
	Seed       int64   `json:"seed"`
	// Items routed: to people (triage's rule did not hold, or someone had
	// the item first), to the judge, and to people as an audit.
	People  int `json:"people_items"`
	Judge   int `json:"judge_items"`
	Audited int `json:"audited_items"`
	// HITsSaved is the judge items times the policy's min annotators.
	HITsSaved int `json:"human_hits_saved"`
	// AuditError is, over the units of the audited items that have a
	// settled human gold label and a label of the run, the share the run
	// got wrong (K wrong of N compared), with its Wilson 95% interval.
	AuditError bench.Share `json:"audit_error"`
	// JudgeUnits are the units whose gold is the judge's (provenance
	// judge), and Implied the wrong labels expected among them: the audit
	// error times JudgeUnits, its interval scaled alike.
	JudgeUnits int           `json:"judge_units"`
	Implied    ImpliedErrors `json:"implied_wrong"`
}

// ImpliedErrors is an expected count of wrong labels with its 95% interval.
type ImpliedErrors struct {
	Expected bench.Value `json:"expected"`
	Low      bench.Value `json:"low"`
	High     bench.Value `json:"high"`
}

// Triage computes the reading's triage figures; ok is false below the
// lead (no one else learns which items were audits) or without triage.
func Triage(ctx context.Context, r *store.Reading) (f TriageFigures, ok bool, err error) {
	tp, routes, ok, err := r.Triage(ctx)
	if err != nil || !ok {
		return f, false, err
	}
	f = TriageFigures{Run: tp.Run, AgreeWith: tp.AgreeWith, Confidence: tp.Confidence, Audit: tp.Audit, Seed: tp.Seed}
	pol, err := r.Policy(ctx)
	if err != nil {
		return f, false, err
	}
	labels, err := r.RunLabels(ctx, tp.RunID)
	if err != nil {
		return f, false, err
	}
	judged := map[UnitKey]int{}
	for _, l := range labels {
		judged[UnitKey{l.ItemID, l.Unit}] = l.Value
	}
	wrong, compared := 0, 0
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		switch routes[p.Item.ID] {
		case store.RouteJudge:
			f.Judge++
			for _, u := range p.Units {
				if u.Provenance == agreement.Judge {
					f.JudgeUnits++
				}
			}
		case store.RouteAudit:
			f.Audited++
			for _, u := range p.Units {
				v, ok := judged[UnitKey{p.Item.ID, u.Unit}]
				if !ok || !settledGold(u) {
					continue
				}
				compared++
				if v != u.Label {
					wrong++
				}
			}
		default:
			f.People++
		}
		return nil
	})
	if err != nil {
		return f, false, err
	}
	f.HITsSaved = f.Judge * pol.Min
	f.AuditError = bench.Wilson(wrong, compared)
	f.Implied = implied(f.AuditError, f.JudgeUnits)
	return f, true, nil
}

// settledGold says whether a unit's gold is people's and settled: a label,
// resting on the policy's min annotators (or decided), not the judge's.
func settledGold(u UnitGold) bool {
	switch u.Provenance {
	case agreement.Insufficient, agreement.Unresolved, agreement.Judge, "":
		return false
	}
	return u.Label >= 0 && u.Text == ""
}

// implied scales an error share and its interval to n labels.
func implied(s bench.Share, n int) ImpliedErrors {
	scale := func(v bench.Value) bench.Value {
		if !v.Defined {
			return v
		}
		return bench.Of(v.X * float64(n))
	}
	return ImpliedErrors{Expected: scale(s.P), Low: scale(s.Low), High: scale(s.High)}
}

// WriteText writes the figures as a few lines.
func (f TriageFigures) WriteText(w io.Writer) error {
	rule := fmt.Sprintf("run %s, confidence ≥ %g", display.Clean(f.Run), f.Confidence)
	if f.AgreeWith != "" {
		rule += fmt.Sprintf(", agreeing with %s", display.Clean(f.AgreeWith))
	}
	_, err := fmt.Fprintf(w, "Judge-first triage (%s; audit %g, seed %d)\n"+
		"  items: %d to people, %d to the judge, %d audited\n"+
		"  human HITs saved: %d\n"+
		"  judge's error on the audited items: %s\n"+
		"  implied wrong judge labels among %s no one saw: %s\n",
		rule, f.Audit, f.Seed, f.People, f.Judge, f.Audited, f.HITsSaved, errorShareText(f.AuditError),
		display.Count(f.JudgeUnits, "unit", "units"), impliedText(f.Implied))
	return err
}

// errorShareText is "k wrong of n units, p (95% low-high)", or why there is none.
func errorShareText(s bench.Share) string {
	if s.N == 0 {
		return "no audited unit has a settled human gold label yet"
	}
	return fmt.Sprintf("%d wrong of %d units, %s (95%% %s-%s)", s.K, s.N, s.P.Format(3), s.Low.Format(3), s.High.Format(3))
}

func impliedText(e ImpliedErrors) string {
	if !e.Expected.Defined {
		return "not known until the audit has settled gold"
	}
	return fmt.Sprintf("%s (95%% %s-%s)", e.Expected.Format(1), e.Low.Format(1), e.High.Format(1))
}

// WithTriage is a table with the triage figures after it, in its text and
// as the "triage" member of its JSON object.
type WithTriage struct {
	Table interface {
		WriteText(io.Writer) error
		WriteJSON(io.Writer) error
	}
	Triage TriageFigures
}

// WriteText writes the table, then the figures.
func (t WithTriage) WriteText(w io.Writer) error {
	if err := t.Table.WriteText(w); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return t.Triage.WriteText(w)
}

// WriteJSON writes the table's JSON object with a "triage" member added
// at its end, its own members in their order.
func (t WithTriage) WriteJSON(w io.Writer) error {
	var doc, tri bytes.Buffer
	if err := t.Table.WriteJSON(&doc); err != nil {
		return err
	}
	if err := json.NewEncoder(display.JSON(&tri)).Encode(t.Triage); err != nil { // C1 escaped too
		return err
	}
	return WriteJSONWithMember(w, doc.Bytes(), "triage", tri.Bytes())
}

// triageSection is the figures as the HTML report shows them, each held
// to stats --json's "triage".
func triageSection(f *TriageFigures) template.HTML {
	p := "triage/"
	stat := func(name string, v bench.Value, digits int) string {
		return fig(SrcStats, p+name, benchValue(v), digits)
	}
	count := func(name string, n int) string { return countFig(SrcStats, p+name, n) }
	rule := fmt.Sprintf("Run %s labels every unit with confidence ≥ %g", esc(f.Run), f.Confidence)
	if f.AgreeWith != "" {
		rule += ", and " + esc(f.AgreeWith) + " agrees"
	}
	rows := [][]string{
		{"items to people", count("people_items", f.People)},
		{"items to the judge", count("judge_items", f.Judge)},
		{"items audited", count("audited_items", f.Audited)},
		{"human HITs saved", count("human_hits_saved", f.HITsSaved)},
		{"judge's error on audited units (wrong of compared)", count("audit_error/K", f.AuditError.K) + " of " + count("audit_error/N", f.AuditError.N) +
			": " + stat("audit_error/P", f.AuditError.P, 3) + ` <span class="note">[` + stat("audit_error/Low", f.AuditError.Low, 3) + ", " +
			stat("audit_error/High", f.AuditError.High, 3) + `]</span>`},
		{"implied wrong labels among the judge's units", stat("implied_wrong/expected", f.Implied.Expected, 1) + ` <span class="note">[` +
			stat("implied_wrong/low", f.Implied.Low, 1) + ", " + stat("implied_wrong/high", f.Implied.High, 1) + `]</span> of ` +
			count("judge_units", f.JudgeUnits)},
	}
	return template.HTML(note(rule+fmt.Sprintf(" on an item nobody had: no annotator gets it, but for a share %g audited (seed %d). "+
		"Error: Wilson 95%% interval; implied: the error and its interval times the judge's units.", f.Audit, f.Seed)) +
		table([]string{"", "figure"}, rows))
}
