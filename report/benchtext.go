package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// arenaNotRecordedText says a run's rule and dropped lines are not known.
const arenaNotRecordedText = "which rule read its judgments, and how many lines it dropped, is not recorded " +
	"(registered before claritty kept them; add the file again under another name to record them)"

// rulePhrase is the rule in words ("" when not recorded).
func (a *ArenaJudgments) rulePhrase() string {
	switch store.ArenaRule(a.Rule) {
	case store.ArenaBothGames:
		return "arena-hard-auto's rule: a judgment counts only with both games scored " +
			"(--one-game counts one game scored, as arena-hard-auto did before v2.0)"
	case store.ArenaOneGame:
		return "the older rule (--one-game): a judgment with one game scored counts by that game, " +
			"as arena-hard-auto did before v2.0 (it now drops such a line)"
	}
	return ""
}

// droppedPhrase is how many lines the rule dropped, and why, each count
// written by num with its --json key (plain, or a figure of the HTML).
func (a *ArenaJudgments) droppedPhrase(num func(key string, n int) string) string {
	why := ""
	switch no, one := *a.DroppedNoGame, *a.DroppedOneGame; {
	case no > 0 && one > 0:
		why = fmt.Sprintf(": %s with no game scored, %s with one", num("dropped_no_game_scored", no), num("dropped_one_game_scored", one))
	case no > 0:
		why = ": no game scored"
	case one > 0:
		why = ": one game scored"
	}
	return fmt.Sprintf("%s of %s %s dropped%s", num("dropped", *a.Dropped), num("lines", *a.Lines), display.Noun(*a.Lines, "line", "lines"), why)
}

// Text is the rule and the lines it dropped, as bench add says them.
func (a *ArenaJudgments) Text() string {
	if a.Rule == ArenaNotRecorded {
		return arenaNotRecordedText
	}
	return a.rulePhrase() + "; " + a.droppedPhrase(func(_ string, n int) string { return strconv.Itoa(n) })
}

// arenaText is the leaderboard's line for a judge run's rule.
func arenaText(name string, a *ArenaJudgments) string {
	if a.Rule == ArenaNotRecorded {
		return display.Clean(name) + ": " + a.Text()
	}
	return display.Clean(name) + "'s judgments were read by " + a.Text()
}

// BenchLines is the leaderboard as text: nugget runs as the
// Clarify-Then-Search tables (system, k, mean, p50, p90, n), best mean
// first; other runs one row per metric, a labels run's per label type and
// pooled only over types of one scale. A run whose figures are
// provisional has its n marked with *; every row says in its gold column
// how much of the gold it could rest on is settled, provisional (and
// whether scored) or missing.
func BenchLines(scores []RunScore) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	nuggets := slices.DeleteFunc(slices.Clone(scores), func(s RunScore) bool { return s.Kind != store.RunNuggets })
	slices.SortStableFunc(nuggets, func(a, b RunScore) int { return CompareMean(b, a) })
	if len(nuggets) > 0 {
		nuggetTable(tw, nuggets)
	}
	pooled := runTable(tw, scores, len(nuggets) > 0)
	tw.Flush()
	lines := append(trimLines(b.String()), benchNotes(scores, pooled)...)
	lines = append(lines, baselineLines(scores)...)
	lines = append(lines, assignmentLines(scores)...)
	lines = append(lines, judgeReadLines(scores)...)
	return append(lines, comparisonLines(scores)...)
}

// nuggetTable writes the nugget runs as the Clarify-Then-Search tables,
// in the order given.
func nuggetTable(tw io.Writer, nuggets []RunScore) {
	// TREC RAG's four nuggetizer scores, where some run's nuggets are
	// graded vital or okay.
	rag := slices.ContainsFunc(nuggets, func(s RunScore) bool { return len(s.Metric) > 3 })
	ragHead, ragGap := "", ""
	if rag {
		ragHead, ragGap = "\tstrict_vital\tstrict_all\tvital\tall", "\t\t\t\t"
	}
	fmt.Fprintln(tw, "system\tk\tmean\tp50\tp90"+ragHead+"\tn\tgold (answers)")
	for _, s := range nuggets {
		if s.Withheld != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t\t%s\t%s\t%s\n", display.Clean(s.Name), s.K, s.Withheld, ragGap, JudgedText(s), goldText(s.Gold))
			continue
		}
		fmt.Fprintln(tw, strings.Join(nuggetRow(s, rag), "\t"))
	}
}

// nuggetRow is a nugget run's row: mean, p50, p90, nuggetizer's four
// when rag ("–" for a run without them), n and gold.
func nuggetRow(s RunScore, rag bool) []string {
	row := []string{display.Clean(s.Name), s.K}
	for i := range 3 {
		row = append(row, s.Metric[i].Value.Format(3))
	}
	for i := 3; rag && i < 7; i++ {
		v := "–"
		if i < len(s.Metric) {
			v = s.Metric[i].Value.Format(3)
		}
		row = append(row, v)
	}
	return append(row, JudgedText(s), goldText(s.Gold))
}

// runTable writes every other run, one row per metric, under a blank row
// when the nugget tables came first; it says whether a row is pooled.
func runTable(tw io.Writer, scores []RunScore, afterNuggets bool) (pooled bool) {
	first := true
	for _, s := range scores {
		if s.Kind == store.RunNuggets {
			continue
		}
		if first {
			if afterNuggets {
				fmt.Fprintln(tw, "\t\t\t\t\t\t")
			}
			fmt.Fprintln(tw, "run\tagainst\tmetric\tvalue\tn\tgold")
			first = false
		}
		against, pools := againstText(s)
		pooled = pooled || pools
		runRows(tw, s, against)
	}
	return pooled
}

// againstText is what a run's rows are scored against: a trec run's
// target, a questions run's reference, a labels run's one label type,
// its pooled types ("pooled", and true) or its labels.
func againstText(s RunScore) (string, bool) {
	switch {
	case s.Kind == store.RunQuestions:
		return "reference", false
	case s.Kind != store.RunLabels:
		return s.Target, false
	case len(s.PooledOver) == 1:
		return s.PooledOver[0], false
	case len(s.PooledOver) > 1:
		return "pooled", true
	}
	return "labels", false
}

// runRows writes a run's rows: one per metric, then, for a labels run
// over several types, one per metric of each type.
func runRows(tw io.Writer, s RunScore, against string) {
	if s.Withheld != "" {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), against, everyMetric, s.Withheld, JudgedText(s), goldText(s.Gold))
		return
	}
	for _, m := range s.Metric {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), against, m.Name, m.Value.Format(4), JudgedText(s), goldText(s.Gold))
	}
	if len(s.PooledOver) == 1 {
		return // one label type: its rows would repeat the run's
	}
	for _, t := range s.ByType {
		if t.Withheld != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t%s\n", display.Clean(s.Name), t.Type, everyMetric, t.Withheld, t.Gold.Text())
			continue
		}
		for _, m := range t.Metrics() {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), t.Type, m.Name, m.Value.Format(4), t.NText(), t.Gold.Text())
		}
	}
}

// judgeReadLines say, per judge run, its flip rate over both orders and
// the rule that read its judgments.
func judgeReadLines(scores []RunScore) []string {
	var lines []string
	for _, s := range scores {
		if o := s.BothOrders; o != nil {
			lines = append(lines, bothOrdersText(s.Name, o))
		}
		if a := s.ArenaJudgments; a != nil {
			lines = append(lines, arenaText(s.Name, a))
		}
	}
	return lines
}

// comparisonLines are each judge's win / tie / lose tables beside the
// gold's over the same pairs.
func comparisonLines(scores []RunScore) []string {
	var lines []string
	for _, s := range scores {
		if c := s.Comparison; c != nil {
			lines = append(lines, "", display.Clean(s.Name)+" as judge, over the pairs it and the gold both judged:")
			lines = append(lines, Indent(ComparisonLines(c.Judge, false, c.JudgeWithheld))...)
			lines = append(lines, "the gold over the same pairs:")
			lines = append(lines, Indent(ComparisonLines(c.Gold, true, c.GoldWithheld))...)
		}
	}
	return lines
}

// everyMetric is a withheld row's metric: every one of its figures is
// left out. Not "all", which is nuggetizer's all figure.
const everyMetric = "every metric"

// benchNotes are the lines under the leaderboard that say what its
// figures are: the pooled row, token_recall, which kappa, which gold, and
// why some are withheld. bench and the HTML report give the same.
func benchNotes(scores []RunScore, pooled bool) []string {
	var lines []string
	if pooled {
		lines = append(lines, "pooled: one figure over every label type the run predicts, all on one scale")
	}
	if slices.ContainsFunc(scores, func(s RunScore) bool { return s.Kind == store.RunQuestions }) {
		lines = append(lines, "token_recall is ClariLM's TF: the share of the reference's content words the question has")
	}
	if slices.ContainsFunc(scores, func(s RunScore) bool { return s.Kind == store.RunLabels }) {
		lines = append(lines, kappaNote(scores))
	}
	lines = append(lines, undefinedNotes(scores)...)
	lines = append(lines, scoredOn(scores))
	for _, s := range scores {
		if s.Withheld != "" || slices.ContainsFunc(s.ByType, func(t TypeScore) bool { return t.Withheld != "" }) || s.Assignments.anyWithheld() {
			lines = append(lines, strings.Split(withheldNote, "\n")...)
			break
		}
	}
	return lines
}

// undefinedNotes say why a figure of the leaderboard is –: nothing yet
// to score (n 0), or a kappa whose chance agreement is 1.
func undefinedNotes(scores []RunScore) []string {
	var empty, oneLabel bool
	check := func(ms []bench.Metric, n int) {
		for _, m := range ms {
			switch {
			case m.Value.Defined:
			case n == 0:
				empty = true
			case m.Name == "kappa":
				oneLabel = true
			}
		}
	}
	for _, s := range scores {
		if s.Withheld != "" {
			continue
		}
		check(s.Metric, s.Items)
		for _, t := range s.ByType {
			check(t.Metrics(), t.N)
		}
	}
	var lines []string
	if empty {
		lines = append(lines, "–: nothing to score yet (n 0)")
	}
	if oneLabel {
		lines = append(lines, "kappa –: the gold and the run give one and the same label everywhere, so chance agreement is 1")
	}
	return lines
}

// kappaNote names the leaderboard's kappa, unweighted, where the people's
// baseline beside it weighs its own on an ordinal scale.
func kappaNote(scores []RunScore) string {
	for _, s := range scores {
		if slices.ContainsFunc(s.Baseline, func(h HumanBaseline) bool { return h.Weighted }) {
			return "kappa: Cohen's κ, unweighted; the baseline below weighs its κ quadratically (an ordinal scale)"
		}
	}
	return "kappa: Cohen's κ, unweighted"
}

// bothOrdersText is a judge's flip rate in words.
func bothOrdersText(name string, o *BothOrders) string {
	return fmt.Sprintf("%s judged %s in both orders; the verdict changed with the order in %d: "+
		"flip rate %s [%s, %s] (95%% Wilson)", display.Clean(name), display.Count(o.Pairs, "pair", "pairs"), o.Flips, o.Rate.Format(3), o.Low.Format(3), o.High.Format(3))
}

// Indent indents each line but a blank one by two spaces, in place.
func Indent(lines []string) []string {
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return lines
}

// NText is a type's n, starred while some of its predictions wait for
// gold (missing, or provisional and not scored), as JudgedText stars a
// run's.
func (t TypeScore) NText() string {
	if t.Gold.Missing > 0 || (t.Gold.Provisional > 0 && !t.Gold.ProvisionalScored) {
		return strconv.Itoa(t.N) + "*"
	}
	return strconv.Itoa(t.N)
}

// goldText is a run's gold basis in words, "–" for a questions run
// (it rests on reference questions, not gold).
func goldText(b *GoldBasis) string {
	if b == nil {
		return "–"
	}
	return b.Text()
}

// scoredOn says which gold the figures were scored on.
func scoredOn(scores []RunScore) string {
	for _, s := range scores {
		if s.Gold != nil && s.Gold.ProvisionalScored {
			return "scored on settled and provisional gold (provisional: fewer annotators than the policy's min)"
		}
	}
	return "scored on settled gold; --provisional also scores gold with fewer annotators than the policy's min"
}

// JudgedText is n, or n/total* while some of the run waits for gold.
func JudgedText(s RunScore) string {
	if s.Complete {
		return strconv.Itoa(s.Items)
	}
	return fmt.Sprintf("%d/%d*", s.Items, s.Total)
}

// CompareMean orders runs by mean restore score, undefined lowest.
func CompareMean(a, b RunScore) int {
	x, y := a.Metric[0].Value, b.Metric[0].Value
	switch {
	case x.Defined != y.Defined:
		if x.Defined {
			return 1
		}
		return -1
	case x.X < y.X:
		return -1
	case x.X > y.X:
		return 1
	}
	return 0
}
