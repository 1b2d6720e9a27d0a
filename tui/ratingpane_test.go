package tui

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// The side pane's ratings name each unit by its step's short name, as the
// kind's file gives it (a unit of each turn by its first five letters and
// the turn), not by ClariMM's units: ClariMM's file renamed, with other
// short names, shows them.
func TestRatingPaneNamesUnitsByTheirSteps(t *testing.T) {
	ctx := context.Background()
	shipped, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(`name = "clarimm"`, `name = "talks"`, `short = "relevance"`, `short = "pertinence"`,
		`short = "coherence"`, `short = "flow"`, `short = "intent"`, `short = "aim"`).Replace(string(shipped.Text))
	f, err := guidelines.ParseProtocolFile("talks.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	convs := "../data/demo/conversations/demo-conversations.jsonl"
	lines, err := os.ReadFile(convs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.ImportProtocolFile(ctx, st, lead, strings.NewReader(string(lines)), convs, f, []byte(text), data.Options{Dataset: "talks"}); err != nil {
		t.Fatal(err)
	}
	if _, err := demotest.ImportFile(ctx, st, lead, "../data/demo/conversations/demo-ratings.tsv", data.Options{Format: data.FormatLabels, Dataset: "talks"}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, "talks", 120, 40, false)
	h.keys("5", "tab")
	for _, want := range []string{"│ perti. 1 ", "│ perti. 4 ", "│ flow ", "│ diversity ", "│ aim "} {
		if !strings.Contains(h.screen(), want) {
			t.Errorf("the pane has no %q:\n%s", want, h.screen())
		}
	}
	if strings.Contains(h.screen(), "relev.") {
		t.Errorf("the pane's ratings name ClariMM's units:\n%s", h.screen())
	}
}

// A step asked per turn counts its turns in the step indicator even when
// the conversation has one, whatever its unit is called (before, only a
// unit named relevance did).
func TestStepPerElementCountsOneElement(t *testing.T) {
	ctx := context.Background()
	shipped, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(`name = "clarimm"`, `name = "talks"`, `unit = "relevance"`, `unit = "pertinence"`).Replace(string(shipped.Text))
	f, err := guidelines.ParseProtocolFile("talks.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	line := `{"id": "one", "topic": "lighthouse", "facet": "visiting one", "turns": [{"question": "Visiting or its history?", "answer": "Visiting."}]}` + "\n"
	if _, err := data.ImportProtocolFile(ctx, st, storetest.Lead(t, st), strings.NewReader(line), "one.jsonl", f, []byte(text), data.Options{Dataset: "talks"}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, "talks", 120, 40, false)
	h.expect("● relevance 0/1")
	h.keys("5")
	h.expect("✓ relevance 1/1")
}
