package report

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// A judge beside the people (MT-Bench's check of its LLM judge): for each
// label type a labels run predicts, its kappa with the gold set beside each
// person's kappa with the majority of the *other* people, over the same
// items, so "κ = 0.61" can be read as within, above or below what people
// manage with each other.

// HumanBaseline is one label type's comparison.
type HumanBaseline struct {
	Type string `json:"type"`
	// Weighted: quadratic-weighted kappa (an ordinal scale); else Cohen's.
	Weighted bool `json:"weighted"`
	// Items are the items both the run and the gold have a label of the
	// type on; Run is the run's kappa with the gold over their units.
	Items int         `json:"items"`
	Run   bench.Value `json:"run_kappa"`
	// People: how many people have a defined kappa with the others'
	// majority over those items (units where two or more others labelled
	// and their majority is unique), and its mean, lowest and highest.
	People  int         `json:"people"`
	Mean    bench.Value `json:"people_mean"`
	Lowest  bench.Value `json:"people_lowest"`
	Highest bench.Value `json:"people_highest"`
	// Diff is the run's kappa minus the people's mean, with a 95%
	// bootstrap interval over the items (BaselineReplicates resamples from
	// bench.BootstrapSeed, of which Used had both sides defined; the rest
	// are dropped).
	Diff       bench.Value `json:"run_minus_people"`
	DiffLow    bench.Value `json:"run_minus_people_low"`
	DiffHigh   bench.Value `json:"run_minus_people_high"`
	Replicates int         `json:"replicates"`
	Used       int         `json:"replicates_used"`
	// Standing is "within", "above" or "below" the people's range, or ""
	// when either side is undefined.
	Standing string `json:"standing"`
}

// BaselineReplicates is how many resamples the difference's interval uses.
const BaselineReplicates = 1000

// baselineUnit is one unit of the type: the run's label, the gold's, and
// each person's label beside the majority of the others (when there is one).
type baselineUnit struct {
	item        int64
	run, gold   int
	person      []int64 // annotator ids
	said, other []int
}

// humanBaselines compares a labels run with the people, type by type, for
// a lead (the spread of people's kappas is about individuals).
func humanBaselines(ctx context.Context, rd *store.Reading, preds []store.RunLabel, g *goldIndex) ([]HumanBaseline, error) {
	if !g.blind.All || len(preds) == 0 {
		return nil, nil
	}
	p := rd.Protocol(g.kind)
	runOf := map[[2]any]int{}
	for _, pr := range preds {
		runOf[[2]any{pr.ItemID, pr.Unit}] = pr.Value
	}
	units := rd.Units()
	byType := map[string][]baselineUnit{}
	err := rd.EachItemVotes(ctx, func(iv *store.ItemVotes) error {
		for i := 0; i < len(iv.Votes); {
			j := i
			for j < len(iv.Votes) && iv.Votes[j].Unit == iv.Votes[i].Unit {
				j++
			}
			unit := units[iv.Votes[i].Unit]
			run, ok := runOf[[2]any{iv.ID, unit}]
			gold, _ := g.gold(iv.ID, unit)
			if ok && gold >= 0 {
				u := baselineUnit{item: iv.ID, run: run, gold: gold}
				addOthers(&u, iv.Votes[i:j])
				typ := agreement.UnitType(unit)
				byType[typ] = append(byType[typ], u)
			}
			i = j
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []HumanBaseline
	for _, t := range p.Types {
		if us := byType[t]; len(us) > 0 {
			out = append(out, baselineOf(t, !p.Nominal, us))
		}
	}
	return out, nil
}

// addOthers sets, for each person who labelled the unit, the unique
// majority of the others' labels, where two or more others labelled it.
func addOthers(u *baselineUnit, votes []store.UnitVote) {
	for _, v := range votes {
		counts := make([]int, store.VoteSlots)
		others := 0
		for _, w := range votes {
			if w.Annotator != v.Annotator {
				counts[w.Value]++
				others++
			}
		}
		if maj := agreement.Majority(counts); others >= 2 && maj >= 0 {
			u.person, u.said, u.other = append(u.person, v.Annotator), append(u.said, v.Value), append(u.other, maj)
		}
	}
}

// baselineOf is the comparison over one type's units.
func baselineOf(typ string, weighted bool, us []baselineUnit) HumanBaseline {
	b := HumanBaseline{Type: typ, Weighted: weighted}
	var items []int64
	for _, u := range us {
		if len(items) == 0 || items[len(items)-1] != u.item { // units come item by item
			items = append(items, u.item)
		}
	}
	b.Items = len(items)
	ix := itemCells(us, items)
	t := newTables(len(ix.people))
	for i := range items {
		t.add(ix.cells[i])
	}
	run, ks := t.kappas(weighted)
	b.Run, b.People = run, len(ks)
	if len(ks) == 0 {
		return b
	}
	b.Mean, b.Lowest, b.Highest = bench.Of(mean(ks)), bench.Of(slices.Min(ks)), bench.Of(slices.Max(ks))
	if run.Defined {
		b.Diff = bench.Of(run.X - b.Mean.X)
		switch {
		case run.X < b.Lowest.X:
			b.Standing = "below"
		case run.X > b.Highest.X:
			b.Standing = "above"
		default:
			b.Standing = "within"
		}
	}
	b.DiffLow, b.DiffHigh, b.Used = diffInterval(ix, t, weighted)
	b.Replicates = BaselineReplicates
	return b
}

// cell is one count of a joint table: the run's (person −1) or a
// person's, at row × VoteSlots + column.
type cell struct{ person, cell int }

// cellIndex is each item's cells, in the order of items, and the people
// in annotator order.
type cellIndex struct {
	cells  [][]cell
	people []int64
}

func itemCells(us []baselineUnit, items []int64) cellIndex {
	var ix cellIndex
	for _, u := range us {
		for _, a := range u.person {
			if !slices.Contains(ix.people, a) {
				ix.people = append(ix.people, a)
			}
		}
	}
	slices.Sort(ix.people)
	at := map[int64]int{}
	for i, id := range items {
		at[id] = i
	}
	q := store.VoteSlots
	ix.cells = make([][]cell, len(items))
	for _, u := range us {
		i := at[u.item]
		ix.cells[i] = append(ix.cells[i], cell{-1, u.run*q + u.gold})
		for k, a := range u.person {
			ix.cells[i] = append(ix.cells[i], cell{slices.Index(ix.people, a), u.said[k]*q + u.other[k]})
		}
	}
	return ix
}

// tables are the joint tables of the run with the gold and of each
// person with the others' majority, over the items added to them.
type tables struct {
	run    []float64
	people [][]float64
}

func newTables(people int) tables {
	q := store.VoteSlots
	t := tables{run: make([]float64, q*q), people: make([][]float64, people)}
	for i := range t.people {
		t.people[i] = make([]float64, q*q)
	}
	return t
}

func (t tables) clear() {
	clear(t.run)
	for _, p := range t.people {
		clear(p)
	}
}

// add counts one item's cells.
func (t tables) add(cells []cell) {
	for _, c := range cells {
		if c.person < 0 {
			t.run[c.cell]++
		} else {
			t.people[c.person][c.cell]++
		}
	}
}

// kappas are the run's kappa and the people's defined ones, in annotator
// order, so every mean of them sums in one order and repeats to the bit.
func (t tables) kappas(weighted bool) (bench.Value, []float64) {
	var ks []float64
	for _, p := range t.people {
		if k := tableKappa(p, weighted); k.Defined {
			ks = append(ks, k.X)
		}
	}
	return tableKappa(t.run, weighted), ks
}

// tableKappa is Cohen's kappa of a VoteSlots-square table, or its
// quadratic-weighted form (each value its own number) for an ordinal scale.
func tableKappa(t []float64, weighted bool) bench.Value {
	var k agreement.Value
	if weighted {
		values := make([]float64, store.VoteSlots)
		for i := range values {
			values[i] = float64(i)
		}
		k = agreement.QuadraticKappa(t, values)
	} else {
		k = agreement.CohenKappa(t, store.VoteSlots)
	}
	return bench.Value{X: k.V, Defined: k.Defined}
}

// diffInterval is the 95% bootstrap interval of run minus people's mean
// kappa: the items resampled with replacement (resample r draws with
// rand.New(rand.NewPCG(bench.BootstrapSeed, r))), both sides recomputed
// over each; resamples where either side is undefined are dropped. Each
// item's cells of the joint tables are found once (ix), and a resample
// adds them up in tables it reuses (t): a resample costs the units it draws.
func diffInterval(ix cellIndex, t tables, weighted bool) (low, high bench.Value, used int) {
	var diffs []float64
	for r := range BaselineReplicates {
		rng := rand.New(rand.NewPCG(bench.BootstrapSeed, uint64(r)))
		t.clear()
		for range ix.cells {
			t.add(ix.cells[rng.IntN(len(ix.cells))])
		}
		if run, ks := t.kappas(weighted); run.Defined && len(ks) > 0 {
			diffs = append(diffs, run.X-mean(ks))
		}
	}
	if len(diffs) == 0 {
		return bench.Value{}, bench.Value{}, 0
	}
	slices.Sort(diffs)
	return bench.Of(bench.Percentile(diffs, 2.5)), bench.Of(bench.Percentile(diffs, 97.5)), len(diffs)
}

// baselineLines sets each labels run beside the people, a table under a
// heading; nothing when no run has a baseline.
func baselineLines(scores []RunScore) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	found := false
	for _, s := range scores {
		for _, h := range s.Baseline {
			if !found {
				fmt.Fprintln(tw, "run\ttype\tκ weighting\trun κ\tpeople κ (mean, low–high)\trun − people [95%]\tresamples\titems\t")
				found = true
			}
			people := "–"
			if h.People > 0 {
				people = fmt.Sprintf("%s, %s–%s of %d", h.Mean.Format(2), h.Lowest.Format(2), h.Highest.Format(2), h.People)
			}
			diff := "–"
			if h.Diff.Defined {
				diff = fmt.Sprintf("%+.2f [%s, %s] %s", h.Diff.X, signed(h.DiffLow), signed(h.DiffHigh), h.Standing)
			}
			resamples := "–" // no person to set beside the run: nothing drawn
			if h.Replicates > 0 {
				resamples = fmt.Sprintf("%d of %d", h.Used, h.Replicates)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t\n", display.Clean(s.Name), h.Type, h.Weighting(),
				h.Run.Format(2), people, diff, resamples, h.Items)
		}
	}
	if !found {
		return nil
	}
	tw.Flush()
	return append(append(append([]string{"", "each run beside the people, over the items both it and the gold label: its κ with the gold;",
		"each person's κ with the majority of the others (two or more others, a unique majority)"}, trimLines(b.String())...),
		"within, above or below: the run's κ against the people's lowest and highest;",
		"resamples: of the interval's, those where both sides' κ are defined (the rest are dropped)"), baselineUndefined(scores)...)
}

// baselineUndefined says why a baseline's figures are –, where some are:
// a run's κ with one label everywhere, no person with others to compare.
func baselineUndefined(scores []RunScore) []string {
	var run, people bool
	for _, s := range scores {
		for _, h := range s.Baseline {
			run = run || !h.Run.Defined
			people = people || h.People == 0
		}
	}
	var lines []string
	if run {
		lines = append(lines, "run κ –: the gold and the run give one and the same label everywhere (chance agreement 1)")
	}
	if people {
		lines = append(lines, "people κ –: no one labelled these units beside two or more others with a unique majority")
	}
	return lines
}

// Weighting names the kappa's weighting: quadratic on an ordinal scale,
// else none (Cohen's).
func (h HumanBaseline) Weighting() string {
	if h.Weighted {
		return "quadratic"
	}
	return "unweighted"
}

// signed is a value with its sign, "–" when undefined.
func signed(v bench.Value) string {
	if !v.Defined {
		return "–"
	}
	return fmt.Sprintf("%+.2f", v.X)
}
