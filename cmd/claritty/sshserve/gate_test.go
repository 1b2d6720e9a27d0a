package sshserve

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

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

// Connections that never authenticate are held up to a cap per address
// and in all; past it they are closed at once and the log says why. An
// authenticated connection no longer counts, and one already in keeps
// working through the flood.
func TestHandshakeCaps(t *testing.T) {
	ts, ana := startServer(t, Config{MaxHandshakes: 5, MaxHandshakesPerAddr: 3})
	in := ts.connect(t, ana)
	held := func(from string, want bool) net.Conn {
		t.Helper()
		c, ok := rawFrom(t, ts.addr, from)
		if ok != want {
			t.Fatalf("a connection from %s: held %v, want %v\n%s", from, ok, want, ts.log)
		}
		return c
	}
	var first []net.Conn
	for range 3 {
		first = append(first, held("127.0.0.1", true))
	}
	held("127.0.0.1", false) // the address's cap
	held("127.0.0.2", true)
	held("127.0.0.2", true)
	held("127.0.0.3", false) // the total
	if !strings.Contains(ts.log.String(), "max-handshakes") {
		t.Fatalf("the log does not say why:\n%s", ts.log)
	}
	if out, code := run(t, in, "0"); code != 0 || out != "ana 0\n" {
		t.Fatalf("a session during the flood: %q %d", out, code)
	}
	if _, err := dialFrom(ts.addr, "127.0.0.4", ana); err == nil {
		t.Fatal("a client got past a full gate")
	}
	// One leaves; a key authenticates in its place and then leaves the
	// gate's count, so another raw connection fits again.
	first[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	var c *gossh.Client
	for {
		var err error
		if c, err = dialFrom(ts.addr, "127.0.0.4", ana); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no room after a connection left: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	defer c.Close()
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
