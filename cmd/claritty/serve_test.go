package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// server is claritty serve running as a process on a loopback port.
type server struct {
	cmd    *exec.Cmd
	addr   string
	stderr *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// startServe runs claritty serve on the team's database and waits for it
// to listen.
func startServe(t testing.TB, db string, extra ...string) *server {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"--db", db, "serve", "--listen", "127.0.0.1:0"}, extra...)...)
	pr, pw := io.Pipe()
	srv := &server{cmd: cmd, stderr: &syncBuffer{}}
	cmd.Stderr = io.MultiWriter(srv.stderr, pw)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		re := regexp.MustCompile(`listening addr=(\S+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case srv.addr = <-found:
	case <-time.After(10 * time.Second):
		t.Fatalf("serve never listened:\n%s", srv.stderr)
	}
	return srv
}

// waitLog waits for the server's log to say text: it reaches the test
// through a pipe, a moment after the server wrote it.
func (srv *server) waitLog(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(srv.stderr.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("the server never logged %q:\n%s", text, srv.stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// keyFor makes a key for name, who becomes an annotator of the team
// unless they have a role already, and registers it as the lead would.
func (tm team) keyFor(t testing.TB, name string) gossh.Signer {
	t.Helper()
	signer, pub := sshKey(t, tm.dir, name)
	args := []string{"annotators", name, "--key-file", pub}
	if r := tm.run(t, "", "", "annotators"); !strings.Contains(r.stdout, name+" ") {
		args = append(args, "--role", "annotator")
	}
	if r := tm.run(t, "", "", args...); r.code != 0 {
		t.Fatalf("register %s's key: %+v", name, r)
	}
	return signer
}

// sshKey makes a key pair and writes its public half as KEY.pub.
func sshKey(t testing.TB, dir, name string) (gossh.Signer, string) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pub := filepath.Join(dir, name+".pub")
	if err := os.WriteFile(pub, gossh.MarshalAuthorizedKey(signer.PublicKey()), 0o644); err != nil {
		t.Fatal(err)
	}
	return signer, pub
}

func sshDial(t testing.TB, addr string, signer gossh.Signer) (*gossh.Client, error) {
	t.Helper()
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "claritty", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
}

// sshRun runs one command over SSH: stdout, stderr, exit status.
func sshRun(t testing.TB, c *gossh.Client, stdin, command string) result {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out, errb bytes.Buffer
	s.Stdin, s.Stdout, s.Stderr = strings.NewReader(stdin), &out, &errb
	code := 0
	if err := s.Run(command); err != nil {
		ee, ok := err.(*gossh.ExitError)
		if !ok {
			t.Fatalf("%s: %v", command, err)
		}
		code = ee.ExitStatus()
	}
	return result{out.String(), errb.String(), code}
}

// terminal is an SSH session with a PTY: what it shows, less escapes.
type terminal struct {
	s      *gossh.Session
	in     io.Writer
	screen *syncBuffer
}

func openTerminal(t testing.TB, c *gossh.Client, w, h int) *terminal {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	term := &terminal{s: s, screen: &syncBuffer{}}
	term.in, _ = s.StdinPipe()
	s.Stdout = term.screen
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	return term
}

// terminalAt connects to the server with a key and opens the TUI through
// a PTY of w×h, once it shows its first step; the connection closes when
// the test ends.
func terminalAt(t testing.TB, addr string, signer gossh.Signer, w, h int) *terminal {
	t.Helper()
	c, err := sshDial(t, addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	term := openTerminal(t, c, w, h)
	term.waitFor(t, "Step I")
	return term
}

// waitFor waits until the terminal has shown text (escapes stripped).
func (term *terminal) waitFor(t testing.TB, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(ansi.Strip(term.screen.String()), text) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the terminal never showed %q; it shows:\n%s", text, ansi.Strip(term.screen.String()))
}

// labelsOf counts an annotator's labels on an item, and whether their HIT
// is finished, reading the database as another process would.
func labelsOf(t testing.TB, db string, itemID int64, name string) (labels int, finished bool) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	err = conn.QueryRow(`SELECT (SELECT count(*) FROM labels l JOIN annotators a ON a.id = l.annotator_id
			WHERE l.item_id = ?1 AND a.name = ?2),
		EXISTS (SELECT 1 FROM hits h JOIN annotators a ON a.id = h.annotator_id
			WHERE h.item_id = ?1 AND a.name = ?2 AND h.finished_at IS NOT NULL)`, itemID, name).Scan(&labels, &finished)
	if err != nil {
		t.Fatal(err)
	}
	return labels, finished
}

func waitLabels(t testing.TB, db string, itemID int64, name string, want int, finished bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if n, f := labelsOf(t, db, itemID, name); n == want && f == finished {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	n, f := labelsOf(t, db, itemID, name)
	t.Fatalf("%s has %d labels on item %d (finished %v), want %d (%v)", name, n, itemID, f, want, finished)
}

// A team on one server: an annotator keys a whole HIT over SSH through a
// PTY and the labels are theirs; unknown keys are refused; commands run
// under the key's role, with stdout, stderr and the exit status passed
// back; a client gone mid-HIT loses nothing; SIGTERM ends it all cleanly.
func TestServeOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee, ana := tm.keyFor(t, "dee"), tm.keyFor(t, "ana")
	stranger, _ := sshKey(t, tm.dir, "stranger")
	srv := startServe(t, tm.db)
	for _, f := range []string{tm.db, tm.db + "-wal", tm.db + "-ssh_host_ed25519_key"} {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want mode 0600", f, fi.Mode(), err)
		}
	}

	if c, err := sshDial(t, srv.addr, stranger); err == nil {
		c.Close()
		t.Fatal("an unknown key was let in")
	}
	srv.waitLog(t, "refused")

	// dee keys a whole MIMICS HIT through a PTY: the pane ana finished,
	// which still wants annotators.
	c, err := sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	term := openTerminal(t, c, 100, 30)
	term.waitFor(t, "claritty · demo · dee")
	term.waitFor(t, "Step I")
	units := guidelines.MIMICS.Units(tm.pane2.Shape(0))
	keys := "\r"
	for range units {
		keys += "2"
	}
	io.WriteString(term.in, keys)
	waitLabels(t, tm.db, tm.pane2.ID, "dee", len(units), true)
	term.waitFor(t, "HIT 2 done.")
	term.s.WindowChange(24, 80)
	// The next HIT: enter and a label in one go, and the client leaves as
	// soon as the first of the two writes has committed. The label still
	// does: a session's writes outlive its client.
	next := nextItemOf(t, tm.db, "dee")
	io.WriteString(term.in, "\r2")
	waitReviewed(t, tm.db, next, "dee")
	c.Close()
	waitLabels(t, tm.db, next, "dee", 1, false)

	// Commands run as the key's owner, under their role.
	c, err = sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := sshRun(t, c, "", "export --format labels")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("ana's export: %+v", r)
	}
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
		if strings.Split(l, "\t")[2] != "ana" {
			t.Fatalf("ana's export holds %q", l)
		}
	}
	// Every lead's route is refused to ana's key, one line, nothing written,
	// the database as it was.
	before := tm.fingerprint(t)
	panes := data.ManualHeader() + "\n" + jaguarRow + "\n"
	for _, c2 := range []struct{ stdin, command string }{
		{"", "policy --min 1 --max 1"},
		{"", "--as bo export --format labels"},
		{"", "export --format gold"},
		{"", "backup --out -"},
		{"", "annotators bo --role lead"},
		{"", "adjudicate --refer-below 0.9"},
		{"", "flags clear 1 --reason fine"},
		{"", "export --format gold --include-incomplete"},
		{panes, "import --dataset sneaky -"},
		{tm.pane1.UID + " question 2\n", "bench add --kind labels --name oracle -"},
	} {
		r := sshRun(t, c, c2.stdin, c2.command)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "not allowed") ||
			strings.Count(strings.TrimRight(r.stderr, "\n"), "\n") != 0 {
			t.Errorf("ana over SSH, %s: %+v", c2.command, r)
		}
	}
	if tm.fingerprint(t) != before {
		t.Fatal("refused commands over SSH changed the database")
	}
	r = sshRun(t, c, "", "import "+tm.file(t, "p.tsv", panes))
	if r.code != 1 || !strings.Contains(r.stderr, "over SSH the file is on your side") {
		t.Fatalf("an import naming a server path: %+v", r)
	}
	row := data.LabelsHeader + "\n" + tm.pane1.UID + "\tquestion\tana\t1\t\t\t\n"
	if r = sshRun(t, c, row, "import --format labels -"); r.code != 0 || !strings.Contains(r.stderr, "1 added") {
		t.Fatalf("ana's own label from stdin: %+v", r)
	}
	if r = sshRun(t, c, "", "--db /tmp/x.db agree"); r.code != 1 || !strings.Contains(r.stderr, "unknown flag: --db") {
		t.Fatalf("--db over SSH: %+v", r)
	}
	if r = sshRun(t, c, "", "agree --json --bootstrap 0"); r.code != 0 || !strings.Contains(r.stdout, `"pooled"`) || strings.Contains(r.stdout, `"majority"`) {
		t.Fatalf("ana's agreement: %+v", r)
	}
	// The HTML report comes to ana's own standard output, as ana may see it.
	if r = sshRun(t, c, "", "report"); r.code != 0 || !strings.Contains(r.stdout, "Each annotator's quality is for adjudicators and leads.") ||
		strings.Contains(r.stdout, `data-src="quality"`) {
		t.Fatalf("ana's report over SSH: %+v", r)
	}
	if r = sshRun(t, c, "", "report --out /tmp/r.html"); r.code == 0 || !strings.Contains(r.stderr, "over SSH output goes to your standard output") {
		t.Fatalf("report --out over SSH: %+v", r)
	}

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after SIGTERM: %v\n%s", err, srv.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	srv.waitLog(t, "stopped")
}

// nextItemOf is the item an annotator has open (started, not finished).
func nextItemOf(t *testing.T, db, name string) int64 {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var id int64
		err := storetest.DB(t, st).QueryRow(`SELECT h.item_id FROM hits h JOIN annotators a ON a.id = h.annotator_id
			WHERE a.name = ? AND h.finished_at IS NULL`, name).Scan(&id)
		if err == nil {
			return id
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s has no open HIT", name)
	return 0
}

// waitReviewed waits until an annotator's HIT records Step I as reviewed.
func waitReviewed(t *testing.T, db string, itemID int64, name string) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var ok bool
		conn.QueryRow(`SELECT EXISTS (SELECT 1 FROM hits h JOIN annotators a ON a.id = h.annotator_id
			WHERE h.item_id = ? AND a.name = ? AND h.serp_reviewed IS NOT NULL)`, itemID, name).Scan(&ok)
		if ok {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("%s never reviewed item %d", name, itemID)
}

// kill -9 of the server loses no label keyed before it; started again, the
// annotator's HIT resumes where they were.
func TestServeKilledLosesNothing(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee := tm.keyFor(t, "dee")
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	term := openTerminal(t, c, 100, 30)
	term.waitFor(t, "Step I")
	io.WriteString(term.in, "\r21")
	waitLabels(t, tm.db, tm.pane2.ID, "dee", 2, false)
	io.WriteString(term.in, "0")
	time.Sleep(300 * time.Millisecond) // keyed, as the local kill test allows
	srv.cmd.Process.Kill()
	srv.cmd.Wait()
	c.Close()
	if n, _ := labelsOf(t, tm.db, tm.pane2.ID, "dee"); n != 3 {
		t.Fatalf("after kill -9 dee has %d labels, want 3", n)
	}
	srv = startServe(t, tm.db)
	c, err = sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	term = openTerminal(t, c, 100, 30)
	term.waitFor(t, "Landing page of answer 2")
}

// A client sending garbage, or pasting without end, ends at most its own
// session: another annotator keys a whole HIT meanwhile, and the server
// stays up.
func TestServeSurvivesHostileClients(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee, eve := tm.keyFor(t, "dee"), tm.keyFor(t, "mallory")
	srv := startServe(t, tm.db)
	hostile, err := sshDial(t, srv.addr, eve)
	if err != nil {
		t.Fatal(err)
	}
	bad := openTerminal(t, hostile, 80, 24)
	bad.waitFor(t, "Step I")
	junk := make([]byte, 1<<20)
	rand.Read(junk)
	done := make(chan struct{})
	go func() {
		defer close(done)
		bad.in.Write(junk)                                             // garbage, escape sequences and all
		io.WriteString(bad.in, "\x1b[200~"+strings.Repeat("x", 8<<20)) // a paste that never ends
		hostile.Close()                                                // gone mid-whatever
	}()

	c, err := sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	term := openTerminal(t, c, 100, 30)
	term.waitFor(t, "Step I")
	units := guidelines.MIMICS.Units(tm.pane2.Shape(0))
	io.WriteString(term.in, "\r"+strings.Repeat("2", len(units)))
	waitLabels(t, tm.db, tm.pane2.ID, "dee", len(units), true)
	<-done
	if r := sshRun(t, c, "", "policy"); r.code != 0 {
		t.Fatalf("the server after the hostile client: %+v", r)
	}
	srv.waitLog(t, "disconnect user=mallory")
}
