package sshserve

import (
	"fmt"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Startups bounds the connections waiting to authenticate the way sshd's
// MaxStartups start:rate:full does: below Start every arrival is let in;
// from Start on, an arrival makes one connection go with a chance of Rate
// percent, rising in a straight line to 100 at Full, so that no more than
// Full ever wait. Full 0: no bound. Which connection goes is the gate's
// choice (pick), not always the newcomer as in sshd.
type Startups struct{ Start, Rate, Full int }

// ParseStartups reads N (at most N wait: N:100:N, as sshd reads a single
// number) or start:rate:full; 0 is no bound.
func ParseStartups(s string) (Startups, error) {
	parts := strings.Split(s, ":")
	nums := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return Startups{}, fmt.Errorf("%q: want N or start:rate:full, whole numbers (e.g. 64:30:256)", s)
		}
		nums[i] = n
	}
	switch {
	case len(nums) == 1:
		return Startups{Start: nums[0], Rate: 100, Full: nums[0]}, nil
	case len(nums) != 3:
		return Startups{}, fmt.Errorf("%q: want N or start:rate:full (e.g. 64:30:256)", s)
	}
	st := Startups{Start: nums[0], Rate: nums[1], Full: nums[2]}
	switch {
	case st.Rate < 1 || st.Rate > 100:
		return Startups{}, fmt.Errorf("%q: rate %d is not a percentage from 1 to 100", s, st.Rate)
	case st.Full < 1:
		return Startups{}, fmt.Errorf("%q: full must be at least 1 (0 alone: no bound)", s)
	case st.Start > st.Full:
		return Startups{}, fmt.Errorf("%q: start %d is past full %d", s, st.Start, st.Full)
	}
	return st, nil
}

func (s Startups) String() string {
	switch {
	case s.Full <= 0:
		return "0"
	case s.Start == s.Full && s.Rate == 100:
		return strconv.Itoa(s.Full)
	}
	return fmt.Sprintf("%d:%d:%d", s.Start, s.Rate, s.Full)
}

// Set and Type make a *Startups a command-line flag.
func (s *Startups) Set(v string) error {
	st, err := ParseStartups(v)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

func (s *Startups) Type() string { return "start:rate:full" }

// dropPercent is the chance, in whole percent, that an arrival finding n
// waiting makes one go. sshd computes it in integers too, so the line is a
// staircase: 10:30:60 gives 30 at 10, 65 at 35, 98 at 59 and 100 at 60.
func (s Startups) dropPercent(n int) int {
	switch {
	case s.Full <= 0 || n < s.Start:
		return 0
	case n >= s.Full:
		return 100
	}
	return s.Rate + (100-s.Rate)*(n-s.Start)/(s.Full-s.Start)
}

// gate bounds the connections that have not yet authenticated, in all and
// per client address. Each one costs a goroutine and a socket for up to
// the handshake deadline, and anyone who can reach the port can open
// them; an authenticated one no longer counts (it belongs to a registered
// key and is bounded by the session limits).
//
// A hard cap that refuses every newcomer once full hands the server to
// whoever fills it first: sixteen idle sockets from one address (every
// user's, when serve listens on loopback), renewed as they time out, kept
// everyone out. sshd's random early drop alone does not cure that: its
// chance reaches 100% at full, and an attacker who reconnects at once
// whenever refused keeps the table full. So past Start the curve decides
// only that one connection goes; pick chooses which, at random among the
// newcomer and those waiting that have not sent a byte (a real client
// sends its version line the moment it connects; an idle socket never
// does). Idle sockets then make room for a real client instead of keeping
// it out, however many there are. A flood that talks is dropped at random
// once the table is full (random drop, not drop-tail: no set of
// connections can hold the table), and when all are full the address
// holding the most pays first, so a flood from a few addresses does not
// touch a client from another.
type gate struct {
	all, perAddr Startups
	log          *log.Logger
	intN         func(n int) int // the random source: [0, n)

	mu      sync.Mutex
	waiting int
	// byAddr holds the waiting connections of each address that has one:
	// an address leaves with its last, so the map is never larger than the
	// connections open, which all.Full bounds.
	byAddr  map[string][]*waiter
	refused int       // newcomers refused since the last log line
	dropped int       // waiting connections dropped for a newcomer since then
	logged  time.Time // when that line was written
}

func newGate(all, perAddr Startups, logger *log.Logger) *gate {
	return &gate{all: all, perAddr: perAddr, log: logger, intN: rand.IntN, byAddr: map[string][]*waiter{}}
}

// waiter is a connection waiting to authenticate.
type waiter struct {
	conn  net.Conn
	host  string
	i     int         // its place in byAddr[host]; -1 once it has left
	spoke atomic.Bool // it has sent a byte
}

// pendingKey holds a connection's release in its ssh.Context, so that a
// successful authentication can release it.
type pendingKey struct{}

const (
	whyAddr = "too many connections from this address waiting to authenticate (serve --max-handshakes-per-addr)"
	whyAll  = "too many connections waiting to authenticate (serve --max-handshakes)"
)

// admit counts a new connection, or refuses it; letting it in may close
// another that was waiting. First its address's share, then the total:
// when the address's share drops one of its own for it, the total does
// not grow and is not asked.
func (g *gate) admit(c net.Conn) (*waiter, bool) {
	w := &waiter{conn: c, host: hostOf(c.RemoteAddr())}
	g.mu.Lock()
	var victim *waiter
	why := whyAddr
	if mine := g.byAddr[w.host]; g.drops(g.perAddr, len(mine)) {
		victim = g.pick(w, mine, len(mine) >= g.perAddr.Full)
	} else if g.drops(g.all, g.waiting) {
		victim, why = g.pick(w, g.heaviest(w.host), g.waiting >= g.all.Full), whyAll
	}
	if victim != nil {
		g.note(w.host, why, victim == w)
	}
	if victim == w {
		g.mu.Unlock()
		return nil, false
	}
	g.join(w)
	if victim != nil {
		g.leave(victim)
	}
	g.mu.Unlock()
	if victim != nil {
		// Its handshake fails on the closed socket and the server closes
		// the rest. One that authenticates in this very moment loses the
		// race and connects again.
		victim.conn.Close()
	}
	return w, true
}

// drops draws whether an arrival finding n waiting in a scope makes one
// go. It draws only between 0% and 100%, as sshd does.
func (g *gate) drops(s Startups, n int) bool {
	p := s.dropPercent(n)
	return p >= 100 || p > 0 && g.intN(100) < p
}

// pick chooses the connection that goes, at random among the newcomer and
// those of pool that have not sent a byte. When every one of pool has
// spoken, the newcomer goes (sshd's rule) below full; at full any of them
// may, or a table full of talkers would lock everyone out again. Holds
// g.mu.
func (g *gate) pick(w *waiter, pool []*waiter, full bool) *waiter {
	cands := make([]*waiter, 1, len(pool)+1)
	cands[0] = w
	for _, x := range pool {
		if !x.spoke.Load() {
			cands = append(cands, x)
		}
	}
	if len(cands) == 1 && full {
		cands = append(cands, pool...)
	}
	return cands[g.intN(len(cands))]
}

// heaviest is the waiting connections of the address holding the most,
// the newcomer counted with its own; a tie goes to another address, so
// that a newcomer from an address with none may still take the place of
// one of a thousand addresses holding one each. Holds g.mu.
func (g *gate) heaviest(host string) []*waiter {
	best, most := host, len(g.byAddr[host])+1
	for h, ws := range g.byAddr {
		if h != host && len(ws) >= most {
			best, most = h, len(ws)
		}
	}
	return g.byAddr[best]
}

// join counts w. Holds g.mu.
func (g *gate) join(w *waiter) {
	w.i = len(g.byAddr[w.host])
	g.byAddr[w.host] = append(g.byAddr[w.host], w)
	g.waiting++
}

// leave stops counting w, once, whether it authenticated, closed or was
// dropped. Holds g.mu.
func (g *gate) leave(w *waiter) {
	if w.i < 0 {
		return
	}
	ws := g.byAddr[w.host]
	last := ws[len(ws)-1]
	ws[w.i], last.i = last, w.i
	ws[len(ws)-1] = nil
	if ws = ws[:len(ws)-1]; len(ws) == 0 {
		delete(g.byAddr, w.host)
	} else {
		g.byAddr[w.host] = ws
	}
	w.i = -1
	g.waiting--
}

// release is leave, taking the lock.
func (g *gate) release(w *waiter) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.leave(w)
}

// note counts a refused newcomer or a dropped waiting connection and logs
// them, at most one line a second: a flood must not fill the log as well.
// Holds g.mu.
func (g *gate) note(host, why string, newcomer bool) {
	if newcomer {
		g.refused++
	} else {
		g.dropped++
	}
	if time.Since(g.logged) < time.Second {
		return
	}
	g.log.Warn("refused", "addr", host, "why", why, "refused", g.refused, "dropped", g.dropped,
		"waiting", g.waiting, "from addr", len(g.byAddr[host]))
	g.refused, g.dropped, g.logged = 0, 0, time.Now()
}

func hostOf(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}

// gatedConn notes the first byte its client sends, and leaves the gate
// when it closes, whatever stage it reached.
type gatedConn struct {
	net.Conn
	w    *waiter
	gate *gate
}

func (c *gatedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 && !c.w.spoke.Load() {
		c.w.spoke.Store(true)
	}
	return n, err
}

func (c *gatedConn) Close() error {
	c.gate.release(c.w)
	return c.Conn.Close()
}

// wrap is the server's ConnCallback: the gate first, then the idle timer.
func (g *gate) wrap(idle time.Duration) ssh.ConnCallback {
	return func(ctx ssh.Context, c net.Conn) net.Conn {
		w, ok := g.admit(c)
		if !ok {
			return nil // the server closes it
		}
		ctx.SetValue(pendingKey{}, func() { g.release(w) })
		return newIdleConn(&gatedConn{Conn: c, w: w, gate: g}, idle)
	}
}

// config is the server's ServerConfigCallback: a connection leaves the
// gate the moment it authenticates (AuthLogCallback is called with no
// error only then; a key query that merely could work is not logged).
func (g *gate) config(ctx ssh.Context) *gossh.ServerConfig {
	return &gossh.ServerConfig{AuthLogCallback: func(_ gossh.ConnMetadata, _ string, err error) {
		if release, ok := ctx.Value(pendingKey{}).(func()); ok && err == nil {
			release()
		}
	}}
}
