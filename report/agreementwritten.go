package report

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// addText puts the figures of the protocol's written unit types in rep
// (agreement.TextAgreement over each unit's settled answers) and takes
// those types, which have no categories, out of its coefficients' rows
// and its majority list.
func addText(ctx context.Context, r *store.Reading, p guidelines.Protocol, rep *agreement.Report) error {
	types := p.TextTypes()
	if len(types) == 0 {
		return nil
	}
	items := map[string][][]string{}
	counted := map[string]*tally{} // the items each type's figures rest on, for blinding
	seen := map[[2]any]bool{}
	err := r.EachAnswers(ctx, func(a store.ItemAnswers) error {
		if t := p.TextTypeOf(a.Unit); t != "" {
			items[t] = append(items[t], a.Answers)
			if counted[t] == nil {
				counted[t] = &tally{}
			}
			if key := [2]any{t, a.ItemID}; !seen[key] { // an item once, however many units it has
				seen[key] = true
				counted[t].add(r.Blind(), a.ItemID)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, t := range types {
		f := agreement.TextAgreement(t, items[t])
		if c := counted[t]; c != nil {
			f.Withheld = c.withheld(r.Blind(), p.Items)
		} else {
			f.Withheld = tally{}.withheld(r.Blind(), p.Items)
		}
		rep.Text = append(rep.Text, f)
	}
	rep.Types = slices.DeleteFunc(rep.Types, func(t agreement.TypeReport) bool { return slices.Contains(types, t.Type) })
	rep.Majority = slices.DeleteFunc(rep.Majority, func(v agreement.Vote) bool { return p.TextTypeOf(v.Unit) != "" })
	return nil
}

// writeText writes the written types' figures: they have no κ or α.
func writeText(w io.Writer, rep agreement.Report) {
	if len(rep.Text) == 0 {
		return
	}
	fmt.Fprintln(w, "\nwritten answers: no κ or α (no categories). identical: the share of items whose answers")
	fmt.Fprintln(w, "are all the same, trimmed and case folded; token F1: the mean over items of the mean F1")
	fmt.Fprintln(w, "of each pair of answers' words (ClariLM's: lower-cased, split at all but letters and")
	fmt.Fprintln(w, "digits, stop words left out).")
	fmt.Fprintln(w, "type\titems ≥2 answers\tanswers\tidentical\ttoken F1")
	for _, f := range rep.Text {
		identical, f1 := textFigure(f.Identical), textFigure(f.MeanF1)
		if f.Withheld != "" {
			identical, f1 = f.Withheld, f.Withheld
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\n", f.Type, f.Items, f.Answers, identical, f1)
	}
}

func textFigure(v float64) string {
	if math.IsNaN(v) {
		return "undefined"
	}
	return fmt.Sprintf("%.3f", v)
}

// writtenGolds gives the item's written units (a protocol file's kind =
// "text" steps) their gold answers: their votes, all of value 0, say
// nothing of the words.
func (rules datasetRules) writtenGolds(ctx context.Context, r *store.Reading, itemID int64, units []UnitGold) error {
	if len(rules.Protocol.TextTypes()) == 0 {
		return nil
	}
	written, err := r.ItemWritten(ctx, itemID)
	if err != nil {
		return err
	}
	for i := range units {
		if w, ok := written[units[i].Unit]; ok {
			writtenGold(&units[i], w)
		}
	}
	return nil
}

// writtenGold is a written unit's gold: the adjudicator's answer (picked
// from the answers or their own) when one decided; else, when every answer
// is the same trimmed and case folded, the first one keyed, as written;
// else none (unresolved, or insufficient where too few answered).
func writtenGold(u *UnitGold, w *store.WrittenUnit) {
	switch {
	case w.Decided != nil:
		u.Label, u.Text, u.Provenance = 0, *w.Decided, agreement.Adjudicated
	case len(w.Answers) > 0 && !slices.ContainsFunc(w.Answers, func(a string) bool { return !agreement.SameAnswer(a, w.Answers[0]) }):
		u.Label, u.Text = 0, w.Answers[0]
	default:
		u.Label, u.Text = -1, ""
		if u.Provenance != agreement.Insufficient {
			u.Provenance = agreement.Unresolved
		}
	}
}

// writtenLengths puts, for each written unit and type, the lengths in
// characters of its settled answers (flagged items left out) in place of
// their values, which are all 0: stats gives their mean.
func writtenLengths(ctx context.Context, r *store.Reading, p guidelines.Protocol, flagged map[int64]bool, byUnit, byType map[string][]float64) error {
	if len(p.TextTypes()) == 0 {
		return nil
	}
	for _, typ := range p.TextTypes() {
		byType[typ] = nil
	}
	for u := range byUnit {
		if p.TextMax(u) > 0 {
			byUnit[u] = nil
		}
	}
	return r.EachAnswers(ctx, func(a store.ItemAnswers) error {
		typ := p.TextTypeOf(a.Unit)
		if flagged[a.ItemID] || typ == "" {
			return nil
		}
		for _, text := range a.Answers {
			n := float64(utf8.RuneCountInString(text))
			byUnit[a.Unit], byType[typ] = append(byUnit[a.Unit], n), append(byType[typ], n)
		}
		return nil
	})
}
