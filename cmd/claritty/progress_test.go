package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data/datatest"
)

// clickFile writes n generated MIMICS-Click rows into dir.
func clickFile(t *testing.T, dir string, n int) string {
	t.Helper()
	p := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(p, n); err != nil {
		t.Fatal(err)
	}
	return p
}

// runOnTerminal runs the binary with its stderr on a terminal of cols
// columns (its standard output a pipe): what the terminal was sent, the
// standard output, and the exit status.
func runOnTerminal(t *testing.T, cols uint16, args ...string) (screen, stdout string, code int) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: cols}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary(t), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close() // the program's copy is what keeps the terminal open
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ptmx) // ends (EIO) once the program has gone
		got <- b
	}()
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	// The terminal turns each "\n" into "\r\n": put it back.
	return strings.ReplaceAll(string(<-got), "\r\n", "\n"), out.String(), code
}

// progressFrames are the progress lines a terminal was sent: each drawn
// as "\r" LINE "\x1b[K".
func progressFrames(screen string) []string {
	var frames []string
	for _, part := range strings.Split(screen, "\r")[1:] {
		if line, ok := strings.CutSuffix(part, "\x1b[K"); ok && line != "" {
			frames = append(frames, line)
		}
	}
	return frames
}

// An import on a terminal shows its progress line from the start to all
// of the file read, and the summary takes its place: the line is cleared
// and the summary is the rest of what was sent. --quiet sends the summary
// alone.
func TestProgressLineOnTerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	click := clickFile(t, dir, 2000)
	screen, _, code := runOnTerminal(t, 100, "--db", filepath.Join(dir, "c.db"), "import", click)
	if code != 0 {
		t.Fatalf("import: exit %d:\n%q", code, screen)
	}
	frames := progressFrames(screen)
	if len(frames) < 2 {
		t.Fatalf("want the line drawn at the start and the end, got %q", screen)
	}
	first, last := frames[0], frames[len(frames)-1]
	if !strings.HasPrefix(first, "import [--------------------]   0% 0 B of ") {
		t.Errorf("first frame %q: want nothing read of the file's size", first)
	}
	if !strings.HasPrefix(last, "import [####################] 100% ") || !strings.HasSuffix(last, ", finishing") {
		t.Errorf("last frame %q: want all of the file read", last)
	}
	for _, f := range frames {
		if len(f) > 99 {
			t.Errorf("frame %q is wider than the terminal's 100 columns less one", f)
		}
		if strings.Contains(f, "generated") || strings.Contains(f, "click") {
			t.Errorf("frame %q quotes the file", f)
		}
	}
	cleared := strings.LastIndex(screen, "\r\x1b[K")
	if summary := screen[cleared+len("\r\x1b[K"):]; !strings.HasPrefix(summary, click+": mimics-click → dataset") ||
		strings.Count(summary, "\n") != 1 || !strings.HasSuffix(summary, "\n") {
		t.Errorf("after the cleared line want the summary alone, got %q", summary)
	}

	screen, _, code = runOnTerminal(t, 100, "--db", filepath.Join(dir, "q.db"), "--quiet", "import", click)
	if code != 0 || strings.Contains(screen, "\r") || !strings.HasPrefix(screen, click+": mimics-click → dataset") {
		t.Errorf("--quiet on a terminal: want the summary alone, got exit %d %q", code, screen)
	}
}

// A merge (import --format labels), an export to a file, a backup and
// agree --ratings each draw the line on a terminal and clear it.
func TestProgressLineOfEachCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	tsv := writePanes(t, dir, "panes.tsv", jaguarRow)
	if r := runBin(t, binary(t), db, "import", tsv); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	labels := filepath.Join(dir, "labels.tsv")
	var ratings strings.Builder
	ratings.WriteString("item\tunit\tannotator\tlabel\n")
	for i := range 40 {
		fmt.Fprintf(&ratings, "i%d\tq\tana\t%d\ni%d\tq\tbo\t%d\n", i, i%3, i, i%2)
	}
	ratingsFile := fileWriter(t, dir)("ratings.tsv", ratings.String())
	for _, c := range []struct {
		verb string
		args []string
	}{
		{"export", []string{"export", "--format", "labels", "--out", labels}},
		{"merge", []string{"import", "--format", "labels", labels}},
		{"backup", []string{"backup", "--out", filepath.Join(dir, "b.db")}},
		{"agree", []string{"agree", "--ratings", ratingsFile}},
	} {
		screen, stdout, code := runOnTerminal(t, 80, append([]string{"--db", db}, c.args...)...)
		frames := progressFrames(screen)
		if code != 0 || len(frames) < 2 || !strings.HasPrefix(frames[0], c.verb) {
			t.Errorf("%s: want its line drawn, got exit %d %q", c.verb, code, screen)
			continue
		}
		if !strings.Contains(screen, "\r\x1b[K") {
			t.Errorf("%s: the line is never cleared: %q", c.verb, screen)
		}
		if c.verb == "agree" && !strings.Contains(stdout, "Fleiss") {
			t.Errorf("agree --ratings' report: %q", stdout)
		}
	}
}

// Piped, an import says what it said before the progress line was made,
// byte for byte: the same as with --quiet.
func TestProgressNothingWhenPiped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	click := clickFile(t, dir, 300)
	piped := runBin(t, binary(t), filepath.Join(dir, "a.db"), "import", click)
	quiet := runBin(t, binary(t), filepath.Join(dir, "b.db"), "--quiet", "import", click)
	if piped.code != 0 || quiet.code != 0 {
		t.Fatalf("import: %+v\n--quiet: %+v", piped, quiet)
	}
	want := click + ": mimics-click → dataset \"click\": 300 panes added, 0 already present; 0 labels added, 0 already present\n"
	if piped.stderr != want || quiet.stderr != want {
		t.Errorf("piped import's stderr:\n%q\n--quiet:\n%q\nwant:\n%q", piped.stderr, quiet.stderr, want)
	}
}

// Over SSH the session decides: a command with a pty draws the line (of
// bytes read, the upload's size unknown), one without does not.
func TestProgressLineOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead)) // the lead may merge anyone's labels
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := tm.run(t, "", "", "export", "--format", "labels")
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	labels := r.stdout

	plain := sshRun(t, c, labels, "import --format labels -")
	if plain.code != 0 || strings.Contains(plain.stderr, "\r") || !strings.HasPrefix(plain.stderr, "-: labels: ") {
		t.Errorf("without a pty: want the summary alone, got %+v", plain)
	}

	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	s.Stdin, s.Stdout, s.Stderr = strings.NewReader(labels), io.Discard, &stderr
	done := make(chan error, 1)
	go func() { done <- s.Run("import --format labels -") }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the merge over SSH with a pty never ended")
	}
	frames := progressFrames(stderr.String())
	if err != nil || len(frames) < 2 || frames[0] != "merge: 0 B" {
		t.Fatalf("with a pty: want the line, got %v %q", err, stderr.String())
	}
	cleared := strings.LastIndex(stderr.String(), "\r\x1b[K")
	if summary := stderr.String()[cleared+len("\r\x1b[K"):]; !strings.HasPrefix(summary, "-: labels: ") {
		t.Errorf("with a pty: want the summary after the line, got %q", summary)
	}
}

func TestProgressText(t *testing.T) {
	for _, c := range []struct {
		done, total int64
		elapsed     time.Duration
		want        string
	}{
		{0, 2_000_000, 0, "import [--------------------]   0% 0 B of 2.0 MB"},
		{1000, 0, time.Millisecond, "import: 1.0 kB"},
		{500_000, 2_000_000, time.Second, "import [#####---------------]  25% 500.0 kB of 2.0 MB, 500.0 kB/s, 3s left"},
		{2_000_000, 2_000_000, 4 * time.Second, "import [####################] 100% 2.0 MB of 2.0 MB, finishing"},
		{3_000_000_000, 0, 2 * time.Second, "import: 3.0 GB, 1.5 GB/s"},
	} {
		if got := progressText("import", c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressText(%d, %d, %v) = %q, want %q", c.done, c.total, c.elapsed, got, c.want)
		}
	}
}

// A backup refused (an annotator's) draws no progress line first: the
// role is asked before the line starts.
func TestProgressNoLineForARefusedBackup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, binary(t), db, "import", writePanes(t, dir, "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, binary(t), db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("annotators: %+v", r)
	}
	out := filepath.Join(dir, "b.db")
	screen, _, code := runOnTerminal(t, 80, "--db", db, "--as", "ana", "backup", "--out", out)
	if code == 0 || len(progressFrames(screen)) > 0 || !strings.Contains(screen, "lead") {
		t.Errorf("ana's backup on a terminal: exit %d, screen %q", code, screen)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused backup left %s: %v", out, err)
	}
}
