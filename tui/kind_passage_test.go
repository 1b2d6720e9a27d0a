package tui

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// passageProtocol judges whether a long segment supports a claim: the
// segment is a passage, in a window of its own.
const passageProtocol = `name = "passage-test"
title = "Support"
items = "claims"

[item]
header = ["id", "claim", "segment"]
id = ["id"]
text = ["claim", "segment"]
passage = ["segment"]

[[scale]]
name = "support"
values = [0, 1, 2]
keys = ["0", "1", "2"]
names = ["none", "partial", "full"]

[[step]]
title = "Does the segment support the claim?"
unit = "support"
show = ["claim", "segment"]
scale = "support"
`

// longSegment is a passage of n numbered sentences.
func longSegment(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Sentence %d of the segment says something. ", i+1)
	}
	return strings.TrimSpace(b.String())
}

func passageTSV(n int) string {
	return "id\tclaim\tsegment\nc1\tThe claim under judgment\t" + longSegment(n) + "\n"
}

// At 40x12 the claim and a window of the passage are both on screen
// wherever the passage is scrolled to; no key labels until ] has paged
// through the passage to its end, and then one does.
func TestPassageWindowReadWholeThenLabel(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "claims", passageProtocol, passageTSV(40))
	h := openAs(t, st, "claims", 40, 12)
	h.expect("The claim under judgment")
	h.expect("Sentence 1 of the")
	h.keys("2")
	h.expect("read it all first: the passage below")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("labelled before the passage was read: %v", got)
	}
	for range 200 {
		if strings.Contains(h.screen(), "40 of the segment says") {
			break
		}
		h.keys("]")
		h.expect("The claim under judgment") // the item stays on screen
	}
	h.expect("40 of the segment says")
	checkFits(t, h, 40, 12)
	h.keys("2")
	if got := h.labels(1); got["support"] != 2 {
		t.Errorf("labels %v after reading the passage whole\n%s", got, h.screen())
	}
}

// [ scrolls back; the window's head says where it stands.
func TestPassageWindowScrollsBack(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "claims", passageProtocol, passageTSV(40))
	h := openAs(t, st, "claims", 80, 24)
	h.expect("segment · lines 1–6 of")
	h.keys("]")
	h.expect("segment · lines 7–12 of")
	h.keys("[")
	h.expect("segment · lines 1–6 of")
}

// The passage window at each size, scrolled once.
func TestPassageGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 12}, {80, 24}, {200, 60}} {
		t.Run(itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
			st := storetest.Open(t)
			importProtocol(t, st, "claims", passageProtocol, passageTSV(60))
			h := openAs(t, st, "claims", size.w, size.h)
			h.keys("]")
			checkFits(t, h, size.w, size.h)
			golden.RequireEqual(t, h.screen())
		})
	}
}

// The adjudication screen shows a disputed unit's passage whole (it
// scrolls all it shows), after the claim.
func TestPassageOnAdjudication(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	importProtocol(t, st, "claims", passageProtocol, passageTSV(3))
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, "claims")
	if err != nil {
		t.Fatal(err)
	}
	pol, err := st.DatasetPolicy(ctx, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	pol.Min, pol.Max = 2, 2
	if err := st.SetPolicy(ctx, lead, ds.ID, pol); err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, st, ds.ID, 1)
	for v, who := range []string{"ana", "bo"} {
		an, _ := st.EnsureAnnotator(ctx, who)
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: "support", Value: &v, Finish: true}); err != nil {
			t.Fatal(err)
		}
	}
	h := startOn(t, st, lead, "claims", 80, 24, true)
	h.expect("The claim under judgment")
	h.expect("Sentence 3 of the segment says something.")
}

// A choice step that shows a passage shows it in its window too.
func TestPassageOnChoiceStep(t *testing.T) {
	toml := strings.Replace(strings.Replace(passageProtocol,
		`header = ["id", "claim", "segment"]`, "header = [\"id\", \"claim\", \"segment\", \"o1\", \"o2\"]\nlist = [\"o1\", \"o2\"]\nlist_name = \"option\"", 1),
		"[[step]]\n", "[[step]]\ntitle = \"Which option?\"\nunit = \"pick\"\nkind = \"choice\"\nshow = [\"claim\", \"segment\", \"list\"]\n\n[[step]]\n", 1)
	st := storetest.Open(t)
	importProtocol(t, st, "claims", toml, "id\tclaim\tsegment\to1\to2\nc1\tThe claim under judgment\t"+longSegment(3)+"\tred\tblue\n")
	h := openAs(t, st, "claims", 80, 24)
	h.expect("Which option?")
	h.expect("segment · lines 1–")
	h.expect("Sentence 3 of the segment says something.")
}

// With the passage keys moved, the window's head names the annotator's
// keys, and they scroll it; [ and ] no longer do.
func TestPassageKeysRemapped(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "claims", passageProtocol, passageTSV(40))
	h := openAs(t, st, "claims", 80, 24)
	h.m.cfg.Keys = parseKeys(t, "[keys]\npassage_up = \"{\"\npassage_down = \"}\"\n")
	h.m.hit.keys = h.m.cfg.Keys.apply(h.m.hit.hit.kind.keys())
	h.send(keyMsg("ctrl+l")) // a frame anew
	h.expect("segment · lines 1–6 of 23 · { } scroll")
	h.keys("]")
	h.expect("segment · lines 1–6 of")
	h.keys("}")
	h.expect("segment · lines 7–12 of 23 · { } scroll")
}

// A resize keeps the reader's place in a passage: paged to sentence 40
// or so of 120 at 40 columns, the window at 200 columns opens at the line
// holding the same text, not at the passage's end (the old line number
// would be past the end of the wider, shorter passage).
func TestPassageResizeKeepsThePlace(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "claims", passageProtocol, passageTSV(120))
	h := openAs(t, st, "claims", 40, 12)
	for range 40 {
		h.keys("]")
	}
	first := regexp.MustCompile(`Sentence (\d+) `)
	window := func() int {
		_, after, _ := strings.Cut(h.screen(), "segment · lines")
		m := first.FindStringSubmatch(after)
		if m == nil {
			t.Fatalf("no sentence in the window:\n%s", h.screen())
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	before := window()
	h.send(tea.WindowSizeMsg{Width: 200, Height: 60})
	after := window()
	if after > before || after < before-6 { // a wide line holds some five sentences
		t.Errorf("the window began at sentence %d at 40 columns and at sentence %d at 200:\n%s", before, after, h.screen())
	}
	if strings.Contains(h.screen(), "Sentence 120 ") && before < 100 {
		t.Errorf("the window jumped to the passage's end:\n%s", h.screen())
	}
}

// A passage that is also the item's first text column (a long request)
// is drawn once, in its window: not on the HIT's first line too, whose
// long text would spill into the content above the question being rated
// and ask it to be scrolled past. The question is on screen at 40x12,
// and once the window has been paged to its end a key labels.
func TestPassageIsNotTheFirstLineToo(t *testing.T) {
	toml := `name = "long-request"
title = "Questions of a long request"
items = "requests"

[item]
header = ["query", "question"]
id = ["query", "question"]
text = ["query", "question"]
passage = ["query"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "some use", "useful"]

[[step]]
title = "How useful is the question?"
unit = "use"
show = ["query", "question"]
scale = "use"
`
	st := storetest.Open(t)
	importProtocol(t, st, "long", toml, "query\tquestion\n"+longSegment(300)+"\tWhich one do you mean?\n")
	h := openAs(t, st, "long", 40, 12)
	h.expect("Which one do you mean?")
	if n := strings.Count(h.screen(), "Sentence 1 of the segment"); n != 1 {
		t.Errorf("the request's start shows %d times:\n%s", n, h.screen())
	}
	for range 400 {
		if strings.Contains(h.screen(), "Sentence 300 of") {
			break
		}
		h.keys("]")
	}
	h.keys("3")
	if got := h.labels(1); got["use"] != 3 {
		t.Errorf("labels %v after reading the window whole:\n%s", got, h.screen())
	}
}
