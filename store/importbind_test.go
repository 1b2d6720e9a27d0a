package store

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// panesForBinding are n panes of uneven shape: one to five options, and
// every seventh with a list of its own (list_len), when lists is set.
func panesForBinding(n int, lists bool) []Pane {
	var panes []Pane
	for i := range n {
		p := Pane{Query: fmt.Sprint("query ", i), Question: "Which?", Meta: fmt.Sprintf(`{"n":%d}`, i)}
		for j := range 1 + i%5 {
			p.Options[j] = fmt.Sprintf("o%d-%d", i, j)
		}
		if lists && i%7 == 0 {
			p.ListLen = 6 + i%3
		}
		panes = append(panes, p)
	}
	return panes
}

// addPanesMany adds panes through AddPanes in runs of uneven length (as a
// reader's batches end), the indexes dropped after the first three.
func addPanesMany(t *testing.T, im *Importer, panes []Pane) {
	t.Helper()
	im.dropAfter = 3
	var rows []PaneRow
	for _, p := range panes {
		rows = append(rows, p.Row())
	}
	for rest := rows; len(rest) > 0; {
		k := min(len(rest), 45)
		if n, err := im.AddPanes(rest[:k]); err != nil || n != k {
			t.Fatalf("AddPanes took %d of %d: %v", n, k, err)
		}
		rest = rest[k:]
	}
}

// A statement of many panes binds each row's own values only: the
// dataset and the first row's seq once for the statement (the rows' seqs
// follow from it), and a row's list_len only when a row of the statement
// has one. Every value the driver binds takes the connection's mutex (and
// a text a copy into C memory and a free), which for a big import was
// about a seventh of its inserting goroutine's time.
func TestPaneStatementsBindOnlyTheRowsOwnValues(t *testing.T) {
	t.Parallel()
	for _, lists := range []bool{false, true} {
		t.Run(fmt.Sprint("lists=", lists), func(t *testing.T) {
			ctx := context.Background()
			st := openTemp(t)
			im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
			if err != nil {
				t.Fatal(err)
			}
			defer im.Rollback()
			// Whole statements only: every row a statement of paneChunk.
			addPanesMany(t, im, panesForBinding(3+4*paneChunk, lists))
			perRow := paneColumns - 2 // not the dataset, not the seq
			if !lists {
				perRow-- // nor list_len
			}
			most := 0
			for _, s := range im.panes.st {
				most = max(most, parameters(t, im.panes.conn, s))
			}
			if want := 2 + paneChunk*perRow; most != want {
				t.Errorf("a statement of %d panes binds %d values, want %d (2, and %d a row)", paneChunk, most, want, perRow)
			}
		})
	}
}

// What a statement of many panes stores is what AddPane stores one by
// one, column by column and type by type: the dataset and seq worked out
// in the statement are integers like the bound ones were, and a row
// without a list has NULL for list_len beside rows with one, in one
// statement and in statements of rows without any.
func TestPaneStatementsStoreWhatAddPaneStores(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	panes := panesForBinding(3*paneChunk+11, true)
	// One statement's rows have no list at all.
	for i := range panes {
		if i >= 2*paneChunk && i < 3*paneChunk {
			panes[i].ListLen = 0
		}
	}
	items := func(many, driverBinds bool) []string {
		st := openTemp(t)
		// The dataset is not the first, so its id is not 1 (as seq is).
		importPanes(t, st, 4096, []Pane{{Query: "other", Question: "Q?", Options: [5]string{"a"}}}, [][]UnitLabel{nil})
		im, err := st.BeginImport(ctx, testLead(t, st), "d2", "mimics", "mimics-manual")
		if err != nil {
			t.Fatal(err)
		}
		defer im.Rollback()
		im.panes.driverBinds = driverBinds
		if many {
			addPanesMany(t, im, panes)
		} else {
			for i, p := range panes {
				if _, err := im.AddPane(p); err != nil {
					t.Fatalf("pane %d: %v", i, err)
				}
			}
		}
		if _, err := im.Commit(); err != nil {
			t.Fatal(err)
		}
		got, err := collect(ctx, st.db, "items", `SELECT id || ' ' || typeof(dataset_id) || dataset_id || ' ' || typeof(seq) || seq
			|| ' ' || uid || ' ' || query || ' ' || question || ' ' || option_1 || '|' || option_2 || '|' || option_3 || '|' || option_4
			|| '|' || option_5 || ' ' || meta || ' ' || typeof(list_len) || coalesce(list_len, '')
			FROM items WHERE dataset_id = (SELECT id FROM datasets WHERE name = 'd2') ORDER BY id`, nil,
			func(r *sql.Rows) (s string, err error) { return s, r.Scan(&s) })
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	one := items(false, false)
	if len(one) != len(panes) {
		t.Fatalf("%d items one by one, want %d", len(one), len(panes))
	}
	// Texts bound in place, and the driver's binding the import falls
	// back to.
	for _, driverBinds := range []bool{false, true} {
		many := items(true, driverBinds)
		if !slices.Equal(one, many) {
			for i := range min(len(one), len(many)) {
				if one[i] != many[i] {
					t.Fatalf("item %d: AddPanes (the driver's binding: %v) %q, one by one %q", i, driverBinds, many[i], one[i])
				}
			}
			t.Fatalf("%d items many to a statement (the driver's binding: %v), want %d", len(many), driverBinds, len(one))
		}
	}
	if !strings.HasSuffix(one[0], " integer6") || !strings.HasSuffix(one[1], " null") {
		t.Fatalf("the panes do not have the lists the test means: %q, %q", one[0], one[1])
	}
}

// parameters is how many values the statement binds. The driver does not
// say (its NumInput is -1), but it refuses to run a statement given fewer
// values than it has parameters, naming the first one missing; given all,
// it runs, and NULL for every value fails the items' NOT NULL constraint,
// which rolls back that statement alone.
func parameters(t *testing.T, conn *sql.Conn, st driver.Stmt) int {
	t.Helper()
	missing := func(n int) bool {
		args := make([]driver.NamedValue, n)
		for i := range args {
			args[i].Ordinal = i + 1
		}
		var err error
		conn.Raw(func(any) error {
			_, err = st.(driver.StmtExecContext).ExecContext(context.Background(), args)
			return nil
		})
		if err == nil {
			t.Fatal("a statement of panes ran with every value NULL")
		}
		return strings.Contains(err.Error(), "missing argument")
	}
	return sort.Search(1000, func(n int) bool { return !missing(n) })
}

// A statement of panes binds its texts from one C buffer it reuses
// (inPlace), not through the driver, which copies each into C memory of
// its own and keeps a Go slice of the copies to free: a statement of
// paneChunk panes, its statement prepared, allocates next to nothing on
// the Go heap (the driver's binding took 39 allocations a statement).
// Were the driver's fields that inPlace reaches renamed in another
// version, the import would fall back to the driver's binding, and this
// fails.
func TestPaneTextsBoundInPlace(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	const runs = 50
	panes := panesForBinding(paneChunk*(runs+2), false)
	addPanesMany(t, im, panes[:paneChunk]) // the statement prepared
	var rows []PaneRow
	for _, p := range panes[paneChunk:] {
		rows = append(rows, p.Row())
	}
	next := 0
	allocs := testing.AllocsPerRun(runs, func() {
		if n, err := im.AddPanes(rows[next : next+paneChunk]); err != nil || n != paneChunk {
			t.Fatalf("AddPanes took %d of %d: %v", n, paneChunk, err)
		}
		next += paneChunk
	})
	if allocs > 2 {
		t.Errorf("a statement of %d panes allocates %.1f times on the Go heap, want at most 2: its texts are not bound in place", paneChunk, allocs)
	}
	t.Logf("%.1f allocations a statement", allocs)
}

// A statement of panes that SQLite refuses (here a list_len the items'
// CHECK does not allow, which no reader makes) fails AddPanes at that
// statement's first pane, with SQLite's reason, and the refused import
// leaves the database file as it was, its texts bound in place or not.
func TestRefusedPaneStatementLeavesTheDatabase(t *testing.T) {
	t.Parallel()
	for _, driverBinds := range []bool{false, true} {
		t.Run(fmt.Sprint("driverBinds=", driverBinds), func(t *testing.T) {
			ctx := context.Background()
			st := openTemp(t)
			importPanes(t, st, 4096, []Pane{{Query: "before", Question: "Q?", Options: [5]string{"a"}}}, [][]UnitLabel{nil})
			before := fileAndLog(t, st.path)
			im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
			if err != nil {
				t.Fatal(err)
			}
			im.panes.driverBinds = driverBinds
			im.dropAfter = 3
			panes := panesForBinding(3+2*paneChunk, false)
			bad := 3 + paneChunk + 5 // in the second statement of many
			panes[bad].ListLen = 4
			var rows []PaneRow
			for _, p := range panes {
				rows = append(rows, p.Row())
			}
			n, err := im.AddPanes(rows)
			im.Rollback()
			if err == nil || !strings.Contains(err.Error(), "CHECK constraint failed") {
				t.Fatalf("AddPanes with a list_len of 4: %v, want SQLite's CHECK constraint failure", err)
			}
			if n != 3+paneChunk {
				t.Errorf("AddPanes stopped at pane %d, want %d (the failed statement's first)", n, 3+paneChunk)
			}
			if after := fileAndLog(t, st.path); !bytes.Equal(before, after) {
				t.Error("a refused import changed the database file")
			}
		})
	}
}

// fileAndLog is the database file's bytes and its write-ahead log's.
func fileAndLog(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wal, err := os.ReadFile(path + "-wal")
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return append(b, wal...)
}
