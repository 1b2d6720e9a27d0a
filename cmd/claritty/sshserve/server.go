// Package sshserve is the SSH server behind claritty serve. It knows each
// annotator by a public key a lead registered, runs every session under
// the server's limits with the session's annotator as the one acting, logs
// who came, was refused and left, and stops without losing what anyone
// keyed. What a session does (the TUI, or a command) is the caller's
// Handle; roles are the store's business, as everywhere else.
package sshserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// Config is what a server needs.
type Config struct {
	Addr        string // host:port to listen on
	HostKeyPath string // created (ed25519, mode 0600) when missing
	Store       *store.Store
	MaxSessions int           // sessions at once; more are refused
	IdleTimeout time.Duration // a connection with no traffic this long is closed
	MaxPaste    int           // bytes of one bracketed paste a terminal session passes on
	MaxUpload   int64         // bytes of standard input a lead's command may read
	// MaxUploadOthers is the same for annotators and adjudicators, whose
	// uploads (their own labels, a ratings file) are far smaller than a
	// lead's imports; 0: MaxUpload.
	MaxUploadOthers int64
	// HandshakeTimeout closes a connection not authenticated by then (0:
	// 30 s); MaxHandshakes and MaxHandshakesPerAddr bound how many such
	// connections wait at once, in all and from one address, dropping
	// one at random past their start (zero value: no bound).
	HandshakeTimeout     time.Duration
	MaxHandshakes        Startups
	MaxHandshakesPerAddr Startups
	Log                  *log.Logger
	intN                 func(n int) int // the gate's random source; nil: math/rand/v2
	// Handle runs one session and returns its exit status. It must return
	// soon after s.Closing() is closed, once what was keyed is saved.
	Handle func(ctx context.Context, s *Session) int
}

// Session is one SSH session of a known annotator.
type Session struct {
	ssh.Session
	Who         store.Annotator // the owner of the key that authenticated
	Fingerprint string
	closing     <-chan struct{}
	cfg         *Config
	clamped     *clampedPty
}

// Closing is closed when the server begins to stop.
func (s *Session) Closing() <-chan struct{} { return s.closing }

// TerminalInput is the client's keystrokes for a terminal program, with
// each bracketed paste cut to the server's limit.
func (s *Session) TerminalInput() io.Reader { return newPasteLimit(s.Session, s.cfg.MaxPaste) }

// CommandInput is the client's standard input for a command, which fails
// past the server's upload limit (an import then changes nothing).
func (s *Session) CommandInput() io.Reader {
	limit, flag := s.cfg.MaxUpload, "--max-upload"
	if s.Who.Role != store.RoleLead && s.cfg.MaxUploadOthers > 0 {
		limit, flag = s.cfg.MaxUploadOthers, "--max-upload-annotator"
	}
	return &uploadLimit{r: s.Session, left: limit, max: limit, flag: flag, role: s.Who.Role}
}

// Server is a claritty SSH server.
type Server struct {
	cfg      Config
	srv      *ssh.Server
	ln       net.Listener
	closing  chan struct{}
	once     sync.Once
	sessions sync.WaitGroup
	active   atomic.Int64
}

// New makes a server; Listen binds it and Serve runs it.
func New(cfg Config) (*Server, error) {
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = 30 * time.Second
	}
	s := &Server{cfg: cfg, closing: make(chan struct{})}
	g := newGate(cfg.MaxHandshakes, cfg.MaxHandshakesPerAddr, cfg.Log)
	if cfg.intN != nil {
		g.intN = cfg.intN
	}
	srv, err := wish.NewServer(
		wish.WithAddress(cfg.Addr),
		wish.WithHostKeyPath(cfg.HostKeyPath),
		wish.WithPublicKeyAuth(s.knownKey),
		wish.WithKeyboardInteractiveAuth(s.explainRefusal),
		wish.WithMiddleware(s.handle),
		func(srv *ssh.Server) error {
			srv.HandshakeTimeout = cfg.HandshakeTimeout
			srv.ConnCallback = g.wrap(cfg.IdleTimeout)
			srv.ServerConfigCallback = g.config
			return nil
		},
	)
	if err != nil {
		return nil, fmt.Errorf("ssh server: %w", err)
	}
	s.srv = srv
	return s, nil
}

// Listen binds the server's address and returns it (a port of 0 is
// chosen by the system).
func (s *Server) Listen() (net.Addr, error) {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	s.ln = ln
	return ln.Addr(), nil
}

// Serve accepts connections until Shutdown.
func (s *Server) Serve() error {
	err := s.srv.Serve(s.ln)
	select {
	case <-s.closing:
		return nil
	default:
		return err
	}
}

// Shutdown stops accepting connections, tells every session the server is
// closing, waits for them to end (each lets its queued writes commit), and
// then closes every connection. Sessions still running when ctx ends are
// cut off, and Shutdown says how many.
func (s *Server) Shutdown(ctx context.Context) error {
	s.once.Do(func() { close(s.closing) })
	if s.ln != nil {
		s.ln.Close()
	}
	done := make(chan struct{})
	go func() { s.sessions.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = fmt.Errorf("%s cut off", display.Count(s.active.Load(), "session still running was", "sessions still running were"))
	}
	s.srv.Close()
	return err
}

// keyTried remembers, per connection, the unknown keys a client offered,
// so the refusal can name them; explained, that it has been named once.
type (
	keyTried  struct{}
	explained struct{}
)

// knownKey lets a registered key authenticate. Who the session belongs to
// is read again from the key the connection proved it holds
// (Session.PublicKey), never from what was offered here: a client may
// offer others' public keys before signing with its own.
func (s *Server) knownKey(ctx ssh.Context, key ssh.PublicKey) bool {
	fp := gossh.FingerprintSHA256(key)
	if _, err := s.cfg.Store.KeyOwner(ctx, fp); err == nil {
		return true
	}
	tried, _ := ctx.Value(keyTried{}).([]string)
	ctx.SetValue(keyTried{}, append(tried, fp))
	s.cfg.Log.Warn("refused", "key", fp, "addr", ctx.RemoteAddr().String(), "why", "key not registered")
	return false
}

// explainRefusal is the last method a client tries: it never succeeds, but
// its instruction tells the person which key to send a lead.
func (s *Server) explainRefusal(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if ctx.Value(explained{}) != nil {
		return false // clients retry; once is enough
	}
	ctx.SetValue(explained{}, true)
	tried, _ := ctx.Value(keyTried{}).([]string)
	msg := "claritty: no SSH key of yours is registered here. Send a lead your public key (~/.ssh/id_ed25519.pub)\n" +
		"so they can run: claritty annotators NAME --role annotator --key-file KEY.pub\n"
	if len(tried) > 0 {
		msg = fmt.Sprintf("claritty: your key %s is not registered here. Send it to a lead (the .pub file,\n"+
			"or this fingerprint) so they can run: claritty annotators NAME --role annotator --key-file KEY.pub\n",
			strings.Join(tried, ", "))
	}
	challenge("", msg, nil, nil)
	return false
}

// handle runs one session: the key's owner, the session limit, a log line
// in and out, then the caller's Handle.
func (s *Server) handle(ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		addr := sess.RemoteAddr().String()
		if sess.PublicKey() == nil {
			s.refuse(sess, "", addr, "no public key")
			return
		}
		fp := gossh.FingerprintSHA256(sess.PublicKey())
		who, err := s.cfg.Store.KeyOwner(sess.Context(), fp)
		if err != nil {
			s.refuse(sess, fp, addr, "key not registered (removed since it connected?)")
			return
		}
		select {
		case <-s.closing:
			s.refuse(sess, fp, addr, "server is shutting down")
			return
		default:
		}
		if n := s.active.Add(1); s.cfg.MaxSessions > 0 && n > int64(s.cfg.MaxSessions) {
			s.active.Add(-1)
			s.refuse(sess, fp, addr, fmt.Sprintf("server full (%s)", display.Count(s.cfg.MaxSessions, "session", "sessions")))
			return
		}
		s.sessions.Add(1)
		defer func() { s.active.Add(-1); s.sessions.Done() }()
		cmd := strings.Join(sess.Command(), " ")
		s.cfg.Log.Info("connect", "user", who.Name, "key", fp, "addr", addr, "command", cmd)
		session := &Session{Session: sess, Who: who, Fingerprint: fp, closing: s.closing, cfg: &s.cfg, clamped: &clampedPty{}}
		code := s.cfg.Handle(sess.Context(), session)
		s.cfg.Log.Info("disconnect", "user", who.Name, "key", fp, "addr", addr, "exit", code,
			"duration", time.Since(start).Round(time.Millisecond))
		sess.Exit(code)
	}
}

func (s *Server) refuse(sess ssh.Session, fp, addr, why string) {
	s.cfg.Log.Warn("refused", "key", fp, "addr", addr, "why", why)
	fmt.Fprintf(sess.Stderr(), "claritty: refused: %s\n", why)
	sess.Exit(1)
}

// errUploadTooBig ends a command whose input passes the server's limit.
var errUploadTooBig = errors.New("standard input is larger than the server takes")

type uploadLimit struct {
	r          io.Reader
	left, max  int64
	flag, role string
}

func (u *uploadLimit) Read(p []byte) (int, error) {
	if u.left <= 0 {
		// Past the limit only the end of input is fine: one byte more fails.
		var one [1]byte
		if n, err := u.r.Read(one[:]); n == 0 && err != nil {
			return 0, err
		}
		article := "an"
		if u.role == store.RoleLead {
			article = "a"
		}
		return 0, fmt.Errorf("%w from %s %s: more than %d bytes (claritty serve %s)", errUploadTooBig, article, u.role, u.max, u.flag)
	}
	if int64(len(p)) > u.left {
		p = p[:u.left]
	}
	n, err := u.r.Read(p)
	u.left -= int64(n)
	return n, err
}
