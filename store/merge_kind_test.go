package store

import (
	"context"
	"strings"
	"testing"
)

// The merge sets the labels' kind trigger aside while it writes; the rule
// it stood for still holds during the merge, and the trigger is back after
// it, whether the merge committed or not.
func TestMergeKeepsTheKindRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	_, ids, _ := seed(t, st, 1)
	ref := ItemRef{ID: ids[0], Kind: "mimics", Question: "q", Answers: 1}
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Add(MergedLabel{Item: ref, Unit: "question", Annotator: "ana", Value: 2}); err != nil {
		t.Fatal(err)
	}
	err = m.Add(MergedLabel{Item: ref, Unit: "coherence", Annotator: "ana", Value: 2})
	if err == nil || !strings.Contains(err.Error(), `unit "coherence" is not one of question`) {
		t.Fatalf("a conversation unit merged onto a pane: %v", err)
	}
	// A value off the unit's scale, once the table no longer checks it.
	err = m.Add(MergedLabel{Item: ref, Unit: "answer_set", Annotator: "ana", Value: 4})
	if err == nil || !strings.Contains(err.Error(), "is not a label of unit") {
		t.Fatalf("an answer set merged at 4: %v", err)
	}
	// The kind is the database's, not the caller's.
	lying := ref
	lying.Kind = "clarimm"
	err = m.Add(MergedLabel{Item: lying, Unit: "coherence", Annotator: "ana", Value: 3})
	if err == nil || !strings.Contains(err.Error(), `unit "coherence" is not one of question`) {
		t.Fatalf("a conversation unit merged onto a pane said to be a conversation: %v", err)
	}
	m.Rollback()
	for _, commit := range []bool{false, true} {
		m, err := st.BeginMerge(ctx, lead, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Add(MergedLabel{Item: ref, Unit: "answer_set", Annotator: "ana", Value: 1}); err != nil {
			t.Fatal(err)
		}
		if commit {
			if _, err := m.Commit(func(ItemRef, map[string]int) bool { return false }); err != nil {
				t.Fatal(err)
			}
		} else {
			m.Rollback()
		}
		var n int
		if err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('labels_kind', 'labels_kind_update')`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("commit=%v: kind trigger %d %v", commit, n, err)
		}
		_, err = st.db.ExecContext(ctx, `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at)
			VALUES (?, 'coherence', ?, 3, 'x', 'x')`, ids[0], lead.ID)
		if err == nil {
			t.Fatalf("commit=%v: the kind trigger let a conversation unit onto a pane", commit)
		}
	}
}

// A merged label's unit must be one the item's own HIT asks, whatever the
// caller says the item holds: on a MIMICS-Duo Task 2 pane of two answers,
// answer_quality_1, answer_quality_2 and pane_quality, and no
// answer_quality_3.
func TestMergeChecksUnitsAgainstTheItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, _ := seedQuality(t, st, 2)
	lead := testLead(t, st)
	var id int64
	st.EachItem(ctx, ds, func(it Item) error { id = it.ID; return nil })
	lying := ItemRef{ID: id, Kind: "mimics-duo-quality", Answers: 5}
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	for _, u := range []string{"answer_quality_1", "answer_quality_2", "pane_quality"} {
		if err := m.Add(MergedLabel{Item: lying, Unit: u, Annotator: "ana", Value: 4}); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
	err = m.Add(MergedLabel{Item: lying, Unit: "answer_quality_3", Annotator: "ana", Value: 4})
	if err == nil || err.Error() != "the item has no answer 3 (it has 2), so no answer_quality_3" {
		t.Errorf("answer_quality_3 on a pane of two answers: %v", err)
	}
}
