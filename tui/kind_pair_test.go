package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// importSupport imports a TREC RAG answers file joined to its segment
// corpus under the shipped trec-rag-support protocol.
func importSupport(t *testing.T, st *store.Store, answers, corpus string) {
	t.Helper()
	s, err := guidelines.FindShipped("trec-rag-support")
	if err != nil {
		t.Fatal(err)
	}
	_, err = demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(answers), "answers.jsonl",
		data.Options{Dataset: "rag", Format: "trec-rag-support", Formats: []data.Format{data.ProtocolFormat(s)},
			Joins: []data.JoinFile{{Name: "segment", File: "corpus.jsonl", R: strings.NewReader(corpus)}}})
	if err != nil {
		t.Fatal(err)
	}
}

const (
	supportAnswer = `{"run_id":"runA","topic_id":"t1","topic":"what is retrieval","references":["d1","d2"],"response_length":9,` +
		`"answer":[{"text":"Retrieval finds documents.","citations":[0,1]},{"text":"Engines rank them.","citations":[1]}]}` + "\n"
	supportCorpus = `{"docid":"d1","segment":"Segment one: retrieval is finding documents.","title":"One","url":"https://example.org/1"}` + "\n" +
		`{"docid":"d2","segment":"Segment two: engines rank documents by relevance.","title":"Two","url":"https://example.org/2"}` + "\n"
)

// Issue 45's Done when: a TREC RAG answer with two citations on a
// sentence yields two support units, each showing the sentence and its
// segment, at 40x12, 80x24 and 200x60, with the scale's choices; a label
// on each is stored under
// its pair's unit (support_i_j).
func TestSupportPairsOnScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}, {40, 12}} {
		st := storetest.Open(t)
		importSupport(t, st, supportAnswer, supportCorpus)
		h := openAs(t, st, "rag", size[0], size[1])
		read := func(want ...string) {
			t.Helper()
			seen := map[string]bool{}
			for range 30 { // the pair read whole, page by page at 40x12
				for _, w := range want {
					if strings.Contains(strings.Join(strings.Fields(h.screen()), " "), w) {
						seen[w] = true
					}
				}
				if len(seen) == len(want) {
					break
				}
				h.keys("pgdown")
			}
			for _, w := range want {
				if !seen[w] {
					t.Fatalf("%dx%d: the pair never shows %q:\n%s", size[0], size[1], w, h.screen())
				}
			}
			// The choices stay on screen as the pair scrolls.
			h.expect("0 no support")
		}
		read("sentence 1 of 2", "Retrieval finds documents.", "Segment one: retrieval is finding documents.")
		h.keys("2")
		read("citation 2 of 2", "Retrieval finds documents.", "Segment two: engines rank documents by relevance.")
		h.keys("1")
		read("sentence 2 of 2", "Engines rank them.", "Segment two: engines rank documents by relevance.")
		h.keys("0")
		got := h.labels(1)
		if len(got) != 3 || got["support_1_1"] != 2 || got["support_1_2"] != 1 || got["support_2_1"] != 0 {
			t.Errorf("%dx%d: labels %v\n%s", size[0], size[1], got, h.screen())
		}
	}
}

// A long cited segment pages in a window of its own: at 40x12 the
// sentence stays on screen as ] pages through the segment to its end, a
// label waits until it has, and then counts.
func TestLongSegmentBesideItsSentence(t *testing.T) {
	var seg strings.Builder
	for i := range 60 {
		fmt.Fprintf(&seg, "Segment sentence %d tells something about jaguars. ", i+1)
	}
	corpus := `{"docid":"d1","segment":"` + strings.TrimSpace(seg.String()) + `","title":"Jaguars","url":"https://example.org/j"}` + "\n"
	answer := `{"run_id":"runA","topic_id":"t1","topic":"What do jaguars eat?","references":["d1"],"response_length":9,` +
		`"answer":[{"text":"Jaguars eat deer.","citations":[0]}]}` + "\n"
	st := storetest.Open(t)
	importSupport(t, st, answer, corpus)
	h := openAs(t, st, "rag", 40, 12)
	h.expect("Jaguars eat deer.")
	h.keys("2")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("a label counted before the segment was read: %v", got)
	}
	for range 60 {
		h.keys("]")
		if !strings.Contains(h.screen(), "Jaguars eat deer.") {
			t.Fatalf("the sentence left the screen as the segment paged:\n%s", h.screen())
		}
	}
	h.expect("Segment sentence 60 tells")
	h.keys("2")
	if got := h.labels(1); got["support_1_1"] != 2 {
		t.Errorf("labels %v\n%s", got, h.screen())
	}
}

// The next pair's segment opens at its start, not where the last pair's
// was left: each pair is its own window.
func TestNextPairsSegmentOpensAtItsStart(t *testing.T) {
	long := func(docid string) string {
		var seg strings.Builder
		for i := range 40 {
			fmt.Fprintf(&seg, "Segment %s sentence %d says something. ", docid, i+1)
		}
		return `{"docid":"` + docid + `","segment":"` + strings.TrimSpace(seg.String()) + `","title":"T","url":"https://example.org/"}` + "\n"
	}
	answer := `{"run_id":"runA","topic_id":"t1","topic":"What?","references":["d1","d2"],"response_length":9,` +
		`"answer":[{"text":"A sentence.","citations":[0,1]}]}` + "\n"
	st := storetest.Open(t)
	importSupport(t, st, answer, long("d1")+long("d2"))
	h := openAs(t, st, "rag", 80, 24)
	for range 40 {
		h.keys("]")
	}
	h.expect("Segment d1 sentence 40 says")
	h.keys("2")
	h.expect("citation 2 of 2")
	h.expect("segment · lines 1–")
}
