package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// ragLine is one answer of a TREC RAG answers file (ragnarok's shape).
func ragLine(t *testing.T, run, topic string, refs []string, sentences []string, cites [][]int) string {
	t.Helper()
	type sentence struct {
		Text      string `json:"text"`
		Citations []int  `json:"citations"`
	}
	ans := make([]sentence, len(sentences))
	for i, s := range sentences {
		ans[i] = sentence{Text: s, Citations: cites[i]}
	}
	b, err := json.Marshal(map[string]any{"run_id": run, "topic_id": topic, "topic": "question " + topic,
		"references": refs, "response_length": 10, "answer": ans})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// corpusLine is one segment of a segment corpus (MS MARCO v2.1
// segmented's fields).
func corpusLine(t *testing.T, docid, segment string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"docid": docid, "segment": segment, "title": "Title " + docid,
		"url": "https://example.org/" + docid, "headings": "", "start_char": 0, "end_char": len(segment)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// ragCorpus is a small segment corpus the tests' answers cite.
func ragCorpus(t *testing.T) string {
	return corpusLine(t, "d1", "Information retrieval is finding documents.") +
		corpusLine(t, "d2", "Search engines rank documents by relevance.") +
		corpusLine(t, "d3", "Cats sleep a lot.")
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
	good := ragLine(t, "runA", "t1", []string{"d1", "d2"}, []string{"IR finds documents.", "Engines rank them."}, [][]int{{0, 1}, {1}})
	bad := good + ragLine(t, "runA", "t2", []string{"d1", "d9"}, []string{"s"}, [][]int{{1}})

	before := tm.fingerprint(t)
	r := tm.run(t, "", "", "import", "--join", "segment="+corpus, tm.file(t, "bad.jsonl", bad))
	if r.code == 0 || !strings.Contains(r.stderr, `bad.jsonl:2: references[] "d9" is not in the joined file segment`) {
		t.Errorf("a missing segment: %+v", r)
	}
	if r := tm.run(t, "", "", "import", tm.file(t, "alone.jsonl", good)); r.code == 0 ||
		!strings.Contains(r.stderr, "give it with --join segment=FILE") {
		t.Errorf("no corpus: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Fatal("a refused import changed the database")
	}
	if r := tm.run(t, "", "", "import", "--dataset", "rag", "--join", "segment="+corpus, tm.file(t, "answers.jsonl", good)); r.code != 0 {
		t.Fatalf("import: %+v", r)
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
	two := ragLine(t, "runB", "t1", []string{"d2"}, []string{"Engines rank."}, [][]int{{0}})
	stdin := ragCorpus(t) + data.JoinEnd + "\n" + two
	before = tm.fingerprint(t)
	if r := sshRun(t, lead, stdin, "import --dataset rag --join segment=corpus.jsonl -"); r.code == 0 ||
		!strings.Contains(r.stderr, "over SSH the file is on your side: give --join NAME=- and DATA -") {
		t.Errorf("a server-side path over SSH: %+v", r)
	}
	if r := sshRun(t, lead, ragCorpus(t)+data.JoinEnd+"\n"+two+ragLine(t, "runB", "t2", []string{"d8"}, []string{"x"}, [][]int{{0}}),
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
