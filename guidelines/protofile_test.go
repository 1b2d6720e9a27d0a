package guidelines

import (
	"bufio"
	"bytes"
	"errors"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// The protocol files claritty ships parse, and each one's header is the
// first line of the MIMICS-Duo release file it reads, column for column
// (Task 2's eight empty padding columns included).
func TestShippedProtocolsMatchTheRelease(t *testing.T) {
	shipped, err := ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	release := map[Kind]string{
		"mimics-duo-rating":  "mimics-duo/Task1-OfflineRating.tsv",
		"mimics-duo-quality": "mimics-duo/Task2-QualityLabelling.tsv",
		"mimics-duo-aspects": "mimics-duo/Task3-AspectLabelling.tsv",
	}
	// ClariQ's header, as its data/train.tsv, dev.tsv and
	// test_with_labels.tsv have it (no copy of them is at hand).
	clariq := []string{"topic_id", "initial_request", "topic_desc", "clarification_need", "facet_id", "facet_desc", "question_id", "question", "answer"}
	// CLAMBER's keys, as each line of its clamber_benchmark.jsonl has them.
	clamber := []string{"category", "clarifying_question", "context", "predict_ambiguous", "predict_clarifying_question",
		"predict_is_ambiguous_response", "question", "require_clarification", "subclass"}
	var names []Kind
	for _, s := range shipped {
		names = append(names, s.File.Name)
		if s.File.Name == "clamber" {
			if got := slices.Sorted(slices.Values(s.File.Item.Keys)); !slices.Equal(got, clamber) {
				t.Errorf("clamber: item.keys %q, CLAMBER's %q", got, clamber)
			}
			continue
		}
		if s.File.Name == "clariq" {
			if !slices.Equal(s.File.Item.Header, clariq) {
				t.Errorf("clariq: item.header %q, ClariQ's %q", s.File.Item.Header, clariq)
			}
			continue
		}
		if s.File.Name == "clarimm" {
			// ClariMM's conversation lines (data.LoadDemo's too).
			if want := []string{"id", "topic", "facet", "turns"}; !slices.Equal(s.File.Item.Keys, want) {
				t.Errorf("clarimm: item.keys %q, want %q", s.File.Item.Keys, want)
			}
			continue
		}
		if s.File.Name == "trec-rag-support" {
			// ragnarok's answers file, as the TREC RAG track takes runs.
			if want := []string{"run_id", "topic_id", "topic", "references", "response_length", "answer"}; !slices.Equal(s.File.Item.Keys, want) {
				t.Errorf("trec-rag-support: item.keys %q, want %q", s.File.Item.Keys, want)
			}
			continue
		}
		if s.File.Name == "necessity" {
			// ClariLM's request lines, as claritty has always read them.
			if want := []string{"id", "request", "context", "facets", "reference"}; !slices.Equal(s.File.Item.Keys, want) {
				t.Errorf("necessity: item.keys %q, want %q", s.File.Item.Keys, want)
			}
			continue
		}
		rel, ok := release[s.File.Name]
		if !ok {
			t.Errorf("shipped protocol %q reads no release file this test knows", s.File.Name)
			continue
		}
		f, err := os.Open(datatest.SharedOrSkip(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Scan()
		f.Close()
		if got := strings.Split(sc.Text(), "\t"); !slices.Equal(got, s.File.Item.Header) {
			t.Errorf("%s: item.header %q, the release's header %q", s.File.Name, s.File.Item.Header, got)
		}
	}
	if want := []Kind{"clamber", "clarimm", "clariq", "mimics-duo-aspects", "mimics-duo-quality", "mimics-duo-rating", "necessity", "trec-rag-support"}; !slices.Equal(names, want) {
		t.Errorf("shipped %v, want %v", names, want)
	}
}

// usefulToml is a good protocol file: docs/protocols.md's, shortened.
const usefulToml = `name = "usefulness"
title = "Usefulness of clarifying questions"
items = "questions"

[item]
header = ["query", "question", "useful"]
id = ["query", "question"]
text = ["query", "question"]

[[scale]]
name = "use"
values = [1, 2, 3, 4, 5]
keys = ["1", "2", "3", "4", "5"]
names = ["useless", "poor", "fair", "good", "very useful"]

[[step]]
title = "Usefulness"
unit = "usefulness"
show = ["query", "question"]
scale = "use"
column = "useful"
`

// A protocol file that will not do is refused with every problem at its
// line: an unknown key, a key the HIT screen keeps, a unit twice, a scale
// or a column that is not there, a condition on a later step.
func TestProtocolFileProblemsAtTheirLines(t *testing.T) {
	good := usefulToml
	if _, err := ParseProtocolFile("u.toml", []byte(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct {
		what, old, new string
		want           []string // each "line: text"
	}{
		{"an unknown key", `items = "questions"`, "items = \"questions\"\ncolour = \"red\"", []string{`u.toml:4: unknown key "colour"`}},
		{"an unknown key in a step", `column = "useful"`, "column = \"useful\"\nweight = 2", []string{`u.toml:22: unknown key "step.weight"`}},
		{"a key the screen keeps", `keys = ["1", "2", "3", "4", "5"]`, `keys = ["1", "2", "3", "u", "5"]`,
			[]string{`u.toml:13: scale "use": key "u" is the HIT screen's own`}},
		{"a key twice", `keys = ["1", "2", "3", "4", "5"]`, `keys = ["1", "2", "3", "4", "4"]`, []string{`u.toml:13: scale "use": key "4" is twice`}},
		{"a unit twice", `column = "useful"`, "column = \"useful\"\n\n[[step]]\ntitle = \"Again\"\nunit = \"usefulness\"\nscale = \"use\"",
			[]string{`u.toml:25: step 2: unit "usefulness" is labelled by an earlier step too`}},
		{"a scale not there", `scale = "use"`, `scale = "usage"`, []string{`u.toml:20: step 1: scale "usage" is not a [[scale]] of the file`}},
		{"a column not there", `column = "useful"`, `column = "usefull"`, []string{`u.toml:21: step 1: column "usefull" is not in item.header`}},
		{"a condition on no earlier step", `column = "useful"`, "column = \"useful\"\nwhen = { unit = \"later\", value = 1 }",
			[]string{`u.toml:22: step 1: asked after unit "later", which no earlier step labels`}},
		{"a built-in kind's name", `name = "usefulness"`, `name = "mimics"`, []string{`u.toml:1: name "mimics" is a built-in task kind's`}},
		{"two problems at once", `show = ["query", "question"]`, `show = ["query", "answer"]
per = "element"`, []string{`u.toml:19: step 1: shows "answer"`, `u.toml:20: step 1: per = "element", but the item has no list`}},
		{"not TOML", `[item]`, `[item`, []string{"u.toml:5: "}},
		{"nominal and ordered scales", "[[step]]", "[[scale]]\nname = \"yn\"\nnominal = true\nvalues = [0, 1]\nkeys = [\"y\", \"x\"]\nnames = [\"no\", \"yes\"]\n\n[[step]]",
			[]string{`u.toml:18: scale "yn": nominal = true, scale "use"'s is false`}},
		{"too many steps", "[[step]]", strings.Repeat("[[step]]\ntitle = \"x\"\nunit = \"x\"\nscale = \"use\"\n\n", 30) + "[[step]]",
			[]string{`u.toml:166: [[step]] number 31: a protocol file has at most 30`}},
		{"a list longer than a header may be", `text = ["query", "question"]`, "text = [\"query\", \"question\"]\nlist = [" + strings.Repeat(`"a", `, 256) + "\"a\"]\nlist_name = \"x\"",
			[]string{`u.toml:9: item.list: 257 values; at most 256`}},
		{"an attention check counting rows of no group", `column = "useful"`, "column = \"useful\"\n\n[attention]\nask = \"How many?\"\ncount = \"rows\"",
			[]string{`u.toml:25: attention: counts rows, but rows are not grouped (item.group)`}},
		{"an attention check counting a list no step shows", `text = ["query", "question"]`,
			"text = [\"query\", \"question\"]\nlist = [\"useful\"]\nlist_name = \"x\"\n\n[attention]\nask = \"How many?\"\ncount = \"elements\"",
			[]string{`attention: counts elements, but no step shows the list`}},
		{"a screen claritty has no code for", `column = "useful"`, "column = \"useful\"\n\n[parts]\nscreen = \"carousel\"",
			[]string{`u.toml:24: parts.screen = "carousel": claritty has no such screen`}},
		{"a run claritty has no scorer for", `column = "useful"`, "column = \"useful\"\n\n[parts]\nruns = [\"labels\", \"guesses\"]",
			[]string{`u.toml:24: parts.runs = "guesses": claritty has no such runs (it has labels`}},
		{"an attention check with no question", `column = "useful"`, "column = \"useful\"\n\n[attention]\ncount = \"rows\"",
			[]string{`attention.ask: the question to ask is missing`}},
	} {
		src := strings.Replace(good, c.old, c.new, 1)
		if src == good {
			t.Fatalf("%s: the replacement changed nothing", c.what)
		}
		_, err := ParseProtocolFile("u.toml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", c.what)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.what, err, w)
			}
		}
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %T is no ProtocolError", c.what, err)
		}
	}
}

// A step labelling each list element of rows grouped into one item is
// refused: each row has a list of its own, and the unit would not say
// whose element it is.
func TestProtocolFileNoElementsOfGroupedRows(t *testing.T) {
	src := `name = "g"
title = "t"
items = "queries"

[item]
header = ["query", "x"]
id = ["query"]
group = "query"
list = ["x"]
list_name = "x"

[[scale]]
name = "s"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Each x"
unit = "each"
per = "element"
scale = "s"
`
	_, err := ParseProtocolFile("g.toml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `g.toml:21: step 1: per = "element", but rows are grouped`) {
		t.Errorf("per element of grouped rows: %v", err)
	}
}

// Every key the HIT screen keeps is refused on a scale, and no digit is
// among them (the built-in scales' keys).
func TestReservedKeysLeaveTheDigits(t *testing.T) {
	for _, d := range "0123456789" {
		if slices.Contains(ReservedKeys, string(d)) {
			t.Errorf("digit %c is reserved", d)
		}
	}
	for _, p := range Protocols {
		for _, l := range p.Scale {
			if slices.Contains(ReservedKeys, l.Key) {
				t.Errorf("%s's label %s has the reserved key %q", p.Kind, l.Name, l.Key)
			}
		}
	}
}

// No file makes the parser panic, and what it refuses it refuses as the
// file's own problem, named by the file.
func FuzzProtocolFile(f *testing.F) {
	shipped, err := ShippedProtocols()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range shipped {
		f.Add(s.Text)
	}
	f.Add([]byte("name = \"x\"\n[[step]]\n[[step]]\nunit = \"a\"\n"))
	f.Add([]byte("\"name\\u0041\" = 1\n[item]\n\"head\\ter\" = []\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := ParseProtocolFile("f.toml", b)
		if err != nil && !strings.HasPrefix(err.Error(), "f.toml") {
			t.Fatalf("an error not naming the file: %v", err)
		}
	})
}

// A protocol file's kind lays out its HITs, units, scale and guideline as
// a built-in kind does: MIMICS-Duo Task 2 asks one quality label per
// candidate answer the pane has, then one for the pane, on 1-5 keyed 1-5;
// Task 1 one rating per pane of the query.
func TestProtocolFileKind(t *testing.T) {
	shipped, err := ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[Kind]Protocol{}
	for _, s := range shipped {
		byName[s.File.Name] = s.File.Protocol()
	}
	q := byName["mimics-duo-quality"]
	if got, want := q.Units(Shape{Answers: 3}), []string{"answer_quality_1", "answer_quality_2", "answer_quality_3", "pane_quality"}; !slices.Equal(got, want) {
		t.Errorf("quality units of a 3-answer pane: %v, want %v", got, want)
	}
	if got := len(q.AllUnits); got != 6 {
		t.Errorf("quality: %d units in all, want 5 answers and the pane", got)
	}
	for k := 1; k <= 5; k++ {
		if v, ok := q.ValueOfKey("answer_quality_2", strconv.Itoa(k)); !ok || v != k {
			t.Errorf("key %d on an answer: %d %v", k, v, ok)
		}
	}
	if _, ok := q.ValueOfKey("pane_quality", "6"); ok {
		t.Error("key 6 is a label")
	}
	if q.Scale[0].Value != 5 || q.Scale[4].Value != 1 || q.Scale[0].Name != "excellent" {
		t.Errorf("scale, best first: %+v", q.Scale)
	}
	if got := q.Summary("pane_quality"); len(got) != 5 || got[0] != "5 excellent" || got[4] != "1 very poor" {
		t.Errorf("pane quality summary: %q", got)
	}
	if !strings.Contains(q.Section("answer_quality"), "candidate answer as a way to say") {
		t.Errorf("answer quality section: %q", q.Section("answer_quality"))
	}
	if !q.Complete(Shape{Answers: 2}, map[string]int{"answer_quality_1": 3, "answer_quality_2": 4, "pane_quality": 5}) ||
		q.Complete(Shape{Answers: 2}, map[string]int{"answer_quality_1": 3, "pane_quality": 5}) {
		t.Error("a pane's HIT is complete with every answer and the pane labelled, and only then")
	}
	r := byName["mimics-duo-rating"]
	if got, want := r.Units(Shape{Rows: 3, Answers: 5}), []string{"pane_rating_1", "pane_rating_2", "pane_rating_3"}; !slices.Equal(got, want) {
		t.Errorf("rating units of a query with 3 panes: %v, want %v", got, want)
	}
	a := byName["mimics-duo-aspects"]
	if got, want := a.Units(Shape{Answers: 4}), []string{"coverage", "diversity", "understandability", "importance_order"}; !slices.Equal(got, want) {
		t.Errorf("aspect units: %v, want %v", got, want)
	}
}

// A step with a condition waits for it, as a necessity item's facet does.
func TestProtocolFileCondition(t *testing.T) {
	src := `name = "needs"
title = "Does the question need asking?"
items = "questions"
[item]
header = ["query", "question", "need", "why"]
id = ["query", "question"]
text = ["query", "question"]
[[scale]]
name = "yesno"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]
[[scale]]
name = "reason"
nominal = true
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["vague", "ambiguous", "broad"]
[[step]]
title = "Need"
unit = "need"
scale = "yesno"
column = "need"
[[step]]
title = "Why"
unit = "why"
scale = "reason"
column = "why"
when = { unit = "need", value = 1 }
`
	f, err := ParseProtocolFile("needs.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	if c, ok := p.Requires("why"); !ok || c != (Condition{Unit: "need", In: SetOf(1)}) {
		t.Errorf("why requires %+v %v", c, ok)
	}
	if got := p.Asked(Shape{}, map[string]int{"need": 0}); !slices.Equal(got, []string{"need"}) {
		t.Errorf("asked after a no: %v", got)
	}
	if got := p.Asked(Shape{}, map[string]int{"need": 1}); !slices.Equal(got, []string{"need", "why"}) {
		t.Errorf("asked after a yes: %v", got)
	}
	if !p.Nominal {
		t.Error("a nominal first scale makes a nominal kind")
	}
	if v, ok := p.ValueOfKey("why", "3"); !ok || v != 3 {
		t.Errorf("why's key 3: %d %v", v, ok)
	}
}

// A database's set holds a protocol file's kind like a built-in one: it
// knows it, its protocol has the file's units, the same file again changes
// nothing, a changed file replaces it (units keep their indexes), and a
// built-in kind's name is refused. Sets are values: the set it was made
// from, and another made from the same with another file of that name,
// each read their own (two databases in one process).
func TestSetOfProtocolFiles(t *testing.T) {
	aspects, err := FindShipped("mimics-duo-aspects")
	if err != nil {
		t.Fatal(err)
	}
	text := bytes.Replace(aspects.Text, []byte(`name = "mimics-duo-aspects"`), []byte(`name = "registry-test"`), 1)
	f, err := ParseProtocolFile("registry-test.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	base := Builtins()
	if base.Known("registry-test") {
		t.Fatal("known before it was added")
	}
	one, err := base.With(f, text)
	if err != nil {
		t.Fatal(err)
	}
	if base.Known("registry-test") || !one.Known("registry-test") {
		t.Errorf("With changed the set it was made from, or made none: %v %v", base.Known("registry-test"), one.Known("registry-test"))
	}
	var k Kind
	if k.Scan("registry-test") != nil || k != "registry-test" {
		t.Errorf("Scan gives %q", k)
	}
	if v, err := Kind("registry-test").Value(); err != nil || v != "registry-test" {
		t.Errorf("Value: %v %v", v, err)
	}
	if got := one.For("registry-test").Units(Shape{Answers: 2}); !slices.Equal(got, []string{"coverage", "diversity", "understandability", "importance_order"}) {
		t.Errorf("the file's units: %v", got)
	}
	changed := bytes.Replace(text, []byte(`title = "Coverage"`), []byte(`title = "Breadth"`), 1)
	g, err := ParseProtocolFile("registry-test.toml", changed)
	if err != nil {
		t.Fatal(err)
	}
	other, err := base.With(g, changed)
	if err != nil {
		t.Fatal(err)
	}
	if one.For("registry-test").StepTypes[0].Title != "Coverage" || other.For("registry-test").StepTypes[0].Title != "Breadth" {
		t.Error("two sets with files of one name do not each read their own")
	}
	if one.UnitIndex("coverage") != other.UnitIndex("coverage") || one.UnitIndex("coverage") < len(base.Units()) {
		t.Errorf("unit indexes: %d %d", one.UnitIndex("coverage"), other.UnitIndex("coverage"))
	}
	if !bytes.Equal(one.Text("registry-test"), text) || len(one.Kept()) != 1 || len(base.Kept()) != 0 {
		t.Error("the kept text")
	}
	h := *f
	h.Name = "mimics"
	if _, err := one.With(&h, text); err == nil {
		t.Error("a file under a built-in kind's name")
	}
	if base.For("nonsense").Kind != "nonsense" || len(base.For("nonsense").AllUnits) != 0 {
		t.Error("an unknown kind's protocol asks something")
	}
}

// A label is described on its own unit's scale: a file's second scale's
// values are named by it, not by the first step's.
func TestProtocolFileDescribesEachScale(t *testing.T) {
	f, err := ParseProtocolFile("yes-why.toml", []byte(datatest.YesWhy))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	for _, c := range []struct {
		unit string
		v    int
		want string
	}{{"useful", 1, "1 yes"}, {"diversity", 1, "1 precise"}, {"diversity", 2, "2 diverse"}, {"diversity", 3, "3 short"}} {
		if got := p.Describe(c.unit, c.v); got != c.want {
			t.Errorf("Describe(%s, %d) = %q, want %q", c.unit, c.v, got, c.want)
		}
	}
}

// The answer to an attention question is counted from the rows as a HIT
// shows them: MIMICS-Duo Task 1 asks how many panes a query had (its
// rows), Task 2 how many candidate answers the pane had (its non-empty
// options); Task 3 asks none.
func TestAttentionAnswerCountsWhatIsShown(t *testing.T) {
	shipped, err := ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	files := map[Kind]*ProtocolFile{}
	for _, s := range shipped {
		files[s.File.Name] = s.File
	}
	line := func(f *ProtocolFile, cells map[string]string) string {
		out := make([]string, len(f.Item.Header))
		for i, c := range f.Item.Header {
			out[i] = cells[c]
		}
		return strings.Join(out, "\t")
	}
	quality := files["mimics-duo-quality"]
	pane := quality.Shown(line(quality, map[string]string{"query": "q", "question": "which?", "option_1": "a", "option_2": "b", "option_4": "d"}))
	if n, ok := quality.AttentionAnswer([]ShownRow{pane}); !ok || n != 3 {
		t.Errorf("Task 2, options 1, 2 and 4 filled: answer %d (%v), want 3", n, ok)
	}
	rating := files["mimics-duo-rating"]
	var rows []ShownRow
	for i := range 4 {
		rows = append(rows, rating.Shown(line(rating, map[string]string{"query": "q", "question": strconv.Itoa(i)})))
	}
	if n, ok := rating.AttentionAnswer(rows); !ok || n != 4 {
		t.Errorf("Task 1, four panes: answer %d (%v), want 4", n, ok)
	}
	if _, ok := files["mimics-duo-aspects"].AttentionAnswer(rows); ok {
		t.Error("Task 3 asks no attention question, yet has an answer")
	}
}

// A changed file's kind summarises its steps anew: the HIT screen of a
// running process shows the new label names, not the first file's.
func TestReplacedFileSummariesAnew(t *testing.T) {
	text := []byte(strings.Replace(usefulToml, `name = "usefulness"`, `name = "summary-anew"`, 1))
	f, err := ParseProtocolFile("a.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	set, err := Builtins().With(f, text)
	if err != nil {
		t.Fatal(err)
	}
	if got := set.For("summary-anew").Summary("usefulness"); len(got) != 5 || got[4] != "1 useless" {
		t.Fatalf("summary: %q", got)
	}
	changed := bytes.Replace(text, []byte(`"useless"`), []byte(`"no use"`), 1)
	g, err := ParseProtocolFile("b.toml", changed)
	if err != nil {
		t.Fatal(err)
	}
	if set, err = set.With(g, changed); err != nil {
		t.Fatal(err)
	}
	if got := set.For("summary-anew").Summary("usefulness"); len(got) != 5 || got[4] != "1 no use" {
		t.Errorf("summary after the change: %q", got)
	}
}

// Which labels a changed answer withdraws is one rule, down a chain of
// conditions: ask 0 takes every row's usefulness, clear and the why that
// waited on clear 0; clear 1 takes only why; a necessity no takes the
// facet; a kind without conditions withdraws nothing.
func TestOutlivedFollowsTheChain(t *testing.T) {
	f, err := ParseProtocolFile("clariq.toml", []byte(datatest.ClariQGated))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	all := map[string]int{"need": 3, "ask": 1, "usefulness_1": 2, "usefulness_2": 3, "clear": 0, "why": 2}
	with := func(changes map[string]int, drop ...string) map[string]int {
		m := maps.Clone(all)
		maps.Copy(m, changes)
		for _, u := range drop {
			delete(m, u)
		}
		return m
	}
	for _, c := range []struct {
		labels map[string]int
		want   []string
	}{
		{all, nil},
		{with(map[string]int{"ask": 0}), []string{"usefulness_1", "usefulness_2", "clear", "why"}},
		{with(nil, "ask"), []string{"usefulness_1", "usefulness_2", "clear", "why"}},
		{with(map[string]int{"clear": 1}), []string{"why"}},
		{with(nil, "clear"), []string{"why"}},
		{with(map[string]int{"need": 1}), nil},
	} {
		if got := p.Outlived(c.labels); !slices.Equal(got, c.want) {
			t.Errorf("Outlived(%v) = %v, want %v", c.labels, got, c.want)
		}
	}
	if got := shippedNecessity(t).Outlived(map[string]int{"necessity": necessityNo, "facet": facetValue(1)}); !slices.Equal(got, []string{"facet"}) {
		t.Errorf("a necessity no: %v", got)
	}
	if got := MIMICS.Outlived(map[string]int{"question": 0, "answer_set": 0}); got != nil {
		t.Errorf("MIMICS has no conditions, yet %v", got)
	}
}
