package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func itoa(i int) string { return strconv.Itoa(i) }

// A path with URI characters opens exactly that file: the DSN escapes it.
func TestOddPathsAreFiles(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"q?x.db", "a#b.db", "p%41.db", "sp ace.db", "mode=ro&x.db"} {
		dir := t.TempDir()
		st, err := Open(context.Background(), filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		st.Close()
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, strings.TrimSuffix(strings.TrimSuffix(e.Name(), "-wal"), "-shm"))
		}
		slices.Sort(names)
		if names = slices.Compact(names); len(names) != 1 || names[0] != name {
			t.Errorf("--db %q made %v", name, names)
		}
	}
}

// A file that is not claritty's is refused before anything is written to
// it: not switched to WAL, not given an application_id.
func TestForeignFilesAreNotTouched(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	foreign := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	text := filepath.Join(dir, "readme.db")
	os.WriteFile(text, []byte("just some text, long enough to have a header's worth of bytes in it, and then some more of it\n"), 0o644)
	for _, p := range []string{foreign, text} {
		before, _ := os.ReadFile(p)
		_, err := Open(context.Background(), p)
		if !errors.Is(err, ErrNotClaritty) {
			t.Errorf("%s: %v, want ErrNotClaritty", filepath.Base(p), err)
		}
		after, _ := os.ReadFile(p)
		if string(before) != string(after) {
			t.Errorf("%s: refused, yet changed", filepath.Base(p))
		}
		if _, err := os.Stat(p + "-wal"); err == nil {
			t.Errorf("%s: refused, yet a WAL was made", filepath.Base(p))
		}
	}
}

func TestMissingFolderIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := Open(context.Background(), filepath.Join(dir, "no", "such", "c.db"))
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Fatal("a folder was created")
	}
}

// A file with random bytes written into its middle is refused at Open
// with what to do, and CheckFile reports the damage.
func TestDamagedFileIsRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "c.db")
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := st.BeginImport(context.Background(), testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3000 {
		if _, err := im.AddPane(Pane{Query: strings.Repeat("query ", 5) + string(rune('a'+i%26)) + itoa(i), Question: "Which?",
			Options: [5]string{"a", "b"}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	st.Close() // the last connection checkpoints the WAL into the file
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := f.Stat()
	junk := make([]byte, 8192)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(r.UintN(256))
	}
	f.WriteAt(junk, fi.Size()/2/4096*4096)
	f.Close()
	before, _ := os.ReadFile(path)
	_, err = Open(context.Background(), path)
	if err == nil || !strings.Contains(err.Error(), "claritty check") {
		t.Fatalf("a damaged file opened: %v", err)
	}
	// The command line explains whatever reaches it: once, not twice.
	if n := strings.Count(Explain(err).Error(), "claritty check"); n != 1 {
		t.Fatalf("advice given %d times:\n%v", n, Explain(err))
	}
	results, err := CheckFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if len(results[0].Problems) == 0 {
		t.Fatalf("check found no damage: %+v", results)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("opening and checking a damaged file changed it")
	}
}

// CheckFile finds a broken invariant and names the item.
func TestCheckFindsBrokenCounters(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	_, items, ana := seed(t, st, 3)
	one := 1
	if _, err := st.SetLabel(context.Background(), LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: "question", Value: &one}); err != nil {
		t.Fatal(err)
	}
	results, err := CheckFile(context.Background(), st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Fatalf("a sound database fails %q: %v", r.Name, r.Problems)
		}
	}
	st.db.Exec(`UPDATE items SET finished = 7 WHERE id = ?`, items[1])
	st.db.Exec(`DELETE FROM label_history`)
	results, _ = CheckFile(context.Background(), st.Path())
	failed := map[string]string{}
	for _, r := range results {
		if len(r.Problems) > 0 {
			failed[r.Name] = strings.Join(r.Problems, "; ")
		}
	}
	if !strings.Contains(failed["item counters match the finished HITs"], "finished 7") ||
		!strings.Contains(failed["every label has history"], "1 row breaks it") {
		t.Fatalf("failed checks: %v", failed)
	}
}

// Reading a setting that exists, and the progress counters, take no write
// lock: they answer while another process holds it.
func TestReadsDoNotWaitForWriters(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, _, ana := seed(t, st, 2)
	if _, err := st.Setting(ctx, "pseudonym_salt", func() (string, error) { return "s", nil }); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+uriPath(st.Path())+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, _ := other.Conn(ctx)
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if v, err := st.Setting(short, "pseudonym_salt", nil); err != nil || v != "s" {
		t.Fatalf("Setting waited for the writer: %q %v", v, err)
	}
	if v, err := st.SettingOr(short, "adjudication_names", "names"); err != nil || v != "names" {
		t.Fatalf("SettingOr: %q %v", v, err)
	}
	if _, err := st.DatasetProgress(short, ds, ana.ID); err != nil {
		t.Fatalf("DatasetProgress: %v", err)
	}
}

// check holds claritty to the max it applied when it gave each HIT out:
// more finished HITs given out than that fails; the same number made up
// of merged work (no claimed max) passes with a note naming the item.
func TestCheckHoldsTheMaxClaimed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	_, items, _ := seed(t, st, 2)
	for i := range 6 {
		a, err := st.EnsureAnnotator(ctx, "a"+itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.db.Exec(`INSERT INTO hits (item_id, annotator_id, started_at, finished_at, claimed_max)
			VALUES (?, ?, '2026-01-01', '2026-01-01', 5)`, items[0], a.ID); err != nil {
			t.Fatal(err)
		}
	}
	st.db.Exec(`UPDATE items SET finished = 6 WHERE id = ?`, items[0])
	byName := func() map[string]CheckResult {
		results, err := CheckFile(ctx, st.Path())
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]CheckResult{}
		for _, r := range results {
			m[r.Name] = r
		}
		return m
	}
	const name = "no item has more finished HITs claritty gave out than its policy's max allowed"
	if r := byName()[name]; !strings.Contains(strings.Join(r.Problems, ";"), "item "+itoa(int(items[0]))+": 6 finished HITs given out, max 5") {
		t.Fatalf("six HITs given out under a max of five: %+v", r)
	}
	st.db.Exec(`UPDATE hits SET claimed_max = NULL WHERE annotator_id IN (SELECT annotator_id FROM hits WHERE item_id = ? LIMIT 2)`, items[0])
	r := byName()[name]
	if len(r.Problems) > 0 || !strings.Contains(strings.Join(r.Notes, ";"), "item "+itoa(int(items[0]))+": 6 finished HITs, max 5 (2 of them merged") {
		t.Fatalf("four given out and two merged: %+v", r)
	}
}
