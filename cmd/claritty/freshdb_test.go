package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/store"
)

// runEnv runs the binary with env added to the test's environment, and no
// --db: the database is $CLARITTY_DB's, or the default place's.
func runEnv(t *testing.T, bin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	return run(t, cmd)
}

// noDatabase fails the test if anything of a database is at path.
func noDatabase(t *testing.T, what, path string) {
	t.Helper()
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %s is there (%v)", what, p, err)
		}
	}
}

// A command refused where there was no database leaves none: no file, no
// WAL or index, and no folder it made for the default place. A refused
// import, merge, bench add and protocols add, an --as naming nobody, a
// report with nothing to report. A good import makes the database, and an
// import whose first file goes in and second is refused keeps the first.
func TestRefusedFirstCommandLeavesNoDatabase(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	write := fileWriter(t, dir)
	bad := writePanes(t, dir, "badlabel.tsv", "puma\tWhich?\ta\tb\t\t\t\t2\t3\t\t\t\t\t")
	good := writePanes(t, dir, "good.tsv", jaguarRow)
	db := filepath.Join(dir, "fresh.db")
	env := []string{"CLARITTY_DB=" + db}
	refusals := []struct {
		what string
		args []string
		says string
	}{
		{"import", []string{"import", bad}, bad + `:2: options_overall_label is "3"`},
		{"merge", []string{"import", "--format", "labels", write("labels.tsv", "item\tunit\tannotator\tlabel\nq1\tquestion\tana\t2\n")}, "labels.tsv:2:"},
		{"bench add", []string{"bench", "add", "--kind", "labels", "--name", "r", write("run.txt", "q1 question 2\n")}, "run.txt:1:"},
		{"protocols add", []string{"protocols", "add", write("p.toml", "name = \"x\"\n")}, "p.toml:"},
		{"--as", []string{"--as", "nobody", "stats"}, "nobody is not an annotator"},
		{"stats", []string{"stats"}, "the database has no datasets yet"},
	}
	for _, c := range refusals {
		r := runEnv(t, bin, env, c.args...)
		if r.code == 0 || !strings.Contains(r.stderr, c.says) {
			t.Errorf("%s: %+v, want it refused: %s", c.what, r, c.says)
		}
		if strings.Contains(r.stderr, "left it") {
			t.Errorf("%s: %s", c.what, r.stderr)
		}
		noDatabase(t, c.what, db)
	}

	// The default place: the folders made for it go too.
	xdg := filepath.Join(dir, "xdg", "share")
	if r := runEnv(t, bin, []string{"CLARITTY_DB=", "XDG_DATA_HOME=" + xdg}, "import", bad); r.code == 0 {
		t.Errorf("import into the default place: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "xdg")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the folders made for the default place are left (%v)", err)
	}

	if r := runEnv(t, bin, env, "import", good); r.code != 0 {
		t.Fatalf("a good import: %+v", r)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("a good import made no database: %v", err)
	}
	if r := runEnv(t, bin, []string{"CLARITTY_DB=", "XDG_DATA_HOME=" + xdg}, "import", good); r.code != 0 {
		t.Fatalf("a good import into the default place: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(xdg, "claritty", "claritty.db")); err != nil {
		t.Errorf("a good import made no database at the default place: %v", err)
	}

	half := filepath.Join(dir, "half.db")
	if r := runEnv(t, bin, []string{"CLARITTY_DB=" + half}, "import", good, bad); r.code == 0 {
		t.Errorf("import of a good file and a bad one: %+v", r)
	}
	st, err := store.OpenReadOnly(context.Background(), half)
	if err != nil {
		t.Fatalf("the first file's import was not kept: %v", err)
	}
	defer st.Close()
	if ds, err := st.Datasets(context.Background()); err != nil || len(ds) != 1 || ds[0].Name != "good" {
		t.Errorf("datasets kept: %+v %v", ds, err)
	}
}

// waitingImport starts "import -" on a database that does not exist yet,
// and returns once it has made it, with its first user, and waits for its
// input; finish gives it body and waits for its end.
func waitingImport(t *testing.T, bin, db string) (finish func(body string) result) {
	t.Helper()
	cmd := exec.Command(bin, "import", "--dataset", "d", "-")
	cmd.Env = append(os.Environ(), "CLARITTY_DB="+db)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	// No connection of the test's before the file is in WAL mode (its WAL
	// is there): one would keep the import from switching it.
	for ready := false; !ready; {
		select {
		case err := <-ended:
			t.Fatalf("import - ended (%v): %s", err, errb.String())
		case <-time.After(5 * time.Millisecond):
		}
		_, err := os.Stat(db + "-wal")
		ready = err == nil && hasAnnotator(db)
	}
	return func(body string) result {
		t.Helper()
		io.WriteString(in, body)
		in.Close()
		err := <-ended
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return result{out.String(), errb.String(), cmd.ProcessState.ExitCode()}
	}
}

// hasAnnotator says whether the database at path is made and has a user.
func hasAnnotator(path string) bool {
	st, err := store.OpenReadOnly(context.Background(), path)
	if err != nil {
		return false
	}
	defer st.Close()
	as, err := st.Annotators(context.Background())
	return err == nil && len(as) > 0
}

// A refused first command keeps the database it made when it cannot be
// sure it is its own to remove: another claritty has it open, another
// program's SQLite connection has it open (each said in its output), or
// another claritty wrote to it meanwhile (kept with what it wrote).
func TestRefusedFirstCommandKeepsASharedDatabase(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	ctx := context.Background()
	bad, _ := os.ReadFile(writePanes(t, dir, "bad.tsv", "puma\tWhich?\ta\tb\t\t\t\t2\t3\t\t\t\t\t"))
	good := writePanes(t, dir, "good.tsv", jaguarRow)

	db := filepath.Join(dir, "claritty.db")
	finish := waitingImport(t, bin, db)
	other, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r := finish(string(bad))
	if r.code == 0 || !strings.Contains(r.stderr, "-:2:") ||
		!strings.Contains(r.stderr, "this command made the database "+db+" and left it: another process has it open") {
		t.Errorf("refused while another claritty has it open: %+v", r)
	}
	other.Close()
	if _, err := os.Stat(db); err != nil {
		t.Errorf("removed while another claritty had it open: %v", err)
	}

	db = filepath.Join(dir, "sqlite.db")
	finish = waitingImport(t, bin, db)
	reader, err := store.OpenReadOnly(ctx, db) // SQLite's locks only
	if err != nil {
		t.Fatal(err)
	}
	r = finish(string(bad))
	reader.Close()
	if r.code == 0 || !strings.Contains(r.stderr, "left it: another process has it open") {
		t.Errorf("refused while a SQLite connection has it open: %+v", r)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("removed while a SQLite connection had it open: %v", err)
	}

	db = filepath.Join(dir, "written.db")
	finish = waitingImport(t, bin, db)
	if r := runEnv(t, bin, []string{"CLARITTY_DB=" + db}, "import", good); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := finish(string(bad)); r.code == 0 || strings.Contains(r.stderr, "left it") {
		t.Errorf("refused after another claritty wrote: %+v", r)
	}
	st, err := store.OpenReadOnly(ctx, db)
	if err != nil {
		t.Fatalf("removed what another claritty wrote: %v", err)
	}
	defer st.Close()
	if ds, err := st.Datasets(ctx); err != nil || len(ds) != 1 {
		t.Errorf("datasets: %+v %v", ds, err)
	}
}
