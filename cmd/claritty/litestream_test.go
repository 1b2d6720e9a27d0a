package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
)

// litestreamLag is the replication lag the README's recipe states: with
// sync-interval 1s, Litestream ships what committed at most about a second
// ago, every second; a label committed this long before the disk is lost
// is in the replica.
const litestreamLag = 3 * time.Second

// litestreamBinary is Litestream's binary, from $CLARITTY_LITESTREAM
// (.ci/litestream-drill installs one); the drill skips without it, as it
// is another project's program and not a Go module of claritty's.
func litestreamBinary(t *testing.T) string {
	bin := os.Getenv("CLARITTY_LITESTREAM")
	if bin == "" {
		t.Skip("the Litestream drill needs $CLARITTY_LITESTREAM (bash .ci/litestream-drill installs Litestream and runs it)")
	}
	return bin
}

// The README's recipe for losing the server's disk, as a drill: Litestream
// replicates the team's database to a folder while claritty serve runs and
// an annotator keys labels over SSH; the server and Litestream are killed
// mid-work and the database file deleted; litestream restore brings back a
// database that claritty check passes and that holds every label committed
// more than litestreamLag before the loss. It starts on an empty database:
// Litestream's tables come first, and the first import stays in WAL mode.
func TestLitestreamDrill(t *testing.T) {
	t.Parallel()
	ls := litestreamBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "team.db")
	bin := binary(t)
	if r := runBin(t, bin, db, "annotators"); r.code != 0 { // the lead, in an empty database
		t.Fatalf("%+v", r)
	}
	cfg := filepath.Join(dir, "litestream.yml")
	replica := filepath.Join(dir, "replica")
	os.WriteFile(cfg, []byte(fmt.Sprintf("dbs:\n  - path: %s\n    replica:\n      type: file\n      path: %s\n      sync-interval: 1s\n", db, replica)), 0o600)
	lsCmd := exec.Command(ls, "replicate", "-config", cfg)
	var lsLog bytes.Buffer
	lsCmd.Stdout, lsCmd.Stderr = &lsLog, &lsLog
	if err := lsCmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lsCmd.Process.Kill(); lsCmd.Wait() })
	waitFor(t, "Litestream's tables", func() bool { return hasTable(db, "_litestream_seq") })

	// The first import of the empty database, as Litestream watches.
	ctxLead := filepath.Join(dir, "panes.tsv")
	if err := os.WriteFile(ctxLead, demoPanes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, bin, db, "import", "--dataset", data.DemoDataset, ctxLead); r.code != 0 {
		t.Fatalf("the first import: %+v\n%s", r, lsLog.String())
	}
	if mode := journalMode(t, db); mode != "wal" {
		t.Fatalf("after the first import the journal mode is %s", mode)
	}
	tm := team{db: db, dir: dir, lead: osUser()}
	dee := tm.keyFor(t, "dee")
	srv := startServe(t, db)
	term := terminalAt(t, srv.addr, dee, 100, 30)

	// Ten seconds of keying: whole HITs, a key every 100 ms.
	stop := time.Now().Add(10 * time.Second)
	for time.Now().Before(stop) {
		for _, k := range "\r222222" {
			io.WriteString(term.in, string(k))
			time.Sleep(100 * time.Millisecond)
		}
	}
	// The machine goes, disk and all: both processes at once.
	lost := time.Now()
	srv.cmd.Process.Signal(syscall.SIGKILL)
	lsCmd.Process.Signal(syscall.SIGKILL)
	srv.cmd.Wait()
	lsCmd.Wait()
	committed := historyAt(t, db)
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		os.Remove(f)
	}

	restored := filepath.Join(dir, "restored.db")
	out, err := exec.Command(ls, "restore", "-o", restored, "file://"+replica).CombinedOutput()
	if err != nil {
		t.Fatalf("litestream restore: %v\n%s", err, out)
	}
	if r := runBin(t, bin, restored, "check"); r.code != 0 {
		t.Fatalf("check of the restored database: %+v", r)
	}
	got := historyAt(t, restored)
	keyed, late, missing := 0, 0, 0
	for id, at := range committed {
		keyed++
		if _, ok := got[id]; ok {
			continue
		}
		if lost.Sub(at) <= litestreamLag {
			late++ // within the stated lag: may be lost
			continue
		}
		missing++
		t.Errorf("label history row %d, committed at %v (%v before the loss), is not in the replica", id, at, lost.Sub(at).Round(time.Millisecond))
	}
	t.Logf("%d history rows committed, %d restored, %d lost within the %v lag, %d lost before it", keyed, len(got), late, litestreamLag, missing)
	if keyed < 30 {
		t.Fatalf("only %d labels were keyed: the drill tried too little", keyed)
	}
	// The restored database is claritty's to work on again.
	if r := runBin(t, bin, restored, "stats"); r.code != 0 {
		t.Fatalf("stats on the restored database: %+v", r)
	}
}

// demoPanes is the demo's MIMICS panes as a file.
func demoPanes(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "data", "demo", "demo.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func hasTable(db, name string) bool {
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		return false
	}
	defer conn.Close()
	var n int
	conn.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = ?`, name).Scan(&n)
	return n > 0
}

func journalMode(t *testing.T, db string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var mode string
	if err := conn.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	return strings.ToLower(mode)
}

// historyAt is every label history row of a database by id, with when it
// was committed.
func historyAt(t *testing.T, db string) map[int64]time.Time {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rows, err := conn.Query(`SELECT id, at FROM label_history`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]time.Time{}
	for rows.Next() {
		var id int64
		var at string
		if err := rows.Scan(&id, &at); err != nil {
			t.Fatal(err)
		}
		when, err := time.Parse("2006-01-02T15:04:05.000Z", at)
		if err != nil {
			t.Fatal(err)
		}
		out[id] = when
	}
	return out
}
