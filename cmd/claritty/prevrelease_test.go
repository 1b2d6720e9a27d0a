package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claritty/claritty/cmd/claritty/internal/sqldump"
)

// prevDir is the previous release's fixture: a database with every
// built-in kind and a shipped protocol kind in it, and what every export,
// stats, bench, agree and history command gave on it (README there says
// how it was made).
const prevDir = "testdata/prev"

// keptTables are the tables whose rows a migration must keep, every one:
// people's work and what it rests on.
var keptTables = []string{"items", "datasets", "labels", "label_history", "adjudications",
	"adjudication_history", "hits", "repeats", "repeat_labels", "known_labels", "runs",
	"run_labels", "run_questions", "flags", "flag_history", "notes", "arms", "triage"}

// A database the previous release made opens with this one (migrated, if
// its schema is older), passes check, gives every export, stats, bench,
// agree and history output byte for byte as the previous release did,
// finds every demo item already there on a second import, and keeps every
// row of people's work.
func TestMigratesPreviousRelease(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dump, err := os.ReadFile(filepath.Join(prevDir, "prev.sql"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "prev.db")
	if err := sqldump.Load(context.Background(), string(dump), db); err != nil {
		t.Fatal(err)
	}
	makeMeLead(t, db)

	if r := runBin(t, bin, db, "check"); r.code != 0 {
		t.Fatalf("check: %+v", r)
	}
	checkGoldens(t, bin, db)
	reimportDemo(t, bin, db)
	for _, table := range keptTables {
		want := bytes.Count(dump, []byte("\nINSERT INTO \""+table+"\" VALUES("))
		if got := countRows(t, db, table); got != want {
			t.Errorf("%s: %d rows after, the previous release's database had %d", table, got, want)
		}
	}
	if r := runBin(t, bin, db, "check"); r.code != 0 {
		t.Fatalf("check after the second import: %+v", r)
	}
}

// makeMeLead makes the OS user running the test a lead of the database, as
// the fixture's maker was (root when it was made): the goldens' commands
// run as the lead, or --as an annotator.
func makeMeLead(t *testing.T, db string) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = conn.Exec(`INSERT INTO annotators (name, role, created_at) VALUES (?, 'lead', ?)
		ON CONFLICT (name) DO UPDATE SET role = 'lead'`, osUser(), time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		t.Fatal(err)
	}
}

// checkGoldens runs every command of the fixture's manifest and compares
// what it gives with its golden, two at a time.
func checkGoldens(t *testing.T, bin, db string) {
	t.Helper()
	manifest, err := os.ReadFile(filepath.Join(prevDir, "exports", "MANIFEST"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(manifest)), "\n") {
		if !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if len(lines) < 100 {
		t.Fatalf("the manifest names %d commands", len(lines))
	}
	var wg sync.WaitGroup
	jobs := make(chan string)
	for range 2 {
		wg.Go(func() {
			for line := range jobs {
				fields := strings.Split(line, "\t")
				name, args := fields[0], fields[1:]
				want, err := os.ReadFile(filepath.Join(prevDir, "exports", name))
				if err != nil {
					t.Error(err)
					continue
				}
				if got := goldenOutput(t, bin, db, args); !bytes.Equal(got, want) {
					t.Errorf("claritty %s: differs from %s\n%s", strings.Join(args, " "), name, firstDiff(want, got))
				}
			}
		})
	}
	for _, l := range lines {
		jobs <- l
	}
	close(jobs)
	wg.Wait()
}

// goldenOutput is what a command gives as the fixture's goldens hold it:
// stdout, then stderr and a non-zero exit status after a marker line, the
// database's path written as DB.
// leadList is a refusal's naming of the database's leads.
var leadList = regexp.MustCompile(`; leads: [^)]*\)`)

func goldenOutput(t *testing.T, bin, db string, args []string) []byte {
	cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Error(err)
			return nil
		}
		code = ee.ExitCode()
	}
	if errb.Len() > 0 {
		out.WriteString("--- stderr ---\n")
		out.Write(errb.Bytes())
	}
	if code != 0 {
		fmt.Fprintf(&out, "--- exit %d ---\n", code)
	}
	return leadList.ReplaceAll(bytes.ReplaceAll(out.Bytes(), []byte(db), []byte("DB")), []byte("; leads: LEADS)"))
}

// firstDiff shows the first line where two outputs differ.
func firstDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return "(same lines)"
}

// reimportDemo imports the demo's data files again into their datasets:
// every item is found already there.
func reimportDemo(t *testing.T, bin, db string) {
	t.Helper()
	noneAdded := regexp.MustCompile(`: 0 [a-z]+ added, [1-9][0-9]* already present`)
	for _, f := range [][2]string{
		{"demo", "../../data/demo/demo.tsv"},
		{"demo-conversations", "../../data/demo/conversations/demo-conversations.jsonl"},
		{"demo-necessity", "../../data/demo/clarilm/demo-necessity.jsonl"},
		{"demo-pairs", "../../data/demo/clarilm/demo-pairs.jsonl"},
		{"demo-nuggets", "../../data/demo/nuggets/demo-nuggets.jsonl"},
	} {
		r := runBin(t, bin, db, "import", "--dataset", f[0], f[1])
		if r.code != 0 || !noneAdded.MatchString(r.stderr) {
			t.Errorf("import %s again: %+v", f[1], r)
		}
	}
}

// countRows is how many rows a table of the database has.
func countRows(t *testing.T, db, table string) int {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(`SELECT count(*) FROM "` + table + `"`).Scan(&n); err != nil {
		t.Fatalf("%s: %v", table, err)
	}
	return n
}
