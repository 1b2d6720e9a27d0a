package report

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Templates are the question templates of the MIMICS paper's Table 4, with
// the paper's regular expressions. They are matched anywhere in the
// unquoted, lower-cased question (a question may match more than one).
var Templates = []struct {
	ID      string
	Pattern *regexp.Regexp
}{
	{"T1", regexp.MustCompile(`select one to refine your search`)},
	{"T2", regexp.MustCompile(`what (do you want|would you like) to know about (.+)?`)},
	{"T3", regexp.MustCompile(`(which|what) (.+) do you mean?`)},
	{"T4", regexp.MustCompile(`(what|which) (.+) are you looking for?`)},
	{"T5", regexp.MustCompile(`what (do you want|would you like) to do with (.+)?`)},
	{"T6", regexp.MustCompile(`who are you shopping for?`)},
	{"T7", regexp.MustCompile(`what are you trying to do?`)},
}

// Summary is a mean, population standard deviation, and extremes.
type Summary struct {
	Mean float64 `json:"mean"`
	Std  float64 `json:"std"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
}

// Moments is the mean and population standard deviation of n values; both
// null (nil) when n is 0.
type Moments struct {
	Mean *float64 `json:"mean"`
	Std  *float64 `json:"std"`
	N    int      `json:"n"`
	// Withheld says why the figures are null for this reader: they rest
	// on too few panes of others' ("< 5 panes"; store.Blind).
	Withheld string `json:"withheld,omitempty"`
}

// TemplateMean is a template's count and mean question label.
type TemplateMean struct {
	Mean     *float64 `json:"mean"`
	N        int      `json:"n"`
	Withheld string   `json:"withheld,omitempty"`
}

// Stats are the MIMICS paper's tables over a dataset's gold labels.
type Stats struct {
	Table1 struct {
		Queries        int     `json:"queries"`
		Panes          int     `json:"panes"`
		PanesPerQuery  Summary `json:"panes_per_query"`
		AnswersPerPane Summary `json:"answers_per_pane"`
	} `json:"table1"`
	Templates     []TemplateRow `json:"templates"`
	ByQueryLength []LengthRow   `json:"by_query_length"`
	ByAnswerCount []CountRow    `json:"by_answer_count"`
	Basis         Basis         `json:"basis"`
	// Signals are the panes' click signals, for a lead, when the dataset
	// came from a MIMICS-Click file.
	Signals *ClickSignals `json:"click_signals,omitempty"`
	// Online sets the gold beside the panes' online engagement, for a
	// lead, where the panes (or panes joined to them) carry signals.
	Online *OnlineOffline `json:"online_offline,omitempty"`
}

// Basis says how many panes the label figures of the tables rest on.
type Basis struct {
	// Labelled panes have at least one gold label; the label columns
	// are means over them.
	Labelled int `json:"labelled_panes"`
	// Insufficient of them have a unit labelled by fewer annotators
	// than the policy's min (provenance insufficient).
	Insufficient int `json:"insufficient_panes"`
	Flagged      int `json:"flagged_panes_left_out"`
}

func (b *Basis) count(p *PaneGold) {
	if len(p.Units) > 0 {
		b.Labelled++
	}
	if p.Insufficient > 0 {
		b.Insufficient++
	}
}

// String says it in a sentence.
func (b Basis) String() string {
	return fmt.Sprintf("The label figures rest on %s with gold labels, %d of them with units labelled by fewer\n"+
		"annotators than the policy's min; %s left out.", display.Count(b.Labelled, "pane", "panes"), b.Insufficient,
		display.Count(b.Flagged, "flagged pane", "flagged panes"))
}

// TemplateRow is one row of Table 4.
type TemplateRow struct {
	ID       string       `json:"id"`
	Panes    int          `json:"panes"`
	Question TemplateMean `json:"question"`
}

// LengthRow is one row of Table 6: "1" … "9", "10+".
type LengthRow struct {
	Length string `json:"length"`
	Group
}

// CountRow is one row of Table 7: 2 … 5 answers.
type CountRow struct {
	Answers int `json:"answers"`
	Group
}

// Group is one row of Tables 6 and 7: panes, and the moments of the
// question, answer-set and landing labels (a pane's landing label is the
// mean of its answers' landing labels).
type Group struct {
	Panes     int     `json:"panes"`
	Question  Moments `json:"question"`
	AnswerSet Moments `json:"answer_set"`
	Landing   Moments `json:"landing"`
}

// groupSums gathers one group's labels, and the panes each column rests on.
type groupSums struct {
	panes                        int
	question, answerSet, landing []float64
	qPanes, aPanes, lPanes       tally
}

func (g *groupSums) add(p *PaneGold, b store.Blind) {
	g.panes++
	if v := p.Label("question"); v >= 0 {
		g.question = append(g.question, float64(v))
		g.qPanes.add(b, p.Item.ID)
	}
	if v := p.Label("answer_set"); v >= 0 {
		g.answerSet = append(g.answerSet, float64(v))
		g.aPanes.add(b, p.Item.ID)
	}
	var land []float64
	for i := 1; i <= p.Item.AnswerCount(); i++ {
		if v := p.Label("landing_" + strconv.Itoa(i)); v >= 0 {
			land = append(land, float64(v))
		}
	}
	if len(land) > 0 {
		g.landing = append(g.landing, mean(land))
		g.lPanes.add(b, p.Item.ID)
	}
}

func (g *groupSums) group(b store.Blind) Group {
	return Group{Panes: g.panes, Question: blindMoments(g.question, g.qPanes, b),
		AnswerSet: blindMoments(g.answerSet, g.aPanes, b), Landing: blindMoments(g.landing, g.lPanes, b)}
}

// blindMoments is moments(xs), withheld when the panes they come from
// are too few for the reader.
func blindMoments(xs []float64, t tally, b store.Blind) Moments {
	if why := t.withheld(b, guidelines.MIMICS.Items); why != "" {
		return Moments{N: len(xs), Withheld: why}
	}
	return moments(xs)
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// pstd is the population standard deviation (divided by n), as the paper's
// tables use.
func pstd(xs []float64) float64 {
	m, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)))
}

func moments(xs []float64) Moments {
	if len(xs) == 0 {
		return Moments{}
	}
	m, s := mean(xs), pstd(xs)
	return Moments{Mean: &m, Std: &s, N: len(xs)}
}

func summary(xs []int) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	fs := make([]float64, len(xs))
	out := Summary{Min: xs[0], Max: xs[0]}
	for i, x := range xs {
		fs[i] = float64(x)
		out.Min, out.Max = min(out.Min, x), max(out.Max, x)
	}
	out.Mean, out.Std = mean(fs), pstd(fs)
	return out
}

// lengthBucket is a query's length in whitespace-separated words, 10 and
// more together.
func lengthBucket(query string) int { return min(len(strings.Fields(query)), 10) }

// DatasetStats computes the tables over the unflagged panes of the
// reading's dataset (a pane the reading hides counts as unlabelled).
func DatasetStats(ctx context.Context, r *store.Reading) (*Stats, error) {
	s := &Stats{}
	t := newStatsTally(r.Blind())
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		t.add(s, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	t.tables(s)
	if s.Signals, err = clickSignals(ctx, r, t.counted); err != nil {
		return s, err
	}
	s.Online, err = onlineOffline(ctx, r)
	return s, err
}

// statsTally gathers the panes' figures for DatasetStats' tables.
type statsTally struct {
	blind    store.Blind
	perQuery map[string]int
	queries  []string
	answers  []int
	tmpl     []templateTally // per Templates entry
	lengths  []groupSums     // by lengthBucket
	counts   []groupSums     // by answer count, 5 and more together
	counted  map[int64]bool  // the panes counted (unflagged)
}

// templateTally is one question template's panes and their question
// labels.
type templateTally struct {
	panes    int
	q        []float64
	labelled tally
}

// newStatsTally is an empty tally whose figures blind governs.
func newStatsTally(blind store.Blind) *statsTally {
	return &statsTally{blind: blind, perQuery: map[string]int{}, tmpl: make([]templateTally, len(Templates)),
		lengths: make([]groupSums, 11), counts: make([]groupSums, 6), counted: map[int64]bool{}}
}

// add counts one pane, a flagged one only into the basis.
func (t *statsTally) add(s *Stats, p *PaneGold) {
	if p.Flagged {
		s.Basis.Flagged++
		return
	}
	t.counted[p.Item.ID] = true
	s.Basis.count(p)
	query := display.Unquote(p.Item.Query)
	if t.perQuery[query] == 0 {
		t.queries = append(t.queries, query)
	}
	t.perQuery[query]++
	t.answers = append(t.answers, p.Item.AnswerCount())
	question := strings.ToLower(display.Unquote(p.Item.Question))
	for i, tm := range Templates {
		if tm.Pattern.MatchString(question) {
			t.tmpl[i].panes++
			if v := p.Label("question"); v >= 0 {
				t.tmpl[i].q = append(t.tmpl[i].q, float64(v))
				t.tmpl[i].labelled.add(t.blind, p.Item.ID)
			}
		}
	}
	t.lengths[lengthBucket(query)].add(p, t.blind)
	t.counts[min(p.Item.AnswerCount(), 5)].add(p, t.blind)
}

// tables fills s's Table 1, templates, and rows by query length and by
// answer count from the panes counted.
func (t *statsTally) tables(s *Stats) {
	blind := t.blind
	perQ := make([]int, len(t.queries))
	for i, q := range t.queries {
		perQ[i] = t.perQuery[q]
	}
	t1 := &s.Table1
	t1.Queries, t1.Panes, t1.PanesPerQuery, t1.AnswersPerPane = len(t.queries), len(t.answers), summary(perQ), summary(t.answers)
	for i, tm := range Templates {
		q := blindMoments(t.tmpl[i].q, t.tmpl[i].labelled, blind)
		s.Templates = append(s.Templates, TemplateRow{ID: tm.ID, Panes: t.tmpl[i].panes,
			Question: TemplateMean{Mean: q.Mean, N: q.N, Withheld: q.Withheld}})
	}
	for l := 1; l <= 10; l++ {
		name := strconv.Itoa(l)
		if l == 10 {
			name = "10+"
		}
		s.ByQueryLength = append(s.ByQueryLength, LengthRow{name, t.lengths[l].group(blind)})
	}
	for n := 2; n <= 5; n++ {
		s.ByAnswerCount = append(s.ByAnswerCount, CountRow{n, t.counts[n].group(blind)})
	}
}

// WriteJSON writes the tables in the shape claritty stats --json gives.
func (s *Stats) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteText writes the tables for people, laid out like the paper's.
func (s *Stats) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	t1 := s.Table1
	fmt.Fprintf(tw, "Table 1\nunique queries\t%d\npanes (query-clarification pairs)\t%d\n", t1.Queries, t1.Panes)
	fmt.Fprintf(tw, "panes per query\t%.2f ± %.2f\t(min %d, max %d)\n", t1.PanesPerQuery.Mean, t1.PanesPerQuery.Std, t1.PanesPerQuery.Min, t1.PanesPerQuery.Max)
	fmt.Fprintf(tw, "candidate answers per pane\t%.2f ± %.2f\t(min %d, max %d)\n", t1.AnswersPerPane.Mean, t1.AnswersPerPane.Std, t1.AnswersPerPane.Min, t1.AnswersPerPane.Max)
	fmt.Fprintln(tw, "\nTable 4: question templates\nid\ttemplate\tpanes\tquestion label\tn")
	for i, t := range s.Templates {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\n", t.ID, Templates[i].Pattern, t.Panes, cmp.Or(t.Question.Withheld, num(t.Question.Mean)), t.Question.N)
	}
	fmt.Fprintln(tw, "\nTable 6: by query length (words)\nlength\tpanes\tquestion\tn\tanswer set\tn\tlanding\tn")
	for _, r := range s.ByQueryLength {
		writeGroup(tw, r.Length, r.Group)
	}
	fmt.Fprintln(tw, "\nTable 7: by number of candidate answers\nanswers\tpanes\tquestion\tn\tanswer set\tn\tlanding\tn")
	for _, r := range s.ByAnswerCount {
		writeGroup(tw, strconv.Itoa(r.Answers), r.Group)
	}
	fmt.Fprintln(tw, "\nMeans ± population standard deviations of gold labels; a pane's landing label is the mean over its answers.")
	fmt.Fprintln(tw, s.Basis)
	if s.Signals != nil {
		s.Signals.writeText(tw)
	}
	if s.Online != nil {
		s.Online.writeText(tw)
	}
	if s.withheld() {
		fmt.Fprintln(tw, withheldNote)
	}
	return tw.Flush()
}

// withheld says whether any figure of the tables is withheld.
func (s *Stats) withheld() bool {
	for _, t := range s.Templates {
		if t.Question.Withheld != "" {
			return true
		}
	}
	for _, r := range s.ByQueryLength {
		if r.withheld() {
			return true
		}
	}
	for _, r := range s.ByAnswerCount {
		if r.withheld() {
			return true
		}
	}
	return false
}

// withheld says whether any of the group's columns is withheld.
func (g Group) withheld() bool {
	return g.Question.Withheld != "" || g.AnswerSet.Withheld != "" || g.Landing.Withheld != ""
}

func writeGroup(w io.Writer, name string, g Group) {
	fmt.Fprintf(w, "%s\t%d\t%s\t%d\t%s\t%d\t%s\t%d\n", name, g.Panes,
		meanStd(g.Question), g.Question.N, meanStd(g.AnswerSet), g.AnswerSet.N, meanStd(g.Landing), g.Landing.N)
}

func meanStd(m Moments) string {
	if m.Withheld != "" {
		return m.Withheld
	}
	if m.Mean == nil {
		return "N/A"
	}
	return fmt.Sprintf("%.4f ± %.4f", *m.Mean, *m.Std)
}

func num(x *float64) string {
	if x == nil {
		return "N/A"
	}
	return fmt.Sprintf("%.4f", *x)
}
