package main

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Issue 45, point 5, through the built binary: a protocol whose step is
// asked when the need is any of 2, 3 or 4 (datatest.ClariQNeedIn) imports
// with import --protocol; a lead's labels merge that gives a usefulness
// with a need of 1 is refused at its line, the database unchanged; over
// SSH, ana's need changed from 3 to 2 keeps her usefulness and from 2 to 1
// withdraws it, each way in her own merge.
func TestWhenInThroughTheBinary(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := tm.file(t, "need.toml", datatest.ClariQNeedIn)
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "cq", tm.file(t, "cq.tsv", datatest.ClariQGatedRows(2))); r.code != 0 {
		t.Fatalf("import --protocol: %+v", r)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "cq")
	if err != nil {
		t.Fatal(err)
	}
	uid := storetest.ItemAt(t, st, ds.ID, 1).UID
	st.Close()

	before := dbBytes(t, tm.db)
	bad := tm.file(t, "bad.tsv", "item\tunit\tannotator\tlabel\n"+uid+"\tneed\tbo\t1\n"+uid+"\tusefulness_1\tbo\t2\n")
	r := tm.run(t, "", "", "import", "--format", "labels", bad)
	if want := "bad.tsv:3: usefulness_1 2 waits for another label: need 2, 3 or 4, and line 2 gives need 1"; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("a usefulness under need 1: %+v; want %q", r, want)
	}
	if dbBytes(t, tm.db) != before {
		t.Error("the refused merge changed the database")
	}

	srv := startServe(t, tm.db)
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	merge := func(rows ...string) result {
		t.Helper()
		return sshRun(t, ana, "item\tunit\tannotator\tlabel\tupdated_at\n"+strings.Join(rows, "\n")+"\n", "import --format labels -")
	}
	if r := merge(uid+"\tneed\tana\t3\t2026-01-01T10:00:00Z", uid+"\tusefulness_1\tana\t2\t2026-01-01T10:01:00Z",
		uid+"\tusefulness_2\tana\t3\t2026-01-01T10:01:00Z"); r.code != 0 {
		t.Fatalf("ana's HIT: %+v", r)
	}
	if r := merge(uid + "\tneed\tana\t2\t2026-01-01T10:02:00Z"); r.code != 0 || strings.Contains(r.stderr, "withdrawn") {
		t.Errorf("need 3 → 2: %+v", r)
	}
	if got := anaLabels(t, tm, uid); got != "need=2 usefulness_1=2 usefulness_2=3" {
		t.Errorf("after need 3 → 2: %s", got)
	}
	if r := merge(uid + "\tneed\tana\t1\t2026-01-01T10:03:00Z"); r.code != 0 || !strings.Contains(r.stderr, "2 labels withdrawn") {
		t.Errorf("need 2 → 1: %+v", r)
	}
	if got := anaLabels(t, tm, uid); got != "need=1" {
		t.Errorf("after need 2 → 1: %s", got)
	}
}

// anaLabels are ana's labels of the item, in unit order.
func anaLabels(t *testing.T, tm team, uid string) string {
	t.Helper()
	st, err := store.Open(context.Background(), tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out []string
	rows, err := storetest.DB(t, st).Query(`SELECT l.unit || '=' || l.value FROM labels l JOIN items i ON i.id = l.item_id
		JOIN annotators a ON a.id = l.annotator_id WHERE i.uid = ? AND a.name = 'ana' ORDER BY l.unit`, uid)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// A kept file whose condition is value = 3, with labels stored under it:
// protocols add of the same file with in = [3] is the same condition and
// is kept; in = [3, 4] differs and is refused, nothing changed.
func TestWhenValueTurnedToInIsTheSameCondition(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	kept := strings.Replace(datatest.ClariQNeedIn, "in = [2, 3, 4]", "value = 3", 1)
	rows := datatest.ClariQGatedRows(1)
	rows = strings.Replace(rows, "\t\t\t\t\t\n", "\t3\t\t2\t\t\n", 1) // request 1's first question: need 3, usefulness 2
	if r := tm.run(t, "", "", "import", "--protocol", tm.file(t, "need.toml", kept), tm.file(t, "cq.tsv", rows)); r.code != 0 {
		t.Fatalf("import --protocol: %+v", r)
	}
	before := tm.fingerprint(t)
	wider := strings.Replace(kept, "value = 3", "in = [3, 4]", 1)
	if r := tm.run(t, "", wider, "protocols", "add", "-"); r.code == 0 || !strings.Contains(r.stderr, "its conditions (when) differ, and labels are stored") {
		t.Errorf("in = [3, 4] for value = 3: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused file changed the database")
	}
	same := strings.Replace(kept, "value = 3", "in = [3]", 1)
	if r := tm.run(t, "", same, "protocols", "add", "-"); r.code != 0 {
		t.Errorf("in = [3] for value = 3: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols", "show", "clariq-need"); r.stdout != same {
		t.Errorf("the kept file: %q", r.stdout)
	}
}
