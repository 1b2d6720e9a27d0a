package main

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/claritty/claritty/store"
)

// A new database, its WAL and its index are its owner's alone whatever
// the umask; --db-mode (or $CLARITTY_DB_MODE) 0660 shares them with a
// group; a mode that lets other users in is refused.
func TestNewDatabasesArePrivate(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	perm := func(p string) fs.FileMode {
		t.Helper()
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, bin, db, "annotators"); r.code != 0 {
		t.Fatalf("stats on a new database: %+v", r)
	}
	// Held open, so its WAL and index stay while a command runs beside.
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("a write: %+v", r)
	}
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		if m := perm(f); m != 0o600 {
			t.Errorf("%s: mode %v, want 0600", filepath.Base(f), m)
		}
	}
	shared := filepath.Join(dir, "shared.db")
	if r := runBin(t, bin, shared, "--db-mode", "0660", "annotators"); r.code != 0 || perm(shared) != 0o660 {
		t.Fatalf("--db-mode 0660: %+v, mode %v", r, perm(shared))
	}
	env := filepath.Join(dir, "env.db")
	cmd := exec.Command(bin, "--db", env, "annotators")
	cmd.Env = append(os.Environ(), "CLARITTY_DB_MODE=0640")
	if r := run(t, cmd); r.code != 0 || perm(env) != 0o640 {
		t.Fatalf("CLARITTY_DB_MODE=0640: %+v, mode %v", r, perm(env))
	}
	bad := filepath.Join(dir, "bad.db")
	if r := runBin(t, bin, bad, "--db-mode", "0644", "annotators"); r.code == 0 || !strings.Contains(r.stderr, "--db-mode") {
		t.Fatalf("--db-mode 0644: %+v", r)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Fatal("a refused --db-mode made a database")
	}
}

// Someone who may read a database but not write it, or not write in its
// folder, runs the reading commands on it: stats, agree, export,
// annotators and check open it read-only and change nothing; a write says
// why it cannot be made. Run as the games user, so it needs root.
func TestReadingCommandsOnAReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	tm := newTeam(t)
	if r := tm.run(t, "", "", "annotators", "games", "--role", "adjudicator"); r.code != 0 {
		t.Fatalf("add games: %+v", r)
	}
	bin := filepath.Join(tm.dir, "claritty")
	placeBinary(t, bin)
	asUID := func(uid, gid string, args ...string) result {
		t.Helper()
		cmd := exec.Command(setpriv, append([]string{"--reuid=" + uid, "--regid=" + gid, "--clear-groups",
			bin, "--db", tm.db}, args...)...)
		cmd.Env = []string{"HOME=" + tm.dir}
		return run(t, cmd)
	}
	as := func(args ...string) result { t.Helper(); return asUID(games.Uid, games.Gid, args...) }
	reading := [][]string{{"stats"}, {"agree", "--bootstrap", "0"}, {"export", "--format", "labels"},
		{"annotators"}, {"annotators", "--quality"}, {"check"}, {"bench"}}
	// First the file is readable, not writable, in a folder games may not
	// write in either; then in one where SQLite may make its files.
	os.Chmod(filepath.Dir(tm.dir), 0o755) // t.TempDir's own folder
	os.Chmod(tm.db, 0o644)
	for _, folder := range []fs.FileMode{0o755, 0o777} {
		os.Chmod(tm.dir, folder)
		before := tm.fingerprint(t)
		if folder == 0o755 {
			st, err := store.Open(context.Background(), tm.db) // the last to close removes them
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			// As a writer that closed last leaves it: no WAL, no index.
			for _, f := range []string{tm.db + "-wal", tm.db + "-shm"} {
				if _, err := os.Stat(f); err == nil {
					t.Fatalf("%s is still there", f)
				}
			}
		}
		for _, args := range reading {
			if r := as(args...); r.code != 0 || r.stdout == "" || strings.Contains(r.stderr, "readonly") {
				t.Errorf("folder %v, games %v: %+v", folder, args, r)
			}
		}
		// Someone the database does not know is refused and told why:
		// adding them would be a write.
		if r := asUID("54321", "54321", "stats"); r.code == 0 || !strings.Contains(r.stderr, "uid-54321 is not in this database") {
			t.Errorf("folder %v, an unknown user's stats: %+v", folder, r)
		}
		r := as("annotators", "games", "--role", "lead")
		if r.code == 0 || !strings.Contains(r.stderr, "read-only") {
			t.Errorf("folder %v, a write: %+v", folder, r)
		}
		if tm.fingerprint(t) != before {
			t.Errorf("folder %v: reading a read-only database changed it", folder)
		}
	}
}
