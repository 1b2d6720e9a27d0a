package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// binary is claritty for the tests that run it as a user would: this test
// binary under the name claritty (a link to it), which TestMain turns into
// claritty's main. It is the same code go build would link, without
// building and linking a second binary for every test run.
func binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			buildErr = err
			return
		}
		dir, err := os.MkdirTemp("", "claritty-bin")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "claritty")
		buildErr = os.Symlink(self, builtBin)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "claritty" { // run by a test through binary()
		main()
		os.Exit(0)
	}
	code := m.Run()
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

// jaguarRow is one labelled mimics-manual pane: question 2, answer set 1,
// landing pages 2 and 0.
const jaguarRow = "jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t"

// fileWriter is a test's way to write a file into dir: write(name, body)
// returns its path.
func fileWriter(t *testing.T, dir string) func(name, body string) string {
	return func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// writePanes writes a mimics-manual file with the given rows into dir.
func writePanes(t *testing.T, dir, name string, rows ...string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	body := data.ManualHeader() + "\n" + strings.Join(rows, "\n") + "\n"
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type result struct {
	stdout, stderr string
	code           int
}

func runBin(t *testing.T, bin, db string, args ...string) result {
	t.Helper()
	return run(t, exec.Command(bin, append([]string{"--db", db}, args...)...))
}

// run runs a command to its end: its output, its errors, its exit status.
func run(t testing.TB, cmd *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

func TestImportAndExportCommands(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	tsv := writePanes(t, dir, "panes.tsv", jaguarRow)

	r := runBin(t, bin, db, "import", tsv)
	if r.code != 0 || !strings.Contains(r.stderr, "1 pane added") {
		t.Fatalf("import: %+v", r)
	}
	r = runBin(t, bin, db, "import", tsv)
	if r.code != 0 || !strings.Contains(r.stderr, "0 panes added, 1 already present") {
		t.Fatalf("second import: %+v", r)
	}

	bad := writePanes(t, dir, "bad.tsv", "puma\tWhich?\ta\tb\t\t\t\t2\t3\t\t\t\t\t")
	r = runBin(t, bin, db, "import", bad)
	if r.code == 0 || !strings.Contains(r.stderr, bad+":2: options_overall_label is \"3\"") {
		t.Fatalf("bad import: %+v", r)
	}

	out := filepath.Join(dir, "labels.tsv")
	r = runBin(t, bin, db, "export", "--format", "labels", "--out", out)
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	got, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if lines[0] != "item\tunit\tannotator\tlabel\tcreated_at\tupdated_at\tseconds" || len(lines) != 5 {
		t.Fatalf("export:\n%s", got)
	}
	wantUnits := []string{"question\tmimics-release\t2", "answer_set\tmimics-release\t1", "landing_1\tmimics-release\t2", "landing_2\tmimics-release\t0"}
	for i, w := range wantUnits {
		if !strings.Contains(lines[i+1], "\t"+w+"\t") {
			t.Errorf("line %d %q lacks %q", i+2, lines[i+1], w)
		}
	}
	r = runBin(t, bin, db, "export", "--format", "labels")
	if r.stdout != string(got) {
		t.Fatal("stdout export differs from --out export")
	}
	mergeLabelsFile(t, bin, dir, tsv, strings.ReplaceAll(string(got), "mimics-release", "ana"))
	r = runBin(t, bin, db, "export", "--format", "nope")
	if r.code == 0 || !strings.Contains(r.stderr, "unknown export format") {
		t.Fatalf("bad format: %+v", r)
	}
}

// mergeLabelsFile merges an exported labels file into a second database
// with the same panes: once adds, twice adds nothing, a bad row is refused.
func mergeLabelsFile(t *testing.T, bin, dir, panes, labels string) {
	t.Helper()
	db := filepath.Join(dir, "other.db")
	if r := runBin(t, bin, db, "import", "--labels-as", "release", panes); r.code != 0 {
		t.Fatalf("import panes: %+v", r)
	}
	file := filepath.Join(dir, "from-laptop.tsv")
	os.WriteFile(file, []byte(labels), 0o644)
	for _, want := range []string{"4 added, 0 changed, 0 already present", "0 added, 0 changed, 4 already present"} {
		r := runBin(t, bin, db, "import", "--format", "labels", file)
		if r.code != 0 || !strings.Contains(r.stderr, "labels: "+want) {
			t.Fatalf("merge: %+v, want %q", r, want)
		}
	}
	if r := runBin(t, bin, db, "agree", "--dataset", "panes", "--json"); !strings.Contains(r.stdout, `"annotator":"ana"`) {
		t.Fatalf("merged labels not in the report: %+v", r)
	}
	bad := strings.Replace(labels, "\tana\t2\t", "\tana\t7\t", 1)
	os.WriteFile(file, []byte(bad), 0o644)
	r := runBin(t, bin, db, "import", file)
	if r.code == 0 || !strings.Contains(r.stderr, file+":2: label \"7\" is not one of 0, 1, 2") {
		t.Fatalf("bad merge: %+v", r)
	}
}

// A failed import leaves the database exactly as it was, seen from a fresh
// process.
func TestFailedImportLeavesDatabase(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	good := writePanes(t, dir, "good.tsv", jaguarRow)
	runBin(t, bin, db, "import", good)
	dump := func() string { return runBin(t, bin, db, "export", "--format", "labels").stdout }
	before := dump()
	bad := writePanes(t, dir, "bad.tsv", "puma\tWhich?\ta\tb\t\t\t\t2\t1\t1\t1\t\t\t", "lynx\tWhich?")
	if r := runBin(t, bin, db, "import", bad); r.code == 0 || !strings.Contains(r.stderr, "bad.tsv:3: 2 fields, want 14") {
		t.Fatalf("bad import: %+v", r)
	}
	if dump() != before {
		t.Fatal("failed import changed the labels")
	}
	r := runBin(t, bin, db, "import", "--dataset", "panes", good)
	if !strings.Contains(r.stderr, "1 pane added") {
		t.Fatalf("another dataset gets its own copy: %+v", r)
	}
}

func TestDefaultDBPath(t *testing.T) {
	t.Setenv("CLARITTY_DB", "/x/y.db")
	if p := defaultDBPath(); p != "/x/y.db" {
		t.Fatal(p)
	}
	t.Setenv("CLARITTY_DB", "")
	t.Setenv("XDG_DATA_HOME", "/data")
	if p := defaultDBPath(); p != "/data/claritty/claritty.db" {
		t.Fatal(p)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/ana")
	if p := defaultDBPath(); p != "/home/ana/.local/share/claritty/claritty.db" {
		t.Fatal(p)
	}
}

func TestFillIfEmptyOnlyOnce(t *testing.T) {
	t.Parallel()
	g := &globals{db: filepath.Join(t.TempDir(), "c.db")}
	st, err := g.open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	me, err := g.actor(context.Background(), st)
	if err != nil || me.Role != store.RoleLead {
		t.Fatalf("the first user of a new database: %+v %v", me, err)
	}
	for i := 0; i < 2; i++ {
		if err := fillIfEmpty(context.Background(), st, me); err != nil {
			t.Fatal(err)
		}
	}
	ds, _ := st.Datasets(context.Background())
	if len(ds) != 5 || ds[0].Name != data.DemoDataset || ds[0].Items != 40 ||
		ds[1].Name != data.DemoConversations || ds[1].Items != 5 || ds[1].Kind != "clarimm" ||
		ds[2].Name != data.DemoNuggets || ds[2].Items != 8 || ds[2].Kind != "nuggets" ||
		ds[3].Name != data.DemoNecessity || ds[3].Items != 8 || ds[3].Kind != "necessity" ||
		ds[4].Name != data.DemoPairs || ds[4].Items != 8 || ds[4].Kind != "compare" {
		t.Fatalf("datasets %+v", ds)
	}
}
