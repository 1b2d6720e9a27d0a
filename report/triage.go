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
	// AuditItemError is the judge's error per audited item, the primary
	// figure: the audit draws items, and the units of one item are not
	// independent draws (one query, one judgement of it), so an interval
	// over units would be too narrow. An item is compared when at least
	// one of its units has a settled human gold label and a label of the
	// run, and wrong when the run differs from that gold on any of them.
	AuditItemError ItemErrorShare `json:"audit_item_error"`
	// AuditUnitError is the same over the compared units, a point figure
	// with no interval for the same reason.
	AuditUnitError UnitErrorShare `json:"audit_unit_error"`
	// Implied is the judge items (no person saw them) expected to have a
	// wrong label: the item error times Judge, its interval scaled alike.
	Implied ImpliedErrors `json:"implied_wrong_items"`
}

// ItemErrorShare is wrong of compared items with its Wilson 95% interval.
type ItemErrorShare struct {
	Wrong    int         `json:"wrong"`
	Compared int         `json:"compared"`
	Share    bench.Value `json:"share"`
	Low      bench.Value `json:"low"`
	High     bench.Value `json:"high"`
}

// UnitErrorShare is wrong of compared units, a share with no interval.
type UnitErrorShare struct {
	Wrong    int         `json:"wrong"`
	Compared int         `json:"compared"`
	Share    bench.Value `json:"share"`
}

// ImpliedErrors is an expected count of wrong items with its 95% interval.
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
	f.Judge, f.Audited = routes.Count()
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
	var items, units auditTally
	panes := 0
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		panes++
		if routes[p.Item.ID] != store.RouteAudit {
			return nil
		}
		item := auditedItem(p, judged)
		units.wrong += item.wrong
		units.compared += item.compared
		if item.compared > 0 {
			items.compared++
			if item.wrong > 0 {
				items.wrong++
			}
		}
		return nil
	})
	if err != nil {
		return f, false, err
	}
	f.People = panes - f.Judge - f.Audited
	f.HITsSaved = f.Judge * pol.Min
	f.AuditItemError = itemErrorShare(items)
	f.AuditUnitError = unitErrorShare(units)
	f.Implied = implied(f.AuditItemError, f.Judge)
	return f, true, nil
}

// auditTally is how many of the compared (units, or items) the run got
// wrong.
type auditTally struct{ wrong, compared int }

// auditedItem compares the run's labels of an audited item with its
// settled human gold, unit by unit.
func auditedItem(p *PaneGold, judged map[UnitKey]int) auditTally {
	var t auditTally
	for _, u := range p.Units {
		v, ok := judged[UnitKey{p.Item.ID, u.Unit}]
		if !ok || !settledGold(u) {
			continue
		}
		t.compared++
		if v != u.Label {
			t.wrong++
		}
	}
	return t
}

func itemErrorShare(t auditTally) ItemErrorShare {
	s := bench.Wilson(t.wrong, t.compared)
	return ItemErrorShare{Wrong: t.wrong, Compared: t.compared, Share: s.P, Low: s.Low, High: s.High}
}

func unitErrorShare(t auditTally) UnitErrorShare {
	s := UnitErrorShare{Wrong: t.wrong, Compared: t.compared}
	if t.compared > 0 {
		s.Share = bench.Of(float64(t.wrong) / float64(t.compared))
	}
	return s
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

// implied scales an item error share and its interval to n items.
func implied(s ItemErrorShare, n int) ImpliedErrors {
	scale := func(v bench.Value) bench.Value {
		if !v.Defined {
			return v
		}
		return bench.Of(v.X * float64(n))
	}
	return ImpliedErrors{Expected: scale(s.Share), Low: scale(s.Low), High: scale(s.High)}
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
		"  per unit: %s\n"+
		"  implied judge items with a wrong label, of %d no one saw: %s\n",
		rule, f.Audit, f.Seed, f.People, f.Judge, f.Audited, f.HITsSaved, itemErrorText(f.AuditItemError),
		unitErrorText(f.AuditUnitError), f.Judge, impliedText(f.Implied))
	return err
}

// itemErrorText is "k wrong of n items, p (95% low-high)", or why there is none.
func itemErrorText(s ItemErrorShare) string {
	if s.Compared == 0 {
		return "no audited item has a settled human gold label yet"
	}
	return fmt.Sprintf("%d wrong of %d items, %s (95%% %s-%s)", s.Wrong, s.Compared, s.Share.Format(3), s.Low.Format(3), s.High.Format(3))
}

// unitErrorText is "k wrong of n units, p", or nothing to say.
func unitErrorText(s UnitErrorShare) string {
	if s.Compared == 0 {
		return "none compared"
	}
	return fmt.Sprintf("%d wrong of %d units, %s (no interval: one item's units are not independent)", s.Wrong, s.Compared, s.Share.Format(3))
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
		{"judge's error on audited items (wrong of compared)", count("audit_item_error/wrong", f.AuditItemError.Wrong) + " of " +
			count("audit_item_error/compared", f.AuditItemError.Compared) + ": " + stat("audit_item_error/share", f.AuditItemError.Share, 3) +
			` <span class="note">[` + stat("audit_item_error/low", f.AuditItemError.Low, 3) + ", " +
			stat("audit_item_error/high", f.AuditItemError.High, 3) + `]</span>`},
		{"per unit (wrong of compared)", count("audit_unit_error/wrong", f.AuditUnitError.Wrong) + " of " +
			count("audit_unit_error/compared", f.AuditUnitError.Compared) + ": " + stat("audit_unit_error/share", f.AuditUnitError.Share, 3)},
		{"implied judge items with a wrong label", stat("implied_wrong_items/expected", f.Implied.Expected, 1) + ` <span class="note">[` +
			stat("implied_wrong_items/low", f.Implied.Low, 1) + ", " + stat("implied_wrong_items/high", f.Implied.High, 1) + `]</span> of ` +
			count("judge_items", f.Judge)},
	}
	return template.HTML(note(rule+fmt.Sprintf(" on an item nobody had: no annotator gets it, but for a share %g audited (seed %d). "+
		"Error per item: an audited item is wrong when the run's label differs from its settled human gold on any unit compared; "+
		"Wilson 95%% interval over items, since the audit draws items; per unit: a point figure only. "+
		"Implied: the item error and its interval times the judge's items.", f.Audit, f.Seed)) +
		table([]string{"", "figure"}, rows))
}
