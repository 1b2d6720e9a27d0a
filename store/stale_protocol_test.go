package store

import (
	"context"
	"errors"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// A store that has not read the database since another process kept a
// protocol file still imports under the same file: the import's
// transaction takes the kept file, and the store knows it once it commits.
func TestImportUnderAFileKeptElsewhere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := openTemp(t)
	lead := testLead(t, a)
	b, err := Open(ctx, a.path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	f, text := shippedAs(t, "kept-elsewhere")
	if err := b.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatal(err)
	}
	im, err := a.BeginProtocolImport(ctx, lead, "elsewhere", "", f, text)
	if err != nil {
		t.Fatalf("an import under the file another process kept: %v", err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	if !a.Kinds().Known("kept-elsewhere") {
		t.Error("the store does not know the kind after the import")
	}
}

// An item of a kind the database has no protocol for (a hand-edited
// file) is refused wherever the store reads it as an item of its kind,
// with the kind named, never taken for a kind that asks nothing.
func TestItemOfAnUnknownKind(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	ds, items, _ := seed(t, st, 1)
	if _, err := st.db.Exec(`UPDATE datasets SET kind = 'zz-unknown' WHERE id = ?`, ds); err != nil {
		t.Fatal(err)
	}
	v := 1
	err := st.Adjudicate(ctx, items[0], "answer_set", &v, lead, "")
	if !errors.Is(err, guidelines.ErrUnknownKind) {
		t.Errorf("a decision on an item of an unknown kind: %v", err)
	}
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	it, err := st.ItemByID(ctx, items[0])
	if err != nil {
		t.Fatal(err)
	}
	err = m.Add(MergedLabel{Item: ItemRef{ID: items[0]}, Unit: "answer_set", Annotator: "ana", Value: 1})
	if !errors.Is(err, guidelines.ErrUnknownKind) {
		t.Errorf("a merged label on an item of an unknown kind (%s): %v", it.UID, err)
	}
}
