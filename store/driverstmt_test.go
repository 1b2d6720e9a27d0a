package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// keyWholeHITs keys every unit of HITs until n labels are keyed, as the
// TUI does (NextHIT, LoadHIT, SetLabel against the revision seen, the
// last finishing the HIT), and says how many goroutines the process
// started in the SetLabel calls.
func keyWholeHITs(t *testing.T, ctx context.Context, st *Store, ds int64, an Annotator, n int) (labels int, started uint64) {
	t.Helper()
	units := map[int64][]string{}
	err := st.EachItem(ctx, ds, func(it Item) error {
		units[it.ID] = guidelines.MIMICS.Units(it.Shape(0))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for seq := 0; labels < n; seq++ {
		id, ok, _, err := st.NextHIT(ctx, ds, an.ID, seq)
		if err != nil || !ok {
			t.Fatalf("NextHIT: %v %v", ok, err)
		}
		h, err := st.LoadHIT(ctx, id, an.ID)
		if err != nil {
			t.Fatal(err)
		}
		rev := h.Rev
		for i, u := range units[id] {
			v := 1 + i%2
			before := goroutinesCreated(t)
			_, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: an.ID, Unit: u, Value: &v,
				Seconds: 2, Finish: i == len(units[id])-1, Rev: &rev, Move: StepMove{Leave: u}})
			started += goroutinesCreated(t) - before
			if err != nil {
				t.Fatal(err)
			}
			labels++
		}
	}
	return labels, started
}

// A keyed label under a context that can be cancelled (a served
// session's, the CLI's) starts no goroutine for each of the writer's
// statements: the SQLite driver starts one for each statement run under
// such a context, to interrupt it, and database/sql one for each read, so
// that was some eleven a label. The writer runs its statements under no
// deadline and asks the write's context before each. What is left is
// database/sql's own for each transaction (it watches every *sql.Tx, and
// so each read in one, the batch's schema check): two a batch, and here
// a batch is a label. Not parallel: the count is the whole process's.
func TestWriterStartsNoGoroutinePerStatement(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := openTemp(t)
	ds, _, an := seed(t, st, 20)
	labels, started := keyWholeHITs(t, ctx, st, ds, an, 40)
	if started > 3*uint64(labels) {
		t.Errorf("%d keyed labels started %d goroutines", labels, started)
	}
	var stored int
	if err := st.db.QueryRow(`SELECT count(*) FROM labels WHERE annotator_id = ?`, an.ID).Scan(&stored); err != nil || stored != labels {
		t.Errorf("%d labels keyed, %d stored (%v)", labels, stored, err)
	}
}

// A write whose context ends between two of its statements fails with
// the context's error at the next and leaves nothing, and the writer goes
// on with the next write: the writer's statements run under no deadline,
// and the write's context is asked before each.
func TestWriterWriteWhoseContextEndsFails(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx, cancel := context.WithCancel(context.Background())
	var ran bool
	err := st.tx(context.Background(), func(w *ptx) error {
		if w.drv == nil {
			t.Error("the writer's transaction runs no driver statements")
		}
		if _, err := w.exec(`INSERT INTO annotators (name, role, created_at) VALUES ('early', 'annotator', '2026-01-01')`); err != nil {
			return err
		}
		cancel() // the context ends between two statements of the write
		w.ctx = ctx
		_, err := w.exec(`INSERT INTO annotators (name, role, created_at) VALUES ('late', 'annotator', '2026-01-01')`)
		ran = true
		return err
	})
	if !ran || !errors.Is(err, context.Canceled) {
		t.Fatalf("ran %v, err %v; want context.Canceled", ran, err)
	}
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM annotators WHERE name IN ('early', 'late')`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d of the failed write's annotators stored (%v)", n, err)
	}
	if err := st.write(context.Background(), `INSERT INTO annotators (name, role, created_at) VALUES ('next', 'annotator', '2026-01-01')`); err != nil {
		t.Errorf("the write after it: %v", err)
	}
}

// scanDests are a fresh destination of every type the store scans into
// (scannable), and of a few it leaves to database/sql.
func scanDests() []any {
	return []any{new(int64), new(int), new(string), new(float64), new(bool), new([]byte), new(any),
		new(sql.NullInt64), new(sql.NullString), new(sql.NullFloat64), new(sql.NullBool), new(sql.NullInt32),
		new(sql.Null[int64]), new(sql.Null[string]), new(sql.NullTime), new(Purpose), new(agreement.Rule), new(guidelines.Kind), new(time.Time), new(*string), new(int32), new(uint8)}
}

// The writer's scan, reading the driver's values itself, stores each of
// SQLite's values into each destination type as database/sql's Row.Scan
// does, the same value or the same error; so do its arguments, each type
// made a driver's value as database/sql makes it.
func TestDriverScanConvertsAsDatabaseSQL(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	values := []string{`NULL`, `0`, `1`, `2`, `-7`, `9223372036854775807`, `1.5`, `2.0`, `-0.25`, `1e300`,
		`''`, `'abc'`, `'12'`, `'1'`, `'true'`, `' 3'`, `'2026-11-28T06:00:00Z'`, `x''`, `x'00ff'`, `x'31'`, `'é\x1b'`}
	type got struct {
		v   any
		err string
	}
	read := func(scan func(dest any) error) (out []got) {
		for _, d := range scanDests() {
			err := scan(d)
			g := got{v: reflect.ValueOf(d).Elem().Interface()}
			if err != nil {
				g.err = err.Error()
			}
			out = append(out, g)
		}
		return out
	}
	str := "s"
	var nilPtr *int
	args := []any{nil, 3, int64(-4), int32(5), uint8(6), 1.25, float32(0.5), true, false, "t", []byte("b"), []byte{},
		&str, nilPtr, sql.NullString{String: "n", Valid: true}, sql.NullInt64{}, time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC),
		guidelines.Kind("mimics")}
	q := func(v string) string { return `SELECT ` + v + ` AS v` }
	var want [][]got
	for _, v := range values {
		want = append(want, read(func(d any) error { return st.db.QueryRow(q(v)).Scan(d) }))
	}
	var wantArgs [][]got
	for _, a := range args {
		wantArgs = append(wantArgs, read(func(d any) error { return st.db.QueryRow(`SELECT ?`, a).Scan(d) }))
	}
	wantShape := []string{
		fmt.Sprint(st.db.QueryRow(`SELECT 1 WHERE 0`).Scan(new(int))),
		fmt.Sprint(st.db.QueryRow(`SELECT 1, 2`).Scan(new(int))),
		fmt.Sprint(st.db.QueryRow(`SELECT 1 WHERE 0`).Scan(new(int), new(int))),
		fmt.Sprint(st.db.QueryRow(`SELECT nosuch`).Scan(new(int))),
		fmt.Sprint(st.db.QueryRow(`SELECT ?`, struct{}{}).Scan(new(int))),
	}
	done := errors.New("done")
	err := st.tx(context.Background(), func(w *ptx) error {
		if w.drv == nil {
			t.Fatal("the writer's transaction runs no driver statements")
		}
		for i, v := range values {
			if g := read(func(d any) error { return w.scan(q(v), nil, d) }); !reflect.DeepEqual(g, want[i]) {
				t.Errorf("%s: the writer's scan stored\n%#v\ndatabase/sql\n%#v", v, g, want[i])
			}
		}
		for i, a := range args {
			if g := read(func(d any) error { return w.scan(`SELECT ?`, []any{a}, d) }); !reflect.DeepEqual(g, wantArgs[i]) {
				t.Errorf("argument %#v: the writer's scan stored\n%#v\ndatabase/sql\n%#v", a, g, wantArgs[i])
			}
		}
		shape := []string{
			fmt.Sprint(w.scan(`SELECT 1 WHERE 0`, nil, new(int))),
			fmt.Sprint(w.scan(`SELECT 1, 2`, nil, new(int))),
			fmt.Sprint(w.scan(`SELECT 1 WHERE 0`, nil, new(int), new(int))),
			fmt.Sprint(w.scan(`SELECT nosuch`, nil, new(int))),
			fmt.Sprint(w.scan(`SELECT ?`, []any{struct{}{}}, new(int))),
		}
		if !reflect.DeepEqual(shape, wantShape) {
			t.Errorf("the writer's scan failed with\n%q\ndatabase/sql with\n%q", shape, wantShape)
		}
		return done // nothing of it stays
	})
	if !errors.Is(err, done) {
		t.Fatal(err)
	}
}

// The writer's exec says what database/sql's says of a write: the rows it
// changed and the last row's id, and the same error for a refused one.
func TestDriverExecResultsAsDatabaseSQL(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	const add = `INSERT INTO annotators (name, role, created_at) VALUES (?, 'annotator', '2026-01-01')`
	const rename = `UPDATE annotators SET created_at = ? WHERE name GLOB ?`
	result := func(r sql.Result, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		id, err1 := r.LastInsertId()
		n, err2 := r.RowsAffected()
		return fmt.Sprint(n, err1, err2, id > 0)
	}
	var want []string
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"x1", "x2", "x1"} {
		want = append(want, result(tx.ExecContext(ctx, add, name)))
	}
	want = append(want, result(tx.ExecContext(ctx, rename, "2026-02-02", "x*")))
	want = append(want, result(tx.ExecContext(ctx, rename, "2026-02-02", "none")))
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	done := errors.New("done")
	err = st.tx(ctx, func(w *ptx) error {
		if w.drv == nil {
			t.Fatal("the writer's transaction runs no driver statements")
		}
		var got []string
		for _, name := range []string{"x1", "x2", "x1"} {
			got = append(got, result(w.exec(add, name)))
		}
		got = append(got, result(w.exec(rename, "2026-02-02", "x*")))
		got = append(got, result(w.exec(rename, "2026-02-02", "none")))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("the writer's exec said\n%q\ndatabase/sql\n%q", got, want)
		}
		return done
	})
	if !errors.Is(err, done) {
		t.Fatal(err)
	}
}
