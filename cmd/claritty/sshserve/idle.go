package sshserve

import (
	"net"
	"sync/atomic"
	"time"
)

// idleConn closes a connection with no traffic for idle: every read and
// write pushes its deadline on. charm.land/ssh has an idle timeout of its
// own, but with it set, its connection reads the handshake deadline on the
// read loop while the handshake goroutine resets it (a data race the race
// detector reports); this one keeps that deadline in an atomic instead.
// The handshake deadline the server sets through SetDeadline still caps
// every deadline until the handshake is done (the server then clears it).
type idleConn struct {
	net.Conn
	idle time.Duration
	hard atomic.Int64 // the server's deadline, Unix nanoseconds; 0 none
}

func newIdleConn(c net.Conn, idle time.Duration) net.Conn {
	if idle <= 0 {
		return c
	}
	ic := &idleConn{Conn: c, idle: idle}
	ic.push()
	return ic
}

func (c *idleConn) push() error {
	d := time.Now().Add(c.idle)
	if hard := c.hard.Load(); hard != 0 && time.Unix(0, hard).Before(d) {
		d = time.Unix(0, hard)
	}
	return c.Conn.SetDeadline(d)
}

func (c *idleConn) Read(b []byte) (int, error) {
	c.push()
	return c.Conn.Read(b)
}

func (c *idleConn) Write(b []byte) (int, error) {
	c.push()
	return c.Conn.Write(b)
}

// SetDeadline records the server's own deadline (the handshake's, then
// none) and applies it with the idle one.
func (c *idleConn) SetDeadline(t time.Time) error {
	if t.IsZero() {
		c.hard.Store(0)
	} else {
		c.hard.Store(t.UnixNano())
	}
	return c.push()
}
