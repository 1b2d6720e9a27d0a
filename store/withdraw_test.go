package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
)

// seedClariQ imports n requests of the ClariQ-style gated protocol
// (datatest.ClariQGated) as dataset "clariq", request i with 2 + i%2
// candidate questions (rows), and returns their item ids and annotator
// ana.
func seedClariQ(t *testing.T, st *Store, n int) ([]int64, Annotator) {
	t.Helper()
	return seedGated(t, st, datatest.ClariQGated, n)
}

// seedGated is seedClariQ with another protocol file in ClariQGated's
// columns (datatest.ClariQNeedIn).
func seedGated(t *testing.T, st *Store, src string, n int) ([]int64, Annotator) {
	t.Helper()
	ctx := context.Background()
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lead := testLead(t, st)
	im, err := st.BeginProtocolImport(ctx, lead, "clariq", "", f, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	lines := strings.SplitAfter(strings.TrimSuffix(datatest.ClariQGatedRows(n), "\n"), "\n")[1:]
	for i := range n {
		var rows []string
		for len(lines) > 0 && strings.HasPrefix(lines[0], fmt.Sprintf("%d\t", i+1)) {
			rows, lines = append(rows, lines[0]), lines[1:]
		}
		it := FileItem{UID: fmt.Sprintf("%016x", i+1), Query: fmt.Sprintf("Tell me about topic %d", i+1), Rows: rows}
		if _, err := im.AddFileItem(it); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	var items []int64
	st.EachItem(ctx, ds, func(it Item) error {
		items = append(items, it.ID)
		return nil
	})
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	return items, ana
}

// keyAll keys the labels in order, as the screen sends them, the last
// one finishing the HIT.
func keyAll(t *testing.T, st *Store, item, who int64, labels ...string) {
	t.Helper()
	for i, l := range labels {
		u, v, _ := strings.Cut(l, "=")
		var n int
		fmt.Sscan(v, &n)
		ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: &n, Finish: i == len(labels)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// checkSound fails the test when claritty check finds anything.
func checkSound(t *testing.T, st *Store) {
	t.Helper()
	results, err := CheckFile(context.Background(), st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("check fails %q: %v", r.Name, r.Problems)
		}
	}
}

// Issue 43, point 2: a changed answer withdraws every label that waited
// for it, down the chain (ask 0 takes both rows' usefulness, clear, and
// the why that waited on clear 0), in the answer's transaction, each with
// a history row; what it withdrew is said; the answer turned back asks
// those steps again (the finished HIT reopens) and brings none of them
// back, nor does an undo, now or after the HIT is loaded again.
func TestChangedAnswerWithdrawsWhatWaitedOnIt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 2)
	one := items[0] // two candidate questions
	keyAll(t, st, one, ana.ID, "need=3", "ask=1", "usefulness_1=2", "usefulness_2=3", "clear=0", "why=2")
	if h := loadHIT(t, st, one, ana.ID); !h.Finished {
		t.Fatal("the whole HIT is not finished")
	}
	checkSound(t, st)
	var lastID int64
	st.db.QueryRow(`SELECT max(id) FROM label_history`).Scan(&lastID)

	no := 0
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "ask", Value: &no}); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, one, ana.ID); len(got) != 2 || got["ask"] != 0 || got["need"] != 3 {
		t.Errorf("labels after ask 0: %v", got)
	}
	rows, err := st.db.Query(`SELECT unit, old_value, new_value IS NULL, source, at FROM label_history WHERE id > ? ORDER BY id`, lastID)
	if err != nil {
		t.Fatal(err)
	}
	var hist []string
	ats := map[string]bool{}
	for rows.Next() {
		var unit, source, at string
		var old int
		var gone bool
		rows.Scan(&unit, &old, &gone, &source, &at)
		hist = append(hist, fmt.Sprintf("%s %d→%v %s", unit, old, !gone, source))
		ats[at] = true
	}
	rows.Close()
	wantHist := []string{"ask 1→true tui", "usefulness_1 2→false withdrawn", "usefulness_2 3→false withdrawn",
		"clear 0→false withdrawn", "why 2→false withdrawn"}
	if !slices.Equal(hist, wantHist) || len(ats) != 1 {
		t.Errorf("history of the change: %q at %d times, want %q at one", hist, len(ats), wantHist)
	}
	if h := loadHIT(t, st, one, ana.ID); !h.Finished {
		t.Error("ask 0 is a whole HIT, yet it is not finished")
	}
	checkSound(t, st)

	// A step that waits for a yes is refused after the no.
	for _, u := range []string{"usefulness_1", "clear"} {
		two := 1
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: u, Value: &two}); !errors.Is(err, ErrCondition) {
			t.Errorf("%s after ask 0: %v", u, err)
		}
	}

	// Turned back to yes: nothing comes back, the HIT is open again.
	yes := 1
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "ask", Value: &yes}); err != nil {
		t.Fatalf("ask 0 → 1: %v", err)
	}
	h := loadHIT(t, st, one, ana.ID)
	if len(h.Labels) != 2 || h.Finished {
		t.Errorf("after yes again: labels %v, finished %v; want need and ask, open", h.Labels, h.Finished)
	}
	checkSound(t, st)
	// The reloaded undo stack holds the keyed steps only: undo takes the
	// yes back to no, then the no back to yes, and no withdrawn label.
	for _, u := range h.Undo {
		if u.Unit != "ask" && u.Unit != "need" && u.Old != nil {
			t.Errorf("undo would bring back %s %d", u.Unit, *u.Old)
		}
	}
	for range 2 {
		top := h.Undo[len(h.Undo)-1]
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: top.Unit, Value: top.Old, Source: "undo"}); err != nil {
			t.Fatal(err)
		}
		h = loadHIT(t, st, one, ana.ID)
	}
	if len(h.Labels) != 2 || h.Labels["ask"] != 1 {
		t.Errorf("after two undos: %v", h.Labels)
	}

	// One link down the chain: clear 1 takes only why.
	keyAll(t, st, one, ana.ID, "usefulness_1=1", "usefulness_2=1", "clear=0", "why=3")
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "clear", Value: &yes}); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, one, ana.ID); len(got) != 5 || got["clear"] != 1 {
		t.Errorf("clear 0 → 1 left %v; want all but why", got)
	}
	checkSound(t, st)
}

// A repeat's second answers keep the same rule: a no withdraws the
// usefulness it keyed after its yes, and a usefulness without the yes is
// refused.
func TestRepeatAnswerWithdrawsToo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 1)
	keyAll(t, st, items[0], ana.ID, "need=2", "ask=0")
	if _, err := st.db.Exec(`INSERT INTO repeats (item_id, annotator_id, started_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z')`, items[0], ana.ID); err != nil {
		t.Fatal(err)
	}
	two := 2
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: "usefulness_1", Value: &two}); !errors.Is(err, ErrCondition) {
		t.Errorf("a repeat's usefulness before its yes: %v", err)
	}
	for _, l := range []LabelChange{{Unit: "need", Value: ptr(2)}, {Unit: "ask", Value: ptr(1)}, {Unit: "usefulness_1", Value: ptr(2)}} {
		l.ItemID, l.AnnotatorID = items[0], ana.ID
		if _, err := st.SetLabel(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	no := 0
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: "ask", Value: &no}); err != nil {
		t.Errorf("the repeat's no: %v", err)
	}
	var n int
	st.db.QueryRow(`SELECT count(*) FROM repeat_labels WHERE unit LIKE 'usefulness%'`).Scan(&n)
	if n != 0 {
		t.Errorf("%d usefulness labels stand in the repeat", n)
	}
	checkSound(t, st)
}

// check knows the rule: a label left standing without its answer (as an
// older claritty left them) is a problem naming the item, the unit and
// what it waits for, in a HIT's labels and in a repeat's.
func TestCheckFindsALabelWithoutItsAnswer(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 1)
	keyAll(t, st, items[0], ana.ID, "need=2", "ask=1", "usefulness_1=2", "usefulness_2=2", "clear=1")
	checkSound(t, st)
	// As dcd3b9f left it: the no written, the usefulness left standing.
	st.db.Exec(`UPDATE labels SET value = 0 WHERE unit = 'ask'`)
	st.db.Exec(`DELETE FROM labels WHERE unit = 'clear'`)
	st.db.Exec(`INSERT INTO repeats (item_id, annotator_id, started_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z')`, items[0], ana.ID)
	st.db.Exec(`INSERT INTO repeat_labels (repeat_id, unit, value, at) VALUES (1, 'usefulness_2', 1, '2026-01-01T00:00:00.000Z')`)
	results, err := CheckFile(context.Background(), st.Path())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range results {
		if r.Name == "no label stands without the answer its step waits for" {
			got = r.Problems
		}
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"3 labels stand without", fmt.Sprintf("item %d usefulness_1 by annotator %d: waits for ask 1", items[0], ana.ID),
		"usefulness_2 by annotator", "repeat 1 of item"} {
		if !strings.Contains(all, want) {
			t.Errorf("check lacks %q:\n%s", want, all)
		}
	}
	// What the problem says mends it: the answer keyed again, in the
	// open repeat, then (the repeat done) in the HIT.
	keyAll(t, st, items[0], ana.ID, "ask=0")
	st.db.Exec(`UPDATE repeats SET finished_at = '2026-01-02T00:00:00.000Z'`)
	keyAll(t, st, items[0], ana.ID, "ask=0")
	checkSound(t, st)
}

// Issue 45, point 5: a step asked when the need is any of 2, 3 or 4. Its
// labels are refused after a need of 1, stand while the need moves within
// the set (3 → 2 withdraws nothing), and go, each with a withdrawn history
// row, when it leaves it (2 → 1); check holds the database sound all along.
func TestChangedAnswerOutsideTheSetWithdraws(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	items, ana := seedGated(t, st, datatest.ClariQNeedIn, 1)
	one := items[0]
	keyAll(t, st, one, ana.ID, "need=1")
	two := 2
	_, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "usefulness_1", Value: &two})
	if !errors.Is(err, ErrCondition) || !strings.Contains(err.Error(), "need 2, 3 or 4") {
		t.Errorf("usefulness after need 1: %v", err)
	}
	keyAll(t, st, one, ana.ID, "need=3", "usefulness_1=2", "usefulness_2=3")
	if h := loadHIT(t, st, one, ana.ID); !h.Finished {
		t.Fatal("the whole HIT is not finished")
	}
	change, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "need", Value: &two})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, one, ana.ID); len(got) != 3 || len(change.Withdrawn) != 0 {
		t.Errorf("need 3 → 2 left %v, withdrew %v; want all three kept", got, change.Withdrawn)
	}
	checkSound(t, st)
	var lastID int64
	st.db.QueryRow(`SELECT max(id) FROM label_history`).Scan(&lastID)
	none := 1
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: one, AnnotatorID: ana.ID, Unit: "need", Value: &none}); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, one, ana.ID); len(got) != 1 || got["need"] != 1 {
		t.Errorf("need 2 → 1 left %v; want need alone", got)
	}
	var withdrawn int
	st.db.QueryRow(`SELECT count(*) FROM label_history WHERE id > ? AND source = 'withdrawn' AND new_value IS NULL`, lastID).Scan(&withdrawn)
	if withdrawn != 2 {
		t.Errorf("%d withdrawn history rows; want 2", withdrawn)
	}
	if h := loadHIT(t, st, one, ana.ID); !h.Finished {
		t.Error("need 1 is a whole HIT, yet it is not finished")
	}
	checkSound(t, st)
}

// check's rule reads a condition's set: a usefulness stands with a need
// of 2, 3 or 4, and a need of 1 under it (as an older claritty could
// leave it) is found, naming the set. The labels are written by hand, so
// only the conditions' rule is read (the kept agreement table is stale).
func TestCheckReadsAConditionsSet(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	items, ana := seedGated(t, st, datatest.ClariQNeedIn, 1)
	keyAll(t, st, items[0], ana.ID, "need=4", "usefulness_1=2", "usefulness_2=2")
	conditions := func() string {
		t.Helper()
		results, err := CheckFile(context.Background(), st.Path())
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if r.Name == "no label stands without the answer its step waits for" {
				return strings.Join(r.Problems, "\n")
			}
		}
		t.Fatal("check has no conditions rule")
		return ""
	}
	st.db.Exec(`UPDATE labels SET value = 2 WHERE unit = 'need'`)
	if got := conditions(); got != "" {
		t.Errorf("need 2: %s", got)
	}
	st.db.Exec(`UPDATE labels SET value = 1 WHERE unit = 'need'`)
	all := conditions()
	want := fmt.Sprintf("item %d usefulness_1 by annotator %d: waits for need 2, 3 or 4", items[0], ana.ID)
	if !strings.Contains(all, "2 labels stand without") || !strings.Contains(all, want) {
		t.Errorf("check says %q; want %q", all, want)
	}
}
