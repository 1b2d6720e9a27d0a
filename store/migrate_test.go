package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// openAtVersion makes a database with only the first n migrations applied,
// as an older claritty left it, and returns a handle on it.
func openAtVersion(t testing.TB, n int) (*sql.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	old := &Store{db: db, path: path, Now: time.Now, kinds: &atomic.Pointer[kindState]{}, kindsMu: &sync.Mutex{}}
	old.kinds.Store(&kindState{set: guidelines.Builtins()})
	for {
		done, err := old.migrateOne(context.Background(), ms[:n])
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return db, path
		}
	}
}

const oldRows = `
INSERT INTO datasets VALUES (1, 'd', 'mimics', 'mimics-manual', 't');
INSERT INTO annotators VALUES (1, 'ana', 'annotator', 't');
INSERT INTO items (id, dataset_id, uid, seq, query, question, option_1) VALUES
	(1, 1, 'aaaa', 1, 'q1', 'Which?', 'a'), (2, 1, 'bbbb', 2, 'q2', 'Which?', 'b');
INSERT INTO labels VALUES (2, 'question', 1, 2, 't', 't', 1.5);
INSERT INTO label_history (item_id, unit, annotator_id, new_value, actor_id, at) VALUES (2, 'question', 1, 2, 1, 't');
INSERT INTO hits VALUES (2, 1, 't', 't', NULL);
INSERT INTO flags (item_id, annotator_id, reason, at) VALUES (1, 1, 'broken', 't');`

func TestMigrationRebuildsItemsKeepingEverything(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 1)
	if _, err := db.Exec(oldRows); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if indexes := itemIndexNames(t, st); indexes != "items_free items_free_partial items_judge items_open items_seq items_uid items_waiting" {
		t.Fatalf("items indexes: %q", indexes)
	}
	checkFree(t, st) // marked from the HITs the file had
	var joined, fk int
	var check string
	st.db.QueryRow(`SELECT count(*) FROM labels l JOIN items i ON i.id = l.item_id
		JOIN hits h ON h.item_id = i.id WHERE i.uid = 'bbbb'`).Scan(&joined)
	st.db.QueryRow(`PRAGMA integrity_check`).Scan(&check)
	st.db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk)
	if joined != 1 || check != "ok" || fk != 1 {
		t.Fatalf("after migration: %d joined rows, integrity %q, foreign_keys %d", joined, check, fk)
	}
	if _, err := st.db.Exec(`INSERT INTO items (dataset_id, uid, seq, query, question) VALUES (1, 'aaaa', 3, 'q', 'Which?')`); err == nil {
		t.Error("a second pane with the same uid was accepted")
	}
	if _, err := st.db.Exec(`INSERT INTO labels VALUES (99, 'question', 1, 2, 't', 't', NULL)`); err == nil {
		t.Error("a label for a missing item was accepted: foreign keys are off")
	}
}

func TestMigrationStopsOnBrokenForeignKeys(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 1)
	db.Exec(oldRows)
	// A label for an item that is not there, as only a damaged file holds.
	if _, err := db.Exec(`PRAGMA foreign_keys = OFF; INSERT INTO labels VALUES (7, 'question', 1, 2, 't', 't', NULL)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(context.Background(), path)
	if err == nil || !strings.Contains(err.Error(), "labels refers to a missing items row") {
		t.Fatalf("open: %v", err)
	}
	db, _ = sql.Open("sqlite", dsn(path))
	defer db.Close()
	var version int
	db.QueryRow("PRAGMA user_version").Scan(&version)
	if version != 1 {
		t.Fatalf("user_version %d after a refused migration, want 1", version)
	}
}

// 0013 rebuilds the label tables for ClariLM's kinds: everything a version
// 12 database held is still there, the assignment trigger that names labels
// still fires, and the new units take their own values only. Since 0030
// necessity is the shipped necessity.toml, kept as its import keeps it:
// its facet choice stores none fits as 2 and facet k as 2 + k (first = 3,
// as ClariLM's kind stored them), so a facet's values are 2 to 11.
func TestMigrationToClariLMKeepsLabels(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 12)
	rows := strings.Replace(oldRows, "INSERT INTO datasets VALUES", "INSERT INTO datasets (id, name, kind, format, created_at) VALUES", 1)
	rows = strings.Replace(rows, "INSERT INTO hits VALUES", "INSERT INTO hits (item_id, annotator_id, started_at, touched_at, finished_at) VALUES", 1)
	if _, err := db.Exec(rows + `
		INSERT INTO adjudications VALUES (2, 'question', 1, 1, 'why', 't');
		INSERT INTO adjudication_history (item_id, unit, new_value, adjudicator_id, at, actor_id) VALUES (2, 'question', 1, 1, 't', 1);
		INSERT INTO runs (dataset_id, name, kind, created_at) VALUES (1, 'r', 'labels', 't');
		INSERT INTO run_labels VALUES (1, 2, 'question', 2);`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counts := ""
	for _, table := range []string{"labels", "label_history", "adjudications", "adjudication_history", "runs", "run_labels"} {
		var n int
		st.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
		counts += fmt.Sprintf("%s=%d ", table, n)
	}
	if counts != "labels=1 label_history=1 adjudications=1 adjudication_history=1 runs=1 run_labels=1 " {
		t.Fatalf("after 0013: %s", counts)
	}
	var trig string
	st.db.QueryRow(`SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master
		WHERE type = 'trigger' AND name IN ('labels_kind', 'adjudications_kind', 'items_free_returns') ORDER BY name)`).Scan(&trig)
	if trig != "adjudications_kind items_free_returns labels_kind" {
		t.Errorf("triggers after 0013: %s", trig)
	}
	// The assignment trigger still runs (it reads labels): freeing an item
	// must not fail.
	if _, err := st.db.Exec(`UPDATE items SET free = 1 WHERE id = 1`); err != nil {
		t.Fatalf("assignment trigger after 0013: %v", err)
	}
	necessity, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(context.Background(), testLead(t, st), necessity.File, necessity.Text); err != nil {
		t.Fatal(err)
	}
	if _, err := st.db.Exec(`INSERT INTO datasets (id, name, kind, format, created_at) VALUES (2, 'n', 'necessity', 'necessity', 't');
		INSERT INTO items (id, dataset_id, uid, seq, query, question) VALUES (3, 2, 'r1', 1, 'I need a visa', '')`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		unit  string
		value int
		ok    bool
	}{
		{"necessity", 1, true}, {"necessity", 0, true}, {"necessity", 2, false},
		{"facet", 2, true}, {"facet", 11, true}, {"facet", 9, true}, {"facet", 1, false}, {"facet", 12, false},
		{"question", 1, false}, {"preference", 2, false},
	} {
		_, err := st.db.Exec(`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, seconds) VALUES (3, ?, 1, ?, 't', 't', NULL)`, c.unit, c.value)
		if (err == nil) != c.ok {
			t.Errorf("%s=%d on a necessity item: err %v", c.unit, c.value, err)
		}
		// Each value alone: the next is the same annotator's label.
		st.db.Exec(`DELETE FROM labels WHERE item_id = 3`)
	}
}

// 0016 moves the units' CHECKs into kind_units: a version 15 database's
// labels and decisions are all still there, and the four triggers that
// keep a unit to its kind are in place.
func TestMigrationToKindUnitsKeepsLabels(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 15)
	rows := strings.Replace(oldRows, "INSERT INTO datasets VALUES", "INSERT INTO datasets (id, name, kind, format, created_at) VALUES", 1)
	rows = strings.Replace(rows, "INSERT INTO hits VALUES", "INSERT INTO hits (item_id, annotator_id, started_at, touched_at, finished_at) VALUES", 1)
	if _, err := db.Exec(rows + `
		INSERT INTO labels VALUES (1, 'landing_1', 1, 0, 't', 't', NULL);
		INSERT INTO adjudications VALUES (2, 'question', 1, 1, 'why', 't');`); err != nil {
		t.Fatal(err)
	}
	var before string
	db.QueryRow(`SELECT group_concat(item_id || unit || annotator_id || value || created_at || updated_at || coalesce(seconds, ''), ';') FROM labels`).Scan(&before)
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var after, decision, trig string
	st.db.QueryRow(`SELECT group_concat(item_id || unit || annotator_id || value || created_at || updated_at || coalesce(seconds, ''), ';') FROM labels`).Scan(&after)
	st.db.QueryRow(`SELECT item_id || unit || value || adjudicator_id || reason FROM adjudications`).Scan(&decision)
	st.db.QueryRow(`SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master
		WHERE type = 'trigger' AND name GLOB '*_kind*' ORDER BY name)`).Scan(&trig)
	if after != before || before == "" || decision != "2question11why" {
		t.Errorf("after 0016: labels %q (were %q), decision %q", after, before, decision)
	}
	if trig != "adjudications_kind adjudications_kind_update labels_kind labels_kind_update" {
		t.Errorf("triggers after 0016: %s", trig)
	}
}
