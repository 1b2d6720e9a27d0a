package tui

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The sizes a long focus is read and labelled at (issue 43, point 0).
var readSizes = []struct{ w, h int }{{40, 12}, {60, 20}, {80, 24}}

// focusWords is a text of n numbered words (prefix1 … prefixn): each can
// be told on screen, so a test sees which of them have been shown.
func focusWords(prefix string, n int) string {
	words := make([]string, n)
	for i := range words {
		words[i] = prefix + strconv.Itoa(i+1)
	}
	return strings.Join(words, " ")
}

// longFocus is one kind's step whose focus is a long text: how to open it
// at a size, the prefix of the text's words, the label key and the unit
// and value it must store, and where the window stands when it is keyed
// (the top of the content, or its end).
type longFocus struct {
	name   string
	open   func(t *testing.T, w, h int) *harness
	prefix string
	words  int
	key    string
	unit   string
	value  int
	atEnd  bool
}

// keyThrough is the annotator reading a long focus: a label key as the
// step opens labels nothing, says so and leaves the window where it was;
// paged through to the end of the content (where the note has gone) and
// back up to its top (every
// word of the focus on screen on the way, the first screen showing at
// most a third of them), the same key labels, at the top or, scrolled
// down again, at the end, and the label is in the store.
func keyThrough(t *testing.T, h *harness, c longFocus) {
	t.Helper()
	word := regexp.MustCompile(`\b` + c.prefix + `(\d+)\b`)
	seen := map[int]bool{}
	look := func() string {
		s := h.screen()
		for _, m := range word.FindAllStringSubmatch(s, -1) {
			n, _ := strconv.Atoi(m[1])
			seen[n] = true
		}
		return s
	}
	look()
	if first := len(seen); first == 0 || 3*first > c.words {
		t.Fatalf("the first screen shows %d of %d words: not a focus three windows long:\n%s", first, c.words, h.screen())
	}
	scroll := h.m.hit.hit.scroll
	h.keys(c.key)
	if got, ok := h.labels(1)[c.unit]; ok {
		t.Fatalf("%s labelled %s = %d before the focus was read:\n%s", c.key, c.unit, got, h.screen())
	}
	h.expect("read it all first")
	if h.m.hit.hit.scroll != scroll {
		t.Fatalf("a label key moved the window (scroll %d, was %d):\n%s", h.m.hit.hit.scroll, scroll, h.screen())
	}
	page := func(key string) {
		t.Helper()
		before := look()
		for i := 0; ; i++ {
			if i == 500 {
				t.Fatalf("500 %s and the window still moves", key)
			}
			h.keys(key)
			if now := look(); now == before {
				return
			} else {
				before = now
			}
		}
	}
	page("pgdown")
	if strings.Contains(h.screen(), "read it all first") {
		t.Fatalf("read to its end, the focus still has the note:\n%s", h.screen())
	}
	page("pgup")
	if c.atEnd {
		page("pgdown")
	}
	for n := 1; n <= c.words; n++ {
		if !seen[n] {
			t.Fatalf("paging down and up never showed %s%d: the focus cannot be read whole", c.prefix, n)
		}
	}
	h.keys(c.key)
	if got, ok := h.labels(1)[c.unit]; !ok || got != c.value {
		t.Fatalf("read whole, %s stored %s = %d (stored: %v), want %d:\n%s", c.key, c.unit, got, ok, c.value, h.screen())
	}
}

// A text of any length can be read whole and labelled at 40x12, 60x20
// and 80x24, in every kind with a long focus: MIMICS' question, a
// ClariMM turn, the answer nuggets are judged in, a necessity request, a
// comparison's outputs, and a protocol file's item, flat (its long column
// on the HIT's first line) and grouped (the group's text, and a row's).
func TestLongFocusReadThenLabelled(t *testing.T) {
	for _, c := range longFocusKinds() {
		for _, size := range readSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size.w, size.h), func(t *testing.T) {
				keyThrough(t, c.open(t, size.w, size.h), c)
			})
		}
	}
}

func longFocusKinds() []longFocus {
	return []longFocus{
		{name: "mimics_question", prefix: "qz", words: 800, key: "2", unit: "question", value: 2,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				tsv := data.ManualHeader() + "\nshort query\t" + focusWords("qz", 800) + "\tone\ttwo" + strings.Repeat("\t", 10) + "\n"
				importText(t, st, "long", data.FormatAuto, tsv)
				hs := openAs(t, st, "long", w, h)
				hs.keys("enter") // the results reviewed: the question step
				hs.expect("Step II")
				return hs
			}},
		{name: "clarimm_turn", prefix: "az", words: 800, key: "4", unit: "relevance_1", value: 4,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importText(t, st, "conv", "clarimm", `{"id": "c1", "topic": "lighthouses", "facet": "visiting one", "turns": [`+
					`{"question": "Which coast?", "answer": "`+focusWords("az", 800)+`"}, {"question": "When?", "answer": "summer"}]}`+"\n")
				return openAs(t, st, "conv", w, h)
			}},
		{name: "nuggets_answer", prefix: "nz", words: 800, key: "2", unit: "nugget_1", value: 2,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importText(t, st, "nug", data.FormatNuggets, `{"id": "q1", "query": "visa rules", "nuggets": [`+
					`{"id": "n1", "text": "a passport", "weight": 2}, {"id": "n2", "text": "a photograph", "weight": 1}]}`+"\n")
				importCandidates(t, st, "nug", `{"id": "q1", "answer": "`+focusWords("nz", 800)+`"}`+"\n")
				return openAs(t, st, "nug", w, h)
			}},
		{name: "necessity_request", prefix: "rz", words: 800, key: "1", unit: "necessity", value: necessityYes,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importText(t, st, "nec", formatNecessity, `{"id": "r1", "request": "`+focusWords("rz", 800)+`", "facets": ["where", "when"]}`+"\n")
				return openAs(t, st, "nec", w, h)
			}},
		// The conversation before the request is longer than the window:
		// at the top, none of what is labelled shows.
		{name: "compare_outputs", prefix: "oz", words: 800, key: "2", unit: "preference", value: guidelines.PreferTie,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importText(t, st, "cmp", data.FormatPairs, `{"id": "p1", "request": "plan it", "context": [{"role": "user", "text": "`+
					focusWords("cz", 400)+`"}], "outputs": {"x": "`+focusWords("oz", 400)+`", "y": "`+
					strings.Replace(focusWords("oz", 800), focusWords("oz", 400)+" ", "", 1)+`"}}`+"\n")
				return openAs(t, st, "cmp", w, h)
			}},
		// The issue's own: docs/protocols.md's usefulness file, the
		// query 800 words, shortened on the HIT's first line.
		{name: "file_flat_topic", prefix: "wz", words: 800, key: "4", unit: "usefulness", value: 4,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importProtocol(t, st, "flat", docsProtocol(t), "query\tquestion\trating\n"+focusWords("wz", 800)+"\tDo you want recipes or history?\t\n")
				return openAs(t, st, "flat", w, h)
			}},
		// The study: the need step shows the request alone, the
		// column on the HIT's first line, so the step's own content is
		// empty and the request is all there is to read.
		{name: "file_flat_need", prefix: "fz", words: 800, key: "4", unit: "need", value: 4,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\n"+focusWords("fz", 800)+"\tWhich city?\n")
				return openAs(t, st, "need", w, h)
			}},
		{name: "file_grouped_item", prefix: "gz", words: 800, key: "3", unit: "need", value: 3,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				req := focusWords("gz", 800)
				importProtocol(t, st, "grouped", groupedProtocol, "request\tquestion\n"+req+"\tWhich city?\n"+req+"\tWhen?\n")
				return openAs(t, st, "grouped", w, h)
			}},
		// A row's long question, the next row long too: at the content's
		// end the row being labelled is out of sight.
		{name: "file_grouped_row", prefix: "uz", words: 800, key: "2", unit: "usefulness_1", value: 2, atEnd: true,
			open: func(t *testing.T, w, h int) *harness {
				st := storetest.Open(t)
				importProtocol(t, st, "grouped", groupedProtocol, "request\tquestion\nplan a trip\t"+focusWords("uz", 800)+"\nplan a trip\t"+focusWords("vz", 800)+"\n")
				hs := openAs(t, st, "grouped", w, h)
				hs.keys("3") // the need, whose step shows the short request whole
				if got := hs.labels(1)["need"]; got != 3 {
					t.Fatalf("the need was not labelled: %v\n%s", hs.labels(1), hs.screen())
				}
				return hs
			}},
	}
}

// openAs opens a dataset as ana.
func openAs(t *testing.T, st *store.Store, dataset string, w, h int) *harness {
	t.Helper()
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, dataset, w, h, false)
}

// importCandidates adds system a's answers to a nuggets dataset.
func importCandidates(t *testing.T, st *store.Store, dataset, text string) {
	t.Helper()
	_, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(text), "a.jsonl",
		data.Options{Format: data.FormatCandidates, Dataset: dataset, System: "a"})
	if err != nil {
		t.Fatal(err)
	}
}

// importProtocol imports a TSV under a protocol file, as import
// --protocol does.
func importProtocol(t *testing.T, st *store.Store, dataset, toml, tsv string) {
	t.Helper()
	pf, err := guidelines.ParseProtocolFile("p.toml", []byte(toml))
	if err != nil {
		t.Fatal(err)
	}
	_, err = demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(tsv), dataset+".tsv",
		data.Options{Dataset: dataset, Format: store.Format(pf.Name), Formats: []data.Format{data.ProtocolFormat(guidelines.ProtocolText{File: pf, Text: []byte(toml)})}})
	if err != nil {
		t.Fatal(err)
	}
}

// docsProtocol is the protocol file docs/protocols.md writes from scratch.
func docsProtocol(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/protocols.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```toml\n")
	toml, _, closed := strings.Cut(rest, "```")
	if !ok || !closed {
		t.Fatal("docs/protocols.md has no TOML block")
	}
	return toml
}

// groupedProtocol is a ClariQ-style study: a request's need for
// clarification, then each question asked back, rated for usefulness.
const groupedProtocol = `name = "reading-grouped"
title = "Need, then each question's usefulness"
items = "requests"
guideline = "A request, and the questions asked back."

[item]
header = ["request", "question"]
id = ["request"]
group = "request"
text = ["request", "question"]
row_name = "question"

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["none", "little", "some", "much"]

[[scale]]
name = "use"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["useless", "poor", "useful", "very useful"]

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
per = "row"
show = ["request", "question"]
scale = "use"
guideline = "Would its answer help?"
label_text = ["useless", "poor", "useful", "very useful"]
`

// What was read stays read at the next step that shows it: the request
// read for its need is not read again for the question's usefulness;
// only the question, new on that step, is left, and once on screen the
// key labels.
func TestReadTextCountsAtTheNextStep(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\n"+focusWords("fz", 400)+"\tWhich city?\n")
	h := openAs(t, st, "need", 60, 20)
	h.expect("How much does the request need")
	for i := 0; !strings.Contains(h.screen(), "fz400"); i++ {
		if i == 20 {
			t.Fatalf("20 pages down, the request has no end:\n%s", h.screen())
		}
		h.keys("pgdown")
	}
	h.keys("4")
	h.expect("How useful is the question?")
	h.keys("3")
	h.expect("read it all first: 1 line below")
	if got := h.labels(1); got["need"] != 4 || len(got) != 1 {
		t.Fatalf("labels %v, want need 4 alone", got)
	}
	for i := 0; !strings.Contains(h.screen(), "Which city?"); i++ {
		if i == 20 {
			t.Fatalf("20 pages down, no question:\n%s", h.screen())
		}
		h.keys("pgdown")
	}
	h.keys("3")
	if got := h.labels(1); got["usefulness"] != 3 {
		t.Fatalf("the question read, 3 did not label: %v\n%s", got, h.screen())
	}
}
