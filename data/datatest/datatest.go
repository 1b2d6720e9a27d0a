// Package datatest holds what tests and benchmarks of several packages use
// to get data shaped like the real thing: the released MIMICS files beside
// the repository, generated Click-shaped files of any size, files in other
// formats, and plain references to check figures against. It imports
// nothing of claritty's, so data's own tests may use it.
package datatest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// SharedFile finds a file under the shared/data folder that sits beside the
// module root (../shared/data from the repository). Tests and benchmarks use
// the released MIMICS files from there when they exist and skip otherwise;
// the project itself never ships them.
func SharedFile(rel string) (string, bool) {
	root, ok := moduleRoot()
	if !ok {
		return "", false
	}
	p := filepath.Join(root, "..", "shared", "data", rel)
	_, err := os.Stat(p)
	return p, err == nil
}

// moduleRoot is the folder holding go.mod, found upward from the test's
// working folder.
func moduleRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// SharedOrSkip is SharedFile for a test: the path, or the test skips
// when the file is not there, except in CI ($CI set), where the released
// data must be beside the checkout and its absence fails the test.
func SharedOrSkip(t testing.TB, rel string) string {
	t.Helper()
	p, ok := SharedFile(rel)
	switch {
	case ok:
		return p
	case os.Getenv("CI") != "":
		t.Fatalf("../shared/data/%s not present, and CI is set: the released data must be beside the checkout", rel)
	default:
		t.Skipf("../shared/data/%s not present", rel)
	}
	return ""
}

// ClickRows is the size of the MIMICS-Click release.
const ClickRows = 414362

// WriteClickFile writes n generated rows (for benchmarks) in MIMICS-Click format: distinct
// panes with 2–5 answers, a mix of generic and specific questions.
func WriteClickFile(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, ClickHeader)
	levels := []string{"low", "medium", "high"}
	for i := 0; i < n; i++ {
		q := fmt.Sprintf("generated query %d", i)
		question := "Select one to refine your search"
		if i%3 != 0 {
			question = fmt.Sprintf("Which %s are you looking for?", q)
		}
		answers := 2 + i%4
		opts := make([]string, 5)
		cctr := make([]string, 5)
		for j := 0; j < answers; j++ {
			opts[j] = fmt.Sprintf("%s option %d", q, j+1)
			cctr[j] = fmt.Sprintf("%.3f", float64((i+j)%7)/7)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", q, question,
			opts[0], opts[1], opts[2], opts[3], opts[4], levels[i%3], i%11, cctr[0], cctr[1], cctr[2], cctr[3], cctr[4])
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// ClickHeader is the MIMICS-Click header as released. data's reader knows
// the format by it; TestClickHeaderOfGenerated in data checks the two agree.
const ClickHeader = "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\t" +
	"impression_level\tengagement_level\toption_cctr_1\toption_cctr_2\toption_cctr_3\toption_cctr_4\toption_cctr_5"

// Columns reads a TSV file the plain way, with none of claritty's
// readers: each column's cells, by the header's names, in file order. A
// test sets what claritty read beside it.
func Columns(t testing.TB, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan()
	header := strings.Split(sc.Text(), "\t")
	out := map[string][]string{}
	for sc.Scan() {
		for i, v := range strings.Split(sc.Text(), "\t") {
			if i < len(header) {
				out[header[i]] = append(out[header[i]], v)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// ClariMMLine is one line of a clarimm file: conversation id, one turn per
// element of images (each the turn's image paths or URLs), with a
// question, an answer, a topic and a facet made from the id.
func ClariMMLine(id string, images ...[]string) string {
	var turns []string
	for i, imgs := range images {
		q := make([]string, len(imgs))
		for j, s := range imgs {
			q[j] = fmt.Sprintf("%q", s)
		}
		turns = append(turns, fmt.Sprintf(`{"question": "Question %d about %s?", "images": [%s], "answer": "Answer %d."}`,
			i+1, id, strings.Join(q, ", "), i+1))
	}
	return fmt.Sprintf(`{"id": %q, "topic": "topic of %s", "facet": "facet of %s", "turns": [%s]}`,
		id, id, id, strings.Join(turns, ", "))
}

// WriteFile writes body to path and returns path.
func WriteFile(t testing.TB, path, body string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// RunFile writes a benchmark run's body to r.run in a folder of the
// test's own and returns its path.
func RunFile(t testing.TB, body string) string {
	t.Helper()
	return WriteFile(t, filepath.Join(t.TempDir(), "r.run"), body)
}

// NuggetsGold is a nuggets gold file of two intents: q1 with three
// weighted nuggets, and 2 (an id given as a number) with a blurred query
// and two nuggets under "gold".
const NuggetsGold = `{"id": "q1", "query": "golden gate", "nuggets": [{"id": "n1", "text": "1937", "weight": 3}, {"id": "n2", "text": "Strauss", "weight": 2}, {"id": "n3", "text": "1280 m", "weight": 1}]}
{"id": 2, "query": "espresso", "blurred_query": "coffee", "gold": {"nuggets": [{"id": 1, "text": "63 mg", "weight": 0.5}, {"id": 2, "text": "95 mg", "weight": 1.5}]}}
`

// DemoFile is a file of the embedded demo (name as data embeds it, e.g.
// "demo/demo.tsv"), read from the data folder of the module.
func DemoFile(t testing.TB, name string) string {
	t.Helper()
	root, ok := moduleRoot()
	if !ok {
		t.Fatal("no go.mod above the test's folder")
	}
	b, err := os.ReadFile(filepath.Join(root, "data", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// YesWhy is a lead's protocol file with two scales and a condition: why
// is asked only after a yes, and its unit shares a name with a ClariMM
// unit (diversity).
const YesWhy = `name = "yes-why"
title = "Useful, and why"
items = "questions"

[item]
header = ["query", "question", "useful", "why"]
id = ["query", "question"]
text = ["query", "question"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[scale]]
name = "why"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["precise", "diverse", "short"]

[[step]]
title = "Useful?"
unit = "useful"
show = ["query", "question"]
scale = "yn"
column = "useful"

[[step]]
title = "Why?"
unit = "diversity"
show = ["query", "question"]
scale = "why"
column = "why"
when = { unit = "useful", value = 1 }
`

// CohenKappa is (p_o − p_e)/(1 − p_e) from two lists of labels, counted
// from scratch: an independent reference for the figures tests check.
func CohenKappa(a, b []int) float64 {
	n := float64(len(a))
	ca, cb := map[int]float64{}, map[int]float64{}
	po := 0.0
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		if a[i] == b[i] {
			po++
		}
	}
	pe := 0.0
	for v, c := range ca {
		pe += c / n * cb[v] / n
	}
	return (po/n - pe) / (1 - pe)
}

// ClariQGated is a lead's protocol file for a ClariQ-style study written
// from the docs: a request's need for clarification (1–4), whether to ask
// at all (0/1), then, only after a yes, each candidate question's
// usefulness (1–3, one per grouped row) and whether the best one is clear
// (0/1), and only after "not clear", why (1–3): a chain of conditions two
// deep below ask.
const ClariQGated = `name = "clariq-gated"
title = "Clarifying questions for a request"
items = "requests"

[item]
header = ["topic_id", "initial_request", "question_id", "question", "need", "ask", "usefulness", "clear", "why"]
id = ["topic_id", "initial_request"]
group = "topic_id"
text = ["initial_request", "question"]
row_name = "question"

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["no need", "little", "some", "much"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "useful", "very useful"]

[[scale]]
name = "why"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["vague", "long", "off topic"]

[[step]]
title = "How much does the request need clarifying?"
unit = "need"
show = ["initial_request"]
scale = "need"
column = "need"

[[step]]
title = "Ask a clarifying question?"
unit = "ask"
show = ["initial_request"]
scale = "yn"
column = "ask"

[[step]]
title = "How useful is this question?"
unit = "usefulness"
per = "row"
show = ["initial_request", "question"]
scale = "use"
column = "usefulness"
when = { unit = "ask", value = 1 }

[[step]]
title = "Is the best question clear?"
unit = "clear"
show = ["initial_request"]
scale = "yn"
column = "clear"
when = { unit = "ask", value = 1 }

[[step]]
title = "Why not?"
unit = "why"
show = ["initial_request"]
scale = "why"
column = "why"
when = { unit = "clear", value = 0 }
`

// ClariQGatedRows are n requests in ClariQGated's shape, request i with
// 2 + i%2 candidate questions, their label columns empty.
func ClariQGatedRows(n int) string {
	var b strings.Builder
	b.WriteString("topic_id\tinitial_request\tquestion_id\tquestion\tneed\task\tusefulness\tclear\twhy\n")
	for i := range n {
		for q := range 2 + i%2 {
			fmt.Fprintf(&b, "%d\tTell me about topic %d\tQ%05d\tDo you mean sense %d of topic %d?\t\t\t\t\t\n", i+1, i+1, 100*(i+1)+q, q+1, i+1)
		}
	}
	return b.String()
}

// ClariQNeedIn is issue 45's ClariQ study in ClariQGated's columns
// (ClariQGatedRows; ask, clear and why unused): a request's need for
// clarification 1–4, then each candidate question's usefulness, asked
// only when the need is 2 or more (when … in).
const ClariQNeedIn = `name = "clariq-need"
title = "Clarifying questions for a request"
items = "requests"

[item]
header = ["topic_id", "initial_request", "question_id", "question", "need", "ask", "usefulness", "clear", "why"]
id = ["topic_id", "initial_request"]
group = "topic_id"
text = ["initial_request", "question"]
row_name = "question"

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["no need", "little", "some", "much"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "useful", "very useful"]

[[step]]
title = "How much does the request need clarifying?"
unit = "need"
show = ["initial_request"]
scale = "need"
column = "need"

[[step]]
title = "How useful is this question?"
unit = "usefulness"
per = "row"
show = ["initial_request", "question"]
scale = "use"
column = "usefulness"
when = { unit = "need", in = [2, 3, 4] }
`

// NeedFirst is a flat ClariQ-style protocol file: a request's need for
// clarification, then the usefulness of the question asked back. Its
// first step shows the request alone, the column on the HIT's first line,
// so the step's text is that request and nothing else (issue 43, point
// 0): a long request there must be read before it is labelled.
const NeedFirst = `name = "need-first"
title = "Need, then the question's usefulness"
items = "questions"
guideline = "A request, and a question asked back."

[item]
header = ["request", "question"]
id = ["request", "question"]
text = ["request", "question"]

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["none", "little", "some", "much"]

[[step]]
title = "How much does the request need clarifying?"
unit = "need"
show = ["request"]
scale = "need"
guideline = "Read the request."
label_text = ["none", "little", "some", "much"]

[[step]]
title = "How useful is the question?"
unit = "usefulness"
show = ["request", "question"]
scale = "need"
guideline = "Would its answer help?"
label_text = ["none", "little", "some", "much"]
`

// Written is a protocol file with a written step (kind = "text"): whether
// a question needs clarifying, then, when it does, the clarifying question
// the annotator would ask, at most 60 characters.
const Written = `name = "written"
title = "Needs clarifying, and how"
items = "questions"

[item]
header = ["id", "question"]
id = ["id"]
text = ["question"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Does the question need clarifying?"
unit = "need"
show = ["question"]
scale = "yn"

[[step]]
title = "What would you ask back?"
unit = "ask"
kind = "text"
max_chars = 60
show = ["question"]
when = { unit = "need", value = 1 }
`
