package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
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
// conversation stay as they were; ids and uids are kept.
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
	if got := rowsOf(t, st.db, `SELECT * FROM context_turns ORDER BY 1, 2`); got != "10|1|user|hi\n10|2|assistant|hello\n12|1|user|cheap\n20|1|user|compare these\n" {
		t.Errorf("context turns: %q", got)
	}
	if got := rowsOf(t, st.db, `SELECT name FROM sqlite_master WHERE name IN ('turns', 'images', 'facets', 'context_turns', 'pairs') ORDER BY 1`); got != "context_turns\npairs\n" {
		t.Errorf("tables left: %q", got)
	}
	passesCheck(t, path)
}

// The facet choice's values move down by two (none fits 2 → 0, facet k
// 2 + k → k) wherever a value is kept: labels and the value first keyed,
// their history, decisions and theirs, known answers, repeats and run
// labels; kind_units first, so the label triggers take the new values;
// the kept agreement counts move with them (check's recount agrees). The
// necessity unit, and every other kind's labels, stay as they were.
func TestMigrationShiftsFacetValues(t *testing.T) {
	t.Parallel()
	db, path := oldKindsDB(t)
	db.Close()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, c := range []struct{ query, want string }{
		{`SELECT item_id, unit, annotator_id, value, first_value FROM labels ORDER BY 1, 2, 3`,
			"1|coherence|2|4|NULL\n1|diversity|2|2|NULL\n1|intent_reveal|2|1|NULL\n1|relevance_1|2|5|NULL\n1|relevance_2|2|3|NULL\n" +
				"10|facet|2|9|2\n10|facet|3|9|9\n10|necessity|2|1|1\n10|necessity|3|1|1\n11|necessity|2|0|0\n12|facet|2|0|0\n12|necessity|2|1|1\n"},
		{`SELECT item_id, unit, annotator_id, old_value, new_value FROM label_history WHERE item_id >= 10 ORDER BY id`,
			"10|necessity|2|NULL|1\n10|facet|2|NULL|2\n10|facet|2|2|9\n10|necessity|3|NULL|1\n10|facet|3|NULL|9\n" +
				"11|necessity|2|NULL|0\n11|facet|2|4|NULL\n12|necessity|2|NULL|1\n12|facet|2|NULL|0\n"},
		{`SELECT item_id, unit, value, reason FROM adjudications`, "12|facet|3|Rome it is\n"},
		{`SELECT item_id, unit, old_value, new_value FROM adjudication_history ORDER BY id`, "12|facet|NULL|2\n12|facet|2|3\n"},
		{`SELECT item_id, unit, value FROM known_labels ORDER BY 1, 2`, "13|facet|2\n13|necessity|1\n"},
		{`SELECT unit, value FROM repeat_labels ORDER BY 1`, "facet|8\nnecessity|1\n"},
		{`SELECT item_id, unit, value FROM run_labels ORDER BY 1, 2`, "10|facet|5\n10|necessity|1\n11|necessity|0\n"},
		{`SELECT unit, low, high FROM kind_units WHERE kind = 'necessity' ORDER BY 1`, "facet|0|9\nnecessity|0|1\n"},
		{`SELECT id, patterns FROM items WHERE dataset_id = 2 ORDER BY 1`,
			"10|necessity 0 2 0 0 0 0,facet 0 0 0 0 0 0 0 0 0 2\n11|necessity 1 0 0 0 0 0\n12|necessity 0 1 0 0 0 0,facet 1 0 0 0 0 0\n"},
		{`SELECT unit_type, pattern, units FROM agreement_patterns WHERE dataset_id = 2 ORDER BY 1, 2`,
			"facet|0 0 0 0 0 0 0 0 0 2|1\nfacet|1 0 0 0 0 0|1\nnecessity|0 1 0 0 0 0|1\nnecessity|0 2 0 0 0 0|1\nnecessity|1 0 0 0 0 0|1\n"},
		{`SELECT annotator_id, unit_type, pattern, units FROM open_parts WHERE unit_type = 'facet' ORDER BY 1`,
			"0|facet|1 0 0 0 0 0|1\n2|facet|1 0 0 0 0 0|1\n"},
	} {
		if got := rowsOf(t, st.db, c.query); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.query, got, c.want)
		}
	}
	passesCheck(t, path)
}
