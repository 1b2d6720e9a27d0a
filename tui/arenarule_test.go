package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The side pane says under each arena judge run the rule that read its
// judgments and how many lines the rule dropped: today's rule, the older
// one (--one-game), and, for a run registered before the rule was kept,
// that it is not recorded, with no count.
func TestPaneSaysTheArenaRule(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var pairs, gold, judgments strings.Builder
	gold.WriteString("item\tunit\tannotator\tlabel\n")
	games := []string{`[{"score": "A>B"}, {"score": "B>A"}]`, `[{"score": null}, {"score": "A=B"}]`,
		`[null, null]`, `[{"score": "B>A"}, {"score": "A>B"}]`, `[{"score": "A=B"}, null]`}
	for i := range 10 {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"base": "b%d", "m1": "x%d"}}`+"\n", i, i, i, i)
		fmt.Fprintf(&gold, "q%d\tpreference\tann\twin\n", i)
		fmt.Fprintf(&judgments, `{"uid": "q%d", "model": "m1", "baseline": "base", "games": %s}`+"\n", i, games[i%len(games)])
	}
	importPairs(t, st, "pairs", pairs.String(), gold.String(), &store.Policy{Min: 1, Max: 1, Lease: time.Hour})
	// 10 lines: 4 with both games scored, 2 with none, 4 with one.
	for _, opt := range []data.RunOptions{{Name: "today"}, {Name: "older", OneGame: true}, {Name: "legacy"}} {
		opt.Kind = data.KindArenaJudgments
		if _, err := data.AddRunBytes(ctx, st, lead, []byte(judgments.String()), "judgments.jsonl", opt); err != nil {
			t.Fatal(err)
		}
	}
	// As a run registered before migration 0025 left it.
	if _, err := storetest.DB(t, st).Exec(`UPDATE runs SET arena_rule = NULL, arena_lines = NULL, arena_dropped_no_game = NULL,
		arena_dropped_one_game = NULL WHERE name = 'legacy'`); err != nil {
		t.Error(err) // and on to what the pane says of the others
	}
	h := startOn(t, st, lead, "pairs", 120, 100, false)
	h.keys("tab")
	h.expect("systems · gold so far")
	var pane []string
	for _, l := range strings.Split(ansi.Strip(h.m.View().Content), "\n") {
		if i := strings.Index(l, "│"); i >= 0 { // the pane, right of its rule
			l = l[i+len("│"):]
		}
		pane = append(pane, strings.TrimSpace(l))
	}
	text := strings.Join(pane, "\n")
	for _, run := range []struct{ name, lines string }{
		{"today", "order flips 0 of 4\nrule: both games scored\ndropped 6 of 10 lines\ngold "},
		{"older", "order flips 0 of 4\nrule: one game is enough\ndropped 2 of 10 lines\ngold "},
		{"legacy", "order flips 0 of 4\nrule: not recorded\ngold "},
	} {
		// The run's lines: from its name to its gold line.
		at := strings.Index(text, "\n"+run.name+" n ")
		end := strings.Index(text[max(at, 0):], "\ngold ")
		if at < 0 || end < 0 || !strings.Contains(text[at:at+end+len("\ngold ")], run.lines) {
			t.Errorf("the pane does not say under %s:\n%s\n---\n%s", run.name, run.lines, text)
		}
	}
}
