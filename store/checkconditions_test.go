package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// conditionProblems are check's problems for labels standing without
// their answers.
func conditionProblems(t *testing.T, st *Store) []string {
	t.Helper()
	results, err := CheckFile(context.Background(), st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Name == "no label stands without the answer its step waits for" {
			return r.Problems
		}
	}
	t.Fatal("check has no conditions rule")
	return nil
}

// check holds labels to the whole chain of conditions, as the store does
// (guidelines.Protocol.Outlived): with ask turned to no, a why that waits
// for clear 0 goes with the clear that waits for ask 1, though its own
// answer still stands; and it names them in the same order every run.
func TestCheckFollowsTheChain(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 1)
	keyAll(t, st, items[0], ana.ID, "need=2", "ask=1", "usefulness_1=2", "usefulness_2=2", "clear=0", "why=1")
	checkSound(t, st)
	// As an older claritty left it: the no written, what waited on it kept.
	if _, err := st.db.Exec(`UPDATE labels SET value = 0 WHERE unit = 'ask'`); err != nil {
		t.Fatal(err)
	}
	got := conditionProblems(t, st)
	if len(got) == 0 || !strings.HasPrefix(got[0], "4 labels stand without") {
		t.Fatalf("problems %q", got)
	}
	want := fmt.Sprintf("item %d why by annotator %d: waits for clear ", items[0], ana.ID)
	if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, want) }) {
		t.Errorf("check lacks %q:\n%s", want, strings.Join(got, "\n"))
	}
	for range 20 {
		if again := conditionProblems(t, st); !slices.Equal(again, got) {
			t.Fatalf("another run lists\n%s\nnot\n%s", strings.Join(again, "\n"), strings.Join(got, "\n"))
		}
	}
}
