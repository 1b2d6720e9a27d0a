package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestKillMidHITLosesNothing runs the real binary in tmux, labels part of a
// HIT, kills the process with SIGKILL, and checks every keyed label is in
// the database; a new process then resumes at the next step.
func TestKillMidHITLosesNothing(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	sock := filepath.Join(dir, "tmux.sock")
	tmux := func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		return string(out)
	}
	defer tmux("kill-server")
	if r := runBin(t, bin, db, "annotators", "kim", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add kim: %+v", r)
	}
	start := func() {
		tmux("new-session", "-d", "-x", "80", "-y", "24", bin+" --db "+db+" --as kim; sleep 30")
	}
	waitScreen := func(s string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if strings.Contains(tmux("capture-pane", "-p"), s) {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("screen never showed %q:\n%s", s, tmux("capture-pane", "-p"))
	}
	start()
	waitScreen("Review the search results")
	for _, k := range []string{"Enter", "2", "1", "0"} {
		tmux("send-keys", k)
	}
	waitScreen("Landing page of answer 2 of 4")
	time.Sleep(200 * time.Millisecond)
	if out, err := exec.Command("pkill", "-KILL", "-f", bin+" --db "+db).CombinedOutput(); err != nil {
		t.Fatalf("pkill: %v %s", err, out)
	}
	r := runBin(t, bin, db, "export", "--format", "labels")
	for _, w := range []string{"\tquestion\tkim\t2\t", "\tanswer_set\tkim\t1\t", "\tlanding_1\tkim\t0\t"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("after kill -9 the export lacks %q:\n%s", w, r.stdout)
		}
	}
	tmux("kill-server")
	start()
	waitScreen("Landing page of answer 2 of 4")
}
