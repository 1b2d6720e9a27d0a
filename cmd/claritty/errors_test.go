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
	"time"

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
		{"an unknown flag of a command's command", []string{"flags", "clear", "--zzzzzz"}, "unknown flag: --zzzzzz (claritty flags clear --help lists its flags)"},
		{"an unknown flag of claritty's own", []string{"--zzzzzz"}, "unknown flag: --zzzzzz (claritty --help lists its flags)"},
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

// A FIFO as config.toml does not hold the screen's start (opening it to
// read waited for a writer): it is refused for what it is, before the
// screen starts. Should the binary open it to read, the test writes it a
// config broken at line 2, so that binary ends with that mistake instead
// of hanging.
func TestKeyConfigFIFODoesNotHoldTheStart(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, bin, db, "import", "--dataset", "panes", writePanes(t, dir, "m.tsv", jaguarRow)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	conf := filepath.Join(dir, "xdg", "claritty", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(conf, 0o600); err != nil {
		t.Fatal(err)
	}
	before := dbBytes(t, db)
	cmd := exec.Command(bin, "--db", db)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "xdg"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		default:
		}
		if w, werr := os.OpenFile(conf, os.O_WRONLY|syscall.O_NONBLOCK, 0); werr == nil {
			w.WriteString("[keys]\nnope = \"x\"\n") // fails if the binary has closed it already
			w.Close()
			err = <-done
			break wait
		}
		time.Sleep(time.Millisecond) // not a deadline: the binary ends, or opens the FIFO
	}
	want := "claritty: " + conf + ": is a FIFO, not a file: a key config is a regular file"
	if err == nil || strings.TrimRight(stderr.String(), "\n") != want {
		t.Errorf("a FIFO as config.toml: %v %q; want %q", err, stderr.String(), want)
	}
	if dbBytes(t, db) != before {
		t.Error("the refused start changed the database")
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
	}{{"labels", 10, 4}, {"gold", 9, 4}} {
		r := runBin(t, bin, db, "export", "--format", c.format, "--with-text")
		lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
		if r.code != 0 || len(lines) != c.rows+1 || !strings.HasSuffix(lines[0], "\ttext\ttext_2\trow_id") {
			t.Fatalf("%s: %+v", c.format, r)
		}
		for _, l := range lines[1:] {
			cells := strings.Split(l, "\t")
			if len(cells) != c.cols || !strings.HasPrefix(cells[c.cols-3], "jaguar ") || cells[c.cols-2] != "Which jaguar?" ||
				cells[c.cols-1] != "" || strings.Contains(l, "\x1b") {
				t.Errorf("%s row %q", c.format, l)
			}
		}
	}
	if r := runBin(t, bin, db, "export", "--format", "mimics-manual", "--with-text"); r.code == 0 ||
		!strings.Contains(r.stderr, "--with-text applies to --format labels and gold") {
		t.Errorf("--with-text on mimics-manual: %+v", r)
	}
}
