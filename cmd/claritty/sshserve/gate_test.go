package sshserve

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"
)

// rawFrom opens a TCP connection from a loopback address of its own and
// says whether the server began an SSH handshake on it (its version line)
// or closed it at once.
func rawFrom(t *testing.T, addr, from string) (net.Conn, bool) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(c).ReadString('\n')
	return c, err == nil && strings.HasPrefix(line, "SSH-2.0-")
}

// dialFrom is dial from a loopback address of its own.
func dialFrom(addr, from string, signer gossh.Signer) (*gossh.Client, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	conn, chans, reqs, err := gossh.NewClientConn(c, addr, &gossh.ClientConfig{User: "whoever",
		Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)}, HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		c.Close()
		return nil, err
	}
	return gossh.NewClient(conn, chans, reqs), nil
}

// sshd's MaxStartups curve, in whole percent as sshd computes it: none
// below start, rate at start, a straight line (a staircase, in integers)
// to 100 at full. The gate draws from its source only strictly between 0
// and 100, and drops for exactly p of the 100 values a draw can take.
func TestStartupsCurve(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    Startups
		n, p int
	}{
		{Startups{10, 30, 60}, 0, 0},
		{Startups{10, 30, 60}, 9, 0},
		{Startups{10, 30, 60}, 10, 30},
		{Startups{10, 30, 60}, 11, 31},
		{Startups{10, 30, 60}, 35, 65},
		{Startups{10, 30, 60}, 59, 98},
		{Startups{10, 30, 60}, 60, 100},
		{Startups{10, 30, 60}, 1000, 100},
		{Startups{64, 30, 256}, 63, 0},
		{Startups{64, 30, 256}, 64, 30},
		{Startups{64, 30, 256}, 100, 43},
		{Startups{64, 30, 256}, 255, 99},
		{Startups{64, 30, 256}, 256, 100},
		{Startups{16, 30, 64}, 20, 35},
		{Startups{16, 100, 16}, 15, 0},
		{Startups{16, 100, 16}, 16, 100},
		{Startups{5, 100, 9}, 7, 100},
		{Startups{}, 1 << 20, 0},
	} {
		if got := c.s.dropPercent(c.n); got != c.p {
			t.Errorf("%v with %d waiting: %d%%, want %d%%", c.s, c.n, got, c.p)
		}
		draws, drops := 0, 0
		for r := range 100 {
			g := &gate{intN: func(n int) int {
				if n != 100 {
					t.Fatalf("drawn from [0, %d)", n)
				}
				draws++
				return r
			}}
			if g.drops(c.s, c.n) {
				drops++
			}
		}
		wantDraws := 0
		if c.p > 0 && c.p < 100 {
			wantDraws = 100
		}
		if drops != c.p || draws != wantDraws {
			t.Errorf("%v with %d waiting: dropped for %d of 100 draws (%d drawn), want %d (%d)", c.s, c.n, drops, draws, c.p, wantDraws)
		}
	}
}

func TestParseStartups(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Startups{
		"64:30:256": {64, 30, 256}, "16": {16, 100, 16}, "0": {0, 100, 0}, "0:1:1": {0, 1, 1}, "5:100:5": {5, 100, 5},
	} {
		got, err := ParseStartups(in)
		if err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
		if back, err := ParseStartups(got.String()); err != nil || back.dropPercent(7) != got.dropPercent(7) || back.Full != got.Full {
			t.Errorf("%q prints as %q, which reads back as %v %v", in, got.String(), back, err)
		}
	}
	for in, why := range map[string]string{
		"": "want N or start:rate:full", "a": "want N", "1:2": "want N", "1:2:3:4": "want N", "-1": "want N", "1:-2:3": "want N",
		"10:0:20": "rate 0", "10:101:20": "rate 101", "30:10:20": "start 30 is past full 20", "0:30:0": "full must be at least 1",
	} {
		if got, err := ParseStartups(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v %v, want an error saying %q", in, got, err, why)
		}
	}
}

// fakeConn is a connection from addr that the gate may close.
type fakeConn struct {
	net.Conn
	addr   net.Addr
	closed atomic.Bool
}

func (c *fakeConn) RemoteAddr() net.Addr { return c.addr }
func (c *fakeConn) Close() error         { c.closed.Store(true); return nil }

func from(ip string) *fakeConn { return &fakeConn{addr: &net.TCPAddr{IP: net.ParseIP(ip), Port: 4242}} }

func testGate(all, perAddr Startups, intN func(int) int) *gate {
	g := newGate(all, perAddr, log.New(io.Discard))
	g.intN = intN
	return g
}

// held admits a connection from ip and says whether it was let in.
func held(g *gate, ip string, spoke bool) (*fakeConn, *waiter) {
	c := from(ip)
	w, ok := g.admit(c)
	if !ok {
		return c, nil
	}
	w.spoke.Store(spoke)
	return c, w
}

// Idle sockets renewed the moment they close, far more than the bounds,
// from the real client's own address and from others: once the table is
// full, the client still gets in within a few tries, is never the one
// dropped once it has spoken, the bounds hold after every arrival, and
// those dropped are closed.
func TestGateIdleSocketsMakeRoom(t *testing.T) {
	t.Parallel()
	src := rand.New(rand.NewPCG(1, 42))
	g := testGate(Startups{8, 30, 16}, Startups{4, 30, 8}, src.IntN)
	var idle []*fakeConn
	var real *fakeConn
	tries := 0
	for i := range 5000 {
		ip := fmt.Sprintf("127.0.0.%d", 1+i%4)
		if c, w := held(g, ip, false); w != nil {
			idle = append(idle, c)
		}
		if i >= 1000 && real == nil { // long full by now
			tries++
			if c, w := held(g, "127.0.0.1", true); w != nil {
				real = c
			} else if tries == 20 {
				t.Fatalf("a real client refused 20 times in a row with %d waiting", g.waiting)
			}
		}
		if real != nil && real.closed.Load() {
			t.Fatalf("arrival %d dropped the client that had spoken", i)
		}
		if g.waiting > 16 || len(g.byAddr) > 4 {
			t.Fatalf("arrival %d: %d waiting from %d addresses", i, g.waiting, len(g.byAddr))
		}
		for ip, ws := range g.byAddr {
			if len(ws) > 8 {
				t.Fatalf("arrival %d: %d waiting from %s", i, len(ws), ip)
			}
		}
	}
	t.Logf("the real client got in at try %d", tries)
	closed := 0
	for _, c := range idle {
		if c.closed.Load() {
			closed++
		}
	}
	if want := len(idle) - (g.waiting - 1); closed != want || closed < 3000 { // newcomers kept coming in
		t.Fatalf("%d of %d idle sockets let in were closed, want %d (%d wait)", closed, len(idle), want, g.waiting)
	}
}

// The newcomer is the one refused, as in sshd, while everyone waiting has
// spoken and the bound is not reached; at the bound anyone may go, so a
// table of talkers cannot hold it either.
func TestGateTalkersDroppedAtRandomAtFull(t *testing.T) {
	t.Parallel()
	var choices []int
	last := func(n int) int { choices = append(choices, n); return n - 1 }
	g := testGate(Startups{}, Startups{2, 30, 4}, last)
	var talkers []*fakeConn
	for range 4 {
		c, w := held(g, "127.0.0.1", true)
		if w == nil {
			t.Fatalf("refused with %d waiting (draws %v)", g.waiting, choices)
		}
		talkers = append(talkers, c)
	}
	// The third and fourth found 2 and 3 waiting, start 2: chances of 30%
	// and 30+70/2 = 65%, and the source's 99 kept both.
	if len(choices) != 2 || g.waiting != 4 {
		t.Fatalf("below full: draws %v, %d waiting", choices, g.waiting)
	}
	g.intN = func(n int) int { choices = append(choices, n); return 0 }
	if _, w := held(g, "127.0.0.1", false); w != nil || g.waiting != 4 {
		t.Fatalf("at full, a draw of 0 let the newcomer in (%d waiting)", g.waiting)
	}
	g.intN = last
	choices = nil
	if _, w := held(g, "127.0.0.1", false); w == nil || g.waiting != 4 {
		t.Fatalf("at full among talkers, the newcomer was refused (%d waiting)", g.waiting)
	}
	if len(choices) != 1 || choices[0] != 5 {
		t.Fatalf("at full the choice was among %v, want the newcomer and the 4 talkers", choices)
	}
	for _, w := range g.byAddr["127.0.0.1"] {
		w.spoke.Store(true) // the newcomer let in speaks too
	}
	g.perAddr = Startups{2, 1, 100} // far from full now
	g.intN = func(n int) int { choices = append(choices, n); return 0 }
	choices = nil
	if _, w := held(g, "127.0.0.1", false); w != nil || len(choices) != 2 || choices[1] != 1 {
		t.Fatalf("below full among talkers: let in %v, choices %v; want the newcomer refused, alone in the choice", w != nil, choices)
	}
	dropped := 0
	for _, c := range talkers {
		if c.closed.Load() {
			dropped++
		}
	}
	if dropped != 1 {
		t.Fatalf("%d talkers dropped, want the one", dropped)
	}
}

// When all are full, the address holding the most pays: a flood from a
// few addresses never drops a client of another, and a newcomer from an
// address with none still gets a place among many addresses holding one.
func TestGateHeaviestAddressPays(t *testing.T) {
	t.Parallel()
	for k := range 4 {
		g := testGate(Startups{4, 100, 4}, Startups{}, func(n int) int {
			if n != 4 {
				t.Fatalf("chose among %d, want the newcomer and 127.0.0.2's three", n)
			}
			return k
		})
		real, _ := held(g, "127.0.0.9", true)
		for range 3 {
			held(g, "127.0.0.2", true)
		}
		_, w := held(g, "127.0.0.3", true)
		if real.closed.Load() || (w == nil) != (k == 0) || len(g.byAddr["127.0.0.2"]) != 3-min(k, 1) {
			t.Fatalf("choice %d: the lone client dropped %v, newcomer let in %v, 127.0.0.2 holds %d",
				k, real.closed.Load(), w != nil, len(g.byAddr["127.0.0.2"]))
		}
	}
	g := testGate(Startups{4, 100, 4}, Startups{}, func(n int) int { return n - 1 })
	for i := range 4 {
		held(g, fmt.Sprintf("10.0.0.%d", i), false)
	}
	if _, w := held(g, "10.0.0.9", false); w == nil || g.waiting != 4 || len(g.byAddr) != 4 {
		t.Fatalf("a newcomer from a fifth address: let in %v, %d waiting from %d addresses", w != nil, g.waiting, len(g.byAddr))
	}
}

// A flood from a new address every time never grows the table past the
// total, and once all have left nothing of them stays.
func TestGateAddressesBounded(t *testing.T) {
	t.Parallel()
	src := rand.New(rand.NewPCG(7, 7))
	g := testGate(Startups{16, 30, 64}, Startups{4, 30, 16}, src.IntN)
	var in []*waiter
	for i := range 100000 {
		ip := net.IPv4(10, byte(i>>16), byte(i>>8), byte(i)).String()
		if _, w := held(g, ip, i%2 == 0); w != nil {
			in = append(in, w)
		}
		if g.waiting > 64 || len(g.byAddr) > 64 {
			t.Fatalf("arrival %d: %d waiting from %d addresses", i, g.waiting, len(g.byAddr))
		}
	}
	for _, w := range in {
		g.release(w)
		g.release(w) // a second release changes nothing
	}
	if g.waiting != 0 || len(g.byAddr) != 0 {
		t.Fatalf("after all left: %d waiting, %d addresses", g.waiting, len(g.byAddr))
	}
}

// Against a real server: connections that never authenticate wait up to a
// bound per address and in all; past it the newcomer or one that has sent
// nothing goes, and the log says why. A real client gets in while idle
// sockets hold every place; once authenticated it no longer counts, and a
// session already in keeps working through the flood.
func TestHandshakeBoundsDropIdle(t *testing.T) {
	var newcomer atomic.Bool // the source's choice: the newcomer, or the last candidate
	source := func(n int) int {
		if newcomer.Load() {
			return 0
		}
		return n - 1
	}
	ts, ana := startServer(t, Config{MaxHandshakes: Startups{5, 100, 5}, MaxHandshakesPerAddr: Startups{3, 100, 3}, intN: source})
	in := ts.connect(t, ana)
	held := func(from string, want bool) net.Conn {
		t.Helper()
		c, ok := rawFrom(t, ts.addr, from)
		if ok != want {
			t.Fatalf("a connection from %s: held %v, want %v\n%s", from, ok, want, ts.log)
		}
		return c
	}
	var idle []net.Conn
	for _, from := range []string{"127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"} {
		idle = append(idle, held(from, true))
	}
	newcomer.Store(true)
	held("127.0.0.1", false) // the address's bound, the newcomer chosen
	if !strings.Contains(ts.log.String(), "max-handshakes-per-addr") {
		t.Fatalf("the log does not say why:\n%s", ts.log)
	}
	if out, code := run(t, in, "0"); code != 0 || out != "ana 0\n" {
		t.Fatalf("a session during the flood: %q %d", out, code)
	}
	newcomer.Store(false)
	c, err := dialFrom(ts.addr, "127.0.0.4", ana)
	if err != nil {
		t.Fatalf("a real client at a gate full of idle sockets: %v\n%s", err, ts.log)
	}
	defer c.Close()
	if out, code := run(t, c, "0"); code != 0 || out != "ana 0\n" {
		t.Fatalf("the real client's session: %q %d", out, code)
	}
	dropped := make(chan int, len(idle))
	for i, c := range idle[:3] { // 127.0.0.1 held the most
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		go func() {
			if _, err := io.Copy(io.Discard, c); err == nil { // closed, not timed out
				dropped <- i
			}
		}()
	}
	select {
	case <-dropped:
	case <-time.After(10 * time.Second):
		t.Fatal("no idle socket of 127.0.0.1 was dropped for the real client")
	}
	// It authenticated, so it left the count: four wait, and one more
	// fits with the newcomer chosen at every drop.
	newcomer.Store(true)
	held("127.0.0.3", true)
}

// A connection that never starts its handshake is closed at the deadline.
func TestHandshakeTimeout(t *testing.T) {
	ts, _ := startServer(t, Config{HandshakeTimeout: 200 * time.Millisecond})
	c, ok := rawFrom(t, ts.addr, "127.0.0.1")
	if !ok {
		t.Fatal("no handshake began")
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	if _, err := c.Read(make([]byte, 1)); err == nil {
		t.Fatal("the server wrote more to a silent client")
	}
	if time.Since(start) > 9*time.Second {
		t.Fatal("a silent client was held past its handshake deadline")
	}
}
