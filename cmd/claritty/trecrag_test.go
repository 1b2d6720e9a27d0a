package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nuggetizerScores is nuggetizer's calculate_nugget_scores written out
// from its Python (castorini/nuggetizer, nuggetizer/core/metrics.py):
// the vital nuggets filtered, support counted, 0.5 per partial_support,
// divided by the count, 0.0 when there is none.
func nuggetizerScores(importance, assignment []string) [4]float64 {
	var vital, all [3]float64 // support, partial_support, count
	for i, a := range assignment {
		add := func(c *[3]float64) {
			c[2]++
			switch a {
			case "support":
				c[0]++
			case "partial_support":
				c[1]++
			}
		}
		add(&all)
		if importance[i] == "vital" {
			add(&vital)
		}
	}
	div := func(x, n float64) float64 {
		if n == 0 {
			return 0.0
		}
		return x / n
	}
	return [4]float64{div(vital[0], vital[2]), div(all[0], all[2]), div(vital[0]+0.5*vital[1], vital[2]), div(all[0]+0.5*all[1], all[2])}
}

// TREC RAG end to end: nuggetizer's create output and two runs' answers
// files import as they are; one assessor's assignments (labels keyed
// through a labels file) give each run nuggetizer's four scores, equal
// to the formula worked here from the assignments the test made; the
// export is nuggetizer's assign output, field for field, whose scores by
// that formula are the test's again; and an LLM's assignments in that
// shape, some changed, are a run scored by the four figures (its own and
// the gold's over the same answers, here all of them) and by agreement
// with the people.
func TestTRECRAGNuggets(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	rng := rand.New(rand.NewPCG(8, 13))
	grades := []string{"vital", "okay"}
	var create strings.Builder
	importance := map[string][]string{}
	for q := range 6 {
		qid := fmt.Sprintf("2024-%d", 100+q)
		var ns []string
		for n := range 2 + q%4 {
			g := grades[rng.IntN(2)]
			importance[qid] = append(importance[qid], g)
			ns = append(ns, fmt.Sprintf(`{"text": "fact %d of %s", "importance": %q}`, n+1, qid, g))
		}
		fmt.Fprintf(&create, `{"query": "question %d", "qid": %q, "nuggets": [%s]}`+"\n", q, qid, strings.Join(ns, ", "))
	}
	var named, stem strings.Builder
	for q := range 6 {
		qid := fmt.Sprintf("2024-%d", 100+q)
		fmt.Fprintf(&named, `{"run_id": "ragnarok", "topic_id": %q, "response_length": %d, "answer": [{"text": "first sentence %d.", "citations": [0]}, {"text": "second."}]}`+"\n", qid, 10+q, q)
		fmt.Fprintf(&stem, `{"topic_id": %q, "answer": [{"text": "baseline answer %d"}]}`+"\n", qid, q)
	}
	for _, f := range []string{write("nuggets.jsonl", create.String()), write("ragnarok.jsonl", named.String()), write("baseline.jsonl", stem.String())} {
		if r := runBin(t, bin, db, "import", "--dataset", "rag", f); r.code != 0 {
			t.Fatalf("import %s: %+v", f, r)
		}
	}
	if r := runBin(t, bin, db, "policy", "--dataset", "rag", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	// One assessor's assignments, as the test draws them.
	assignments := []string{"not_support", "partial_support", "support"}
	label := map[string]string{"support": "full", "partial_support": "partial", "not_support": "none"}
	truth := map[string][]string{} // qid@run → assignment per nugget
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for _, run := range []string{"ragnarok", "baseline"} {
		for q := range 6 {
			qid := fmt.Sprintf("2024-%d", 100+q)
			uid := qid + "@" + run
			for n := range importance[qid] {
				a := assignments[rng.IntN(3)]
				truth[uid] = append(truth[uid], a)
				fmt.Fprintf(&labels, "%s\tnugget_%d\tana\t%s\n", uid, n+1, label[a])
			}
		}
	}
	if r := runBin(t, bin, db, "import", "--format", "labels", write("labels.tsv", labels.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	want := func(uids []string, of map[string][]string) [4]float64 {
		var sum [4]float64
		for _, uid := range uids {
			s := nuggetizerScores(importance[strings.Split(uid, "@")[0]], of[uid])
			for i := range sum {
				sum[i] += s[i] / float64(len(uids))
			}
		}
		return sum
	}
	uidsOf := func(run string) []string {
		var out []string
		for q := range 6 {
			out = append(out, fmt.Sprintf("2024-%d@%s", 100+q, run))
		}
		return out
	}
	var got struct {
		Runs []struct {
			Name        string
			Kind        string
			Items       int
			Metrics     map[string]*float64
			Assignments *assignmentsJSON
		}
	}
	bench := func() {
		t.Helper()
		r := runBin(t, bin, db, "bench", "--json")
		if r.code != 0 {
			t.Fatal(r.stderr)
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatal(err)
		}
	}
	near := func(what string, v *float64, want float64) {
		t.Helper()
		if v == nil || math.Abs(*v-want) > 1e-12 {
			t.Errorf("%s: %v, want %v", what, v, want)
		}
	}
	names := []string{"strict_vital", "strict_all", "vital", "all"}
	bench()
	for _, r := range got.Runs {
		w := want(uidsOf(r.Name), truth)
		for i, m := range names {
			near(r.Name+" "+m, r.Metrics[m], w[i])
		}
	}

	// The export is nuggetizer's assign output; its metrics formula reads it.
	out := filepath.Join(dir, "assign.jsonl")
	if r := runBin(t, bin, db, "export", "--format", "nuggetizer", "--dataset", "rag", "--out", out); r.code != 0 ||
		!strings.Contains(r.stderr, "12 answers written") {
		t.Fatalf("export: %+v", r)
	}
	body, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	for _, line := range lines {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		keys := []string{}
		for k := range rec {
			keys = append(keys, k)
		}
		if len(rec) != 6 || rec["query"] == nil || rec["qid"] == nil || rec["answer_text"] == nil || rec["response_length"] == nil ||
			rec["run_id"] == nil || rec["nuggets"] == nil {
			t.Fatalf("fields %v, want nuggetizer's query qid answer_text response_length run_id nuggets", keys)
		}
		var a struct {
			QID            string `json:"-"`
			RunID          string `json:"run_id"`
			AnswerText     string `json:"answer_text"`
			ResponseLength *int   `json:"response_length"`
			Nuggets        []struct{ Text, Importance, Assignment string }
		}
		json.Unmarshal([]byte(line), &a)
		json.Unmarshal(rec["qid"], &a.QID)
		uid := a.QID + "@" + a.RunID
		var imp, asg []string
		for _, n := range a.Nuggets {
			imp, asg = append(imp, n.Importance), append(asg, n.Assignment)
		}
		if fmt.Sprint(imp) != fmt.Sprint(importance[a.QID]) || fmt.Sprint(asg) != fmt.Sprint(truth[uid]) {
			t.Errorf("%s: %v %v, want %v %v", uid, imp, asg, importance[a.QID], truth[uid])
		}
		if a.RunID == "ragnarok" && (a.ResponseLength == nil || !strings.HasPrefix(a.AnswerText, "first sentence") || !strings.HasSuffix(a.AnswerText, ". second.")) {
			t.Errorf("%s: answer %q, response_length %v", uid, a.AnswerText, a.ResponseLength)
		}
	}

	// An LLM's assignments: the export with a third of them changed.
	llm := map[string][]string{}
	var changed strings.Builder
	for _, line := range lines {
		var rec map[string]any
		json.Unmarshal([]byte(line), &rec)
		uid := rec["qid"].(string) + "@" + rec["run_id"].(string)
		for _, n := range rec["nuggets"].([]any) {
			m := n.(map[string]any)
			if rng.IntN(3) == 0 {
				m["assignment"] = assignments[rng.IntN(3)]
			}
			llm[uid] = append(llm[uid], m["assignment"].(string))
		}
		b, _ := json.Marshal(rec)
		changed.Write(append(b, '\n'))
	}
	bad := strings.Replace(changed.String(), "fact 1 of 2024-100", "fact one", 1)
	if r := runBin(t, bin, db, "bench", "add", "--kind", "nugget-assignments", "--name", "llm", write("bad.jsonl", bad)); r.code == 0 ||
		!strings.Contains(r.stderr, `bad.jsonl:1: topic "2024-100": nugget 1 is not the dataset's "fact 1 of 2024-100"`) {
		t.Errorf("a changed nugget text: %+v", r)
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "nugget-assignments", "--name", "llm", write("llm.jsonl", changed.String())); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}
	bench()
	var agree, total float64
	for uid, as := range llm {
		for i, a := range as {
			total++
			if a == truth[uid][i] {
				agree++
			}
		}
	}
	all := append(uidsOf("ragnarok"), uidsOf("baseline")...)
	found := false
	for _, r := range got.Runs {
		if r.Name != "llm" {
			continue
		}
		found = true
		if r.Assignments == nil {
			t.Fatalf("run llm has no nuggetizer figures")
		}
		wr, wg, whole := want(all, llm), want(all, truth), r.Assignments.All
		for i, m := range names {
			near("llm "+m, whole.Own.values()[i], wr[i])
			near("llm over the people's "+m, whole.Run.values()[i], wr[i])
			near("people "+m, whole.People.values()[i], wg[i])
		}
		near("llm accuracy", r.Metrics["accuracy"], agree/total)
	}
	if !found {
		t.Fatalf("no llm run in %+v", got.Runs)
	}
}
