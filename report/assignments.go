package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Assignments is a labels run over graded nuggets (an LLM's nugget
// assignments, TREC RAG) by nuggetizer's four figures: per system (the
// answers' run_id) and over every answer, its own over all its answers,
// as nuggetizer's metrics step reads the file alone; its own and the
// people's over the answers people finished (every nugget with a gold
// judgement); and Kendall's tau-b between the systems' order by the run
// and by people over those answers, as TREC 2024 RAG compared the two.
type Assignments struct {
	Systems []SystemAssignments `json:"systems"`
	// All is every answer's, whatever its system: nuggetizer's metrics
	// over the whole file (its "qid": "all" line); its System is AllAnswers.
	All SystemAssignments `json:"all"`
	// Tau is one per figure, in nuggetizer's order.
	Tau []FigureTau `json:"kendall_tau"`
	// TauWithheld says why the taus are left out for this reader.
	TauWithheld string `json:"kendall_tau_withheld,omitempty"`
}

// SystemAssignments are one system's figures (or All's).
type SystemAssignments struct {
	System string     `json:"system"`
	Own    RAGFigures `json:"own"`             // the run's, over all its answers
	Run    RAGFigures `json:"run_finished"`    // the run's, over the answers people finished
	People RAGFigures `json:"people_finished"` // the people's, over the same answers
	// Withheld says why Run's and People's figures are left out for this
	// reader: they rest on too few answers of others' gold (store.Blind).
	Withheld string  `json:"withheld,omitempty"`
	finished []int64 // the items People rests on, for the Blind rule
}

// AllAnswers names Assignments.All's row, in JSON too: every answer,
// whatever its system. The row stands apart from Systems everywhere (its
// own key, the last rows of the table).
const AllAnswers = "(all)"

// RAGFigures are nuggetizer's four figures, each the mean over N answers;
// NoVital of them have no vital nugget and score 0 on both vital figures,
// as nuggetizer scores them (they count in N). Where the figures are
// withheld NoVital is nil with them: a withheld figure is null, not 0.
type RAGFigures struct {
	N           int         `json:"n"`
	NoVital     *int        `json:"no_vital"`
	StrictVital bench.Value `json:"strict_vital"`
	StrictAll   bench.Value `json:"strict_all"`
	Vital       bench.Value `json:"vital"`
	All         bench.Value `json:"all"`
}

// Values are the four figures in nuggetizer's order.
func (f RAGFigures) Values() []bench.Value {
	return []bench.Value{f.StrictVital, f.StrictAll, f.Vital, f.All}
}

// RAGFigureNames are the four figures' names, in nuggetizer's order.
var RAGFigureNames = []string{"strict_vital", "strict_all", "vital", "all"}

// TauVariant names the tau the figures use.
const TauVariant = "tau-b"

// FigureTau is Kendall's tau-b of one figure between the systems' order
// by the run and by people, over the Systems that have an answer people
// finished; Undefined says why it has no value. TiedRun and TiedPeople
// count the pairs of systems each order ties (tau-b counts them in
// neither direction; with none it is tau-a); both are nil where the tau
// is withheld, since they count ties among the figures it orders.
type FigureTau struct {
	Figure     string      `json:"figure"`
	Variant    string      `json:"variant"`
	Tau        bench.Value `json:"tau"`
	Systems    int         `json:"systems"`
	TiedRun    *int        `json:"tied_pairs_run"`
	TiedPeople *int        `json:"tied_pairs_people"`
	Undefined  string      `json:"undefined,omitempty"`
}

// ragTally gathers one row's answers' scores.
type ragTally struct {
	scores  []bench.RAGScores
	noVital int
}

func (t *ragTally) add(s bench.RAGScores, noVital bool) {
	t.scores = append(t.scores, s)
	if noVital {
		t.noVital++
	}
}

// figures are the tally's means, undefined over no answer.
func (t ragTally) figures() RAGFigures {
	f := RAGFigures{N: len(t.scores), NoVital: &t.noVital}
	if m, ok := bench.MeanRAG(t.scores); ok {
		f.StrictVital, f.StrictAll, f.Vital, f.All = bench.Of(m.StrictVital), bench.Of(m.StrictAll), bench.Of(m.Vital), bench.Of(m.All)
	}
	return f
}

// assignTally is one row's tallies while the answers are read.
type assignTally struct {
	own, run, people ragTally
	finished         []int64
}

// scoreAssignments adds to a labels run over graded nuggets its
// Assignments. An answer counts when the run assigns every one of its
// nuggets (nuggetizer's assign output always does), and counts as
// finished when the gold judges every one too.
func scoreAssignments(s *RunScore, preds []store.RunLabel, g *goldIndex) {
	byItem := map[int64]map[string]int{}
	for _, pr := range preds {
		if byItem[pr.ItemID] == nil {
			byItem[pr.ItemID] = map[string]int{}
		}
		byItem[pr.ItemID][pr.Unit] = pr.Value
	}
	per, all := map[string]*assignTally{}, &assignTally{}
	for _, a := range g.answers {
		got := byItem[a.ItemID]
		if got == nil || !a.Graded() {
			continue
		}
		mine, theirs := make([]int, len(a.Weights)), make([]int, len(a.Weights))
		assigned, finished := true, true
		for i := range a.Weights {
			unit := guidelines.NuggetUnit(i + 1)
			v, ok := got[unit]
			gl, _ := g.gold(a.ItemID, unit)
			assigned, finished = assigned && ok, finished && gl >= 0
			mine[i], theirs[i] = v, gl
		}
		if !assigned {
			continue
		}
		if per[a.System] == nil {
			per[a.System] = &assignTally{}
		}
		noVital := !slices.Contains(a.Importances, store.Vital)
		own := bench.ScoreRAG(ragNuggets(a, mine))
		for _, t := range []*assignTally{per[a.System], all} {
			t.own.add(own, noVital)
			if finished {
				t.run.add(own, noVital)
				t.people.add(bench.ScoreRAG(ragNuggets(a, theirs)), noVital)
				t.finished = append(t.finished, a.ItemID)
			}
		}
	}
	if len(all.own.scores) == 0 {
		return // no graded answer wholly assigned: nothing of nuggetizer's to say
	}
	row := func(system string, t *assignTally) SystemAssignments {
		return SystemAssignments{System: system, Own: t.own.figures(), Run: t.run.figures(), People: t.people.figures(), finished: t.finished}
	}
	as := &Assignments{All: row(AllAnswers, all)}
	for _, name := range slices.Sorted(maps.Keys(per)) {
		as.Systems = append(as.Systems, row(name, per[name]))
	}
	as.Tau = systemTaus(as.Systems)
	s.Assignments = as
}

// systemTaus are each figure's Kendall tau-b between the systems' order
// by the run and by people, over the systems with an answer people
// finished, both over those answers.
func systemTaus(systems []SystemAssignments) []FigureTau {
	var out []FigureTau
	for i, name := range RAGFigureNames {
		var x, y []float64
		for _, s := range systems {
			if s.People.N > 0 {
				x, y = append(x, s.Run.Values()[i].X), append(y, s.People.Values()[i].X)
			}
		}
		t := bench.KendallTauB(x, y)
		out = append(out, FigureTau{Figure: name, Variant: TauVariant, Tau: t.Tau, Systems: t.N, TiedRun: &t.TiedX,
			TiedPeople: &t.TiedY, Undefined: tauWhy(t.Why)})
	}
	return out
}

// tauWhy says in words why a tau is undefined.
func tauWhy(w bench.TauUndefined) string {
	switch w {
	case bench.TauFew:
		return "fewer than 2 systems have an answer people finished"
	case bench.TauTiedX:
		return "the run gives every system the same figure"
	case bench.TauTiedY:
		return "people give every system the same figure"
	}
	return ""
}

// blindAssignments takes out of a run's Assignments what rests on too few
// answers of others' gold for the reader: a system's figures against
// people, and the taus with the figures over every answer or with any
// system's figures they order (a tau over figures withheld would give
// their order away). The run's own figures over all its answers rest on
// no one's labels and stay.
func blindAssignments(as *Assignments, b store.Blind, noun string) {
	if as == nil {
		return
	}
	hide := func(s *SystemAssignments) bool {
		var t tally
		for _, id := range s.finished {
			t.add(b, id)
		}
		if s.Withheld = t.withheld(b, noun); s.Withheld == "" {
			return false
		}
		s.Run, s.People = RAGFigures{N: s.Run.N}, RAGFigures{N: s.People.N}
		return true
	}
	for i := range as.Systems {
		// A tau orders the systems with an answer people finished.
		if hide(&as.Systems[i]) && as.Systems[i].People.N > 0 && as.TauWithheld == "" {
			as.TauWithheld = as.Systems[i].Withheld
		}
	}
	if hide(&as.All) {
		as.TauWithheld = as.All.Withheld
	}
	if as.TauWithheld != "" {
		for i := range as.Tau {
			as.Tau[i] = FigureTau{Figure: as.Tau[i].Figure, Variant: TauVariant, Systems: as.Tau[i].Systems}
		}
	}
}

// anyWithheld says whether some figure is left out for the reader (false
// for no Assignments).
func (a *Assignments) anyWithheld() bool {
	return a != nil && (a.All.Withheld != "" || slices.ContainsFunc(a.Systems, func(s SystemAssignments) bool { return s.Withheld != "" }))
}

// assignmentLines are, under the leaderboard, each nugget-assignments
// run's figures per system with the n each rests on, and its taus.
func assignmentLines(scores []RunScore) []string {
	var lines []string
	for _, s := range scores {
		if a := s.Assignments; a != nil {
			lines = append(lines, "")
			lines = append(lines, assignmentTable(display.Clean(s.Name), a)...)
		}
	}
	return lines
}

// assignmentTable is one run's per-system table, its notes and its taus.
func assignmentTable(run string, a *Assignments) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "system\tby\tover\t"+strings.Join(RAGFigureNames, "\t")+"\tn")
	row := func(system, by, over string, f RAGFigures, withheld string) {
		cells := []string{system, by, over}
		for _, v := range f.Values() {
			cells = append(cells, v.Format(3))
		}
		if withheld != "" {
			cells = append(cells[:3], withheld, "", "", "")
		}
		fmt.Fprintln(tw, strings.Join(append(cells, fmt.Sprint(f.N)), "\t"))
	}
	for _, s := range append(slices.Clone(a.Systems), a.All) {
		name := display.Clean(s.System)
		row(name, run, "all its answers", s.Own, "")
		row(name, run, "people finished", s.Run, s.Withheld)
		row(name, "people", "people finished", s.People, s.Withheld)
	}
	tw.Flush()
	lines := []string{run + "'s nugget assignments: nuggetizer's four figures per system, each the mean over n answers",
		"((all): every answer, as nuggetizer's metrics reads the whole file)"}
	lines = append(lines, Indent(trimLines(b.String()))...)
	if nv := a.All.Own.NoVital; nv != nil && *nv > 0 {
		lines = append(lines, fmt.Sprintf("%d of the %s %s", *nv, display.Count(a.All.Own.N, "answer", "answers"), display.Noun(*nv,
			"has no vital nugget: it scores 0 on both vital figures and counts in n, as nuggetizer scores it",
			"have no vital nugget: they score 0 on both vital figures and count in n, as nuggetizer scores them")))
	}
	lines = append(lines, "people finished: the answers whose every nugget has gold",
		fmt.Sprintf("Kendall's τ-b between the systems' order by %s and by people, over the answers people finished", run),
		"(a pair tied in either order counts neither way; with no ties τ-b is τ-a):")
	b.Reset()
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tτ-b\tsystems\t")
	for _, t := range a.Tau {
		why := t.Undefined
		if a.TauWithheld != "" {
			why = a.TauWithheld
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", t.Figure, t.Tau.Format(3), t.Systems, why)
	}
	tw.Flush()
	return append(lines, Indent(trimLines(b.String()))...)
}

// assignmentsSection is, in the HTML report, each nugget-assignments
// run's table and taus as bench prints them, every figure with its n and
// its place in bench --json.
func assignmentsSection(runs []RunScore) string {
	var out strings.Builder
	for i, r := range runs {
		a := r.Assignments
		if a == nil {
			continue
		}
		p := fmt.Sprintf("runs/%d/assignments", i)
		var rows [][]string
		row := func(system, by, over, path string, f RAGFigures, why string) {
			cells := []string{esc(system), esc(by), over}
			for k, v := range f.Values() {
				if why != "" {
					cells = append(cells, "")
					continue
				}
				cells = append(cells, fig(SrcBench, path+"/"+RAGFigureNames[k], benchValue(v), 3))
			}
			if why != "" {
				cells[3] = withheld(why)
			}
			rows = append(rows, append(cells, countFig(SrcBench, path+"/n", f.N)))
		}
		systems := append(slices.Clone(a.Systems), a.All)
		for j, s := range systems {
			sp := fmt.Sprintf("%s/systems/%d", p, j)
			if j == len(a.Systems) {
				sp = p + "/all"
			}
			name := s.System
			row(name, r.Name, "all its answers", sp+"/own", s.Own, "")
			row(name, r.Name, "people finished", sp+"/run_finished", s.Run, s.Withheld)
			row(name, "people", "people finished", sp+"/people_finished", s.People, s.Withheld)
		}
		out.WriteString("<h3>" + esc(r.Name) + "'s nugget assignments</h3>" +
			table(append(append([]string{"system", "by", "over"}, RAGFigureNames...), "n"), rows))
		var taus [][]string
		for k, t := range a.Tau {
			tp := fmt.Sprintf("%s/kendall_tau/%d", p, k)
			why := esc(t.Undefined)
			if a.TauWithheld != "" {
				why = withheld(a.TauWithheld)
			}
			taus = append(taus, []string{t.Figure, fig(SrcBench, tp+"/tau", benchValue(t.Tau), 3), countFig(SrcBench, tp+"/systems", t.Systems), why})
		}
		noVital := countFig(SrcBench, p+"/all/own/no_vital", *a.All.Own.NoVital) + " of the " + countFig(SrcBench, p+"/all/own/n", a.All.Own.N) + " " +
			display.Noun(a.All.Own.N, "answer", "answers") + " " + display.Noun(*a.All.Own.NoVital,
			"has no vital nugget: it scores 0 on both vital figures and counts in n, as nuggetizer scores it",
			"have no vital nugget: they score 0 on both vital figures and count in n, as nuggetizer scores them")
		out.WriteString(note("nuggetizer's four figures, each the mean over n answers: (all) is every answer, as nuggetizer's metrics reads "+
			"the whole file. "+noVital+". People finished: the answers whose every nugget has gold.") +
			"<h3>" + esc(r.Name) + " against people: Kendall's τ-b of the systems' order</h3>" +
			table([]string{"figure", "τ-b", "systems", "undefined because"}, taus) +
			note("Over the answers people finished; a pair tied in either order counts neither way (with no ties τ-b is τ-a)."))
	}
	return out.String()
}
