package report

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ComparisonScore is what a compare dataset's verdicts say about its
// systems: the win / tie / lose table of each pair, the position bias and
// a Bradley–Terry ranking (ClariLM Figure 4). Judge is "gold" for the
// people's gold labels, or the run whose verdicts they are.
type ComparisonScore struct {
	Dataset string
	Judge   string
	Items   int // the pairs with a verdict
	Total   int // the dataset's pairs
	bench.Comparison
	// Positions says the position bias means something: the verdicts were
	// given by judges who saw the drawn sides. A run's judge saw whatever
	// order its makers gave it.
	Positions bool
	// Withheld says which of its figures the reader may not see; they
	// are taken out of Comparison (store.Blind).
	Withheld ComparisonWithheld
	// Gold: of the pairs, how many golds are settled, provisional or
	// missing.
	Gold GoldBasis
	// LeftOut counts the dataset's pairs the reader's table leaves out
	// (not in Total), and LeftOutWhy says which and why ("" for none).
	LeftOut    store.PairsLeftOut
	LeftOutWhy string
}

// ComparisonWithheld marks what of a comparison a reader may not see,
// and why ("< 5 pairs"): a pair of systems' table, the position bias,
// the ranking. The figures themselves are taken out.
type ComparisonWithheld struct {
	Pairs   map[[2]string]string
	Bias    string
	Ranking string
	// NoVerdicts says why the comparison has no verdict to count at all
	// (every pair left out for the reader, no gold yet …); "" when it
	// has some.
	NoVerdicts string
}

// blindComparison takes out of c what its reader may not see: each pair
// of systems' table rests on its judged items, the position bias and the
// ranking on all of them; all three are label distributions, which wait
// for an annotator's first finished work too. The ranking and the bias
// are built from the pairs' tables, so with any table withheld they go
// too, with its note: a system's wins and games, who won every game
// against whom, or the decisive verdicts left over once the shown tables'
// are taken away, would give the withheld table back.
func blindComparison(c *bench.Comparison, js []bench.Judgement, ids []int64, b store.Blind) ComparisonWithheld {
	var out ComparisonWithheld
	if b.All {
		return out
	}
	rows := ""
	per, all := map[[2]string]*tally{}, tally{}
	for i, j := range js {
		k := [2]string{min(j.First, j.Second), max(j.First, j.Second)}
		if per[k] == nil {
			per[k] = &tally{}
		}
		per[k].add(b, ids[i])
		all.add(b, ids[i])
	}
	for i := range c.Pairs {
		p := &c.Pairs[i]
		t := per[[2]string{p.First, p.Second}]
		if t == nil {
			t = &tally{}
		}
		if why := spreadWithheld(b, *t, guidelines.Compare.Items); why != "" {
			if out.Pairs == nil {
				out.Pairs = map[[2]string]string{}
			}
			out.Pairs[[2]string{p.First, p.Second}] = why
			p.Win, p.Tie, p.Lose = bench.Share{N: p.Comparisons}, bench.Share{N: p.Comparisons}, bench.Share{N: p.Comparisons}
			p.FirstLeft, p.Left = 0, 0
			rows = cmp.Or(rows, why)
		}
	}
	if why := cmp.Or(rows, spreadWithheld(b, all, guidelines.Compare.Items)); why != "" {
		out.Bias = why
		c.PositionBias = bench.Share{}
		if len(c.Ranking) > 0 { // none with fewer than three systems
			out.Ranking = why
		}
		c.Ranking, c.Groups, c.Between = nil, nil, nil
		c.Bootstrap, c.Separability = bench.BootstrapInfo{}, bench.Separability{}
	}
	return out
}

// CompareGold tabulates the gold verdicts of a compare dataset; nil for
// other kinds.
func CompareGold(ctx context.Context, r *store.Reading, d store.Dataset, opts ScoreOptions) (*ComparisonScore, error) {
	if d.Kind != guidelines.Compare.Kind {
		return nil, nil
	}
	g, err := loadGold(ctx, r, d, opts)
	if err != nil {
		return nil, err
	}
	return compareGold(g)
}

func compareGold(g *goldIndex) (*ComparisonScore, error) {
	basis := g.basis()
	js, ids := g.judgements(func(id int64) (int, bool) {
		l, st := g.gold(id, guidelines.PreferenceUnit)
		basis.add(st)
		return l, l >= 0
	})
	c, err := g.compare(js)
	if err != nil {
		return nil, err
	}
	withheld := blindComparison(&c, js, ids, g.blind)
	leftOut := leftOutText(g.leftOut, g.blind.All)
	if len(js) == 0 {
		withheld.NoVerdicts = noGoldVerdicts(len(g.pairs), g.leftOut, g.blind.All)
	}
	return &ComparisonScore{Dataset: g.name, Judge: "gold", Items: len(js), Total: len(g.pairs), Comparison: c,
		Positions: true, Withheld: withheld, Gold: *basis, LeftOut: g.leftOut, LeftOutWhy: leftOut}, nil
}

// leftOutText says which pairs a reader's table leaves out and why: those
// they judged (below the lead), and those they may still be given (a
// lead: have open); "" for none.
func leftOutText(l store.PairsLeftOut, lead bool) string {
	var parts []string
	if l.Judged > 0 {
		parts = append(parts, fmt.Sprintf("%d you judged (you know the side you chose on each, so a table over them "+
			"would tell you which system wrote which side)", l.Judged))
	}
	switch {
	case l.Open > 0 && lead:
		parts = append(parts, fmt.Sprintf("%d you have open", l.Open))
	case l.Open > 0:
		parts = append(parts, fmt.Sprintf("%d you may still be given (no one's verdict on a pair reaches you before you "+
			"have judged it)", l.Open))
	}
	if len(parts) == 0 {
		return ""
	}
	return "left out for you: " + strings.Join(parts, "; ")
}

// noGoldVerdicts says why a gold table over total pairs has no verdict.
func noGoldVerdicts(total int, l store.PairsLeftOut, lead bool) string {
	switch {
	case total > 0:
		return "no pair has a gold verdict yet"
	case l.Judged > 0 && l.Open > 0:
		return "every pair is left out for you: you judged it, or may still be given it"
	case l.Judged > 0:
		return "every pair is left out for you: you judged them all"
	case l.Open > 0 && lead:
		return "every pair is left out for you: you have them all open"
	case l.Open > 0:
		return "every pair is left out for you: you may still be given them all"
	}
	return "the dataset has no pairs"
}

// compare is bench.Compare, ended early (and an error) once the reading's
// client has left.
func (g *goldIndex) compare(js []bench.Judgement) (bench.Comparison, error) {
	c, err := bench.CompareUntil(js, g.ctx.Done())
	if err == nil {
		err = g.ctx.Err()
	}
	return c, err
}

// judgements turns the verdicts verdict gives (a preference value from the
// first system's side, and whether there is one) into judgements, item by
// item in import order, with the item of each.
func (g *goldIndex) judgements(verdict func(itemID int64) (int, bool)) ([]bench.Judgement, []int64) {
	var js []bench.Judgement
	var ids []int64
	for _, id := range g.order {
		p, ok := g.pairs[id]
		if !ok {
			continue
		}
		v, ok := verdict(id)
		if !ok {
			continue
		}
		js = append(js, bench.Judgement{First: p.First, Second: p.Second, Outcome: bench.Outcome(v), FirstLeft: p.FirstLeft})
		ids = append(ids, id)
	}
	return js, ids
}

// RunComparison is a judge run's verdicts set beside the gold's over the
// pairs both have: the table each side would report.
type RunComparison struct {
	Judge, Gold bench.Comparison
	// JudgeWithheld and GoldWithheld: what the reader may not see of each.
	JudgeWithheld, GoldWithheld ComparisonWithheld
}

// scoreVerdicts adds to a labels run over a compare dataset the table its
// verdicts make and the one the gold makes over the same pairs.
func scoreVerdicts(s *RunScore, preds []store.RunLabel, g *goldIndex) error {
	judged := map[int64]int{}
	for _, pr := range preds {
		if pr.Unit == guidelines.PreferenceUnit {
			judged[pr.ItemID] = pr.Value
		}
	}
	both := func(id int64) bool {
		_, ok := judged[id]
		l, _ := g.gold(id, guidelines.PreferenceUnit)
		return ok && l >= 0
	}
	jjs, ids := g.judgements(func(id int64) (int, bool) { return judged[id], both(id) })
	judge, err := g.compare(jjs)
	if err != nil {
		return err
	}
	gjs, _ := g.judgements(func(id int64) (int, bool) {
		l, _ := g.gold(id, guidelines.PreferenceUnit)
		return l, both(id)
	})
	gold, err := g.compare(gjs)
	if err != nil {
		return err
	}
	// Both tables rest on the same pairs, which have gold.
	c := &RunComparison{Judge: judge, Gold: gold}
	c.JudgeWithheld = blindComparison(&c.Judge, jjs, ids, g.blind)
	c.GoldWithheld = blindComparison(&c.Gold, gjs, ids, g.blind)
	if len(jjs) == 0 {
		why := "no pair you may see has both the run's verdict and a gold one"
		c.JudgeWithheld.NoVerdicts, c.GoldWithheld.NoVerdicts = why, why
	}
	s.Comparison = c
	return nil
}

// comparisonJSON is a comparison as bench --json writes it.
type comparisonJSON struct {
	// NoVerdicts says why there are no pairs to count.
	NoVerdicts      string         `json:"no_verdicts_why,omitempty"`
	Pairs           []pairJSON     `json:"pairs"`
	PositionBias    *shareJSON     `json:"position_bias,omitempty"`
	BiasUndefined   string         `json:"position_bias_undefined_why,omitempty"`
	BiasWithheld    string         `json:"position_bias_withheld,omitempty"`
	Ranking         []strengthJSON `json:"ranking,omitempty"`
	RankingWithheld string         `json:"ranking_withheld,omitempty"`
	// With a ranking: whether every system has a finite strength, its
	// groups and their fits, how its intervals were drawn, and how many
	// pairs of systems they separate.
	BradleyTerry *btJSON           `json:"bradley_terry,omitempty"`
	Bootstrap    *bootstrapJSON    `json:"bootstrap,omitempty"`
	Separability *separabilityJSON `json:"separability,omitempty"`
}

// btJSON is the ranking's fit: finite when every system is in one group,
// a note saying in words what the ranking holds.
type btJSON struct {
	Finite  bool          `json:"finite"`
	Note    string        `json:"note,omitempty"`
	Groups  []groupJSON   `json:"groups"`
	Between []betweenJSON `json:"between"`
}

// groupJSON is one group of the fit, numbered from 1 as the text and
// the ranking's "group" number it (and as stats --csv keys it).
type groupJSON struct {
	Group      int      `json:"group"`
	Systems    []string `json:"systems"`
	Rounds     int      `json:"rounds"`
	Converged  bool     `json:"converged"`
	LastChange float64  `json:"last_change"`
}

// betweenJSON is one group having won all its games against another.
type betweenJSON struct {
	Above []string `json:"above"`
	Below []string `json:"below"`
	Games int      `json:"games"`
}

type bootstrapJSON struct {
	Replicates  int    `json:"replicates"`
	Used        int    `json:"used"`
	NoFit       int    `json:"dropped_no_finite_fit"`
	Unconverged int    `json:"dropped_not_converged"`
	Seed        uint64 `json:"seed"`
	Resampled   string `json:"resampled"`
	Interval    string `json:"interval"`
}

type separabilityJSON struct {
	Separated int         `json:"separated"`
	Pairs     int         `json:"system_pairs"`
	Share     bench.Value `json:"share"`
}

type shareJSON struct {
	K     int         `json:"k"`
	N     int         `json:"n"`
	Share bench.Value `json:"share"`
	Low   bench.Value `json:"low"`
	High  bench.Value `json:"high"`
}

type pairJSON struct {
	First       string     `json:"first"`
	Second      string     `json:"second"`
	Comparisons int        `json:"comparisons"`
	Win         *shareJSON `json:"win"`
	Tie         *shareJSON `json:"tie"`
	Lose        *shareJSON `json:"lose"`
	FirstLeft   *int       `json:"first_left,omitempty"`
	LeftWon     *int       `json:"left_won,omitempty"`
	Withheld    string     `json:"withheld,omitempty"`
}

type strengthJSON struct {
	System   string      `json:"system"`
	Strength bench.Value `json:"strength"`
	Low      bench.Value `json:"low"`
	High     bench.Value `json:"high"`
	Wins     float64     `json:"wins"`
	Games    int         `json:"games"`
	// Group numbers the system's group from 1, as the text does: the
	// Group-th of bradley_terry.groups.
	Group int `json:"group"`
	// NoStrength says why a system has none.
	NoStrength string `json:"no_strength,omitempty"`
}

func shareOf(s bench.Share) shareJSON {
	return shareJSON{K: s.K, N: s.N, Share: s.P, Low: s.Low, High: s.High}
}

// toJSON writes the comparison; positions says whether the sides shown
// mean anything for these verdicts.
func toJSON(c bench.Comparison, positions bool, wh ComparisonWithheld) comparisonJSON {
	out := comparisonJSON{NoVerdicts: wh.NoVerdicts, Pairs: []pairJSON{}, RankingWithheld: wh.Ranking}
	for _, p := range c.Pairs {
		pj := pairJSON{First: p.First, Second: p.Second, Comparisons: p.Comparisons,
			Withheld: wh.Pairs[[2]string{p.First, p.Second}]}
		if pj.Withheld == "" {
			win, tie, lose := shareOf(p.Win), shareOf(p.Tie), shareOf(p.Lose)
			pj.Win, pj.Tie, pj.Lose = &win, &tie, &lose
			if positions {
				pj.FirstLeft, pj.LeftWon = &p.FirstLeft, &p.Left
			}
		}
		out.Pairs = append(out.Pairs, pj)
	}
	if positions && wh.Bias == "" {
		b := shareOf(c.PositionBias)
		out.PositionBias, out.BiasUndefined = &b, biasUndefined(c, wh)
	}
	if positions {
		out.BiasWithheld = wh.Bias
	}
	for _, s := range c.Ranking {
		out.Ranking = append(out.Ranking, strengthJSON{System: s.System, Strength: s.Score, Low: s.Low, High: s.High,
			Wins: s.Wins, Games: s.Games, Group: s.Group + 1, NoStrength: noStrength(s)})
	}
	if len(c.Ranking) > 0 {
		b, sep := c.Bootstrap, c.Separability
		out.BradleyTerry = fitJSON(c)
		out.Bootstrap = &bootstrapJSON{Replicates: b.Replicates, Used: b.Used, NoFit: b.NoFit, Unconverged: b.Unconverged,
			Seed: b.Seed, Resampled: "judged items, with replacement", Interval: "2.5th to 97.5th percentile"}
		out.Separability = &separabilityJSON{Separated: sep.Separated, Pairs: sep.Pairs, Share: sep.Share}
	}
	return out
}

// fitJSON is the ranking's fit: its groups, who won every game against
// whom, and the note the text gives.
func fitJSON(c bench.Comparison) *btJSON {
	out := &btJSON{Finite: c.Finite(), Note: fitNote(c), Groups: []groupJSON{}, Between: []betweenJSON{}}
	for gi, g := range c.Groups {
		out.Groups = append(out.Groups, groupJSON{Group: gi + 1, Systems: g.Systems, Rounds: g.Rounds, Converged: g.Converged, LastChange: g.Change})
	}
	for _, d := range c.Between {
		out.Between = append(out.Between, betweenJSON{Above: c.Groups[d.Above].Systems, Below: c.Groups[d.Below].Systems, Games: d.Games})
	}
	return out
}

// MarshalJSON writes {"dataset", "judge", "items", "total", "pairs",
// "position_bias", "ranking"}.
func (c ComparisonScore) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Dataset string    `json:"dataset"`
		Judge   string    `json:"judge"`
		Items   int       `json:"items"`
		Total   int       `json:"total"`
		Gold    GoldBasis `json:"gold"`
		// LeftOut: the pairs not in total, and why.
		LeftOut    store.PairsLeftOut `json:"left_out"`
		LeftOutWhy string             `json:"left_out_why,omitempty"`
		comparisonJSON
	}{c.Dataset, c.Judge, c.Items, c.Total, c.Gold, c.LeftOut, c.LeftOutWhy, toJSON(c.Comparison, c.Positions, c.Withheld)})
}

// MarshalJSON writes {"judge": …, "gold": …}: the judge's own table and
// the gold's over the same pairs.
func (c RunComparison) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Judge comparisonJSON `json:"judge"`
		Gold  comparisonJSON `json:"gold"`
	}{toJSON(c.Judge, false, c.JudgeWithheld), toJSON(c.Gold, true, c.GoldWithheld)})
}

// shareText is "0.500 [0.237, 0.763]".
func shareText(s bench.Share) string {
	if !s.P.Defined {
		return "–"
	}
	return fmt.Sprintf("%s [%s, %s]", s.P.Format(3), s.Low.Format(3), s.High.Format(3))
}

// ComparisonLines is a comparison as text: one row per pair of systems,
// then the position bias (when it means something) and the ranking.
func ComparisonLines(c bench.Comparison, positions bool, wh ComparisonWithheld) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "first\tsecond\twin\ttie\tlose\tn\t")
	for _, p := range c.Pairs {
		if why := wh.Pairs[[2]string{p.First, p.Second}]; why != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t%d\t\n", display.Clean(p.First), display.Clean(p.Second), why, p.Comparisons)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t\n", display.Clean(p.First), display.Clean(p.Second),
			shareText(p.Win), shareText(p.Tie), shareText(p.Lose), p.Comparisons)
	}
	tw.Flush()
	lines := trimLines(b.String())
	if len(c.Pairs) == 0 && wh.NoVerdicts != "" {
		lines = []string{"no verdicts to count: " + wh.NoVerdicts} // not a table's head over no rows
	}
	switch {
	case positions && wh.Bias != "":
		lines = append(lines, "left output's share of decisive verdicts: "+wh.Bias)
	case positions:
		line := fmt.Sprintf("left output won %d of %s: %s", c.PositionBias.K,
			display.Count(c.PositionBias.N, "decisive verdict", "decisive verdicts"), shareText(c.PositionBias))
		if why := biasUndefined(c, wh); why != "" {
			line += " (" + why + ")"
		}
		lines = append(lines, line)
	}
	if wh.Ranking != "" {
		lines = append(lines, "Bradley–Terry: "+wh.Ranking)
	}
	return append(lines, rankingLines(c)...)
}

// biasUndefined says why the position bias is undefined: no verdict to
// count, or none decisive; "" when it is defined.
func biasUndefined(c bench.Comparison, wh ComparisonWithheld) string {
	switch {
	case c.PositionBias.N > 0:
		return ""
	case wh.NoVerdicts != "":
		return wh.NoVerdicts
	}
	return "no verdict is decisive: every one is a tie"
}

// rankingLines are the Bradley–Terry ranking as text: what was fitted,
// each system's strength with its interval (or why it has none), how the
// intervals were drawn and what they separate.
func rankingLines(c bench.Comparison) []string {
	if len(c.Ranking) == 0 {
		return nil
	}
	var lines []string
	if n := fitNote(c); n != "" {
		lines = wrapped(n, textWidth)
	}
	lines = append(lines, wrapped(intervalsNote(c), textWidth)...)
	var t strings.Builder
	tw := tabwriter.NewWriter(&t, 0, 0, 2, ' ', 0)
	for gi, g := range c.Groups {
		indent := "  "
		if !c.Finite() {
			fmt.Fprintf(tw, "  group %d: %s\n", gi+1, strings.Join(cleaned(g.Systems), ", ")) // no cell: the columns run on
			indent = "    "
		}
		for _, s := range c.Ranking {
			if s.Group != gi {
				continue
			}
			fig := "no finite strength: " + noStrength(s)
			if s.Score.Defined {
				fig = fmt.Sprintf("%s [%s, %s]", s.Score.Format(3), s.Low.Format(3), s.High.Format(3))
			}
			fmt.Fprintf(tw, "%s%s\t%s\t\n", indent, display.Clean(s.System), fig)
		}
	}
	tw.Flush()
	lines = append(lines, trimLines(t.String())...)
	for _, d := range c.Between {
		lines = append(lines, fmt.Sprintf("group %d won %s against group %d", d.Above+1, allGames(d.Games), d.Below+1))
	}
	if c.Bootstrap.Replicates == 0 {
		return lines
	}
	sep := c.Separability
	within := ""
	if !c.Finite() {
		within = " within a group"
	}
	return append(lines, fmt.Sprintf("separable: %d of %s%s (%s), their intervals apart", sep.Separated,
		display.Count(sep.Pairs, "pair of systems", "pairs of systems"), within, valuePct(benchValue(sep.Share))))
}

// allGames is "all 3 games" a group won against another, or "the 1 game".
func allGames(n int) string {
	if n == 1 {
		return "the 1 game"
	}
	return fmt.Sprintf("all %d games", n)
}

// textWidth is where the ranking's notes wrap.
const textWidth = 96

// fitNote says what the ranking holds when not every system has a finite
// strength on one scale, and why, and names a fit that did not converge;
// "" when the fit is the ordinary one.
func fitNote(c bench.Comparison) string {
	var notes []string
	if !c.Finite() {
		notes = append(notes, fmt.Sprintf("Bradley–Terry: NO FINITE FIT for all %d systems together: %s "+
			"(Ford 1957: a fit needs a win each way across every split of the systems). Each group of systems "+
			"that beat one another round is fitted alone, its strengths summing to 1; the groups are ranked by who beat whom.",
			len(c.Ranking), whyNoFit(c)))
	}
	for _, g := range c.Groups {
		if !g.Converged {
			notes = append(notes, fmt.Sprintf("Bradley–Terry on %s: NOT CONVERGED after %d rounds, last change %.2g.",
				strings.Join(cleaned(g.Systems), ", "), g.Rounds, g.Change))
		}
	}
	return strings.Join(notes, " ")
}

// intervalsNote says what the strengths are and from how many resamples
// their intervals come, and why the others were dropped.
func intervalsNote(c bench.Comparison) string {
	b := c.Bootstrap
	if b.Replicates == 0 {
		return "No system has a finite strength: only the order of the groups is known."
	}
	head := "Bradley–Terry strengths, best first"
	if !c.Finite() {
		head = "Strengths within each group"
	}
	return fmt.Sprintf("%s, with 95%% intervals from %d of %s of the judged items (seed %d%s):",
		head, b.Used, display.Count(b.Replicates, "resample", "resamples"), b.Seed, droppedText(b))
}

// droppedText says why resamples were dropped, if any were.
func droppedText(b bench.BootstrapInfo) string {
	var why []string
	if b.NoFit > 0 {
		why = append(why, fmt.Sprintf("%d with no finite fit: a system of a group not compared in it, or winning all or none of its games there", b.NoFit))
	}
	if b.Unconverged > 0 {
		why = append(why, fmt.Sprintf("%d not converged", b.Unconverged))
	}
	if len(why) == 0 {
		return ""
	}
	return "; dropped " + strings.Join(why, ", ")
}

// whyNoFit names the systems that won, or lost, every game they played;
// else says the systems split into groups.
func whyNoFit(c bench.Comparison) string {
	var why []string
	for _, s := range c.Ranking {
		if !s.Score.Defined && (s.Wins == 0 || s.Wins == float64(s.Games)) {
			why = append(why, display.Clean(s.System)+" "+noStrength(s))
		}
	}
	if len(why) == 0 {
		return fmt.Sprintf("they fall into %d groups that do not beat one another round", len(c.Groups))
	}
	return strings.Join(why, "; ")
}

// noStrength says why a system alone in its group has no strength; "" for
// one with a strength.
func noStrength(s bench.Strength) string {
	switch {
	case s.Score.Defined:
		return ""
	case s.Wins == float64(s.Games) && s.Games == 1:
		return "won its 1 game"
	case s.Wins == float64(s.Games):
		return fmt.Sprintf("lost none of its %d games", s.Games)
	case s.Wins == 0 && s.Games == 1:
		return "lost its 1 game"
	case s.Wins == 0:
		return fmt.Sprintf("won none of its %d games", s.Games)
	}
	return "won every game against the groups below it and lost every one against those above"
}

func cleaned(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = display.Clean(n)
	}
	return out
}

// ComparisonText is the gold comparison of one dataset under a heading.
func ComparisonText(c *ComparisonScore) []string {
	head := []string{fmt.Sprintf("%s: %d of %s with a gold verdict (95%% Wilson intervals); gold %s", display.Clean(c.Dataset),
		c.Items, display.Count(c.Total, "pair", "pairs"), c.Gold.Text())}
	if c.LeftOutWhy != "" {
		head = append(head, Indent(wrapped(c.LeftOutWhy, textWidth))...)
	}
	return append(head, Indent(ComparisonLines(c.Comparison, c.Positions, c.Withheld))...)
}

// WriteJSON writes the comparison as bench --json's comparisons hold it.
func (c *ComparisonScore) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// trimLines splits tabwriter output into lines without trailing spaces.
func trimLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}
