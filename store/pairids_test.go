package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// 0023 gives a database its pair key and lets each request's pairs, which
// an older import numbered in the order of their systems' names, trade
// their numbers at random; assignment's cursors over such a dataset start
// again. Other datasets keep their numbers.
func TestMigrationShufflesPairNumbers(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 21)
	var rows strings.Builder
	rows.WriteString(`INSERT INTO datasets (id, name, kind, format, created_at, fresh_from) VALUES (1, 'trio', 'compare', 'pairs', 't', 7),
		(2, 'd', 'mimics', 'mimics-manual', 't', 3);
		INSERT INTO annotators VALUES (1, 'ana', 'annotator', 't');
		INSERT INTO assign_cursors (dataset_id, annotator_id, partial_from, free_from) VALUES (1, 1, 4, 4), (2, 1, 2, 2);
		INSERT INTO items (id, dataset_id, uid, seq, query, question) VALUES (1000, 2, 'pane', 1, 'q', 'Which?');`)
	const requests = 30
	systems := [][2]string{{"alpha", "beta"}, {"alpha", "gamma"}, {"beta", "gamma"}}
	for k := range requests {
		for i, p := range systems {
			id := 3*k + i + 1
			fmt.Fprintf(&rows, `INSERT INTO items (id, dataset_id, uid, seq, query, question) VALUES (%d, 1, 'r%d/%s/%s', %d, 'question %d', '');
				INSERT INTO pairs VALUES (%d, '%s', '%s', 'x', 'y', 0);`, id, k, p[0], p[1], id, k, id, p[0], p[1])
		}
	}
	if _, err := db.Exec(rows.String()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var key string
	st.db.QueryRow(`SELECT value FROM settings WHERE key = 'pair_key'`).Scan(&key)
	if len(key) != 64 || strings.Trim(key, "0123456789abcdef") != "" {
		t.Errorf("pair key %q, want 32 random bytes in hex", key)
	}
	inOrder := 0
	for k := range requests {
		var uids []string
		r, err := st.db.Query(`SELECT uid, seq FROM items WHERE dataset_id = 1 AND query = ? ORDER BY seq`, fmt.Sprint("question ", k))
		if err != nil {
			t.Fatal(err)
		}
		var seqs []int
		for r.Next() {
			var uid string
			var seq int
			r.Scan(&uid, &seq)
			uids, seqs = append(uids, uid), append(seqs, seq)
		}
		r.Close()
		if fmt.Sprint(seqs) != fmt.Sprint([]int{3*k + 1, 3*k + 2, 3*k + 3}) {
			t.Fatalf("request %d's pairs have the numbers %v", k, seqs)
		}
		if strings.HasSuffix(uids[0], "alpha/beta") && strings.HasSuffix(uids[1], "alpha/gamma") {
			inOrder++
		}
	}
	// Drawn at random, a request keeps the names' order one time in six:
	// all 30 about once in 10^23.
	if inOrder == requests {
		t.Errorf("every request's pairs kept the order of their systems' names")
	}
	var cursors, fresh, paneSeq int
	st.db.QueryRow(`SELECT count(*) FROM assign_cursors WHERE dataset_id = 1`).Scan(&cursors)
	st.db.QueryRow(`SELECT fresh_from FROM datasets WHERE id = 1`).Scan(&fresh)
	st.db.QueryRow(`SELECT seq FROM items WHERE id = 1000`).Scan(&paneSeq)
	var other int
	st.db.QueryRow(`SELECT count(*) FROM assign_cursors WHERE dataset_id = 2`).Scan(&other)
	if cursors != 0 || fresh != 0 || other != 1 || paneSeq != 1 {
		t.Errorf("after 0023: trio's cursors %d, fresh_from %d; the panes' cursors %d, the pane's number %d", cursors, fresh, other, paneSeq)
	}
}

// A blind id is the same for the same pair in a database and its copies,
// and another database, with its own key, names the same uid otherwise:
// nobody without the key can work one out from a request id and system
// names.
func TestBlindIDsNeedTheKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ids := map[string]bool{}
	for i := range 2 { // made new, not copied from a test's built database
		st, err := Open(ctx, filepath.Join(t.TempDir(), fmt.Sprint(i, ".db")))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		n, err := loadPairNamer(ctx, st.prepared())
		if err != nil {
			t.Fatal(err)
		}
		id := n.name("req-1/alpha/beta")
		if !isBlindID(id) || id != n.name("req-1/alpha/beta") || id == n.name("req-1/alpha/gamma") {
			t.Errorf("blind ids %s %s", id, n.name("req-1/alpha/gamma"))
		}
		ids[id] = true
	}
	if len(ids) != 2 {
		t.Errorf("two databases name a pair alike: %v", ids)
	}
	for _, s := range []string{"pair-0123456789abcdef", "pair-0123456789ABCDEF", "pair-0123", "req-1/a/b", "pair-0123456789abcdeg"} {
		if isBlindID(s) != (s == "pair-0123456789abcdef") {
			t.Errorf("isBlindID(%q) = %v", s, isBlindID(s))
		}
	}
}
