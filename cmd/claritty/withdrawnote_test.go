package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data/datatest"
)

// screenOverSSH is OpenSSH's client in tmux, logged in to a claritty
// server with a key: the screen an annotator sees, as a terminal draws
// it (capture-pane), not the stream of escapes that draws it.
type screenOverSSH struct {
	tmux func(args ...string) string
}

// sshInTmux registers a new key for who and opens the TUI on dataset
// over SSH in a w×h tmux window. Without tmux or ssh it skips, and fails
// where $CLARITTY_SSH_CLIENT is "required" (as .ci/run, which installs
// them, sets it), so CI never passes it unrun.
func sshInTmux(t *testing.T, bin, db, who, dataset string, w, h int) screenOverSSH {
	t.Helper()
	for _, tool := range []string{"tmux", "ssh"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CLARITTY_SSH_CLIENT") == "required" {
				t.Fatalf("%s not installed, and CLARITTY_SSH_CLIENT=required", tool)
			}
			t.Skip(tool + " not installed")
		}
	}
	dir := t.TempDir()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, who)
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if os.WriteFile(key, pem.EncodeToMemory(block), 0o600) != nil ||
		os.WriteFile(key+".pub", gossh.MarshalAuthorizedKey(signer.PublicKey()), 0o644) != nil {
		t.Fatal("write the key")
	}
	if r := runBin(t, bin, db, "annotators", who, "--key-file", key+".pub"); r.code != 0 {
		t.Fatalf("%s's key: %+v", who, r)
	}
	srv := startServe(t, db)
	host, port, err := net.SplitHostPort(srv.addr)
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "tmux.sock")
	s := screenOverSSH{tmux: func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		return string(out)
	}}
	t.Cleanup(func() { s.tmux("kill-server") })
	login := strings.Join([]string{"ssh", "-tt", "-F", "/dev/null", "-i", key, "-p", port, "-o", "IdentitiesOnly=yes",
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "--",
		"claritty@" + host, "--dataset", dataset}, " ")
	s.tmux("new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), login+"; sleep 30")
	return s
}

// keys sends keys as tmux names them (Enter, Right, or characters).
func (s screenOverSSH) keys(keys ...string) {
	for _, k := range keys {
		s.tmux("send-keys", k)
	}
}

// wait waits until the screen shows text.
func (s screenOverSSH) wait(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(s.tmux("capture-pane", "-p"), text) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the screen never showed %q:\n%s", text, s.tmux("capture-pane", "-p"))
}

// Issue 43, point 2, over SSH with an annotator's key: a no that finishes
// ana's last HIT says what it withdrew on the all-done screen, and the
// header's count of finished HITs follows the store when a yes opens a
// finished HIT again and when an undo finishes it again.
func TestSSHWithdrawalNoteAndHeaderCount(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", "--protocol", write("h.toml", historyStudy()), "--dataset", "cq",
		write("cq.tsv", datatest.ClariQGatedRows(2))); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	s := sshInTmux(t, bin, db, "ana", "cq", 80, 24)
	s.wait(t, "HIT 1 · 0 done / 1 yours")
	s.keys("3", "1", "2", "3", "1") // need, yes, both questions, clear
	s.wait(t, "HIT 2 · 1 done / 2 yours")
	s.keys("2", "0") // need, no
	s.wait(t, "No more HITs for you in cq")
	s.keys("l")
	s.wait(t, "Queue · 2 HITs")
	s.keys("g", "Enter")
	s.wait(t, "HIT 1 · 2 done / 2 yours")
	s.keys("Right", "0")
	s.wait(t, "No more HITs for you in cq")
	s.wait(t, "3 labels withdrawn: ask is no")
	s.keys("l")
	s.wait(t, "Queue · 2 HITs")
	s.keys("g", "Enter")
	s.wait(t, "HIT 1 · 2 done / 2 yours")
	s.keys("Right", "1") // yes again: open
	s.wait(t, "How useful is this question?")
	s.wait(t, "HIT 1 · 1 done / 2 yours")
	s.keys("u") // the yes undone: whole again
	s.wait(t, "undid ask")
	s.wait(t, "HIT 1 · 2 done / 2 yours")
}
