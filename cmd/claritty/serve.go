package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/fang/v2"
	"charm.land/log/v2"
	"charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/cmd/claritty/sshserve"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

type serveFlags struct {
	listen      string
	maxSessions int
	idle        time.Duration
	maxPaste    int
	maxUpload   int64
	maxUpOthers int64
	maxHeavy    int
	memLimit    int64
	handshake   time.Duration
	maxPending  sshserve.Startups
	maxPerAddr  sshserve.Startups
	grace       time.Duration
	cpuProfile  string
}

func newServeCmd(g *globals) *cobra.Command {
	fl := serveFlags{listen: "127.0.0.1:23234", maxSessions: 500, idle: 30 * time.Minute,
		maxPaste: 64 << 10, maxUpload: 1 << 30, maxUpOthers: 64 << 20, grace: 30 * time.Second,
		maxHeavy: 2, memLimit: 1 << 30,
		handshake: 30 * time.Second,
		// Random drop from the old hard caps on (nothing they let in is
		// refused now) to four times them, where one goes for each newcomer.
		maxPending: sshserve.Startups{Start: 64, Rate: 30, Full: 256},
		maxPerAddr: sshserve.Startups{Start: 16, Rate: 30, Full: 64}}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the TUI and the commands to a team over SSH",
		Long: "Listens for SSH connections and serves the database to the people a lead registered\n" +
			"keys for (claritty annotators NAME --role ROLE --key-file KEY.pub). Public-key\n" +
			"authentication only; an unknown key is refused with its fingerprint. ssh -p PORT HOST\n" +
			"opens the TUI as the key's annotator; ssh -p PORT HOST agree --json (stats, bench,\n" +
			"export, annotators, policy, import -, bench add -, backup --out -) runs the command as\n" +
			"them, under their role. The host key is created beside the database on first run;\n" +
			"the database, its WAL and the host key are made mode 0600, so only the server's user\n" +
			"can read them and every role rule holds. What a client controls is bounded: windows are\n" +
			"drawn at most 500x200, uploads stop at --max-upload (leads) or --max-upload-annotator,\n" +
			"--max-heavy commands run at once (all but policy and flags; the rest wait),\n" +
			"and connections not yet authenticated are bounded in all and per address: past a start\n" +
			"one is dropped at random, idle ones first, as sshd's MaxStartups start:rate:full does, so\n" +
			"idle sockets make room for a real client instead of locking it out. SIGINT or SIGTERM\n" +
			"stops it: no new connections, each session is told, what was keyed is saved, exit 0.",
		Example: "  claritty serve --db team.db\n  claritty serve --listen 0.0.0.0:23234 --db /srv/claritty/team.db",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			signalGrace.Store(0) // shutdown lets every session save first
			return serve(cmd, g, fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.listen, "listen", fl.listen, "address to listen on (host:port)")
	f.IntVar(&fl.maxSessions, "max-sessions", fl.maxSessions, "sessions at once; more are refused")
	f.DurationVar(&fl.idle, "idle-timeout", fl.idle, "close a connection with no traffic for this long (its labels stay)")
	f.IntVar(&fl.maxPaste, "max-paste", fl.maxPaste, "bytes of one paste into the TUI (the rest is dropped)")
	f.Int64Var(&fl.maxUpload, "max-upload", fl.maxUpload, "bytes a lead's command may read from standard input (import -)")
	f.Int64Var(&fl.maxUpOthers, "max-upload-annotator", fl.maxUpOthers, "bytes an annotator's or adjudicator's command may read from standard input")
	f.IntVar(&fl.maxHeavy, "max-heavy", fl.maxHeavy, "commands run at once (every one but policy and flags: import, agree, bench, stats, export, report, protocols …); more wait their turn (0: no limit)")
	f.Int64Var(&fl.memLimit, "memory-limit", fl.memLimit, "bytes of memory past which the server collects garbage harder (a soft limit; $GOMEMLIMIT wins; 0: none); below it, at half the heap's growth unless $GOGC is set")
	f.DurationVar(&fl.handshake, "handshake-timeout", fl.handshake, "close a connection that has not authenticated by then")
	f.Var(&fl.maxPending, "max-handshakes", "connections waiting to authenticate, start:rate:full: from start on a newcomer makes one go (itself or, at random, one that has sent nothing) with a chance of rate% rising to 100% at full; N is N:100:N (0: no bound)")
	f.Var(&fl.maxPerAddr, "max-handshakes-per-addr", "the same, for those from one client address (0: no bound)")
	f.DurationVar(&fl.grace, "grace", fl.grace, "on SIGTERM, how long to wait for sessions to end")
	f.StringVar(&fl.cpuProfile, "cpuprofile", "", "write a CPU profile of the server to this file until it stops")
	f.MarkHidden("cpuprofile")
	return cmd
}

func serve(cmd *cobra.Command, g *globals, fl serveFlags) error {
	private() // the database, its WAL and the host key: the server's user's alone
	if fl.memLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(fl.memLimit)
	}
	if os.Getenv("GOGC") == "" {
		// A server's memory is its sessions' (each a Bubble Tea program
		// with its input's key table, SSH buffers, goroutine stacks), and
		// Go lets the heap grow to twice what is live before it collects.
		// Half that headroom takes a sixth off a session's memory for no
		// CPU BenchmarkServeCapacity can tell.
		debug.SetGCPercent(50)
	}
	if fl.cpuProfile != "" {
		f, err := os.Create(fl.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := log.NewWithOptions(cmd.ErrOrStderr(), log.Options{ReportTimestamp: true, Prefix: "claritty serve"})
	st, me, err := g.openAs(context.WithoutCancel(ctx))
	if err != nil {
		return err
	}
	defer st.Close()
	if err := makePrivate(st.Path(), logger); err != nil {
		return err
	}
	heavy := newHeavyGate(fl.maxHeavy)
	srv, err := sshserve.New(sshserve.Config{
		Addr: fl.listen, HostKeyPath: st.Path() + "-ssh_host_ed25519_key", Store: st,
		MaxSessions: fl.maxSessions, IdleTimeout: fl.idle, MaxPaste: fl.maxPaste,
		MaxUpload: fl.maxUpload, MaxUploadOthers: fl.maxUpOthers,
		HandshakeTimeout: fl.handshake, MaxHandshakes: fl.maxPending, MaxHandshakesPerAddr: fl.maxPerAddr,
		Log: logger, Handle: func(ctx context.Context, s *sshserve.Session) int { return runSession(ctx, st, heavy, s) },
	})
	if err != nil {
		return err
	}
	addr, err := srv.Listen()
	if err != nil {
		return err
	}
	logger.Info("listening", "addr", addr.String(), "db", st.Path(), "operator", me.Name, "role", me.Role)
	if people, err := st.Annotators(ctx); err == nil && !anyKeys(people) {
		logger.Warn("no SSH key is registered yet: claritty annotators NAME --role ROLE --key-file KEY.pub")
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve() }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	logger.Info("stopping: no new connections; telling every session")
	sctx, cancel := context.WithTimeout(context.Background(), fl.grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		logger.Warn("stopped", "err", err)
	}
	logger.Info("stopped")
	return nil
}

func anyKeys(people []store.Annotator) bool {
	for _, a := range people {
		if a.Keys > 0 {
			return true
		}
	}
	return false
}

// makePrivate makes the database files that exist mode 0600 (a new one is
// created so, under the umask private set).
func makePrivate(db string, logger *log.Logger) error {
	for _, p := range []string{db, db + "-wal", db + "-shm"} {
		fi, err := os.Stat(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, 0o600); err != nil {
				return err
			}
			logger.Info("made private", "file", p, "was", fi.Mode().Perm().String())
		}
	}
	return nil
}

// runSession runs one SSH session: the command line it asked for (none:
// the TUI) with the session's annotator acting, its output to the client,
// and its exit status back, as the local binary would give it.
func runSession(ctx context.Context, st *store.Store, heavy heavyGate, s *sshserve.Session) int {
	release, err := heavy.enter(ctx, s.Command(), s.Stderr())
	if err != nil {
		return 130 // the client left while it waited
	}
	defer release()
	g := &globals{remote: &remote{store: st, who: s.Who}}
	pty, _, hasPty := s.Pty()
	g.remote.pty, g.remote.ptyWidth = hasPty, pty.Window.Width
	g.remote.runTUI = func(ctx context.Context, cfg tui.Config) error { return sessionTUI(ctx, s, cfg) }
	root := newRootCmd(g)
	if len(s.Command()) == 0 {
		// The TUI: no command of the tree runs, and a session keeps its
		// tree as long as it lasts (hours, hundreds of sessions).
		root.ResetCommands()
	}
	// Never nil: cobra reads os.Args, the server's own command line, when
	// it is given no arguments at all.
	root.SetArgs(append([]string{}, s.Command()...))
	root.SetIn(s.CommandInput())
	root.SetOut(s)
	root.SetErr(s.Stderr())
	trimHelp(root)
	err = fang.Execute(ctx, root, fang.WithErrorHandler(printError), fang.WithoutManpage(), fang.WithoutCompletions())
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errInterrupted) || errors.Is(err, context.Canceled):
		return 130
	}
	return 1
}

// errOverSSH is why nothing opens in a browser for an SSH session: the
// server's browser is not the annotator's. The screen shows the address.
var errOverSSH = errors.New("over SSH: copy the address")

// sessionTUI runs the TUI on the session's terminal, at its size and
// following its resizes. Writes are made with a context the client's
// going away does not cancel, and the session ends only once they have
// committed; a server shutdown asks the TUI to quit the same way.
func sessionTUI(ctx context.Context, s *sshserve.Session, cfg tui.Config) error {
	_, winch, ok := s.Pty()
	if !ok {
		return errors.New("the TUI needs a terminal: connect without a command, or with ssh -t")
	}
	cfg.Open = func(string) error { return errOverSSH }
	m, err := tui.New(context.WithoutCancel(ctx), cfg)
	if err != nil {
		return err
	}
	// The session's screen draws the frames (see sessionScreen); Bubble
	// Tea's own writes, its terminal queries, go out through it whole, once
	// a second: its ticker wakes every session that often even without a
	// renderer (at 20 a second, 4,000 wake-ups a second for 200 sessions,
	// a tenth of a millisecond of CPU a label). The one query that matters
	// at once, the background colour the styles follow, the screen asks
	// with its first frame (terminalSetup); the terminal's answer reaches
	// the program as an answer to its own does.
	pty, _, _ := s.Pty()
	env := append(s.Environ(), "TERM="+pty.Term)
	screen := newSessionScreen(s, pty.Window.Width, pty.Window.Height, colorprofile.Env(env))
	opts := append(bubbletea.MakeOptions(s), tea.WithInput(s.TerminalInput()), tea.WithOutput(screen.out),
		tea.WithContext(ctx), tea.WithFPS(1), tea.WithoutRenderer())
	p := tea.NewProgram(screenModel{m, screen}, opts...)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-done:
				return
			case w, open := <-winch:
				if !open {
					winch = nil // the client is gone; a closed channel would spin
					continue
				}
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			case <-s.Closing():
				p.Send(tui.ShutdownMsg{Reason: "the server is shutting down"})
				<-done
				return
			}
		}
	}()
	_, err = p.Run()
	screen.close()
	m.Close()
	select {
	case <-s.Closing():
		fmt.Fprintln(s.Stderr(), "claritty: the server is shutting down; everything you keyed is saved. Connect again once it is back.")
	default:
	}
	switch {
	case m.Interrupted():
		return errInterrupted
	case errors.Is(err, tea.ErrProgramKilled) || ctx.Err() != nil:
		return nil // the client went away; what they keyed is saved
	case err != nil:
		return fmt.Errorf("run: %w", err)
	}
	return nil
}
