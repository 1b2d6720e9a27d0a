package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Issue 43 point 6: the statistics view's kappa heatmap says why each
// "—" is (a and b never vary, a and c share one pair, a and d share
// none), and the side pane says why a type's κ and α are "—".
func TestScreensSayWhyAKappaIsUndefined(t *testing.T) {
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var pairs strings.Builder
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"x": "X%d", "y": "Y%d", "z": "Z%d"}}`+"\n", i, i, i, i, i)
	}
	labels := "item\tunit\tannotator\tlabel\n" +
		"q1/x/y\tpreference\ta\twin\nq1/x/y\tpreference\tb\twin\nq2/x/y\tpreference\ta\twin\nq2/x/y\tpreference\tb\twin\n" +
		"q4/x/y\tpreference\ta\twin\nq4/x/y\tpreference\tc\tlose\n" +
		"q5/x/y\tpreference\tc\twin\nq5/x/y\tpreference\td\twin\nq5/x/z\tpreference\tc\tlose\nq5/x/z\tpreference\td\tlose\n"
	same := "item\tunit\tannotator\tlabel\n" +
		"q1/x/y\tpreference\ta\twin\nq1/x/y\tpreference\tb\twin\nq2/x/y\tpreference\ta\twin\nq2/x/y\tpreference\tb\twin\n"
	policy := &store.Policy{Min: 1, Max: 2, Lease: time.Hour} // the labelled pairs want nobody more
	for name, body := range map[string]string{"pairs": labels, "same": same} {
		importPairs(t, st, name, pairs.String(), body, policy)
	}

	h := startOn(t, st, lead, "pairs", 120, 40, false)
	msg := h.m.openStats()().(statsMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	h.m.statsLoaded(msg)
	view := strings.Join(strings.Fields(ansi.Strip(strings.Join(h.m.statsLines(), " "))), " ")
	if want := "— undefined: no variation (1–2); one shared unit (1–3); no shared unit (1–4, 2–3, 2–4)"; !strings.Contains(view, want) {
		t.Errorf("the statistics view lacks %q:\n%s", want, strings.Join(h.m.statsLines(), "\n"))
	}

	h = startOn(t, st, lead, "same", 120, 40, false)
	h.keys("tab")
	h.expect("agreement · live")
	var column []string // the pane's column, right of the rule
	for _, l := range strings.Split(ansi.Strip(h.m.View().Content), "\n") {
		if _, right, ok := strings.Cut(l, "│"); ok {
			column = append(column, right)
		}
	}
	pane := strings.Join(strings.Fields(strings.Join(column, " ")), " ")
	if want := "— preference, pooled: no variation"; !strings.Contains(pane, want) {
		t.Errorf("the side pane lacks %q:\n%s", want, ansi.Strip(h.m.View().Content))
	}
}
