package data

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// clariqStore imports three ClariQ-style gated requests (datatest) as
// dataset "clariq" and returns the store and request 1's uid and id.
func clariqStore(t *testing.T) (*store.Store, store.Item) {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQGated))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(datatest.ClariQGatedRows(3)), "clariq.tsv",
		f, []byte(datatest.ClariQGated), Options{}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "clariq")
	if err != nil {
		t.Fatal(err)
	}
	return st, storetest.ItemAt(t, st, ds.ID, 1)
}

// mergeRows imports a labels file (rows of item, unit, annotator, label and
// updated_at; "" for no time) as the lead.
func mergeRows(t *testing.T, st *store.Store, rows ...string) (Result, error) {
	t.Helper()
	body := "item\tunit\tannotator\tlabel\tupdated_at\n" + strings.Join(rows, "\n") + "\n"
	return testImport(context.Background(), st, lead(t, st), strings.NewReader(body), "m.tsv", Options{Format: FormatLabels})
}

// keyClariQ keys the labels ("unit=value") one by one as the screen
// does, the last finishing the HIT.
func keyClariQ(t *testing.T, st *store.Store, item, who int64, labels ...string) {
	t.Helper()
	for i, l := range labels {
		u, v, _ := strings.Cut(l, "=")
		n, _ := strconv.Atoi(v)
		ch := store.LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: &n, Finish: i == len(labels)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// withdrawnRows counts the history rows of withdrawn labels.
func withdrawnRows(t *testing.T, st *store.Store) int {
	t.Helper()
	var n int
	if err := storetest.DB(t, st).QueryRow(`SELECT count(*) FROM label_history WHERE source = 'withdrawn' AND new_value IS NULL`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A labels merge keeps the rule a key keeps: a file's newer no withdraws
// the labels that waited for the database's yes (each with a history row,
// counted); a file that gives a label with the answer that ends it is
// refused at the label's line, and so is a label later than the
// database's no it would wait on; a label older than that no is taken
// away again. A refused merge changes nothing.
func TestMergeKeepsConditions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, it := clariqStore(t)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	keyClariQ(t, st, it.ID, ana.ID, "need=3", "ask=1", "usefulness_1=2", "usefulness_2=3", "clear=1")

	if _, err := mergeRows(t, st, it.UID+"\task\tana\t0\t"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, it.ID, ana.ID); len(got) != 2 || got["ask"] != 0 {
		t.Errorf("after the merged no: %v", got)
	}
	if n := withdrawnRows(t, st); n != 3 {
		t.Errorf("%d history rows of withdrawn labels, want 3", n)
	}

	db := storetest.DB(t, st)
	tables := []string{"labels", "label_history", "hits", "items", "annotators"}
	before := storetest.Fingerprint(t, db, tables...)
	for _, c := range []struct {
		rows []string
		want string
	}{
		{[]string{it.UID + "\task\tbo\t0\t", it.UID + "\tneed\tbo\t2\t", it.UID + "\tusefulness_2\tbo\t2\t"},
			"m.tsv:4: usefulness_2 2 waits for another label: ask 1, and line 2 gives ask 0"},
		{[]string{it.UID + "\tneed\tcy\t2\t", it.UID + "\twhy\tcy\t1\t"},
			"m.tsv:3: why 1 waits for another label: clear 0, and the annotator has no clear"},
		{[]string{it.UID + "\tusefulness_1\tana\t2\t2999-01-01T00:00:00Z"},
			"m.tsv:2: usefulness_1 2 waits for another label: ask 1; the database's ask is 0, set before this label"},
	} {
		_, err := mergeRows(t, st, c.rows...)
		if err == nil || err.Error() != c.want || !errors.Is(err, store.ErrCondition) {
			t.Errorf("merging %q:\n got %v\nwant %s", c.rows, err, c.want)
		}
		if storetest.Fingerprint(t, db, tables...) != before {
			t.Fatalf("the refused merge of %q changed the database", c.rows)
		}
	}

	// A label older than the database's no that ends it: merged, and
	// withdrawn at once.
	if _, err = mergeRows(t, st, it.UID+"\tusefulness_1\tana\t3\t2001-01-01T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, it.ID, ana.ID); len(got) != 2 || withdrawnRows(t, st) != 4 {
		t.Errorf("an older label than the no: %v, %d withdrawn", got, withdrawnRows(t, st))
	}

	// A file's no older than the usefulness it would end: refused at the
	// no's line.
	dee := []string{it.UID + "\tneed\tdee\t2\t2020-01-01T00:00:00Z", it.UID + "\task\tdee\t1\t2020-01-01T00:00:00Z",
		it.UID + "\tusefulness_1\tdee\t2\t2020-01-05T00:00:00Z"}
	if _, err := mergeRows(t, st, dee...); err != nil {
		t.Fatal(err)
	}
	_, err = mergeRows(t, st, it.UID+"\task\tdee\t0\t2020-01-03T00:00:00Z")
	if want := "m.tsv:2: ask 0 is older than the database's usefulness_1 2, which waits for ask 1: that label was given after"; err == nil || err.Error() != want {
		t.Errorf("an older no:\n got %v\nwant %s", err, want)
	}
}

// A protocol file's own labels (a release's, or practice answers) may not
// hold a label together with the answer that withdraws it: refused at the
// cell's line, the database unchanged.
func TestProtocolFileLabelsKeepConditions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQGated))
	if err != nil {
		t.Fatal(err)
	}
	body := "topic_id\tinitial_request\tquestion_id\tquestion\tneed\task\tusefulness\tclear\twhy\n" +
		"1\tTell me\tQ1\tWhich?\t3\t1\t2\t1\t\n" +
		"2\tFind it\tQ2\tWhere?\t2\t0\t\t\t\n" +
		"2\tFind it\tQ3\tWhen?\t2\t0\t3\t\t\n"
	for _, purpose := range []store.Purpose{"", store.PurposePractice} {
		opt := Options{Dataset: "cq", Purpose: purpose}
		_, err = ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(body), "cq.tsv", f, []byte(datatest.ClariQGated), opt)
		want := "cq.tsv:4: usefulness_2 3 waits for another label: ask 1, and the file gives ask 0"
		if err == nil || err.Error() != want {
			t.Errorf("%q: got %v\nwant %s", purpose, err, want)
		}
	}
	if ds, _ := st.Datasets(ctx); len(ds) != 0 {
		t.Errorf("datasets after the refused imports: %v", ds)
	}
	good := strings.Replace(body, "\t0\t3\t\t\n", "\t0\t\t\t\n", 1)
	if _, err := ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(good), "cq.tsv", f, []byte(datatest.ClariQGated), Options{}); err != nil {
		t.Errorf("the file without the contradicted label: %v", err)
	}
}

// Issue 45, point 5: a condition on a set of values holds in a merge and
// in a protocol file's own labels as one value does. A labels file that
// gives a usefulness with a need of 1 is refused at its line, naming the
// set; the file's newer need of 2 (in the set, from 3) withdraws nothing,
// its newer need of 1 withdraws the usefulness; a release file with a
// usefulness under a need of 1 is refused at that cell's line.
func TestMergeKeepsAConditionsSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQNeedIn))
	if err != nil {
		t.Fatal(err)
	}
	release := "topic_id\tinitial_request\tquestion_id\tquestion\tneed\task\tusefulness\tclear\twhy\n" +
		"1\tTell me\tQ1\tWhich?\t3\t\t2\t\t\n" +
		"2\tFind it\tQ2\tWhere?\t1\t\t\t\t\n" +
		"2\tFind it\tQ3\tWhen?\t1\t\t3\t\t\n"
	_, err = ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(release), "cq.tsv", f, []byte(datatest.ClariQNeedIn), Options{Dataset: "cq"})
	if want := "cq.tsv:4: usefulness_2 3 waits for another label: need 2, 3 or 4, and the file gives need 1"; err == nil || err.Error() != want {
		t.Errorf("a release's usefulness under need 1: %v\nwant %s", err, want)
	}
	if _, err := ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(datatest.ClariQGatedRows(2)), "clariq.tsv",
		f, []byte(datatest.ClariQNeedIn), Options{}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "clariq")
	if err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, st, ds.ID, 1)

	db := storetest.DB(t, st)
	tables := []string{"labels", "label_history", "hits", "items", "annotators"}
	before := storetest.Fingerprint(t, db, tables...)
	_, err = mergeRows(t, st, it.UID+"\tneed\tbo\t1\t", it.UID+"\tusefulness_1\tbo\t2\t")
	if want := "m.tsv:3: usefulness_1 2 waits for another label: need 2, 3 or 4, and line 2 gives need 1"; err == nil || err.Error() != want || !errors.Is(err, store.ErrCondition) {
		t.Errorf("usefulness with need 1:\n got %v\nwant %s", err, want)
	}
	if storetest.Fingerprint(t, db, tables...) != before {
		t.Fatal("the refused merge changed the database")
	}

	if _, err := mergeRows(t, st, it.UID+"\tneed\tana\t3\t2020-01-01T00:00:00Z", it.UID+"\tusefulness_1\tana\t2\t2020-01-02T00:00:00Z",
		it.UID+"\tusefulness_2\tana\t3\t2020-01-02T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mergeRows(t, st, it.UID+"\tneed\tana\t2\t2020-01-03T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, it.ID, ana.ID); len(got) != 3 || got["need"] != 2 || withdrawnRows(t, st) != 0 {
		t.Errorf("after the merged need 2: %v, %d withdrawn", got, withdrawnRows(t, st))
	}
	if _, err := mergeRows(t, st, it.UID+"\tneed\tana\t1\t2020-01-04T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, it.ID, ana.ID); len(got) != 1 || got["need"] != 1 || withdrawnRows(t, st) != 2 {
		t.Errorf("after the merged need 1: %v, %d withdrawn", got, withdrawnRows(t, st))
	}
}
