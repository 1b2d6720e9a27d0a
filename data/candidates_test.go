package data_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"
)

func TestImportNuggetsAndCandidates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, d := demotest.Nuggets(t)
	if d.Kind != "nuggets" || d.Items != 4 {
		t.Fatalf("dataset %+v, want 4 nuggets items", d)
	}
	in, err := st.AnswerIntent(ctx, storetest.ItemAt(t, st, d.ID, 1).ID)
	if err != nil {
		t.Fatal(err)
	}
	if in.ID != "q1" || len(in.Nuggets) != 3 || in.Nuggets[0].Weight != 3 {
		t.Errorf("first item's intent %+v", in)
	}
	in2, _ := st.AnswerIntent(ctx, storetest.ItemAt(t, st, d.ID, 3).ID)
	if in2.ID != "2" || in2.Blurred != "coffee" || in2.Nuggets[1].ID != "2" || in2.Nuggets[0].Weight != 0.5 {
		t.Errorf("gold-nested intent %+v", in2)
	}
	// Both systems' answers to an intent come together, intent by intent.
	for seq, want := range map[int]string{1: "q1@", 2: "q1@", 3: "2@", 4: "2@"} {
		if uid := storetest.ItemAt(t, st, d.ID, seq).UID; !strings.HasPrefix(uid, want) {
			t.Errorf("item %d is %s, want an answer to %s", seq, uid, want)
		}
	}
	// Importing the same files again adds nothing.
	before := storetest.Fingerprint(t, storetest.DB(t, st), "items", "intents", "nuggets", "answers", "runs")
	dir := t.TempDir()
	res, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "gold.jsonl"), datatest.NuggetsGold), data.Options{Dataset: "g"})
	if err != nil || res.Intents != 0 || res.ItemsKnown != 2 {
		t.Fatalf("re-import: %+v, %v", res, err)
	}
	if storetest.Fingerprint(t, storetest.DB(t, st), "items", "intents", "nuggets", "answers", "runs") != before {
		t.Error("re-importing the gold changed the database")
	}
}

func TestCandidateRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for line, want := range map[string]string{
		`{"id": "nope", "answer": "x"}`:                  `unknown intent "nope"`,
		`{"id": "q1", "answer": "x", "system": "other"}`: `the line says system "other", the command line "a"`,
		`{"id": "q1"}`:                                   "answer is missing",
		`{"id": "q1", "answer": "x", "k": -1}`:           "k -1 is negative",
		`{"id": "q1", "answer": "again", "system": "a"}`: "already has another answer",
		`{"id": "2", "answer": "about 60 mg", "k": 1}` + "\n" + `{"id": "2", "answer": "about 60 mg", "k": 1}`: "already on line",
	} {
		st, d := demotest.Nuggets(t)
		before := storetest.Fingerprint(t, storetest.DB(t, st), "items", "answers", "runs")
		path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "c.jsonl"), line+"\n")
		_, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), path, data.Options{Format: data.FormatCandidates, System: "a", Dataset: d.Name})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "c.jsonl:") {
			t.Errorf("%s\n  err = %v, want file:line: %s", line, err, want)
		}
		if storetest.Fingerprint(t, storetest.DB(t, st), "items", "answers", "runs") != before {
			t.Errorf("%s: a refused file changed the database", line)
		}
	}
}
