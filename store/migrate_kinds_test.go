package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// beforeKindFiles is a database as claritty left it before ClariMM and
// necessity were protocol files (schema 29): conversations with turns and
// images, necessity requests with context and facets (seven on one, none
// on another, a practice request with known answers), a compare item whose
// conversation stays in context_turns, and labels, changed labels, a
// decision, a repeat and a run's labels, with the kept agreement tables
// and counters as claritty kept them (check passes on it).
const beforeKindFiles = `
INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'lead', 'lead', 't'), (2, 'ana', 'annotator', 't'), (3, 'bo', 'annotator', 't');
INSERT INTO datasets (id, name, kind, format, created_at, min_annotators, max_annotators, items_count, complete_count) VALUES
	(1, 'conv', 'clarimm', 'clarimm', 't', 1, 1, 2, 1),
	(2, 'need', 'necessity', 'necessity', 't', 2, 3, 3, 1),
	(3, 'cmp', 'compare', 'pairs', 't', 3, 5, 1, 0);
INSERT INTO datasets (id, name, kind, format, created_at, items_count, purpose, parent_id) VALUES
	(4, 'need-practice', 'necessity', 'necessity', 't', 1, 'practice', 2);
INSERT INTO items (id, dataset_id, uid, seq, query, question, meta, finished, open, patterns) VALUES
	(1, 1, 'c-1', 1, 'Jaguar', 'the car', '{"fingerprint":"aa"}', 1, 0,
		'relevance_1 0 0 0 0 0 1,relevance_2 0 0 0 1 0 0,coherence 0 0 0 0 1 0,diversity 0 0 1 0 0 0,intent_reveal 0 1 0 0 0 0'),
	(2, 1, 'c-2', 2, 'Python <3', 'the snake & co', '{"fingerprint":"bb"}', 0, 1, ''),
	(10, 2, 'r-1', 1, 'book a table', 'a reference question', '{"fingerprint":"cc"}', 2, 0,
		'necessity 0 2 0 0 0 0,facet 0 0 0 0 0 0 0 0 0 0 0 2'),
	(11, 2, '7', 2, 'weather', '', '{"fingerprint":"dd"}', 1, 1, 'necessity 1 0 0 0 0 0'),
	(12, 2, 'r-3', 3, 'flights', 'ref', '{"fingerprint":"ee"}', 1, 1, 'necessity 0 1 0 0 0 0,facet 0 0 1 0 0 0'),
	(13, 4, 'p-13', 1, 'train', '', '{"fingerprint":"ff"}', 0, 1, ''),
	(20, 3, 'p-1', 1, 'req', '', '{}', 0, 1, '');
UPDATE items SET parts_by = '0 2' WHERE id IN (11, 12);
INSERT INTO turns (item_id, turn, question, answer) VALUES
	(1, 1, 'Which model?', 'The E-type'), (1, 2, 'Which year?', '1961'), (2, 1, 'Pet or code?', 'Pet');
INSERT INTO images (item_id, turn, pos, src, location, preview, problem) VALUES
	(1, 1, 1, 'a.png', '/data/a.png', X'89504E47', ''),
	(1, 1, 2, 'https://x/b.jpg', 'https://x/b.jpg', NULL, ''),
	(2, 1, 1, 'p.png', '/data/p.png', NULL, 'not found');
INSERT INTO context_turns (item_id, pos, role, text) VALUES
	(10, 1, 'user', 'hi'), (10, 2, 'assistant', 'hello'), (12, 1, 'user', 'cheap'), (20, 1, 'user', 'compare these');
INSERT INTO facets (item_id, pos, text) VALUES
	(10, 1, 'f1'), (10, 2, 'f2'), (10, 3, 'f3'), (10, 4, 'f4'), (10, 5, 'f5'), (10, 6, 'f6'), (10, 7, 'f7'),
	(12, 1, 'to Paris'), (12, 2, 'to Rome'), (12, 3, 'to Oslo'),
	(13, 1, 'a'), (13, 2, 'b'), (13, 3, 'c'), (13, 4, 'd');
INSERT INTO pairs (item_id, first, second, first_output, second_output, first_left) VALUES (20, 'a', 'b', 'oa', 'ob', 1);
INSERT INTO hits (item_id, annotator_id, started_at, finished_at) VALUES
	(1, 2, 't', 't'), (10, 2, 't', 't'), (10, 3, 't', 't'), (11, 2, 't', 't'), (12, 2, 't', 't');
INSERT INTO annotator_done (dataset_id, annotator_id, done) VALUES (1, 2, 1), (2, 2, 3), (2, 3, 1);
INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, first_value) VALUES
	(1, 'relevance_1', 2, 5, 't', 't', NULL), (1, 'relevance_2', 2, 3, 't', 't', NULL), (1, 'coherence', 2, 4, 't', 't', NULL),
	(1, 'diversity', 2, 2, 't', 't', NULL), (1, 'intent_reveal', 2, 1, 't', 't', NULL),
	(10, 'necessity', 2, 1, 't', 't', 1), (10, 'facet', 2, 11, 't', 't', 4),
	(10, 'necessity', 3, 1, 't', 't', 1), (10, 'facet', 3, 11, 't', 't', 11),
	(11, 'necessity', 2, 0, 't', 't', 0),
	(12, 'necessity', 2, 1, 't', 't', 1), (12, 'facet', 2, 2, 't', 't', 2);
INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at) VALUES
	(1, 'relevance_1', 2, NULL, 5, 2, 't'), (1, 'relevance_2', 2, NULL, 3, 2, 't'), (1, 'coherence', 2, NULL, 4, 2, 't'),
	(1, 'diversity', 2, NULL, 2, 2, 't'), (1, 'intent_reveal', 2, NULL, 1, 2, 't'),
	(10, 'necessity', 2, NULL, 1, 2, 't'), (10, 'facet', 2, NULL, 4, 2, 't'), (10, 'facet', 2, 4, 11, 2, 't'),
	(10, 'necessity', 3, NULL, 1, 3, 't'), (10, 'facet', 3, NULL, 11, 3, 't'),
	(11, 'necessity', 2, NULL, 0, 2, 't'), (11, 'facet', 2, 6, NULL, 2, 't'),
	(12, 'necessity', 2, NULL, 1, 2, 't'), (12, 'facet', 2, NULL, 2, 2, 't');
INSERT INTO adjudications (item_id, unit, value, adjudicator_id, reason, at) VALUES (12, 'facet', 5, 1, 'Rome it is', 't');
INSERT INTO adjudication_history (item_id, unit, old_value, new_value, adjudicator_id, reason, at) VALUES
	(12, 'facet', NULL, 4, 1, '', 't'), (12, 'facet', 4, 5, 1, 'Rome it is', 't');
INSERT INTO known_labels (item_id, unit, value) VALUES (13, 'necessity', 1), (13, 'facet', 4);
INSERT INTO repeats (id, item_id, annotator_id, started_at, finished_at) VALUES (1, 10, 3, 't', 't');
INSERT INTO repeat_labels (repeat_id, unit, value, at) VALUES (1, 'necessity', 1, 't'), (1, 'facet', 10, 't');
INSERT INTO runs (id, dataset_id, name, kind, created_at) VALUES (1, 2, 'llm', 'labels', 't');
INSERT INTO run_labels (run_id, item_id, unit, value) VALUES (1, 10, 'necessity', 1), (1, 10, 'facet', 7), (1, 11, 'necessity', 0);
INSERT INTO agreement_patterns (dataset_id, unit_type, pattern, units) VALUES
	(1, 'relevance', '0 0 0 0 0 1', 1), (1, 'relevance', '0 0 0 1 0 0', 1), (1, 'coherence', '0 0 0 0 1 0', 1),
	(1, 'diversity', '0 0 1 0 0 0', 1), (1, 'intent_reveal', '0 1 0 0 0 0', 1),
	(2, 'necessity', '0 2 0 0 0 0', 1), (2, 'facet', '0 0 0 0 0 0 0 0 0 0 0 2', 1),
	(2, 'necessity', '1 0 0 0 0 0', 1), (2, 'necessity', '0 1 0 0 0 0', 1), (2, 'facet', '0 0 1 0 0 0', 1);
INSERT INTO open_parts (dataset_id, annotator_id, unit_type, pattern, units) VALUES
	(2, 0, 'necessity', '1 0 0 0 0 0', 1), (2, 0, 'necessity', '0 1 0 0 0 0', 1), (2, 0, 'facet', '0 0 1 0 0 0', 1),
	(2, 2, 'necessity', '1 0 0 0 0 0', 1), (2, 2, 'necessity', '0 1 0 0 0 0', 1), (2, 2, 'facet', '0 0 1 0 0 0', 1),
	(2, 2, '', '', 2);`

// oldKindsDB is a database at schema 29 holding beforeKindFiles, and its
// path.
func oldKindsDB(t *testing.T) (*sql.DB, string) {
	t.Helper()
	db, path := openAtVersion(t, 29)
	if _, err := db.Exec(beforeKindFiles); err != nil {
		t.Fatal(err)
	}
	return db, path
}

// passesCheck fails the test unless claritty check finds nothing wrong
// with the file.
func passesCheck(t *testing.T, path string) {
	t.Helper()
	results, err := CheckFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("check %s: %q", r.Name, r.Problems)
		}
	}
}

// rowsOf is every row of query as text, one line a row.
func rowsOf(t *testing.T, q source, query string) string {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if i > 0 {
				b.WriteString("|")
			}
			switch v := v.(type) {
			case nil:
				b.WriteString("NULL")
			case []byte:
				fmt.Fprintf(&b, "%x", v)
			default:
				fmt.Fprint(&b, v)
			}
		}
		b.WriteString("\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The items move in place: each conversation's and request's JSONL line
// is its one row, its list its options (list_len past five), its images
// the images of its turns, its fingerprint gone; the compare item and its
// conversation stay as they were (a request's context_turns rows go,
// copies of its line's context); ids and uids are kept.
func TestMigrationMovesConversationsAndRequestsToRows(t *testing.T) {
	t.Parallel()
	db, path := oldKindsDB(t)
	passesCheck(t, path) // the file as claritty kept it
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	wantRows := `1|1|{"id":"c-1","topic":"Jaguar","facet":"the car","turns":[{"question":"Which model?","images":["a.png","https://x/b.jpg"],"answer":"The E-type"},{"question":"Which year?","answer":"1961"}]}
|NULL
2|1|{"id":"c-2","topic":"Python <3","facet":"the snake & co","turns":[{"question":"Pet or code?","images":["p.png"],"answer":"Pet"}]}
|NULL
10|1|{"id":"r-1","request":"book a table","context":[{"role":"user","text":"hi"},{"role":"assistant","text":"hello"}],"facets":["f1","f2","f3","f4","f5","f6","f7"],"reference":"a reference question"}
|NULL
11|1|{"id":"7","request":"weather"}
|NULL
12|1|{"id":"r-3","request":"flights","context":[{"role":"user","text":"cheap"}],"facets":["to Paris","to Rome","to Oslo"],"reference":"ref"}
|NULL
13|1|{"id":"p-13","request":"train","facets":["a","b","c","d"]}
|NULL
`
	if got := rowsOf(t, st.db, `SELECT item_id, pos, line, element FROM item_rows ORDER BY item_id`); got != wantRows {
		t.Errorf("item rows:\n%s\nwant\n%s", got, wantRows)
	}
	wantItems := `1|1|c-1|1|Jaguar|the car|Which model?|Which year?||||NULL|{}
2|1|c-2|2|Python <3|the snake & co|Pet or code?|||||NULL|{}
10|2|r-1|1|book a table|a reference question|f1|f2|f3|f4|f5|7|{}
11|2|7|2|weather|||||||NULL|{}
12|2|r-3|3|flights|ref|to Paris|to Rome|to Oslo|||NULL|{}
13|4|p-13|1|train||a|b|c|d||NULL|{}
20|3|p-1|1|req|||||||NULL|{}
`
	if got := rowsOf(t, st.db, `SELECT id, dataset_id, uid, seq, query, question, option_1, option_2, option_3, option_4, option_5,
		list_len, meta FROM items ORDER BY id`); got != wantItems {
		t.Errorf("items:\n%s\nwant\n%s", got, wantItems)
	}
	wantImages := `1|1|1|a.png|/data/a.png|89504e47|
1|1|2|https://x/b.jpg|https://x/b.jpg|NULL|
2|1|1|p.png|/data/p.png|NULL|not found
`
	if got := rowsOf(t, st.db, `SELECT * FROM item_images ORDER BY 1, 2, 3`); got != wantImages {
		t.Errorf("item images:\n%s\nwant\n%s", got, wantImages)
	}
	// A request's conversation is in its line: its context_turns rows,
	// copies, go; the compare item's stay.
	if got := rowsOf(t, st.db, `SELECT * FROM context_turns ORDER BY 1, 2`); got != "20|1|user|compare these\n" {
		t.Errorf("context turns: %q", got)
	}
	if got := rowsOf(t, st.db, `SELECT name FROM sqlite_master WHERE name IN ('turns', 'images', 'facets', 'context_turns', 'pairs') ORDER BY 1`); got != "context_turns\npairs\n" {
		t.Errorf("tables left: %q", got)
	}
	passesCheck(t, path)
}

// keptValues are the queries of every row that keeps a unit's value (or
// a count of values): labels and the value first keyed, their history,
// decisions and theirs, known answers, repeats and run labels, the items'
// agreement patterns and the kept agreement counts.
var keptValues = []string{
	`SELECT item_id, unit, annotator_id, value, first_value FROM labels ORDER BY 1, 2, 3`,
	`SELECT id, item_id, unit, annotator_id, old_value, new_value FROM label_history ORDER BY id`,
	`SELECT item_id, unit, value, reason FROM adjudications ORDER BY 1, 2`,
	`SELECT id, item_id, unit, old_value, new_value FROM adjudication_history ORDER BY id`,
	`SELECT item_id, unit, value FROM known_labels ORDER BY 1, 2`,
	`SELECT repeat_id, unit, value FROM repeat_labels ORDER BY 1, 2`,
	`SELECT run_id, item_id, unit, value FROM run_labels ORDER BY 1, 2, 3`,
	`SELECT id, patterns FROM items ORDER BY 1`,
	`SELECT dataset_id, unit_type, pattern, units FROM agreement_patterns ORDER BY 1, 2, 3`,
	`SELECT dataset_id, annotator_id, unit_type, pattern, units FROM open_parts ORDER BY 1, 2, 3, 4`,
}

// No stored value moves: the shipped necessity file stores the facet
// choice as ClariLM's kind did (first = 3: none fits 2, facet k 2 + k),
// so every value kept anywhere (keptValues) is as it was, the facet's
// included, and kind_units lists the facet's 2 to 11 (the label triggers
// take the values the release before wrote). check's recount of the kept
// agreement counts agrees.
func TestMigrationKeepsEveryValue(t *testing.T) {
	t.Parallel()
	db, path := oldKindsDB(t)
	before := make([]string, len(keptValues))
	for i, q := range keptValues {
		before[i] = rowsOf(t, db, q)
	}
	// The fixture keeps facet values (none fits 2 to facet nine's 11) in
	// each table that keeps a label's value.
	for i := range 7 {
		if !strings.Contains(before[i], "|facet|") {
			t.Fatalf("no facet value in %s", keptValues[i])
		}
	}
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, q := range keptValues {
		if got := rowsOf(t, st.db, q); got != before[i] {
			t.Errorf("%s:\n%s\nbefore the migration\n%s", q, got, before[i])
		}
	}
	if got := rowsOf(t, st.db, `SELECT unit, low, high FROM kind_units WHERE kind = 'necessity' ORDER BY 1`); got != "facet|2|11\nnecessity|0|1\n" {
		t.Errorf("necessity units: %q", got)
	}
	// The values the triggers take are the release before's: none fits (2)
	// and the ninth facet (11), not the 0 or 1 below them nor 12 past.
	ctx := context.Background()
	for v, ok := range map[int]bool{1: false, 2: true, 11: true, 12: false} {
		_, err := st.db.ExecContext(ctx, `UPDATE labels SET value = ? WHERE item_id = 10 AND unit = 'facet' AND annotator_id = 2`, v)
		if (err == nil) != ok {
			t.Errorf("a facet label of %d: %v", v, err)
		}
	}
	st.db.ExecContext(ctx, `UPDATE labels SET value = 11 WHERE item_id = 10 AND unit = 'facet' AND annotator_id = 2`)
	passesCheck(t, path)
}

// migrateWith applies ms to the file at path as a claritty whose
// migrations are ms would: the first error, or nil once none is pending.
func migrateWith(t testing.TB, path string, ms []migration) error {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := &Store{db: db, path: path, Now: time.Now, kinds: &atomic.Pointer[kindState]{}, kindsMu: &sync.Mutex{}}
	s.kinds.Store(&kindState{set: guidelines.Builtins()})
	for {
		done, err := s.migrateOne(context.Background(), ms)
		if err != nil || done {
			return err
		}
	}
}

// A migration's Go step runs in its SQL's transaction: one that fails
// leaves neither its own writes nor the SQL's, and the file at the
// version before it.
func TestFailingGoStepRollsBackItsSQL(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, 29)
	db.Close()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	ms = append(ms[:29:29], migration{version: 30, name: "0030_test.sql", sql: `CREATE TABLE made_by_sql (x)`,
		run: func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO made_by_sql VALUES (1)`); err != nil {
				return err
			}
			return errors.New("the step fails")
		}})
	if err := migrateWith(t, path, ms); err == nil || !strings.Contains(err.Error(), "0030_test.sql: the step fails") {
		t.Fatalf("migrate: %v", err)
	}
	db, _ = sql.Open("sqlite", dsn(path))
	defer db.Close()
	if got := rowsOf(t, db, `PRAGMA user_version`) + rowsOf(t, db, `SELECT name FROM sqlite_master WHERE name = 'made_by_sql'`); got != "29\n" {
		t.Fatalf("after a failed Go step: %q, want version 29 and no table", got)
	}
}

// shippedFile is the shipped protocol file of a moved kind, as the
// migration keeps it.
func shippedFile(t *testing.T, kind guidelines.Kind) guidelines.ProtocolText {
	t.Helper()
	f, err := guidelines.FindShipped(kind)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// shippedKinds are the shipped files of the moved kinds, by kind: what
// the migration keeps of a database holding both.
func shippedKinds(t *testing.T) map[string]guidelines.ProtocolText {
	return map[string]guidelines.ProtocolText{"clarimm": shippedFile(t, "clarimm"), "necessity": shippedFile(t, "necessity")}
}

// editedFile is a kind's shipped file with texts replaced (old, new,
// old, new, …), parsed as the kind's file.
func editedFile(t *testing.T, kind guidelines.Kind, oldNew ...string) guidelines.ProtocolText {
	t.Helper()
	text := string(shippedFile(t, kind).Text)
	for i := 0; i+1 < len(oldNew); i += 2 {
		if !strings.Contains(text, oldNew[i]) {
			t.Fatalf("the shipped %s.toml has no %q", kind, oldNew[i])
		}
		text = strings.Replace(text, oldNew[i], oldNew[i+1], 1)
	}
	f, err := guidelines.ParseProtocolFile(string(kind)+".toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	f.Name = kind
	return guidelines.ProtocolText{File: f, Text: []byte(text)}
}

// movedTables are what 0030 writes: their rows, as text.
const movedTables = `SELECT 'row', item_id, pos, line FROM item_rows
	UNION ALL SELECT 'item', id, list_len, option_1 || option_2 || option_5 || meta FROM items
	UNION ALL SELECT 'label', item_id, value, unit || annotator_id || coalesce(first_value, '') FROM labels
	UNION ALL SELECT 'history', item_id, coalesce(old_value, -1), unit || coalesce(new_value, '') FROM label_history
	UNION ALL SELECT 'decision', item_id, value, unit FROM adjudications
	UNION ALL SELECT 'run', item_id, value, unit FROM run_labels
	UNION ALL SELECT 'repeat', repeat_id, value, unit FROM repeat_labels
	UNION ALL SELECT 'known', item_id, value, unit FROM known_labels
	UNION ALL SELECT 'pattern', dataset_id, units, unit_type || pattern FROM agreement_patterns
	UNION ALL SELECT 'part', dataset_id, units, annotator_id || unit_type || pattern FROM open_parts
	UNION ALL SELECT 'units', kind, high, unit || low FROM kind_units
	UNION ALL SELECT 'protocol', name, added_by, added_at || length(text) FROM protocols
	UNION ALL SELECT 'image', item_id, pos, element || src FROM item_images
	ORDER BY 1, 2, 3, 4`

// The step keeps each shipped file of a moved kind as AddProtocol does:
// its text in protocols, its units and their ranges in kind_units (the
// facet's 2 to 11, as the release before stored them; ClariMM's relevance
// per turn, up to its max_list of 4). Run twice in one transaction, it
// changes nothing the second time: no value moves, no row or file is
// written again.
func TestMoveKindsKeepsShippedFilesAndRunsOnce(t *testing.T) {
	t.Parallel()
	db, _ := oldKindsDB(t)
	defer db.Close()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	ms, _ := migrations()
	if _, err := tx.ExecContext(ctx, ms[29].sql); err != nil {
		t.Fatal(err)
	}
	keep := shippedKinds(t)
	if err := moveKinds(ctx, tx, keep, "2026-11-27T10:00:00.000Z"); err != nil {
		t.Fatal(err)
	}
	once := rowsOf(t, tx, movedTables)
	if err := moveKinds(ctx, tx, keep, "2026-11-27T11:00:00.000Z"); err != nil {
		t.Fatal(err)
	}
	if twice := rowsOf(t, tx, movedTables); twice != once {
		t.Errorf("a second run in the transaction changed rows:\n%s\nafter once:\n%s", twice, once)
	}
	want := fmt.Sprintf("clarimm|%s|NULL|2026-11-27T10:00:00.000Z\nnecessity|%s|NULL|2026-11-27T10:00:00.000Z\n", keep["clarimm"].Text, keep["necessity"].Text)
	if got := rowsOf(t, tx, `SELECT name, text, added_by, added_at FROM protocols ORDER BY name`); got != want {
		t.Errorf("protocols:\n%s\nwant\n%s", got, want)
	}
	if got := rowsOf(t, tx, `SELECT unit, low, high FROM kind_units WHERE kind = 'necessity' ORDER BY unit`); got != "facet|2|11\nnecessity|0|1\n" {
		t.Errorf("necessity units: %q", got)
	}
	if got := rowsOf(t, tx, `SELECT count(*), min(low), max(high) FROM kind_units WHERE kind = 'clarimm' AND unit GLOB 'relevance_*'`); got != "4|1|5\n" {
		t.Errorf("clarimm relevance units (count, low, high): %q", got)
	}
	if got := rowsOf(t, tx, `SELECT value FROM labels WHERE item_id = 10 AND unit = 'facet'`); got != "11\n11\n" {
		t.Errorf("facet labels of item 10 after two runs: %q, want 11 and 11 (facet nine), as stored", got)
	}
}

// A shipped file that would orphan a stored label (here a facet choice
// with no "none fits", where a label says none: 2) is refused, and with
// it the whole migration, after every item had moved in its
// transaction: the file is as it was, at schema 29, with
// its typed tables, its values and its caches (what a kill mid-migration
// leaves, too: the transaction never committed).
func TestMigrationRefusedMidwayLosesNothing(t *testing.T) {
	t.Parallel()
	db, path := oldKindsDB(t)
	before := rowsOf(t, db, movedTables) + rowsOf(t, db, `SELECT * FROM turns UNION ALL SELECT item_id, pos, text, '' FROM facets ORDER BY 1, 2`)
	db.Close()
	keep := shippedKinds(t)
	keep["necessity"] = editedFile(t, "necessity", "none = \"none fits\"\n", "",
		"  \"none of the candidates is what you would ask about.\",\n", "")
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	ms[29].run = func(ctx context.Context, tx *sql.Tx) error { return moveKinds(ctx, tx, keep, "t") }
	err = migrateWith(t, path, ms)
	if err == nil || !strings.Contains(err.Error(), "unit facet holds the label 2, which the shipped file's scale does not have") {
		t.Fatalf("migrate: %v", err)
	}
	db, _ = sql.Open("sqlite", dsn(path))
	defer db.Close()
	after := rowsOf(t, db, movedTables) + rowsOf(t, db, `SELECT * FROM turns UNION ALL SELECT item_id, pos, text, '' FROM facets ORDER BY 1, 2`)
	if after != before || rowsOf(t, db, `PRAGMA user_version`) != "29\n" {
		t.Fatalf("after a refused migration, version %s rows:\n%s\nbefore:\n%s", rowsOf(t, db, `PRAGMA user_version`), after, before)
	}
	passesCheck(t, path)
}

// A claritty from before the move (schema 29) refuses a file migrated
// past it, as newer, and leaves it alone: it would read a conversation
// from the tables the move dropped.
func TestOlderClarittyRefusesAMovedFile(t *testing.T) {
	t.Parallel()
	db, path := oldKindsDB(t)
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrateWith(t, path, ms[:29]); !errors.Is(err, ErrNewerDatabase) || !strings.Contains(err.Error(), "schema 32, this binary knows 29") {
		t.Fatalf("a claritty of schema 29 opening a moved file: %v", err)
	}
}

// bigConversations are n ClariMM conversations of three turns, one image
// each on the first, and one annotator's seven labels on each, as a
// schema 29 database holds them.
func bigConversations(n int) string {
	return fmt.Sprintf(`
INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 't');
INSERT INTO datasets (id, name, kind, format, created_at, items_count) VALUES (1, 'big', 'clarimm', 'clarimm', 't', %[1]d);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %[1]d)
INSERT INTO items (id, dataset_id, uid, seq, query, question) SELECT i, 1, 'conv-' || i, i, 'topic ' || i, 'facet ' || i FROM n;
INSERT INTO turns (item_id, turn, question, answer) SELECT i.id, t.turn, 'question ' || t.turn || ' of ' || i.id, 'answer ' || t.turn
	FROM items i, (SELECT 1 AS turn UNION ALL SELECT 2 UNION ALL SELECT 3) t;
INSERT INTO images (item_id, turn, pos, src, location, preview, problem) SELECT id, 1, 1, 'p' || id || '.png', '/data/p' || id || '.png', randomblob(900), '' FROM items;
INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at)
	SELECT i.id, u.unit, 1, 3, 't', 't' FROM items i, kind_units u WHERE u.kind = 'clarimm';`, n)
}

// Migration 0030 and 0031 over 20,000 ClariMM conversations: a large
// database moves in seconds, not minutes (no time is asserted; go test
// -bench MigrateConversations -benchtime 3x says how long).
func BenchmarkMigrateConversations(b *testing.B) {
	db, path := openAtVersion(b, 29)
	if _, err := db.Exec(bigConversations(20000)); err != nil {
		b.Fatal(err)
	}
	db.Close()
	image, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	ms, err := migrations()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		copyPath := filepath.Join(dir, fmt.Sprintf("c%d.db", i))
		if err := os.WriteFile(copyPath, image, 0o600); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := migrateWith(b, copyPath, ms); err != nil {
			b.Fatal(err)
		}
	}
}

// A claritty that holds a file open while a newer one migrates it refuses
// every write and reading after, with ErrNewerDatabase, and writes
// nothing: what it wrote would mean otherwise under the newer schema (a
// facet label of this one's values, say). Before the move, a binary did
// not look: the release before this one keeps running against the moved
// file until a query names a table it dropped.
func TestRunningClarittyRefusesANewerSchema(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 2)
	ana := annotators(t, st, "ana")[0]
	label(t, st, items[0], ana, 2)
	lead := testLead(t, st)
	other, err := sql.Open("sqlite", dsn(st.path))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion()+1)); err != nil {
		t.Fatal(err)
	}
	before := rowsOf(t, other, `SELECT item_id, unit, annotator_id, value FROM labels ORDER BY 1, 2`) + rowsOf(t, other, `SELECT * FROM hits`)
	ctx := context.Background()
	_, err = st.SetLabel(ctx, LabelChange{ItemID: items[1], AnnotatorID: ana, Unit: "question", Value: ptr(1)})
	if !errors.Is(err, ErrNewerDatabase) {
		t.Errorf("a label: %v", err)
	}
	if im, err := st.BeginImport(ctx, lead, "e", "mimics", "mimics-manual"); !errors.Is(err, ErrNewerDatabase) {
		t.Errorf("an import: %v", err)
		if err == nil {
			im.Rollback()
		}
	}
	if m, err := st.BeginMerge(ctx, lead, "d"); !errors.Is(err, ErrNewerDatabase) {
		t.Errorf("a merge: %v", err)
		if err == nil {
			m.Rollback()
		}
	}
	if r, err := st.ReadLabels(ctx, lead, ds); !errors.Is(err, ErrNewerDatabase) {
		t.Errorf("a reading: %v", err)
		if err == nil {
			r.Close()
		}
	}
	if after := rowsOf(t, other, `SELECT item_id, unit, annotator_id, value FROM labels ORDER BY 1, 2`) + rowsOf(t, other, `SELECT * FROM hits`); after != before {
		t.Errorf("rows after the refusals:\n%s\nbefore:\n%s", after, before)
	}
}

// Once the code no longer builds a moved kind in, a database with no
// dataset of it and no file of it kept lists none of its units (0016
// listed them): kind_units is the built-in kinds' and the kept files'.
// One with a dataset of it keeps them (the shipped file's, once kept).
func TestMovedKindsUnitsGoWithNothingOfThem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		rows, want string
	}{
		{"", ""},
		{`INSERT INTO datasets (id, name, kind, format, created_at) VALUES (1, 'n', 'necessity', 'necessity', 't')`, "necessity facet\nnecessity necessity\n"},
	} {
		// At schema 29, kind_units is what 0016 listed (0030's own step,
		// with the code of now, would have taken them out already).
		db, _ := openAtVersion(t, 29)
		if c.rows != "" {
			if _, err := db.Exec(c.rows); err != nil {
				t.Fatal(err)
			}
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := rowsOf(t, tx, `SELECT count(DISTINCT kind) FROM kind_units WHERE kind IN ('clarimm', 'necessity')`); got != "2\n" {
			t.Fatalf("kinds of the moved kinds' units before: %q", got)
		}
		if err := dropUnitsOfMovedKinds(ctx, tx, func(guidelines.Kind) bool { return false }); err != nil {
			t.Fatal(err)
		}
		if got := rowsOf(t, tx, `SELECT kind || ' ' || unit FROM kind_units WHERE kind IN ('clarimm', 'necessity') ORDER BY 1`); got != c.want {
			t.Errorf("with %q: units left %q, want %q", c.rows, got, c.want)
		}
		if got := rowsOf(t, tx, `SELECT count(*) FROM kind_units WHERE kind = 'mimics'`); got != "7\n" {
			t.Errorf("mimics units: %q", got)
		}
		tx.Rollback()
		db.Close()
	}
}

// check holds every item of a kind the database keeps a protocol file
// of to its rows: an item without (its screen and exports read them)
// is named.
func TestCheckFindsAFileItemWithoutRows(t *testing.T) {
	t.Parallel()
	clariq, err := guidelines.FindShipped("clariq")
	if err != nil {
		t.Fatal(err)
	}
	db, path := openAtVersion(t, SchemaVersion())
	defer db.Close()
	if _, err := db.Exec(`INSERT INTO protocols (name, text, added_at) VALUES ('clariq', ?, 't');
		INSERT INTO datasets (id, name, kind, format, created_at, items_count) VALUES (1, 'q', 'clariq', 'clariq', 't', 2);
		INSERT INTO items (id, dataset_id, uid, seq, query, question) VALUES (1, 1, '0123456789abcdef', 1, 'q', ''), (2, 1, '0123456789abcdee', 2, 'r', '');
		INSERT INTO item_rows (item_id, pos, line) VALUES (1, 1, 'a row');`, string(clariq.Text)); err != nil {
		t.Fatal(err)
	}
	results, err := CheckFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, r := range results {
		if len(r.Problems) > 0 {
			found = append(found, r.Name+": "+strings.Join(r.Problems, " / "))
		}
	}
	if want := "every item of a protocol file's kind has its rows: 1 item has no rows, such as: / item 2 (clariq)"; len(found) != 1 || found[0] != want {
		t.Fatalf("check found %q, want only %q", found, want)
	}
	if _, err := db.Exec(`INSERT INTO item_rows (item_id, pos, line) VALUES (2, 1, 'a row')`); err != nil {
		t.Fatal(err)
	}
	passesCheck(t, path)
}

// An item moves only under its kind's file: with no file kept for a kind
// (which the step finds only when no dataset has it), none of its items
// is moved, as it would be with no meta the file keeps.
func TestMoveKindsMovesNothingWithoutTheFile(t *testing.T) {
	t.Parallel()
	db, _ := oldKindsDB(t)
	defer db.Close()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	ms, _ := migrations()
	if _, err := tx.ExecContext(ctx, ms[29].sql); err != nil {
		t.Fatal(err)
	}
	keep := shippedKinds(t)
	delete(keep, "clarimm")
	if err := moveKinds(ctx, tx, keep, "t"); err != nil {
		t.Fatal(err)
	}
	if got := rowsOf(t, tx, `SELECT item_id FROM item_rows ORDER BY 1`); got != "10\n11\n12\n13\n" {
		t.Errorf("items moved with no ClariMM file kept: %q, want the requests alone", got)
	}
}

// A kept protocol file this claritty cannot read (here one with a key it
// does not know, as a newer claritty's may have) is a problem check
// names, and check goes on: the other checks run and pass.
func TestCheckNamesAnUnreadableKeptFileAndGoesOn(t *testing.T) {
	t.Parallel()
	db, path := openAtVersion(t, SchemaVersion())
	defer db.Close()
	text := "name = \"newer\"\ntitle = \"t\"\nitems = \"things\"\nsparkle = true\n"
	if _, err := db.Exec(`INSERT INTO protocols (name, text, added_at) VALUES ('newer', ?, 't')`, text); err != nil {
		t.Fatal(err)
	}
	results, err := CheckFile(context.Background(), path)
	if err != nil {
		t.Fatalf("check stopped: %v", err)
	}
	var found []string
	for _, r := range results {
		if len(r.Problems) > 0 {
			found = append(found, r.Name+": "+strings.Join(r.Problems, " / "))
		}
	}
	want := `every item of a protocol file's kind has its rows: this claritty cannot read the kept protocol newer:4: unknown key "sparkle"`
	if len(found) != 1 || !strings.HasPrefix(found[0], want) || len(results) < 5 {
		t.Fatalf("check found %q in %d checks, want only %q", found, len(results), want)
	}
}
