package sshserve

import (
	"net"
	"sync"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// gate caps the connections that have not yet authenticated, in all and
// per client address. Each one costs a goroutine and a socket for up to
// the handshake deadline, and anyone who can reach the port can open
// them: without a cap, a flood of idle TCP connections held hundreds at
// once. A connection past a cap is closed at once, before its handshake;
// an authenticated one no longer counts (it belongs to a registered key
// and is bounded by the session limits).
type gate struct {
	total, perAddr int // 0: no cap
	log            *log.Logger

	mu      sync.Mutex
	pending int
	byAddr  map[string]int
	refused int       // since the last log line about refusals
	logged  time.Time // when that line was written
}

func newGate(total, perAddr int, logger *log.Logger) *gate {
	return &gate{total: total, perAddr: perAddr, log: logger, byAddr: map[string]int{}}
}

// pendingKey holds a connection's release in its ssh.Context, so that a
// successful authentication can release it.
type pendingKey struct{}

// admit counts a new connection from addr, or refuses it past a cap. The
// release it returns may be called any number of times.
func (g *gate) admit(addr net.Addr) (release func(), ok bool) {
	host := hostOf(addr)
	g.mu.Lock()
	defer g.mu.Unlock()
	why := ""
	switch {
	case g.total > 0 && g.pending >= g.total:
		why = "too many connections waiting to authenticate (serve --max-handshakes)"
	case g.perAddr > 0 && g.byAddr[host] >= g.perAddr:
		why = "too many connections from this address waiting to authenticate (serve --max-handshakes-per-addr)"
	}
	if why != "" {
		g.noteRefusal(host, why)
		return nil, false
	}
	g.pending++
	g.byAddr[host]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.pending--
			if g.byAddr[host]--; g.byAddr[host] <= 0 {
				delete(g.byAddr, host)
			}
		})
	}, true
}

// noteRefusal logs a refusal, at most one line a second: a flood must not
// fill the log as well. Holds g.mu.
func (g *gate) noteRefusal(host, why string) {
	g.refused++
	if time.Since(g.logged) < time.Second {
		return
	}
	g.log.Warn("refused", "addr", host, "why", why, "refused", g.refused,
		"waiting", g.pending, "from addr", g.byAddr[host])
	g.refused, g.logged = 0, time.Now()
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

// gatedConn releases its place in the gate when it closes, whatever stage
// it reached.
type gatedConn struct {
	net.Conn
	release func()
}

func (c *gatedConn) Close() error {
	c.release()
	return c.Conn.Close()
}

// wrap is the server's ConnCallback: the gate first, then the idle timer.
func (g *gate) wrap(idle time.Duration) ssh.ConnCallback {
	return func(ctx ssh.Context, c net.Conn) net.Conn {
		release, ok := g.admit(c.RemoteAddr())
		if !ok {
			return nil // the server closes it
		}
		ctx.SetValue(pendingKey{}, release)
		return newIdleConn(&gatedConn{Conn: c, release: release}, idle)
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
