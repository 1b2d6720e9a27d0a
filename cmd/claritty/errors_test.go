package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"charm.land/fang/v2"
)

// Errors say what to do (issue 33): each case as a user meets it.
func TestErrorsSayWhatToDo(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", "--dataset", "panes", writePanes(t, dir, "m.tsv", jaguarRow)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"an unknown dataset lists the datasets", []string{"stats", "--dataset", "pains"}, `dataset "pains": not found; the datasets are "panes"`},
		{"a mistyped command", []string{"importt", "x.tsv"}, `unknown command "importt": did you mean import?`},
		{"a mistyped flag", []string{"stats", "--datset", "panes"}, "unknown flag: --datset: did you mean --dataset?"},
		{"an unknown flag", []string{"stats", "--zzzzzz"}, "unknown flag: --zzzzzz (claritty stats --help lists its flags)"},
		{"an unknown file format", []string{"import", write("x.tsv", "a\tb\tc\n1\t2\t3\n")},
			`x.tsv:1: missing or unknown header: no format claritty reads starts with "a", "b", "c" (3 columns); claritty import --help lists the formats`},
	} {
		r := runBin(t, bin, db, c.args...)
		if msg := strings.TrimRight(r.stderr, "\n"); r.code == 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: exit %d, %q; want one line with %q", c.what, r.code, r.stderr, c.want)
		}
	}

	// No terminal at all (a new session, standard input not one): the
	// screen says so instead of bubbletea's TTY error.
	cmd := exec.Command(bin, "--db", db)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	r := run(t, cmd)
	if r.code == 0 || !strings.Contains(r.stderr, "the screen needs a terminal, and there is none here: run it in a terminal, or use a subcommand") ||
		strings.Contains(r.stderr, "TTY") {
		t.Errorf("no terminal: %+v", r)
	}

	// A key config with a mistake is refused at its line before the
	// screen starts, and the database is left as it was.
	conf := filepath.Join(dir, "xdg", "claritty", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte("[keys]\nundo = \"U\"\nnext = \"U\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command(bin, "--db", db)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "xdg"))
	if r := run(t, cmd); r.code == 0 || strings.TrimRight(r.stderr, "\n") != "claritty: "+conf+`:3: "U" is both the action undo and the action next` {
		t.Errorf("a broken key config: %+v", r)
	}
}

// An interrupted command's error (Ctrl-C cancels its context, and the
// store's writes fail with context.Canceled) reads as what happened and
// what to do, not "add pane: context canceled".
func TestInterruptedSaysNothingWasKept(t *testing.T) {
	var b bytes.Buffer
	printError(&b, fang.Styles{}, fmt.Errorf("import m.tsv: add pane: %w", context.Canceled))
	if got := b.String(); !strings.Contains(got, "claritty: interrupted: the command stopped and kept nothing it had not finished") ||
		strings.Contains(got, "context canceled") {
		t.Errorf("printed %q", got)
	}
}

// --with-text: the labels and gold exports carry each item's texts, made
// safe for one TSV cell (an escape sequence in the data is neutralised),
// one row per label or unit as before; other formats refuse the flag.
func TestExportWithText(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	row := "jaguar \x1b[31mcar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t"
	if r := runBin(t, bin, db, "import", writePanes(t, dir, "m.tsv", row)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, c := range []struct {
		format string
		cols   int
		rows   int
	}{{"labels", 9, 4}, {"gold", 8, 4}} {
		r := runBin(t, bin, db, "export", "--format", c.format, "--with-text")
		lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
		if r.code != 0 || len(lines) != c.rows+1 || !strings.HasSuffix(lines[0], "\ttext\ttext_2") {
			t.Fatalf("%s: %+v", c.format, r)
		}
		for _, l := range lines[1:] {
			cells := strings.Split(l, "\t")
			if len(cells) != c.cols || !strings.HasPrefix(cells[c.cols-2], "jaguar ") || cells[c.cols-1] != "Which jaguar?" ||
				strings.Contains(l, "\x1b") {
				t.Errorf("%s row %q", c.format, l)
			}
		}
	}
	if r := runBin(t, bin, db, "export", "--format", "mimics-manual", "--with-text"); r.code == 0 ||
		!strings.Contains(r.stderr, "--with-text applies to --format labels and gold") {
		t.Errorf("--with-text on mimics-manual: %+v", r)
	}
}
