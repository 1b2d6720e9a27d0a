package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/cmd/claritty/internal/sqldump"
)

// rowStrings is every row of query as text, one string a row, its
// columns joined by |, a NULL written NULL and a blob in hex.
func rowStrings(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for i, v := range vals {
			if i > 0 {
				b.WriteByte('|')
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
		out = append(out, b.String())
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// oldTurn, oldLine: a conversation's or request's line as the move must
// write it, built here from the typed tables the previous release kept.
type oldTurn struct {
	Question string   `json:"question"`
	Images   []string `json:"images,omitempty"`
	Answer   string   `json:"answer"`
}

type oldMessage struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// moved is what an item of a moved kind holds as a protocol file's item,
// and what the previous release's tables held of it.
type moved struct {
	Line map[string]any // its one row, parsed
	List []string       // its options, list_len long
}

// valueTables are the rows that keep a unit's value, each with the value
// last: the move keeps every one as it was (the necessity file stores a
// facet as the release before did: first = 3, facet k 2 + k, none 2).
var valueTables = []string{
	`SELECT 'label', l.item_id, l.unit, l.annotator_id, l.first_value, l.value FROM labels l`,
	`SELECT 'history', h.id, h.item_id, h.unit, h.old_value, h.new_value FROM label_history h`,
	`SELECT 'decision', a.item_id, a.unit, a.value FROM adjudications a`,
	`SELECT 'decided', a.id, a.item_id, a.unit, a.old_value, a.new_value FROM adjudication_history a`,
	`SELECT 'known', k.item_id, k.unit, k.value FROM known_labels k`,
	`SELECT 'repeat', r.repeat_id, (SELECT item_id FROM repeats WHERE id = r.repeat_id), r.unit, r.value FROM repeat_labels r`,
	`SELECT 'run', r.run_id, r.item_id, r.unit, r.value FROM run_labels r`,
}

// The previous release's database (testdata/prev, built by the release
// before issue 47) opens and migrates: every ClariMM conversation and
// necessity request of every dataset (the demo's, a study with arms, a
// triaged one, practice) is one row holding its line, with what its typed
// tables held, its list in its options and its images as they were; each
// line says what the demo's own file says of the item; every value kept
// anywhere, the facet choice's included, is the same; the typed
// tables are gone, context_turns stays for compare (a request's rows
// there go); check passes, before
// (it runs no migration) and after.
func TestMigrationMovesThePreviousReleasesItems(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dump, err := os.ReadFile(filepath.Join(prevDir, "prev.sql"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "prev.db")
	if err := sqldump.Load(context.Background(), string(dump), path); err != nil {
		t.Fatal(err)
	}
	makeMeLead(t, path)
	if r := runBin(t, bin, path, "check"); r.code != 0 { // runs no migration: the file as it was
		t.Fatalf("check before the migration: %+v", r)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := movedBefore(t, db)
	if len(want) < 20 {
		t.Fatalf("the fixture holds %d conversations and requests", len(want))
	}
	values := map[string][]string{}
	withFacets := 0
	for _, q := range valueTables {
		values[q] = rowStrings(t, db, q+` ORDER BY 2, 3, 4`)
		if len(facetValues(values[q])) > 0 {
			withFacets++
		}
	}
	// The fixture decides no facet and knows none (store's tests do):
	// labels, their history, repeats and runs hold facet values.
	if withFacets < 4 {
		t.Fatalf("facet values in %d of the %d tables that keep values", withFacets, len(valueTables))
	}
	images := rowStrings(t, db, `SELECT item_id, turn, pos, src, location, preview, problem FROM images ORDER BY 1, 2, 3`)
	// compare's conversations stay in context_turns; a request's rows
	// there, copies of its line's context, go.
	contexts := rowStrings(t, db, `SELECT c.* FROM context_turns c JOIN items i ON i.id = c.item_id
		JOIN datasets d ON d.id = i.dataset_id WHERE d.kind <> 'necessity' ORDER BY 1, 2`)
	db.Close()

	if r := runBin(t, bin, path, "annotators"); r.code != 0 { // opens, so migrates
		t.Fatalf("annotators: %+v", r)
	}
	db, err = sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := movedAfter(t, db); !reflect.DeepEqual(got, want) {
		for id, w := range want {
			if !reflect.DeepEqual(got[id], w) {
				t.Errorf("item %d:\n%+v\nwant\n%+v", id, got[id], w)
			}
		}
	}
	for _, q := range valueTables {
		if got := rowStrings(t, db, q+` ORDER BY 2, 3, 4`); !reflect.DeepEqual(got, values[q]) {
			t.Errorf("%s:\n%q\nwant\n%q", q, got, values[q])
		}
	}
	if got := rowStrings(t, db, `SELECT * FROM item_images ORDER BY 1, 2, 3`); !reflect.DeepEqual(got, images) || len(got) == 0 {
		t.Errorf("item images:\n%q\nwant the images the release kept:\n%q", got, images)
	}
	if got := rowStrings(t, db, `SELECT * FROM context_turns ORDER BY 1, 2`); !reflect.DeepEqual(got, contexts) {
		t.Errorf("context turns changed:\n%q\nwant\n%q", got, contexts)
	}
	if got := rowStrings(t, db, `SELECT name FROM sqlite_master WHERE name IN ('turns', 'images', 'facets')`); len(got) > 0 {
		t.Errorf("typed tables left: %q", got)
	}
	sameAsDemoFiles(t, db)
	if r := runBin(t, bin, path, "check"); r.code != 0 {
		t.Fatalf("check after the migration: %+v", r)
	}
}

// movedBefore is, by item id, what each conversation and request must
// hold once moved, read from the previous release's typed tables.
func movedBefore(t *testing.T, db *sql.DB) map[int64]moved {
	t.Helper()
	out := map[int64]moved{}
	add := func(id int64, line any, list []string) {
		b, _ := json.Marshal(line)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		out[id] = moved{Line: m, List: list}
	}
	for _, r := range rowStrings(t, db, `SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = 'clarimm' ORDER BY 1`) {
		var id int64
		fmt.Sscan(r, &id)
		var uid, topic, facet string
		db.QueryRow(`SELECT uid, query, question FROM items WHERE id = ?`, id).Scan(&uid, &topic, &facet)
		var turns []oldTurn
		var list []string
		rows, _ := db.Query(`SELECT turn, question, answer FROM turns WHERE item_id = ? ORDER BY turn`, id)
		for rows.Next() {
			var n int
			var tt oldTurn
			rows.Scan(&n, &tt.Question, &tt.Answer)
			tt.Images = rowStrings(t, db, fmt.Sprintf(`SELECT src FROM images WHERE item_id = %d AND turn = %d ORDER BY pos`, id, n))
			turns = append(turns, tt)
			list = append(list, tt.Question)
		}
		rows.Close()
		add(id, map[string]any{"id": uid, "topic": topic, "facet": facet, "turns": turns}, list)
	}
	for _, r := range rowStrings(t, db, `SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = 'necessity' ORDER BY 1`) {
		var id int64
		fmt.Sscan(r, &id)
		var uid, request, reference string
		db.QueryRow(`SELECT uid, query, question FROM items WHERE id = ?`, id).Scan(&uid, &request, &reference)
		line := map[string]any{"id": uid, "request": request}
		var context []oldMessage
		rows, _ := db.Query(`SELECT role, text FROM context_turns WHERE item_id = ? ORDER BY pos`, id)
		for rows.Next() {
			var m oldMessage
			rows.Scan(&m.Role, &m.Text)
			context = append(context, m)
		}
		rows.Close()
		facets := rowStrings(t, db, fmt.Sprintf(`SELECT text FROM facets WHERE item_id = %d ORDER BY pos`, id))
		if len(context) > 0 {
			line["context"] = context
		}
		if len(facets) > 0 {
			line["facets"] = facets
		}
		if reference != "" {
			line["reference"] = reference
		}
		add(id, line, facets)
	}
	return out
}

// movedAfter is, by item id, what each item of a moved kind holds: its
// one row's line (each row checked to be the only one, at pos 1, with a
// line end) and its list from its options and list_len.
func movedAfter(t *testing.T, db *sql.DB) map[int64]moved {
	t.Helper()
	out := map[int64]moved{}
	rows, err := db.Query(`SELECT i.id, i.option_1, i.option_2, i.option_3, i.option_4, i.option_5, coalesce(i.list_len, 0),
		(SELECT count(*) FROM item_rows r WHERE r.item_id = i.id), coalesce((SELECT line FROM item_rows r WHERE r.item_id = i.id AND r.pos = 1 AND r.element IS NULL), '')
		FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind IN ('clarimm', 'necessity') ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var o [5]string
		var listLen, n int
		var line string
		if err := rows.Scan(&id, &o[0], &o[1], &o[2], &o[3], &o[4], &listLen, &n, &line); err != nil {
			t.Fatal(err)
		}
		if n != 1 || !strings.HasSuffix(line, "}\n") || strings.Count(line, "\n") != 1 {
			t.Errorf("item %d: %d rows, the first %q", id, n, line)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("item %d: %v", id, err)
		}
		var list []string
		for _, s := range o {
			if s != "" {
				list = append(list, s)
			}
		}
		if listLen > 0 {
			// Past five, the line holds the rest: list_len says how many.
			facets, _ := m["facets"].([]any)
			if len(facets) != listLen {
				t.Errorf("item %d: list_len %d, the line's facets %d", id, listLen, len(facets))
			}
			for _, f := range facets[5:] {
				list = append(list, f.(string))
			}
		}
		out[id] = moved{Line: m, List: list}
	}
	return out
}

// sameAsDemoFiles holds each moved line of the demo's items to the demo
// file's own line of that id: the same keys and values (the file's
// spacing and empty image lists aside).
func sameAsDemoFiles(t *testing.T, db *sql.DB) {
	t.Helper()
	for _, f := range [][2]string{
		{"demo-conversations", "../../data/demo/conversations/demo-conversations.jsonl"},
		{"demo-necessity", "../../data/demo/clarilm/demo-necessity.jsonl"},
	} {
		file, err := os.Open(f[1])
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		sc := bufio.NewScanner(file)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var want map[string]any
			if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
				t.Fatal(err)
			}
			var line string
			err := db.QueryRow(`SELECT r.line FROM item_rows r JOIN items i ON i.id = r.item_id JOIN datasets d ON d.id = i.dataset_id
				WHERE d.name = ? AND i.uid = ?`, f[0], fmt.Sprint(want["id"])).Scan(&line)
			if err != nil {
				t.Fatalf("%s %v: %v", f[0], want["id"], err)
			}
			// A turn with no images has no images key once moved (the
			// typed tables kept no trace of an empty list written).
			turns, _ := want["turns"].([]any)
			for _, tt := range turns {
				if m, ok := tt.(map[string]any); ok && reflect.DeepEqual(m["images"], []any{}) {
					delete(m, "images")
				}
			}
			var got map[string]any
			json.Unmarshal([]byte(line), &got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %v:\n%s\nthe demo file's:\n%s", f[0], want["id"], line, sc.Text())
			}
			n++
		}
		file.Close()
		if n == 0 {
			t.Errorf("%s: no lines", f[1])
		}
	}
}

// facetValues are the rows of valueTables that keep a facet value.
func facetValues(rows []string) []string {
	var out []string
	for _, r := range rows {
		if slices.Contains(strings.Split(r, "|"), "facet") {
			out = append(out, r)
		}
	}
	return out
}

// bigConversations adds n ClariMM conversations of three turns (an image
// on the first) to the previous release's database, as it kept them: a
// migration of it takes long enough to be killed in.
const bigConversations = `
INSERT INTO datasets (id, name, kind, format, created_at, items_count) VALUES (100, 'big', 'clarimm', 'clarimm', 't', %[1]d);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %[1]d)
INSERT INTO items (id, dataset_id, uid, seq, query, question) SELECT 100000 + i, 100, 'big-' || i, i, 'topic ' || i, 'facet ' || i FROM n;
INSERT INTO turns (item_id, turn, question, answer) SELECT i.id, t.turn, 'question ' || t.turn, 'answer ' || t.turn
	FROM items i, (SELECT 1 AS turn UNION ALL SELECT 2 UNION ALL SELECT 3) t WHERE i.dataset_id = 100;
INSERT INTO images (item_id, turn, pos, src, location, preview, problem)
	SELECT id, 1, 1, 'p.png', '/data/p.png', randomblob(500), '' FROM items WHERE dataset_id = 100;`

// movedState is what a kill may leave: the schema version, how many
// items of the moved kinds have a row and how many there are, and the
// facet values kept, in order (the move keeps them as they were).
func movedState(t *testing.T, path string) (version, rows, items int, facets []string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.QueryRow(`PRAGMA user_version`).Scan(&version)
	db.QueryRow(`SELECT count(*) FROM item_rows r JOIN items i ON i.id = r.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE d.kind IN ('clarimm', 'necessity')`).Scan(&rows)
	db.QueryRow(`SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind IN ('clarimm', 'necessity')`).Scan(&items)
	for _, q := range valueTables {
		facets = append(facets, rowStrings(t, db, q+` WHERE unit = 'facet' ORDER BY 2, 3, 4`)...)
	}
	return version, rows, items, facets
}

// A claritty killed while it migrates the previous release's database
// (here with 20,000 conversations more, so the kill lands in it or
// near) leaves the file as it was or migrated, never between: no
// conversation moved, or all of them, and every facet value as it was
// either way. The next claritty to open it finishes the migration, the
// facet values still the same, and check passes.
func TestKillMidMigrationLosesNothing(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dump, err := os.ReadFile(filepath.Join(prevDir, "prev.sql"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "prev.db")
	if err := sqldump.Load(context.Background(), string(dump), path); err != nil {
		t.Fatal(err)
	}
	makeMeLead(t, path)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf(bigConversations, 20000)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	version, rows, items, before := movedState(t, path)
	if version != 28 || rows != 0 || items < 20000 || len(before) == 0 {
		t.Fatalf("before: version %d, %d rows of %d items, %d facet values", version, rows, items, len(before))
	}

	cmd := exec.Command(bin, "--db", path, "annotators")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // not a timed assertion: any moment will do
	cmd.Process.Kill()
	cmd.Wait()
	version, rows, _, facets := movedState(t, path)
	switch {
	case version < 30 && (rows != 0 || !reflect.DeepEqual(facets, before)):
		t.Errorf("killed at version %d: %d items moved, facet values %v, want none moved and %v", version, rows, facets, before)
	case version >= 30 && (rows != items || !reflect.DeepEqual(facets, before)):
		t.Errorf("killed at version %d: %d of %d items moved, facet values %v, want all and %v", version, rows, items, facets, before)
	}
	t.Logf("the kill left the file at version %d", version)

	if r := runBin(t, bin, path, "annotators"); r.code != 0 {
		t.Fatalf("annotators after the kill: %+v", r)
	}
	if version, rows, items, facets = movedState(t, path); version != 32 || rows != items || !reflect.DeepEqual(facets, before) {
		t.Errorf("after the next open: version %d, %d of %d items moved, facet values %v, want %v", version, rows, items, facets, before)
	}
	if r := runBin(t, bin, path, "check"); r.code != 0 {
		t.Fatalf("check: %+v", r)
	}
}

// claritty check on a file that keeps a protocol file this binary cannot
// read (a newer claritty's key) names it as a problem and runs its other
// checks, not stopping at the first that reads the kept files.
func TestCheckNamesAnUnreadableKeptFile(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	db, err := sql.Open("sqlite", "file:"+tm.db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(`INSERT INTO protocols (name, text, added_at) VALUES ('newer', ?, 't')`, "name = \"newer\"\ntitle = \"t\"\nitems = \"things\"\nsparkle = true\n")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	r := tm.run(t, "", "", "check")
	if r.code == 0 || !strings.Contains(r.stdout+r.stderr, `this claritty cannot read the kept protocol newer:4: unknown key "sparkle"`) ||
		!strings.Contains(r.stdout+r.stderr, "no label stands without the answer its step waits for") {
		t.Errorf("check: %+v", r)
	}
}
