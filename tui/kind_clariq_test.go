package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"
)

// clariqTopic is a file in ClariQ's shape (its header, one row per topic,
// facet and question) of one topic whose 27 distinct questions each come
// under two facets.
func clariqTopic() string {
	var b strings.Builder
	b.WriteString("topic_id\tinitial_request\ttopic_desc\tclarification_need\tfacet_id\tfacet_desc\tquestion_id\tquestion\tanswer\n")
	for _, facet := range []string{"F0001", "F0002"} {
		for i := 1; i <= 27; i++ {
			fmt.Fprintf(&b, "201\tFind the \"\"lotus\"\" flower.\tthe intent\t\t%s\tfacet\tQ%05d\tdo you mean lotus number %d?\tno\n", facet, 100+i, i)
		}
	}
	return b.String()
}

// shippedClariQ is a HIT of the shipped clariq protocol over clariqTopic.
func shippedClariQ(t *testing.T, w, h int) *harness {
	t.Helper()
	st := storetest.Open(t)
	if _, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(clariqTopic()), "clariq.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, "clariq", w, h, false)
}

// clariqScreens are the shipped clariq protocol's HIT screens: the need,
// over the request alone, and the usefulness of a topic's 27th question.
func clariqScreens() []sizedScreen {
	return []sizedScreen{
		{name: "clariq_need", start: shippedClariQ, must: []string{"lotus", "How much"}, scale: clariqNeed},
		{name: "clariq_usefulness27", start: shippedClariQ, keys: append([]string{"2"}, strings.Split(strings.Repeat("1", 26), "")...),
			must: []string{"question 27 of 27", "▸ question 27"}, scale: choicesLine("3", "useful", "2", "somewhat useful", "1", "not useful")},
	}
}

var clariqNeed = choicesLine("4", "necessary", "3", "needed", "2", "may help", "1", "no need")

// A ClariQ topic of 27 distinct questions (54 facet rows) is one HIT: its
// need step shows the request once, no question, and asks no scrolling
// before its key counts; then each distinct question is a step of its
// own, the 27th labelled usefulness_27.
func TestClariQTopicIsOneHIT(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 12}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			h := shippedClariQ(t, size.w, size.h)
			screen := h.screen()
			if n := strings.Count(screen, "lotus"); n != 1 || strings.Contains(screen, "question 1") || strings.Contains(screen, "number 1?") {
				t.Fatalf("the need step shows the request %d times, or a question:\n%s", n, screen)
			}
			if h.unread() {
				t.Fatalf("the need step asks to scroll:\n%s", screen)
			}
			h.keys("2")
			if got := h.labels(1)["need"]; got != 2 {
				t.Fatalf("need: %v\n%s", h.labels(1), h.screen())
			}
			h.readThen(strings.Split(strings.Repeat("1", 26), "")...)
			h.expect("question 27 of 27")
			h.readThen("3")
			got := h.labels(1)
			if got["usefulness_27"] != 3 || got["usefulness_26"] != 1 || len(got) != 28 {
				t.Fatalf("labels %v", got)
			}
		})
	}
}

// A request longer than the window, shown once above a topic's
// questions, is read whole before the need's key counts, and then labels.
func TestClariQLongRequestReadThenLabelled(t *testing.T) {
	words := make([]string, 600)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i+1)
	}
	body := strings.ReplaceAll(clariqTopic(), `Find the ""lotus"" flower.`, strings.Join(words, " "))
	st := storetest.Open(t)
	if _, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(body), "long.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, "long", 40, 12, false)
	if !h.unread() {
		t.Fatalf("a 600-word request fits a 40x12 window:\n%s", h.screen())
	}
	h.keys("2")
	if _, ok := h.labels(1)["need"]; ok {
		t.Fatalf("the need labelled before the request was read:\n%s", h.screen())
	}
	h.readThen("2")
	if got := h.labels(1)["need"]; got != 2 {
		t.Fatalf("read whole, 2 did not label the need: %v\n%s", h.labels(1), h.screen())
	}
}
