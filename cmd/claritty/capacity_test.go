package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
)

// BenchmarkServeCapacity starts claritty serve (the built binary, its own
// process) on 127.0.0.1:0 and drives N concurrent SSH sessions through a
// PTY, each keying whole HITs (enter, then a label for the question, the
// answer set and three landing pages) at 2 keys a second on average, each
// key 400 to 600 ms after the last, from a start spread over a HIT's length:
// people do not key in step, and sessions that do finish their HITs
// together, all wanting their next one at once. It reports, per N:
//
//   - p50_ms, p99_ms, max_ms: from a label key's send to the commit of
//     its label, over every label keyed. A reader in this process polls the
//     label history every millisecond and notes when each row became
//     visible (after the poll that saw it), so the figures are upper
//     bounds, late by at most a poll;
//
//   - server_cpu_%, clients_cpu_%: the server's and this process's (the N
//     clients') CPU time over the keying, as a share of one core: the
//     machine's cores serve both;
//
//   - server_peak_MB: the server's peak resident memory, and MB/session
//     that over the sessions (what a team's server needs a session);
//
//   - server_cpu_ms/label: the server's CPU time over the keying divided
//     by the labels keyed in it (every key's work: the frames it draws,
//     the SSH it sends, the label's write);
//
//   - labels, lost (label keys sent that left no label: each key labels a
//     unit of its own), over_assigned
//     (items given more annotators than the policy's 3), not_saved (the
//     TUI reporting a failed write, e.g. database busy).
//
//     go test ./cmd/claritty -run '^$' -bench ServeCapacity -benchtime 1x -timeout 30m
//
// CLARITTY_LOAD_SECONDS sets how long each N keys (default 30),
// CLARITTY_LOAD_SESSIONS the Ns (default 10,50,200,500), and
// CLARITTY_LOAD_PROFILE=DIR writes the server's CPU profile for each N there.
func BenchmarkServeCapacity(b *testing.B) {
	secs := 30
	if s, err := strconv.Atoi(os.Getenv("CLARITTY_LOAD_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	ns := []int{10, 50, 200, 500}
	if list := os.Getenv("CLARITTY_LOAD_SESSIONS"); list != "" {
		ns = nil
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				b.Fatalf("CLARITTY_LOAD_SESSIONS=%q: want numbers like 10,50", list)
			}
			ns = append(ns, n)
		}
	}
	for _, n := range ns {
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) {
			for range b.N {
				r := loadServer(b, n, time.Duration(secs)*time.Second)
				b.ReportMetric(r.p50, "p50_ms")
				b.ReportMetric(r.p99, "p99_ms")
				b.ReportMetric(r.max, "max_ms")
				b.ReportMetric(r.cpu, "server_cpu_%")
				b.ReportMetric(r.clientCPU, "clients_cpu_%")
				b.ReportMetric(r.peakMB, "server_peak_MB")
				b.ReportMetric(r.peakMB/float64(n), "MB/session")
				b.ReportMetric(r.cpuPerLabel, "server_cpu_ms/label")
				b.ReportMetric(float64(r.labels), "labels")
				b.ReportMetric(float64(r.lost), "lost")
				b.ReportMetric(float64(r.overAssigned), "over_assigned")
				b.ReportMetric(float64(r.notSaved), "not_saved")
				if r.lost != 0 || r.overAssigned != 0 || r.notSaved != 0 {
					b.Errorf("%d sessions: %d labels lost, %d items over-assigned, %d writes not saved", n, r.lost, r.overAssigned, r.notSaved)
				}
			}
		})
	}
}

type loadResult struct {
	p50, p99, max, cpu, clientCPU, peakMB float64
	cpuPerLabel                           float64 // server CPU ms a label keyed
	labels, lost, overAssigned, notSaved  int
}

// hitKeys is one whole HIT of the load's panes (a question, three
// answers): review, question, answer set, three landing pages.
var hitKeys = []string{"\r", "2", "1", "0", "2", "1"}

// loadSession is one simulated annotator.
type loadSession struct {
	name   string
	signer gossh.Signer
	client *gossh.Client
	in     io.Writer
	sent   []time.Time // each label key's send time, in order
	out    *outputWatch
}

func loadServer(b *testing.B, n int, keying time.Duration) loadResult {
	b.Helper()
	dir := b.TempDir()
	db := filepath.Join(dir, "load.db")
	sessions := loadDatabase(b, db, n, keying)
	var extra []string
	if d := os.Getenv("CLARITTY_LOAD_PROFILE"); d != "" {
		extra = []string{"--cpuprofile", filepath.Join(d, fmt.Sprintf("serve-%d.prof", n))}
	}
	srv := startServe(b, db, extra...)
	pid := srv.cmd.Process.Pid
	connectAll(b, srv.addr, sessions)
	w := watchCommits(b, db)
	cpu0, own0, t0 := cpuTicks(b, pid), cpuTicks(b, os.Getpid()), time.Now()
	var wg sync.WaitGroup
	stop := time.Now().Add(keying)
	for _, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.key(stop)
		}()
	}
	wg.Wait()
	w.settle() // the last keys' writes
	cpu1, own1, t1 := cpuTicks(b, pid), cpuTicks(b, os.Getpid()), time.Now()
	peak := peakRSS(b, pid)
	notSaved := 0
	for _, s := range sessions {
		notSaved += int(s.out.count.Load())
		s.client.Close()
	}
	srv.cmd.Process.Signal(syscall.SIGTERM)
	srv.cmd.Wait()
	r := measure(b, db, sessions, w.stop())
	r.cpu = 100 * float64(cpu1-cpu0) / clockTicks / t1.Sub(t0).Seconds()
	r.clientCPU = 100 * float64(own1-own0) / clockTicks / t1.Sub(t0).Seconds()
	r.peakMB = float64(peak) / 1024
	if r.labels > 0 {
		r.cpuPerLabel = 1000 * float64(cpu1-cpu0) / clockTicks / float64(r.labels)
	}
	r.notSaved = notSaved + strings.Count(srv.stderr.String(), "locked")
	if r.lost > 0 || r.notSaved > 0 {
		log := srv.stderr.String()
		b.Logf("the server's log, its last 4 KB:\n%s", log[max(0, len(log)-4096):])
	}
	return r
}

// loadDatabase is a database with enough panes for every session to key
// for the whole run (one question, three answers each; policy exactly 3
// annotators), and n annotators with SSH keys.
func loadDatabase(b *testing.B, db string, n int, keying time.Duration) []*loadSession {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	lead, err := st.Actor(ctx, osUser(), "")
	if err != nil {
		b.Fatal(err)
	}
	hits := int(keying.Seconds()/3) + 2 // a HIT is 6 keys at 2 a second
	panes := n*hits/3 + 100
	var tsv strings.Builder
	tsv.WriteString(data.ManualHeader() + "\n")
	for i := range panes {
		fmt.Fprintf(&tsv, "load query %d\tWhich load %d do you mean?\tfirst %d\tsecond %d\tthird %d\t\t\t\t\t\t\t\t\t\n", i, i, i, i, i)
	}
	pol := store.Policy{Min: 3, Max: 3, Lease: time.Hour}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(tsv.String()), "load.tsv", data.Options{Policy: &pol}); err != nil {
		b.Fatal(err)
	}
	sessions := make([]*loadSession, n)
	for i := range sessions {
		s := &loadSession{name: fmt.Sprintf("load%03d", i), out: &outputWatch{}}
		var key store.Key
		s.signer, key = newSigner(b)
		if _, err := st.SetRole(ctx, lead, s.name, store.RoleAnnotator); err != nil {
			b.Fatal(err)
		}
		if err := st.AddKeys(ctx, lead, s.name, []store.Key{key}); err != nil {
			b.Fatal(err)
		}
		sessions[i] = s
	}
	return sessions
}

func newSigner(b *testing.B) (gossh.Signer, store.Key) {
	b.Helper()
	signer, pub := sshKey(b, b.TempDir(), "k")
	body, err := os.ReadFile(pub)
	if err != nil {
		b.Fatal(err)
	}
	keys, err := readKeys(bytes.NewReader(body), pub)
	if err != nil {
		b.Fatal(err)
	}
	return signer, keys[0]
}

// connectAll opens every session's terminal and waits for its first HIT.
func connectAll(b *testing.B, addr string, sessions []*loadSession) {
	b.Helper()
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	errs := make(chan error, len(sessions))
	for _, s := range sessions {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs <- s.connect(addr)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, s := range sessions {
		select {
		case <-s.out.ready:
		case <-time.After(60 * time.Second):
			b.Fatalf("%s never saw its first HIT", s.name)
		}
	}
}

func (s *loadSession) connect(addr string) error {
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: s.name, Auth: []gossh.AuthMethod{gossh.PublicKeys(s.signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
	if err != nil {
		return fmt.Errorf("%s: %w", s.name, err)
	}
	sess, err := c.NewSession()
	if err != nil {
		return err
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return err
	}
	s.client = c
	s.in, _ = sess.StdinPipe()
	s.out.ready = make(chan struct{})
	sess.Stdout = s.out
	return sess.Shell()
}

// key sends whole HITs' keys until stop, 2 a second on average, from a
// random start within the first HIT's time.
func (s *loadSession) key(stop time.Time) {
	time.Sleep(rand.N(time.Duration(len(hitKeys)) * 500 * time.Millisecond))
	for i := 0; time.Now().Before(stop); i++ {
		k := hitKeys[i%len(hitKeys)]
		now := time.Now()
		if _, err := io.WriteString(s.in, k); err != nil {
			return
		}
		if k != "\r" {
			s.sent = append(s.sent, now)
		}
		time.Sleep(400*time.Millisecond + rand.N(200*time.Millisecond))
	}
}

// outputWatch drains a session's screen, noting its first HIT and every
// "not saved" the TUI reports.
type outputWatch struct {
	tail  []byte
	ready chan struct{}
	seen  bool
	count atomic.Int64
}

func (w *outputWatch) Write(p []byte) (int, error) {
	buf := append(w.tail, p...)
	if !w.seen && bytes.Contains(buf, []byte("Step I")) {
		w.seen = true
		close(w.ready)
	}
	w.count.Add(int64(bytes.Count(buf, []byte("not saved")) - bytes.Count(w.tail, []byte("not saved"))))
	w.tail = append(w.tail[:0], buf[max(0, len(buf)-16):]...)
	return len(p), nil
}

// commitSeen is when a label history row was first seen committed.
type commitSeen struct {
	annotator int64
	at        time.Time
}

// commitWatch polls the label history every millisecond, from another
// connection as any reader would, and notes when each new row became
// visible.
type commitWatch struct {
	last atomic.Int64
	done chan struct{}
	out  chan map[int64]commitSeen
}

func watchCommits(b *testing.B, db string) *commitWatch {
	b.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		b.Fatal(err)
	}
	conn.SetMaxOpenConns(1)
	w := &commitWatch{done: make(chan struct{}), out: make(chan map[int64]commitSeen, 1)}
	var last int64
	conn.QueryRow(`SELECT coalesce(max(id), 0) FROM label_history`).Scan(&last)
	w.last.Store(last)
	go func() {
		defer conn.Close()
		seen := map[int64]commitSeen{}
		for {
			rows, err := conn.Query(`SELECT id, annotator_id FROM label_history WHERE id > ? ORDER BY id`, last)
			if err == nil {
				var batch []commitSeen
				var ids []int64
				for rows.Next() {
					var c commitSeen
					rows.Scan(&last, &c.annotator)
					ids, batch = append(ids, last), append(batch, c)
				}
				rows.Close()
				now := time.Now()
				for i, id := range ids {
					seen[id] = commitSeen{batch[i].annotator, now}
				}
				w.last.Store(last)
			}
			select {
			case <-w.done:
				w.out <- seen
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return w
}

// settle waits until no new label has committed for a second.
func (w *commitWatch) settle() {
	last, quiet := w.last.Load(), time.Now()
	for time.Since(quiet) < time.Second {
		time.Sleep(100 * time.Millisecond)
		if n := w.last.Load(); n != last {
			last, quiet = n, time.Now()
		}
	}
}

// stop ends the watch and returns what it saw.
func (w *commitWatch) stop() map[int64]commitSeen {
	close(w.done)
	return <-w.out
}

// measure reads the database after the run: each annotator's label
// history, in the order their keys were sent, against when each row was
// seen committed; and items over the policy.
func measure(b *testing.B, db string, sessions []*loadSession, seen map[int64]commitSeen) loadResult {
	b.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	var r loadResult
	var lat []float64
	for _, s := range sessions {
		rows, err := conn.Query(`SELECT h.id FROM label_history h JOIN annotators a ON a.id = h.annotator_id
			WHERE a.name = ? AND h.source = 'tui' ORDER BY h.id`, s.name)
		if err != nil {
			b.Fatal(err)
		}
		i := 0
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			c, ok := seen[id]
			if !ok {
				b.Fatalf("label history row %d was never seen committed", id)
			}
			if i < len(s.sent) {
				lat = append(lat, float64(c.at.Sub(s.sent[i]).Microseconds())/1000)
			}
			i++
		}
		rows.Close()
		var labels int
		conn.QueryRow(`SELECT count(*) FROM labels l JOIN annotators a ON a.id = l.annotator_id WHERE a.name = ?`, s.name).Scan(&labels)
		r.labels += labels
		r.lost += max(0, len(s.sent)-labels)
	}
	conn.QueryRow(`SELECT count(*) FROM (SELECT item_id FROM hits GROUP BY item_id HAVING count(*) > 3)`).Scan(&r.overAssigned)
	slices.Sort(lat)
	if len(lat) > 0 {
		r.p50, r.p99, r.max = quantile(lat, 0.5), quantile(lat, 0.99), lat[len(lat)-1]
	}
	return r
}

// quantile of sorted values, by linear interpolation between closest ranks.
func quantile(s []float64, q float64) float64 {
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// clockTicks is the kernel's USER_HZ, in which /proc reports CPU time.
const clockTicks = 100

// cpuTicks is a process's user and system CPU time so far.
func cpuTicks(b *testing.B, pid int) int64 {
	b.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return utime + stime
}

// peakRSS is a process's peak resident memory in KiB.
func peakRSS(b testing.TB, pid int) int64 {
	b.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			return kb
		}
	}
	return 0
}
