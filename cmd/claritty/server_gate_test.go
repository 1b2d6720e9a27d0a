package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// idleFlood holds TCP connections to a server that never begin an SSH
// handshake, each renewed the moment the server closes it (or refuses
// it), as someone locking a server out without a key would.
type idleFlood struct {
	addr  string
	held  atomic.Int64 // connections the server began a handshake on and keeps
	byIP  sync.Map     // source address → *atomic.Int64, its share of held
	tries atomic.Int64 // connections opened
	stop  chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	open  map[net.Conn]bool
}

// startFlood opens n connections from each source address (all on
// loopback) and renews them until the test ends.
func startFlood(t *testing.T, addr string, sources map[string]int) *idleFlood {
	f := &idleFlood{addr: addr, stop: make(chan struct{}), open: map[net.Conn]bool{}}
	for ip, n := range sources {
		share := &atomic.Int64{}
		f.byIP.Store(ip, share)
		for range n {
			f.wg.Add(1)
			go f.hold(ip, share)
		}
	}
	t.Cleanup(f.end)
	return f
}

func (f *idleFlood) hold(ip string, share *atomic.Int64) {
	defer f.wg.Done()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	for {
		select {
		case <-f.stop:
			return
		default:
		}
		c, err := d.Dial("tcp", f.addr)
		if err != nil {
			time.Sleep(time.Millisecond) // out of ports for a moment: try again
			continue
		}
		f.tries.Add(1)
		f.mu.Lock()
		stopped := f.open == nil
		if !stopped {
			f.open[c] = true
		}
		f.mu.Unlock()
		if stopped {
			c.Close()
			return
		}
		// Held once the server sends its version line; then silent until
		// the server closes it.
		if line, err := bufio.NewReader(c).ReadString('\n'); err == nil && strings.HasPrefix(line, "SSH-") {
			f.held.Add(1)
			share.Add(1)
			io.Copy(io.Discard, c)
			share.Add(-1)
			f.held.Add(-1)
		}
		f.mu.Lock()
		if f.open != nil {
			delete(f.open, c)
		}
		f.mu.Unlock()
		c.Close()
	}
}

// waitHeld waits until the server holds at least n of the flood's
// connections.
func (f *idleFlood) waitHeld(t *testing.T, n int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for f.held.Load() < n {
		if time.Now().After(deadline) {
			t.Fatalf("the server never held %d idle connections (%d held)", n, f.held.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// shares is how many connections each source address has held.
func (f *idleFlood) shares() string {
	var parts []string
	f.byIP.Range(func(ip, n any) bool {
		parts = append(parts, fmt.Sprintf("%s %d", ip, n.(*atomic.Int64).Load()))
		return true
	})
	return strings.Join(parts, ", ")
}

func (f *idleFlood) end() {
	f.mu.Lock()
	if f.open == nil {
		f.mu.Unlock()
		return
	}
	close(f.stop)
	for c := range f.open {
		c.Close()
	}
	f.open = nil
	f.mu.Unlock()
	f.wg.Wait()
}

// Finding M4: idle TCP connections that never begin a handshake, renewed
// the moment the server closes them, no longer lock out serve: 80 from
// five addresses and 20 from the real client's own, with the default
// bounds and with the old default caps given as hard bounds (64 and 16);
// and 24 from the client's own address alone (every user's, when serve
// listens on loopback) past the old per-address cap. In each, once the
// flood holds at least what used to lock everyone out, a registered
// annotator connects and runs a command within a few attempts. Before,
// every attempt was refused.
func TestServeLetsInPastIdleFlood(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee := tm.keyFor(t, "dee")
	several := map[string]int{"127.0.0.1": 20,
		"127.0.0.2": 16, "127.0.0.3": 16, "127.0.0.4": 16, "127.0.0.5": 16, "127.0.0.6": 16}
	for _, c := range []struct {
		name    string
		flags   []string
		sources map[string]int
		lockout int64 // what the old caps held when they refused every newcomer
	}{
		{"default bounds", nil, several, 64},
		{"old caps as hard bounds", []string{"--max-handshakes", "64", "--max-handshakes-per-addr", "16"}, several, 64},
		{"one address past its old cap", []string{"--max-handshakes-per-addr", "16"}, map[string]int{"127.0.0.1": 24}, 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := startServe(t, tm.db, c.flags...)
			flood := startFlood(t, srv.addr, c.sources)
			flood.waitHeld(t, c.lockout)
			const attempts = 30
			for n := 1; n <= attempts; n++ {
				client, err := sshDial(t, srv.addr, dee) // from 127.0.0.1
				if err != nil {
					t.Logf("attempt %d refused (%d idle held): %v", n, flood.held.Load(), err)
					continue
				}
				r := sshRun(t, client, "", "policy")
				client.Close()
				if r.code != 0 {
					t.Fatalf("attempt %d got in but its command failed: %+v", n, r)
				}
				t.Logf("a registered annotator got in and ran a command at attempt %d of %d, with %d idle connections held (%s) after %d opened",
					n, attempts, flood.held.Load(), flood.shares(), flood.tries.Load())
				if !strings.Contains(srv.stderr.String(), "max-handshakes") {
					t.Errorf("the log never said why connections were refused or dropped:\n%s", srv.stderr)
				}
				return
			}
			t.Fatalf("refused %d times in a row while %d idle connections were held (%s); log:\n%s",
				attempts, flood.held.Load(), flood.shares(), tail(srv.stderr.String(), 2000))
		})
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
