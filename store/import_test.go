package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// importPanes runs one import that drops the item indexes after dropAfter
// new panes, so small tests take the path of big imports.
func importPanes(t *testing.T, st *Store, dropAfter int, panes []Pane, labels [][]UnitLabel) ImportStats {
	t.Helper()
	im, err := st.BeginImport(context.Background(), testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	im.dropAfter = dropAfter
	for i, p := range panes {
		if _, err := im.AddPane(p, labels[i]...); err != nil {
			t.Fatalf("pane %d: %v", i, err)
		}
	}
	stats, err := im.Commit()
	if err != nil {
		t.Fatal(err)
	}
	return stats
}

// itemIndexNames lists the indexes the items table has.
func itemIndexNames(t *testing.T, st *Store) string {
	t.Helper()
	var names string
	st.db.QueryRow(`SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema
		WHERE type = 'index' AND tbl_name = 'items' ORDER BY name)`).Scan(&names)
	return names
}

func TestBigImportKeepsFileOrderFirstLabelsAndIndexes(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	pane := func(i int) Pane {
		return Pane{Query: fmt.Sprintf("query %d", i), Question: "Which?", Options: [5]string{"a", "b"}}
	}
	// Panes 0..7 in order of first appearance, some repeated later in the file
	// (before and after the indexes are dropped); each appearance brings the
	// pane's question label and repeats also an answer_set label.
	order := []int{0, 1, 0, 2, 3, 4, 1, 5, 6, 2, 7, 7}
	var panes []Pane
	var labels [][]UnitLabel
	wantQuestion := map[string]int{}
	wantSet := map[string]int{}
	for n, i := range order {
		p := pane(i)
		ls := []UnitLabel{{Unit: "question", Annotator: "rel", Value: i % 3}}
		if _, seen := wantQuestion[p.UID()]; seen {
			ls = append(ls, UnitLabel{Unit: "answer_set", Annotator: "rel", Value: (n + 1) % 3})
			if _, ok := wantSet[p.UID()]; !ok {
				wantSet[p.UID()] = (n + 1) % 3
			}
		} else {
			wantQuestion[p.UID()] = i % 3
		}
		panes = append(panes, p)
		labels = append(labels, ls)
	}
	stats := importPanes(t, st, 3, panes, labels)
	if got := itemIndexNames(t, st); got != "items_free items_free_partial items_judge items_open items_seq items_uid items_waiting" {
		t.Fatalf("indexes after a big import: %q", got)
	}
	if stats.Items != 8 || stats.ItemsKnown != 4 || stats.Labels != 8+len(wantSet) {
		t.Fatalf("stats %+v", stats)
	}
	ds, _ := st.Datasets(ctx)
	rel, _ := st.EnsureAnnotator(ctx, "rel")
	seq := 0
	ids := map[int64]bool{}
	err := st.EachItem(ctx, ds[0].ID, func(it Item) error {
		seq++
		if it.Seq != seq || it.Pane.Query != pane(seq-1).Query || it.UID != pane(seq-1).UID() {
			t.Errorf("seq %d holds %q (seq %d)", seq, it.Query, it.Seq)
		}
		ids[it.ID] = true
		got, err := st.Labels(ctx, it.ID, rel.ID)
		if err != nil {
			return err
		}
		if got["question"] != wantQuestion[it.UID] {
			t.Errorf("%s: question %d, want the first label %d", it.Query, got["question"], wantQuestion[it.UID])
		}
		if v, ok := wantSet[it.UID]; ok != (got["answer_set"] == v && len(got) == 2) {
			t.Errorf("%s: labels %v, want answer_set %d (%v)", it.Query, got, v, ok)
		}
		return nil
	})
	if err != nil || seq != 8 || len(ids) != 8 {
		t.Fatalf("%d items, %d ids, %v", seq, len(ids), err)
	}

	// Again, with one new pane: it comes last, and nothing else is added.
	more := append(panes, pane(8))
	stats = importPanes(t, st, 3, more, append(labels, nil))
	if stats.Items != 1 || stats.ItemsKnown != len(panes) || stats.Labels != 0 {
		t.Fatalf("second import %+v", stats)
	}
	last, err := st.ItemByUID(ctx, ds[0].ID, pane(8).UID())
	if err != nil || last.Seq != 9 {
		t.Fatalf("new pane: %+v %v", last, err)
	}
}

func TestImportRefusesBadLabelsAndRollsBackDroppedIndexes(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	im.dropAfter = 2
	for i := 0; i < 5; i++ {
		if _, err := im.AddPane(Pane{Query: fmt.Sprint(i), Question: "Which?", Options: [5]string{"a"}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []UnitLabel{{Unit: "question", Annotator: "rel", Value: 3}, {Unit: "landing_6", Annotator: "rel", Value: 1}, {Unit: "question", Annotator: "", Value: 1}} {
		if _, err := im.AddPane(Pane{Query: "x", Question: "Which?", Options: [5]string{"a"}}, bad); err == nil {
			t.Errorf("label %+v accepted", bad)
		}
	}
	im.Rollback()
	if got := itemIndexNames(t, st); got != "items_free items_free_partial items_judge items_open items_seq items_uid items_waiting" {
		t.Fatalf("indexes after a rolled-back big import: %q", got)
	}
	var n int
	st.db.QueryRow("SELECT (SELECT count(*) FROM items) + (SELECT count(*) FROM datasets) + (SELECT count(*) FROM annotators WHERE name != 'root')").Scan(&n)
	if n != 0 {
		t.Fatalf("rolled-back import left %d rows", n)
	}
}

// An import, the first of an empty database too, leaves the file in WAL
// mode, committed or not.
func TestFirstImportReturnsToWAL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	mode := func() string {
		var m string
		st.db.QueryRow(`PRAGMA journal_mode`).Scan(&m)
		return m
	}
	for _, commit := range []bool{false, true, true} {
		im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := im.AddPane(Pane{Query: fmt.Sprint("q", commit), Question: "Which?", Options: [5]string{"a"}}); err != nil {
			t.Fatal(err)
		}
		if commit {
			if _, err := im.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			im.Rollback()
		}
		if m := mode(); m != "wal" {
			t.Fatalf("after an import (commit %v) the journal mode is %q", commit, m)
		}
	}
}

// An annotator's import into an empty database is refused and leaves the
// file as it was: not even its journal mode changes for it.
func TestRefusedFirstImportLeavesTheFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	testLead(t, st)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	header := func() []byte {
		st.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		b, err := os.ReadFile(st.Path())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := header()
	if _, err := st.BeginImport(ctx, ana, "d", "mimics", "mimics-manual"); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator's import: %v", err)
	}
	var mode string
	st.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	if !bytes.Equal(header(), before) || mode != "wal" {
		t.Fatalf("a refused import changed the file (journal mode %q)", mode)
	}
}

// The first import of an empty database, refused for what it holds after
// it has begun, leaves the file's bytes as they were: it never leaves WAL,
// whose leaving and coming back rewrote the file's header (SQLite's change
// counter moved by two).
func TestRolledBackFirstImportLeavesTheFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	file := func() []byte {
		st.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`) // what the WAL holds, into the file
		b, err := os.ReadFile(st.Path())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := file()
	im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.AddPane(Pane{Query: "q", Question: "Which?", Options: [5]string{"a"}}); err != nil {
		t.Fatal(err)
	}
	im.Rollback() // as a reader does on a bad line
	if after := file(); !bytes.Equal(after, before) {
		t.Fatalf("a rolled-back first import changed the file: change counter %d, was %d",
			binary.BigEndian.Uint32(after[24:28]), binary.BigEndian.Uint32(before[24:28]))
	}
}

// A task kind this claritty does not know is refused when a dataset would
// be created with it, and nothing is written.
func TestImportRefusesAnUnknownKind(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	lead := testLead(t, st)
	im, err := st.BeginImport(context.Background(), lead, "odd", "odd-kind", "mimics-manual")
	if err == nil {
		im.Rollback()
		t.Fatal("a dataset of kind odd-kind was begun")
	}
	if !errors.Is(err, guidelines.ErrUnknownKind) {
		t.Fatalf("err = %v, want ErrUnknownKind", err)
	}
	if _, err := st.DatasetByName(context.Background(), "odd"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after the refusal: %v", err)
	}
}
