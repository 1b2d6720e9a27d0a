package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
)

// arenaJSON is a run's arena_judgments in bench --json.
type arenaJSON struct {
	Rule           string
	Lines          *int
	Dropped        *int
	DroppedNoGame  *int `json:"dropped_no_game_scored"`
	DroppedOneGame *int `json:"dropped_one_game_scored"`
}

func (a *arenaJSON) String() string {
	if a == nil {
		return "none"
	}
	n := func(p *int) string {
		if p == nil {
			return "null"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("%s lines %s dropped %s (%s no game, %s one)", a.Rule, n(a.Lines), n(a.Dropped), n(a.DroppedNoGame), n(a.DroppedOneGame))
}

// arenaRules reads each run's arena_judgments from a bench --json document.
func arenaRules(t *testing.T, doc string) map[string]*arenaJSON {
	t.Helper()
	var got struct {
		Runs []struct {
			Name           string
			ArenaJudgments *arenaJSON `json:"arena_judgments"`
		}
	}
	if err := json.Unmarshal([]byte(doc), &got); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	out := map[string]*arenaJSON{}
	for _, r := range got.Runs {
		out[r.Name] = r.ArenaJudgments
	}
	return out
}

// beforeArenaRule copies a database to old as it was before migration
// 0025, which only added the runs' arena columns: without them, at schema
// 24, as a claritty before it left the file.
func beforeArenaRule(t *testing.T, db, old string) {
	t.Helper()
	src, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if _, err := src.Exec("VACUUM INTO ?", old); err != nil {
		t.Fatal(err)
	}
	conn, err := sql.Open("sqlite", "file:"+old)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Migrations 0031 and 0030 (ClariMM and necessity as protocol files)
	// out first: the typed tables 0031 dropped back, empty, as 0030's step
	// finds a file whose items moved already (it moves none twice).
	for _, undo := range []string{
		`CREATE TABLE turns (item_id INTEGER NOT NULL REFERENCES items(id), turn INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 4),
			question TEXT NOT NULL, answer TEXT NOT NULL, PRIMARY KEY (item_id, turn)) WITHOUT ROWID`,
		`CREATE TABLE images (item_id INTEGER NOT NULL REFERENCES items(id), turn INTEGER NOT NULL, pos INTEGER NOT NULL CHECK (pos >= 1),
			src TEXT NOT NULL, location TEXT NOT NULL, preview BLOB, problem TEXT NOT NULL DEFAULT '',
			PRIMARY KEY (item_id, turn, pos), FOREIGN KEY (item_id, turn) REFERENCES turns (item_id, turn)) WITHOUT ROWID`,
		`CREATE TABLE facets (item_id INTEGER NOT NULL REFERENCES items(id), pos INTEGER NOT NULL CHECK (pos BETWEEN 1 AND 9),
			text TEXT NOT NULL, PRIMARY KEY (item_id, pos)) WITHOUT ROWID`} {
		if _, err := conn.Exec(undo); err != nil {
			t.Fatalf("%s: %v", undo, err)
		}
	}
	// Migrations 0029 (item images) and 0028 (arms and triage) out next.
	for _, undo := range []string{"DROP TABLE item_images", "DROP TABLE annotator_arms", "DROP TABLE arms", "DROP TABLE triage",
		"ALTER TABLE labels DROP COLUMN first_value", "ALTER TABLE run_labels DROP COLUMN confidence",
		"ALTER TABLE datasets DROP COLUMN gold_from", "DROP INDEX items_judge", "ALTER TABLE items DROP COLUMN route"} {
		if _, err := conn.Exec(undo); err != nil {
			t.Fatalf("%s: %v", undo, err)
		}
	}
	// Migration 0027 (written answers) out next, then 0025 and 0026.
	for _, undo := range []string{"DROP TRIGGER labels_text", "DROP TRIGGER labels_text_update",
		"DROP TRIGGER adjudications_text", "DROP TRIGGER adjudications_text_update",
		"ALTER TABLE kind_units DROP COLUMN max_chars", "ALTER TABLE labels DROP COLUMN text",
		"ALTER TABLE label_history DROP COLUMN old_text", "ALTER TABLE label_history DROP COLUMN new_text",
		"ALTER TABLE adjudications DROP COLUMN text", "ALTER TABLE adjudication_history DROP COLUMN old_text",
		"ALTER TABLE adjudication_history DROP COLUMN new_text", "ALTER TABLE repeat_labels DROP COLUMN text"} {
		if _, err := conn.Exec(undo); err != nil {
			t.Fatalf("%s: %v", undo, err)
		}
	}
	// Each column's CHECK names only those added before it: out in reverse.
	for _, col := range []string{"arena_dropped_one_game", "arena_dropped_no_game", "arena_lines", "arena_rule"} {
		if _, err := conn.Exec("ALTER TABLE runs DROP COLUMN " + col); err != nil {
			t.Fatal(err)
		}
	}
	// Migration 0026 out too (item_rows' element, items' list length).
	for _, drop := range []string{"item_rows DROP COLUMN element", "items DROP COLUMN list_len"} {
		if _, err := conn.Exec("ALTER TABLE " + drop); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec("PRAGMA user_version = 24"); err != nil {
		t.Fatal(err)
	}
	var cols int
	conn.QueryRow(`SELECT count(*) FROM pragma_table_info('runs') WHERE name GLOB 'arena_*'`).Scan(&cols)
	if cols != 0 || store.SchemaVersion() != 32 {
		t.Fatalf("%d arena columns left; this claritty's schema is %d, the test's migrations 25 to 32", cols, store.SchemaVersion())
	}
}

// The rule that read an arena judgment file, and how many of its lines
// it dropped (with no game scored, with one), are kept with the run:
// bench says them under the leaderboard, bench --json and export --format
// bench carry them, and the HTML report says them with each count a figure
// of bench --json, for a run read by today's rule and one by --one-game,
// counted here as show_result reads the games. An annotator's bench over
// SSH says the same. A database from before the rule was kept opens,
// migrates, and says of its runs that the rule is not recorded, in each of
// those places, with no count made up.
func TestArenaRuleKeptWithTheRun(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	games := []string{
		`[{"score": "A>B"}, {"score": "B>A"}]`,
		`[{"score": null}, {"score": "A=B"}]`,
		`[{"score": "A>>B"}, {"score": null}]`,
		`[null, {"score": "B>>A"}]`,
		`[{"score": "A<B"}, null]`,
		`[{"score": null}, null]`,
		`[{"score": "B>A"}, {"score": "A>B"}]`,
		`[{"score": "A=B"}, {"score": "A=B"}]`,
	}
	const lines = 22
	pairs, file, kept, oneGame, none := arenaLines(t, games, lines)
	if kept == 0 || oneGame == 0 || none == 0 {
		t.Fatalf("the file wants lines of each sort: %d kept, %d with one game, %d with none", kept, oneGame, none)
	}
	if r := runBin(t, bin, db, "import", write("pairs.jsonl", pairs)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	judgments := write("judgments.jsonl", file)
	for _, args := range [][]string{{"--name", "today"}, {"--name", "older", "--one-game"}} {
		if r := runBin(t, bin, db, append([]string{"bench", "add", "--kind", "arena-judgments", judgments}, args...)...); r.code != 0 {
			t.Fatalf("bench add %v: %+v", args, r)
		}
	}
	// What each run's line says, and its --json, by the test's count.
	todayText := fmt.Sprintf("today's judgments were read by arena-hard-auto's rule: a judgment counts only with both games "+
		"scored (--one-game counts one game scored, as arena-hard-auto did before v2.0); %d of %d lines dropped: "+
		"%d with no game scored, %d with one", none+oneGame, lines, none, oneGame)
	olderText := fmt.Sprintf("older's judgments were read by the older rule (--one-game): a judgment with one game scored "+
		"counts by that game, as arena-hard-auto did before v2.0 (it now drops such a line); %d of %d lines dropped: "+
		"no game scored", none, lines)
	want := map[string]string{
		"today": fmt.Sprintf("both-games lines %d dropped %d (%d no game, %d one)", lines, none+oneGame, none, oneGame),
		"older": fmt.Sprintf("one-game lines %d dropped %d (%d no game, 0 one)", lines, none, none),
	}
	notRecorded := ": which rule read its judgments, and how many lines it dropped, is not recorded"

	// says checks bench, bench --json, export --format bench and the HTML
	// report of the database at db, and returns the report.
	says := func(t *testing.T, db string, texts []string, want map[string]string) string {
		t.Helper()
		r := runBin(t, bin, db, "bench")
		flat := strings.Join(strings.Fields(r.stdout), " ")
		for _, s := range texts {
			if r.code != 0 || !strings.Contains(flat, s) {
				t.Errorf("bench lacks %q:\n%s%s", s, r.stdout, r.stderr)
			}
		}
		benchJSON := runBin(t, bin, db, "bench", "--json")
		if benchJSON.code != 0 {
			t.Fatalf("bench --json: %+v", benchJSON)
		}
		out := filepath.Join(t.TempDir(), "bench.json")
		if r := runBin(t, bin, db, "export", "--format", "bench", "--out", out); r.code != 0 {
			t.Fatalf("export: %+v", r)
		}
		exported, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for what, doc := range map[string]string{"bench --json": benchJSON.stdout, "export --format bench": string(exported)} {
			got := arenaRules(t, doc)
			for name, w := range want {
				if got[name].String() != w {
					t.Errorf("%s: %s's arena_judgments %s, want %s", what, name, got[name], w)
				}
			}
		}
		page := filepath.Join(t.TempDir(), "report.html")
		if r := runBin(t, bin, db, "report", "--dataset", "pairs", "--out", page); r.code != 0 {
			t.Fatalf("report: %+v", r)
		}
		body, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		docs := map[string]any{"bench": decodeJSON(t, "bench", benchJSON.stdout)}
		for src, args := range map[string][]string{"agree": {"agree", "--dataset", "pairs", "--json"},
			"quality": {"annotators", "--quality", "--dataset", "pairs", "--json"}} {
			r := runBin(t, bin, db, args...)
			if r.code != 0 {
				t.Fatalf("%v: %+v", args, r)
			}
			docs[src] = decodeJSON(t, src, r.stdout)
		}
		checkFigures(t, "report", string(body), docs)
		text := pageText(string(body))
		for _, s := range texts {
			if !strings.Contains(text, s) {
				t.Errorf("the report lacks %q:\n%s", s, text)
			}
		}
		return string(body)
	}
	page := says(t, db, []string{todayText, olderText}, want)
	// Each count the report says is a figure at its bench --json path.
	var paths []string
	for _, m := range figureRe.FindAllStringSubmatch(page, -1) {
		if strings.Contains(m[2], "/arena_judgments/") {
			paths = append(paths, m[2])
		}
	}
	if wantPaths := []string{"runs/0/arena_judgments/dropped", "runs/0/arena_judgments/lines",
		"runs/0/arena_judgments/dropped_no_game_scored", "runs/0/arena_judgments/dropped_one_game_scored",
		"runs/1/arena_judgments/dropped", "runs/1/arena_judgments/lines"}; !slices.Equal(paths, wantPaths) {
		t.Errorf("the report's arena figures are at %q, want %q", paths, wantPaths)
	}

	// The same runs in a file from before the rule was kept.
	old := filepath.Join(t.TempDir(), "old.db")
	beforeArenaRule(t, db, old)
	nothing := map[string]string{"today": "not recorded lines null dropped null (null no game, null one)",
		"older": "not recorded lines null dropped null (null no game, null one)"}
	page = says(t, old, []string{"today" + notRecorded, "older" + notRecorded}, nothing)
	if r := runBin(t, bin, old, "bench"); strings.Contains(r.stdout+page, "lines dropped") || strings.Contains(r.stdout+page, "read by") {
		t.Errorf("a rule or a count that is not known:\n%s", r.stdout)
	}

	// An annotator's bench over SSH says the rule too.
	signer, pub := sshKey(t, dir, "ana")
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator", "--key-file", pub); r.code != 0 {
		t.Fatalf("register ana's key: %+v", r)
	}
	c, err := sshDial(t, startServe(t, db).addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := sshRun(t, c, "", "bench")
	if flat := strings.Join(strings.Fields(r.stdout), " "); r.code != 0 || !strings.Contains(flat, todayText) || !strings.Contains(flat, olderText) {
		t.Errorf("ana's bench over SSH: %+v", r)
	}
}
