package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claritty/claritty/store/internal/dbimage"
)

// openTemp opens a new, empty database: a copy of one migrated once per
// test process (migrate_test.go tests migrating itself).
func openTemp(t *testing.T) *Store {
	t.Helper()
	path := dbimage.Copy(t, "empty", func(path string) error {
		st, err := Open(context.Background(), path)
		if err != nil {
			return err
		}
		return st.Close()
	})
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// testLead is the database's lead: root, the first OS user of a new
// database (or the one who became its lead first).
func testLead(t testing.TB, st *Store) Annotator {
	t.Helper()
	a, err := st.Actor(context.Background(), "root", "")
	if err != nil || a.Role != RoleLead {
		t.Fatalf("root as the lead: %+v %v", a, err)
	}
	return a
}

// seed adds a dataset with n panes and one annotator.
func seed(t *testing.T, st *Store, n int) (datasetID int64, items []int64, ann Annotator) {
	t.Helper()
	ctx := context.Background()
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		added, err := im.AddPane(Pane{Query: fmt.Sprintf("q%d", i), Question: "Which?", Options: [5]string{"a", "b"}})
		if err != nil || !added {
			t.Fatalf("add pane %d: %v %v", i, added, err)
		}
	}
	datasetID = im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	err = st.EachItem(ctx, datasetID, func(it Item) error {
		items = append(items, it.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ann, err = st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return datasetID, items, ann
}

func TestMigrateFromEmpty(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	var appID, version int
	st.db.QueryRow("PRAGMA application_id").Scan(&appID)
	st.db.QueryRow("PRAGMA user_version").Scan(&version)
	if appID != ApplicationID || version != SchemaVersion() || version < 1 {
		t.Fatalf("application_id %x user_version %d, want %x and %d", appID, version, ApplicationID, SchemaVersion())
	}
	var mode string
	st.db.QueryRow("PRAGMA journal_mode").Scan(&mode)
	if mode != "wal" {
		t.Fatalf("journal_mode %q", mode)
	}
	// Opening again applies nothing and keeps the data.
	path := st.Path()
	seed(t, st, 2)
	st.Close()
	st2, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	ds, _ := st2.Datasets(context.Background())
	if len(ds) != 1 || ds[0].Items != 2 {
		t.Fatalf("datasets after reopen: %+v", ds)
	}
}

func TestRefusesNewerAndForeignDatabases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	newer := filepath.Join(dir, "newer.db")
	st, err := Open(context.Background(), newer)
	if err != nil {
		t.Fatal(err)
	}
	st.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion()+1))
	st.Close()
	if _, err := Open(context.Background(), newer); !errors.Is(err, ErrNewerDatabase) {
		t.Fatalf("newer database: got %v", err)
	}

	foreign := filepath.Join(dir, "foreign.db")
	db, _ := sql.Open("sqlite", foreign)
	db.Exec("CREATE TABLE t (x)")
	db.Close()
	if _, err := Open(context.Background(), foreign); !errors.Is(err, ErrNotClaritty) {
		t.Fatalf("foreign database: got %v", err)
	}
}

func TestLabelConstraints(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	_, items, ann := seed(t, st, 1)
	bad := []struct {
		unit  string
		value int
	}{{"question", 3}, {"question", -1}, {"landing_6", 1}, {"coherence", 1}}
	for _, b := range bad {
		v := b.value
		if _, err := st.SetLabel(context.Background(), LabelChange{ItemID: items[0], AnnotatorID: ann.ID, Unit: b.unit, Value: &v}); err == nil {
			t.Errorf("%s=%d was stored", b.unit, b.value)
		}
		// Straight SQL is refused too: the schema holds the rule, not the code.
		_, err := st.db.Exec(`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, '', '')`,
			items[0], b.unit, ann.ID, b.value)
		if err == nil {
			t.Errorf("raw insert %s=%d was stored", b.unit, b.value)
		}
	}
	if _, err := st.db.Exec(`INSERT INTO flags (item_id, annotator_id, reason, at) VALUES (?, ?, 'boring', '')`, items[0], ann.ID); err == nil {
		t.Error("flag with an unknown reason was stored")
	}
	var n int
	st.db.QueryRow("SELECT count(*) FROM labels").Scan(&n)
	if n != 0 {
		t.Fatalf("%d labels stored", n)
	}
}

func ptr(v int) *int { return &v }

func TestHistoryRecordsEveryChange(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items, ann := seed(t, st, 1)
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	st.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	set := func(v *int, src string) {
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ann.ID, Unit: "question", Value: v, Seconds: 2, Source: src}); err != nil {
			t.Fatal(err)
		}
	}
	set(ptr(2), "")
	set(ptr(2), "") // the same value again is no change
	set(ptr(0), "")
	set(nil, "undo")
	set(ptr(1), "")
	hs, err := st.History(ctx, items[0])
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ old, new *int }{{nil, ptr(2)}, {ptr(2), ptr(0)}, {ptr(0), nil}, {nil, ptr(1)}}
	if len(hs) != len(want) {
		t.Fatalf("%d history entries, want %d: %+v", len(hs), len(want), hs)
	}
	for i, w := range want {
		if !sameValue(hs[i].Old, w.old) || !sameValue(hs[i].New, w.new) || hs[i].Annotator != "ana" {
			t.Errorf("entry %d: %+v", i, hs[i])
		}
	}
	if hs[2].Source != "undo" || hs[0].At != "2026-01-02T03:04:06.000Z" {
		t.Errorf("source %q at %q", hs[2].Source, hs[0].At)
	}
	// Replaying the history rebuilds the current state.
	state := map[string]*int{}
	for _, h := range hs {
		state[h.Unit] = h.New
	}
	labels, _ := st.Labels(ctx, items[0], ann.ID)
	if v, ok := labels["question"]; !ok || state["question"] == nil || v != *state["question"] || v != 1 {
		t.Fatalf("labels %v, history says %v", labels, state["question"])
	}
}

func TestFinishUndoAndProgress(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items, ann := seed(t, st, 3)
	if id, ok, _ := next(t, st, ds, ann.ID); !ok || id != items[0] {
		t.Fatalf("next = %d %v", id, ok)
	}
	st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ann.ID, Unit: "landing_2", Value: ptr(1), Finish: true})
	if done, total, _ := st.Progress(ctx, ds, ann.ID); done != 1 || total != 3 {
		t.Fatalf("progress %d/%d", done, total)
	}
	if id, _, _ := next(t, st, ds, ann.ID); id != items[1] {
		t.Fatalf("next after finishing the first = %d", id)
	}
	st.AddFlag(ctx, items[1], ann.ID, "broken", "")
	if id, _, _ := next(t, st, ds, ann.ID); id != items[2] {
		t.Fatalf("next after flagging the second = %d", id)
	}
	// Undoing the finishing label reopens the HIT.
	st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ann.ID, Unit: "landing_2", Value: nil})
	if id, _, _ := next(t, st, ds, ann.ID); id != items[0] {
		t.Fatalf("next after undo = %d", id)
	}
	// From past the last item, the annotator's own open HITs come first.
	if id, _, _, _ := st.NextHIT(ctx, ds, ann.ID, 99); id != items[0] {
		t.Fatalf("wrapped next = %d", id)
	}
	rows, _ := st.Queue(ctx, ds, ann.ID, QueueFilter{}, 0, 10)
	got := [3]Status{rows[0].Status, rows[1].Status, rows[2].Status}
	// The third was handed out (held) when the second was flagged.
	if got != [3]Status{StatusInProgress, StatusFlagged, StatusInProgress} {
		t.Fatalf("queue statuses %v", got)
	}
}

func TestTimeSpent(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items, ann := seed(t, st, 1)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	st.Now = func() time.Time { return clock }
	ev := func(after time.Duration, step, event string) {
		clock = clock.Add(after)
		if err := st.StepEvent(ctx, items[0], ann.ID, step, event); err != nil {
			t.Fatal(err)
		}
	}
	ev(0, "serp", "enter")
	ev(10*time.Second, "serp", "leave")
	ev(0, "question", "enter")
	ev(4*time.Second, "question", "leave")
	ev(time.Minute, "question", "enter") // came back later
	ev(2*time.Second, "question", "leave")
	ev(0, "answer_set", "enter") // killed here: no leave
	per, total, err := st.TimeSpent(ctx, items[0], ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	if per["serp"] != 10*time.Second || per["question"] != 6*time.Second || per["answer_set"] != 0 || total != 16*time.Second {
		t.Fatalf("per step %v total %v", per, total)
	}
}

// Several connections labelling at once (as several processes would) all
// commit, each label exactly once, with no "database is locked".
func TestConcurrentWriters(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items, _ := seed(t, st, 20)
	const writers = 6
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: writers, Max: writers, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers*len(items))
	for w := 0; w < writers; w++ {
		other, err := Open(ctx, st.Path())
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		a, err := other.EnsureAnnotator(ctx, fmt.Sprintf("w%d", w))
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, id := range items {
				for _, u := range []string{"question", "answer_set"} {
					if _, err := other.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: a.ID, Unit: u, Value: ptr(int(id) % 3)}); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n, h int
	st.db.QueryRow("SELECT count(*) FROM labels").Scan(&n)
	st.db.QueryRow("SELECT count(*) FROM label_history").Scan(&h)
	if want := writers * len(items) * 2; n != want || h != want {
		t.Fatalf("%d labels and %d history rows, want %d", n, h, want)
	}
}

func TestImportIsAllOrNothingAndIdempotent(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	p := Pane{Query: "q", Question: "Which?", Options: [5]string{"a", "b"}}
	im, _ := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	im.AddPane(p, UnitLabel{Unit: "question", Annotator: "rel", Value: 2})
	im.Rollback()
	var n int
	st.db.QueryRow("SELECT (SELECT count(*) FROM items) + (SELECT count(*) FROM labels) + (SELECT count(*) FROM datasets)").Scan(&n)
	if n != 0 {
		t.Fatalf("rolled-back import left %d rows", n)
	}
	for round := 0; round < 2; round++ {
		im, _ := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
		added, err := im.AddPane(p, UnitLabel{Unit: "question", Annotator: "rel", Value: 2})
		if err != nil || added != (round == 0) {
			t.Fatalf("round %d: added %v err %v", round, added, err)
		}
		stats, err := im.Commit()
		if err != nil {
			t.Fatal(err)
		}
		if round == 1 && (stats.Items != 0 || stats.Labels != 0 || stats.ItemsKnown != 1 || stats.LabelsKnown != 1) {
			t.Fatalf("second import: %+v", stats)
		}
	}
}

func TestUIDIsContentDerived(t *testing.T) {
	t.Parallel()
	a := Pane{Query: "q", Question: "Which?", Options: [5]string{"a", "b"}}
	b := a
	b.Meta = `{"x":1}`
	c := a
	c.Options[0], c.Options[1] = "b", "a"
	d := Pane{Query: "q\tWhich?", Question: "", Options: [5]string{"a", "b"}}
	if a.UID() != b.UID() {
		t.Error("metadata changed the uid")
	}
	if a.UID() == c.UID() || a.UID() == d.UID() {
		t.Error("different panes share a uid")
	}
	// Ids must never change between versions: pinned to sha256sum's output,
	// printf 'q\tWhich?\ta\tb\t\t\t' | sha256sum | cut -c1-16, and the same
	// for a pane too long for the hashing buffer.
	if a.UID() != "2e5c3074c066a641" {
		t.Errorf("uid %q", a.UID())
	}
	long := Pane{Query: strings.Repeat("x", 600), Question: "Which?", Options: [5]string{"a"}}
	if long.UID() != "64dfef2aa427219d" {
		t.Errorf("long pane uid %q", long.UID())
	}
}

// A label keyed by a lead acting as someone (--as) is that person's label,
// and the history names the lead as who keyed it.
func TestLabelHistoryKeepsTheActor(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items, ana := seed(t, st, 1)
	lead := testLead(t, st)
	asAna, err := st.Actor(ctx, "root", "ana")
	if err != nil || asAna.ID != ana.ID {
		t.Fatalf("--as ana: %+v %v", asAna, err)
	}
	v := 2
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: asAna.ID, ActorID: asAna.ActorID(),
		Unit: "question", Value: &v}); err != nil {
		t.Fatal(err)
	}
	var annotator, actor int64
	st.db.QueryRow(`SELECT annotator_id, actor_id FROM label_history`).Scan(&annotator, &actor)
	if annotator != ana.ID || actor != lead.ID {
		t.Fatalf("history: annotator %d actor %d, want %d and %d", annotator, actor, ana.ID, lead.ID)
	}
}

// Anyone but a lead merges labels only under their own name, and only on
// items the policy has room for them on.
func TestMergeRules(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items, ana := seed(t, st, 2)
	lead := testLead(t, st)
	if err := st.SetPolicy(ctx, lead, ds, Policy{Min: 1, Max: 1, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	bo, _ := st.SetRole(ctx, lead, "bo", RoleAnnotator)
	label(t, st, items[0], bo.ID, 2) // item 0 has its one annotator
	merge := func(who Annotator, item int64, annotator string) error {
		m, err := st.BeginMerge(ctx, who, "")
		if err != nil {
			return err
		}
		defer m.Rollback()
		ref, err := m.Item(itemUID(t, st, item))
		if err != nil {
			return err
		}
		if err := m.Add(MergedLabel{Item: ref, Unit: "question", Annotator: annotator, Value: 1}); err != nil {
			return err
		}
		_, err = m.Commit(func(ItemRef, map[string]int) bool { return false })
		return err
	}
	if err := merge(ana, items[1], "bo"); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("ana merged bo's label: %v", err)
	}
	if err := merge(ana, items[1], "zed"); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("ana merged a label of a new name: %v", err)
	}
	if err := merge(ana, items[0], "ana"); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("ana merged onto an item with no room for her: %v", err)
	}
	if err := merge(ana, items[1], "ana"); err != nil {
		t.Fatalf("ana merging her own label: %v", err)
	}
	if err := merge(lead, items[0], "zed"); err != nil {
		t.Fatalf("the lead merging anyone's: %v", err)
	}
}

func itemUID(t *testing.T, st *Store, id int64) string {
	t.Helper()
	it, err := st.ItemByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return it.UID
}
