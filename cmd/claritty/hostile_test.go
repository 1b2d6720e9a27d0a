package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Hostile and damaged input files: each is refused (or warned about) as
// the user would want, at file:line, with short messages and clean names,
// and a refused one changes nothing.
func TestHostileFiles(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", write("seed.tsv", data.ManualHeader()+"\n"+jaguarRow+"\n")); r.code != 0 {
		t.Fatalf("seed: %+v", r)
	}
	before, beforeFile := dbBytes(t, db), fileBytes(t, db)
	refused := func(want string, args ...string) {
		t.Helper()
		r := runBin(t, bin, db, args...)
		if r.code == 0 || !strings.Contains(r.stderr, want) || len(r.stderr) > 600 || strings.ContainsRune(r.stderr, 0x1b) {
			t.Errorf("%v: want a short refusal with %q, got %d %.600q", args, want, r.code, r.stderr)
		}
		if fileBytes(t, db) != beforeFile || dbBytes(t, db) != before {
			t.Errorf("%v: refused, yet the database changed", args)
		}
	}
	// An endless line stops at the limit, without reading further.
	refused("/dev/zero:1: line is longer than 1 MiB", "import", "--format", "serp", "/dev/zero")
	refused("/dev/zero:1: line is longer than 1 MiB", "bench", "add", "--kind", "trec", "--name", "z", "/dev/zero")
	refused("/dev/zero:1: line is longer than 1 MiB", "agree", "--ratings", "/dev/zero")
	refused("big.jsonl:2: line is longer than 1 KiB", "import", "--max-line", "1024",
		write("big.jsonl", `{"queryContext":{"originalQuery":"a"}}`+"\n"+`{"x":"`+strings.Repeat("y", 2000)+`"}`+"\n"))
	// An error quotes at most 80 bytes of a 20 MB field.
	huge := strings.Repeat("Q", 20<<20)
	refused("(20971520 bytes)", "import", "--max-line", "40000000",
		write("huge.tsv", data.ManualHeader()+"\n"+strings.Replace(jaguarRow, "\t2\t1\t2\t0", "\t"+huge+"\t1\t2\t0", 1)+"\n"))
	// A header and nothing else creates nothing.
	refused("header.tsv: the file has a header and no rows", "import", write("header.tsv", data.ManualHeader()+"\n"))
	refused("header-labels.tsv: the file has a header and no rows", "import",
		write("header-labels.tsv", "item\tunit\tannotator\tlabel\n"))
	// A file name's escape sequences never reach the terminal.
	refused("bad␛[31mname.tsv:2:", "import", write("bad\x1b[31mname.tsv", data.ManualHeader()+"\nonly\tthree\tfields\n"))

	// A UTF-8 byte order mark is skipped; a last line without a line end
	// is imported, with a warning that it may have been cut short.
	bom := write("bom.tsv", "\xef\xbb\xbf"+data.ManualHeader()+"\n"+strings.Replace(jaguarRow, "jaguar", "puma", 1))
	r := runBin(t, bin, db, "import", bom)
	if r.code != 0 || !strings.Contains(r.stderr, "warning: "+bom+":2: last line has no line end (cut short?)") ||
		!strings.Contains(r.stderr, "1 pane added") {
		t.Fatalf("BOM and a cut last line: %+v", r)
	}
	// With the limit raised, a long line is fine.
	long := `{"queryContext":{"originalQuery":"long"},"webPages":{"value":[{"name":"n","url":"https://x.example","snippet":"` +
		strings.Repeat("s", 2<<20) + `"}]}}` + "\n"
	if r := runBin(t, bin, db, "import", "--max-line", "4194304", write("long.jsonl", long)); r.code != 0 {
		t.Fatalf("--max-line: %+v", r.stderr)
	}
}

// Ctrl-C ends a command with status 130 and changes nothing, even one
// blocked reading its standard input.
func TestInterruptExits130(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, bin, db, "import", "-", "--dataset", "d"); r.code == 0 {
		t.Fatalf("an empty stdin imported: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators"); r.code != 0 { // the refusal left no database: make one
		t.Fatal(r.stderr)
	}
	// The database has no items, so this import is its first; fileBytes
	// sees the file's header, which dbBytes's rows do not.
	beforeFile := fileBytes(t, db)
	before := dbBytes(t, db)
	cmd, in := startImport(t, bin, db)
	io.WriteString(in, data.ManualHeader()+"\n"+jaguarRow+"\n") // and then nothing more: it waits
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("after Ctrl-C: %v", err)
	}
	in.Close()
	if fileBytes(t, db) != beforeFile {
		t.Error("an interrupted import changed the database file")
	}
	if dbBytes(t, db) != before {
		t.Fatal("an interrupted import changed the database")
	}
}

// A first import of an empty database killed once its pages spill to the
// WAL leaves the database as it was: the next claritty to open the file
// leaves the import's frames out, and `claritty check` passes.
func TestKilledFirstImportLeavesAnEmptyDatabase(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, bin, db, "annotators"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	before := fileBytes(t, db)
	cmd, in := startImport(t, bin, db)
	io.WriteString(in, data.ManualHeader()+"\n")
	// Enough bytes to spill pages past the page cache: long questions,
	// so that few rows (each costs the import far more than its bytes)
	// fill them.
	long := "Which jaguar" + strings.Repeat(" do you mean", 150) + "?"
	for i := range 2500 {
		row := strings.Replace(jaguarRow, "jaguar", fmt.Sprintf("jaguar%d", i), 1)
		io.WriteString(in, strings.Replace(row, "Which jaguar?", long, 1)+"\n")
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if fi, err := os.Stat(db + "-wal"); err == nil && fi.Size() > 1<<20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the import never spilled its pages to the WAL")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if r := runBin(t, bin, db, "check"); r.code != 0 {
		t.Fatalf("check after the kill: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators"); r.code != 0 {
		t.Fatalf("opening after the kill: %+v", r)
	}
	if fileBytes(t, db) != before {
		t.Error("a killed first import changed the database file")
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mode string
	var items int
	storetest.DB(t, st).QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	storetest.DB(t, st).QueryRow(`SELECT count(*) FROM items`).Scan(&items)
	if mode != "wal" || items != 0 {
		t.Fatalf("after a killed first import: journal mode %q, %d items", mode, items)
	}
}

func startImport(t *testing.T, bin, db string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	cmd := exec.Command(bin, "--db", db, "import", "-", "--dataset", "d")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, in
}
