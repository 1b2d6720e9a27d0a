package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
)

// ragCorpus is a small segment corpus the tests' answers cite.
func ragCorpus(t *testing.T) string {
	return datatest.Segment(t, "d1", "Information retrieval is finding documents.") +
		datatest.Segment(t, "d2", "Search engines rank documents by relevance.") +
		datatest.Segment(t, "d3", "Cats sleep a lot.")
}

// Issue 45 point 4: claritty import --join NAME=FILE reads the segment
// corpus beside the answers file, from the command line and over SSH
// (both on standard input, the corpus first, ended by its line); a
// citation of a segment the corpus lacks is an error at the answers
// file's line, and a refused import leaves the database as it was, as
// does an annotator's.
func TestImportJoinCLIAndSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	corpus := tm.file(t, "corpus.jsonl", ragCorpus(t))
	good := datatest.RAGAnswer(t, "runA", "t1", []string{"d1", "d2"}, []string{"IR finds documents.", "Engines rank them."}, [][]int{{0, 1}, {1}})
	bad := good + datatest.RAGAnswer(t, "runA", "t2", []string{"d1", "d9"}, []string{"s"}, [][]int{{1}})

	before := tm.fingerprint(t)
	r := tm.run(t, "", "", "import", "--join", "segment="+corpus, tm.file(t, "bad.jsonl", bad))
	if r.code == 0 || !strings.Contains(r.stderr, `bad.jsonl:2: references[] "d9" is not in the joined file segment`) {
		t.Errorf("a missing segment: %+v", r)
	}
	if r := tm.run(t, "", "", "import", tm.file(t, "alone.jsonl", good)); r.code == 0 ||
		!strings.Contains(r.stderr, "give it with --join segment=FILE") {
		t.Errorf("no corpus: %+v", r)
	}
	// What a client may send is bounded before it is read: one file a
	// join name, and no more joins than a protocol has.
	answers := tm.file(t, "answers.jsonl", good)
	if r := tm.run(t, "", "", "import", "--join", "segment="+corpus, "--join", "segment="+corpus, answers); r.code == 0 ||
		!strings.Contains(r.stderr, "--join segment is given twice") {
		t.Errorf("a join name twice: %+v", r)
	}
	var five []string
	for i := range 5 {
		five = append(five, "--join", fmt.Sprintf("j%d=%s", i, corpus))
	}
	if r := tm.run(t, "", "", append(append([]string{"import"}, five...), answers)...); r.code == 0 ||
		!strings.Contains(r.stderr, "--join given 5 times: a protocol joins at most 4 files") {
		t.Errorf("five joins: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Fatal("a refused import changed the database")
	}
	if r := tm.run(t, "", "", "import", "--dataset", "rag", "--join", "segment="+corpus, answers); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols"); !strings.Contains(r.stdout, "support ×20×20") {
		t.Errorf("protocols lists the pairs as %+v; want support ×20×20", r)
	}

	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	two := datatest.RAGAnswer(t, "runB", "t1", []string{"d2"}, []string{"Engines rank."}, [][]int{{0}})
	stdin := ragCorpus(t) + data.JoinEnd + "\n" + two
	before = tm.fingerprint(t)
	if r := sshRun(t, lead, stdin, "import --dataset rag --join segment=corpus.jsonl -"); r.code == 0 ||
		!strings.Contains(r.stderr, "over SSH the file is on your side: give --join NAME=- and DATA -") {
		t.Errorf("a server-side path over SSH: %+v", r)
	}
	if r := sshRun(t, lead, ragCorpus(t)+data.JoinEnd+"\n"+two+datatest.RAGAnswer(t, "runB", "t2", []string{"d8"}, []string{"x"}, [][]int{{0}}),
		"import --dataset rag --join segment=- -"); r.code == 0 || !strings.Contains(r.stderr, `-:2: references[] "d8" is not in the joined file segment`) {
		t.Errorf("a missing segment over SSH: %+v", r)
	}
	if r := sshRun(t, ana, stdin, "import --dataset rag --join segment=- -"); r.code == 0 || !strings.Contains(r.stderr, "not allowed") {
		t.Errorf("an annotator's import: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Fatal("a refused import over SSH changed the database")
	}
	if r := sshRun(t, lead, stdin, "import --dataset rag --join segment=- -"); r.code != 0 || !strings.Contains(r.stderr, "1 answer added") {
		t.Errorf("the lead's import over SSH: %+v", r)
	}
}

// Issue 45 point 8: trec-rag-support's export is one line per judged pair
// (topic_id run_id sentence citation docid support), and bench (and its
// --json) gives each run's weighted support precision and recall, which
// equal a recomputation from the export and the answers file alone.
func TestSupportExportAndScores(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	corpus := tm.file(t, "corpus.jsonl", ragCorpus(t))
	// runA t1: sentence 1 cites d1 and d2, sentence 2 cites d2, sentence 3 nothing.
	// runA t2: one sentence citing d3. runB t1: two sentences, one citation each.
	type answer struct {
		run, topic string
		refs       []string
		cites      [][]int
	}
	answers := []answer{
		{"runA", "t1", []string{"d1", "d2"}, [][]int{{0, 1}, {1}, {}}},
		{"runA", "t2", []string{"d3"}, [][]int{{0}}},
		{"runB", "t1", []string{"d2", "d1"}, [][]int{{1}, {0}}},
	}
	var file string
	for _, a := range answers {
		sentences := make([]string, len(a.cites))
		for i := range sentences {
			sentences[i] = "sentence " + strconv.Itoa(i+1) + " of " + a.run
		}
		file += datatest.RAGAnswer(t, a.run, a.topic, a.refs, sentences, a.cites)
	}
	if r := tm.run(t, "", "", "import", "--dataset", "rag", "--join", "segment="+corpus, tm.file(t, "answers.jsonl", file)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	// Three annotators (the policy's min) agree on each pair: full, partial, none, ...
	judged := map[[2]string]map[string]int{
		{"t1", "runA"}: {"support_1_1": 2, "support_1_2": 1, "support_2_1": 0},
		{"t2", "runA"}: {"support_1_1": 1},
		{"t1", "runB"}: {"support_1_1": 2, "support_2_1": 2},
	}
	labels := "item\tunit\tannotator\tlabel\n"
	for id, units := range judged {
		uid := store.FileItemUID(id[0], id[1])
		for u, v := range units {
			for _, who := range []string{"ana", "bo", "cy"} {
				labels += uid + "\t" + u + "\t" + who + "\t" + strconv.Itoa(v) + "\n"
			}
		}
	}
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "labels.tsv", labels)); r.code != 0 {
		t.Fatalf("labels: %+v", r)
	}
	exp := tm.run(t, "", "", "export", "--dataset", "rag", "--format", "trec-rag-support")
	if exp.code != 0 {
		t.Fatalf("export: %+v", exp)
	}
	lines := strings.Split(strings.TrimSpace(exp.stdout), "\n")
	if len(lines) != 6 || !slices.Contains(lines, "t1 runA 1 2 d2 1") || !slices.Contains(lines, "t1 runB 1 1 d1 2") {
		t.Fatalf("export:\n%s\n%s", exp.stdout, exp.stderr)
	}
	// The recomputation: weights from the export, sentences from the answers.
	weight := map[string]float64{"0": 0, "1": 0.5, "2": 1}
	byPair := map[string]float64{}
	for _, l := range lines {
		c := strings.Fields(l)
		byPair[strings.Join(c[:4], " ")] = weight[c[5]]
	}
	type sums struct{ p, r float64 }
	want := map[string]*sums{"runA": {}, "runB": {}}
	count := map[string]float64{}
	for _, a := range answers {
		var pairs, sum, best float64
		for i, cs := range a.cites {
			top := 0.0
			for j := range cs {
				w := byPair[a.topic+" "+a.run+" "+strconv.Itoa(i+1)+" "+strconv.Itoa(j+1)]
				sum, pairs, top = sum+w, pairs+1, math.Max(top, w)
			}
			best += top
		}
		want[a.run].p += sum / pairs
		want[a.run].r += best / float64(len(a.cites))
		count[a.run]++
	}
	var got struct {
		Support []struct {
			Dataset string
			Runs    []struct {
				Run       string
				Answers   int
				Precision float64 `json:"weighted_precision"`
				Recall    float64 `json:"weighted_recall"`
			}
		}
	}
	b := tm.run(t, "", "", "bench", "--json")
	if err := json.Unmarshal([]byte(b.stdout), &got); err != nil || len(got.Support) != 1 || len(got.Support[0].Runs) != 2 {
		t.Fatalf("bench --json: %v\n%s", err, b.stdout)
	}
	for _, r := range got.Support[0].Runs {
		w := want[r.Run]
		if math.Abs(r.Precision-w.p/count[r.Run]) > 1e-9 || math.Abs(r.Recall-w.r/count[r.Run]) > 1e-9 || float64(r.Answers) != count[r.Run] {
			t.Errorf("%s: precision %v recall %v over %d; recomputed %v %v over %v", r.Run, r.Precision, r.Recall, r.Answers,
				w.p/count[r.Run], w.r/count[r.Run], count[r.Run])
		}
	}
	if eb := tm.run(t, "", "", "export", "--format", "bench"); !strings.Contains(eb.stdout, `"weighted_recall"`) {
		t.Errorf("export --format bench lacks the support figures:\n%s", eb.stdout)
	}
	text := tm.run(t, "", "", "bench")
	if !strings.Contains(text.stdout, "rag · support") || !strings.Contains(text.stdout, "runB") {
		t.Errorf("bench:\n%s", text.stdout)
	}
	// Below the lead, a run's figures on so few answers are withheld: one
	// answer's one citation would give its gold away (dee labelled none of
	// them; an annotator's own finished items may be shown, blind.go).
	if r := tm.run(t, "", "", "annotators", "dee", "--role", "annotator"); r.code != 0 {
		t.Fatalf("annotators: %+v", r)
	}
	a := tm.run(t, "dee", "", "bench", "--json")
	var blind struct {
		Support []struct {
			Runs []struct {
				Precision *float64 `json:"weighted_precision"`
				Withheld  string   `json:"withheld"`
			}
		}
	}
	if err := json.Unmarshal([]byte(a.stdout), &blind); err != nil || len(blind.Support) != 1 {
		t.Fatalf("an annotator's bench --json: %v %+v", err, a)
	}
	for _, r := range blind.Support[0].Runs {
		if r.Withheld == "" || r.Precision != nil {
			t.Errorf("an annotator sees a run's support figures on %v answers: %+v", count, r)
		}
	}
}

// Issue 45's Done when, in tmux over SSH with an annotator's key, at
// 80x24 and 40x12: an answer whose first sentence cites two segments is
// two support units, each screen showing the sentence and its segment
// (read whole first at 40x12), and the labels keyed come out under
// support_1_1, support_1_2 and support_2_1.
func TestSSHSupportPairsInTmux(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		dir := t.TempDir()
		db := filepath.Join(dir, "c.db")
		bin := binary(t)
		write := fileWriter(t, dir)
		corpus := write("corpus.jsonl", datatest.Segment(t, "d1", "Segment one: retrieval finds documents in large collections.")+
			datatest.Segment(t, "d2", "Segment two: engines rank documents."))
		answers := write("answers.jsonl", datatest.RAGAnswer(t, "runA", "t1", []string{"d1", "d2"},
			[]string{"Retrieval finds documents.", "Engines rank them."}, [][]int{{0, 1}, {1}}))
		if r := runBin(t, bin, db, "import", "--dataset", "rag", "--join", "segment="+corpus, answers); r.code != 0 {
			t.Fatalf("import: %+v", r)
		}
		if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
			t.Fatalf("ana: %+v", r)
		}
		s := sshInTmux(t, bin, db, "ana", "rag", size[0], size[1])
		s.wait(t, "sentence 1 of 2 · citation 1 of 2")
		s.wait(t, "Retrieval finds documents.")
		if size[0] == 40 {
			s.keys("PgDn")
			s.wait(t, "collections.")
		} else {
			s.wait(t, "Segment one: retrieval finds documents in large collections.")
		}
		s.keys("2")
		s.wait(t, "citation 2 of 2")
		s.wait(t, "Retrieval finds documents.")
		s.wait(t, "Segment two:")
		s.keys("1")
		s.wait(t, "sentence 2 of 2 · citation 1 of 1")
		s.wait(t, "Engines rank them.")
		s.wait(t, "Segment two:")
		s.keys("0")
		s.wait(t, "No more HITs for you")
		r := runBin(t, bin, db, "export", "--dataset", "rag")
		for _, want := range []string{"\tsupport_1_1\tana\t2\t", "\tsupport_1_2\tana\t1\t", "\tsupport_2_1\tana\t0\t"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%dx%d: the labels export lacks %q:\n%s", size[0], size[1], want, r.stdout)
			}
		}
	}
}
