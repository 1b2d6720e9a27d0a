package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// errInterrupted ends the program with exit status 130, as Ctrl-C should.
var errInterrupted = errors.New("interrupted")

// defaultDBPath follows the brief: $CLARITTY_DB, else the XDG data folder.
func defaultDBPath() string {
	if p := os.Getenv("CLARITTY_DB"); p != "" {
		return p
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "claritty", "claritty.db")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		home = "."
	}
	return filepath.Join(home, ".local", "share", "claritty", "claritty.db")
}

// osUser is who is acting locally: the user of the process's uid in the
// passwd database.
func osUser() string { return identity(os.Getuid(), user.LookupId) }

// identity names the user of uid by its passwd entry. A uid without one
// acts as uid-N: $USER and $LOGNAME are never read, since anyone can set
// them (os/user.Current falls back to them, so it is not used).
func identity(uid int, lookup func(string) (*user.User, error)) string {
	if u, err := lookup(strconv.Itoa(uid)); err == nil && u.Username != "" {
		return u.Username
	}
	return fmt.Sprintf("uid-%d", uid)
}

// globals are the flags every command shares, and for a command run over
// SSH, the session it runs for.
type globals struct {
	db     string
	dbMode string // a new database's mode, octal (--db-mode)
	as     string
	quiet  bool    // --quiet: no progress line
	remote *remote // nil when run locally
	// fresh is the database this process created, if it did, and the
	// folders it made for it: what a refused command removes (discardFresh).
	fresh     *store.Fresh
	madeDirs  []string
	freshMark bool // the acting user is in it (MarkFresh)
}

// remote is an SSH session a command runs for (claritty serve): the
// server's one store and the annotator the session's key belongs to. Its
// commands never touch the server's files.
type remote struct {
	store  *store.Store
	who    store.Annotator
	runTUI func(ctx context.Context, cfg tui.Config) error // on the session's terminal
	// pty is whether the session has a terminal (ssh -t, or no command):
	// only then does long work draw a progress line, ptyWidth columns wide.
	pty      bool
	ptyWidth int
}

// open opens the database: the --db file locally, the server's store over
// SSH (which the command's Close leaves open).
func (g *globals) open(ctx context.Context) (*store.Store, error) {
	if g.remote != nil {
		return g.remote.store.Borrow(), nil
	}
	var made []string
	if g.db == defaultDBPath() && os.Getenv("CLARITTY_DB") == "" {
		// The default place is created on first use; a --db or
		// $CLARITTY_DB whose folder is missing is refused by Open.
		made = missingDirs(filepath.Dir(g.db))
		if err := os.MkdirAll(filepath.Dir(g.db), 0o755); err != nil {
			return nil, fmt.Errorf("create the database folder: %w", err)
		}
	}
	if readOnlyFile(g.db) {
		// Someone else's file, or a folder we may not write in: read it
		// as it is. Reading commands work; a write says why it cannot.
		return store.OpenReadOnly(ctx, g.db)
	}
	mode, err := parseDBMode(g.dbMode)
	if err != nil {
		return nil, err
	}
	st, err := store.OpenMode(ctx, g.db, mode)
	if err == nil && g.fresh == nil && st.Fresh() != nil {
		g.fresh, g.madeDirs = st.Fresh(), made
	}
	return st, err
}

// missingDirs are the folders MkdirAll(dir) would make, deepest first.
func missingDirs(dir string) []string {
	var out []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) || d == filepath.Dir(d) {
			return out
		}
		out = append(out, d)
	}
}

// discardFresh removes, after a command was refused, the database this
// process created for it, if it still holds only what opening it made
// (the acting user) and no other process has it (store.Fresh.Discard),
// and then the folders made for it, if they are empty. A database it
// could not be sure of is kept, and the user told.
func (g *globals) discardFresh(ctx context.Context, w io.Writer) {
	if g.fresh == nil {
		return
	}
	removed, err := g.fresh.Discard(ctx)
	if err != nil {
		fmt.Fprintf(w, "claritty: this command made the database %s and left it: %s\n",
			display.Clean(g.fresh.Path()), display.Clean(err.Error()))
		return
	}
	if removed {
		for _, d := range g.madeDirs {
			if os.Remove(d) != nil { // not empty: someone else's now
				return
			}
		}
	}
}

// defaultDBMode is $CLARITTY_DB_MODE, else 0600.
func defaultDBMode() string {
	if m := os.Getenv("CLARITTY_DB_MODE"); m != "" {
		return m
	}
	return "0600"
}

// parseDBMode reads --db-mode: octal, the owner may read and write, and
// other users get nothing (a group may).
func parseDBMode(s string) (fs.FileMode, error) {
	if s == "" {
		return store.DefaultFileMode, nil
	}
	m, err := strconv.ParseUint(s, 8, 32)
	if err != nil || m&^0o777 != 0 || m&0o600 != 0o600 || m&0o007 != 0 {
		return 0, fmt.Errorf("--db-mode %q: give an octal mode the owner reads and writes and other users cannot touch, such as 0600 or 0660", s)
	}
	return fs.FileMode(m), nil
}

// actor is who is acting: locally the OS user, over SSH the owner of the
// session's key; with --as someone else, if that person is a lead
// (store.Actor and store.ActAs decide, so no command can bypass it).
func (g *globals) actor(ctx context.Context, st *store.Store) (store.Annotator, error) {
	if g.remote != nil {
		return st.ActAs(ctx, g.remote.who, g.as)
	}
	me, err := st.Actor(ctx, osUser(), g.as)
	if err == nil && !g.freshMark && st.Fresh() != nil && st.Fresh() == g.fresh {
		// The database's first user, made its lead, is part of opening it.
		g.freshMark = true
		err = st.MarkFresh(ctx)
	}
	return me, err
}

// openAs opens the database and resolves who is acting; the caller closes
// the store.
func (g *globals) openAs(ctx context.Context) (*store.Store, store.Annotator, error) {
	st, err := g.open(ctx)
	if err != nil {
		return nil, store.Annotator{}, err
	}
	me, err := g.actor(ctx, st)
	if err != nil {
		st.Close()
		return nil, me, err
	}
	return st, me, nil
}

// openDataset opens the database, resolves who is acting and finds the
// named dataset (the first one when name is ""); the caller closes the
// store.
func (g *globals) openDataset(ctx context.Context, name string) (*store.Store, store.Annotator, store.Dataset, error) {
	st, me, err := g.openAs(ctx)
	if err != nil {
		return nil, me, store.Dataset{}, err
	}
	d, err := datasetFor(ctx, st, name)
	if err != nil {
		st.Close()
		return nil, me, store.Dataset{}, err
	}
	return st, me, d, nil
}

// datasetFor picks the named dataset, or the first one when no name is given.
func datasetFor(ctx context.Context, st *store.Store, name string) (store.Dataset, error) {
	if name != "" {
		return st.DatasetByName(ctx, name)
	}
	ds, err := st.Datasets(ctx)
	if err != nil {
		return store.Dataset{}, err
	}
	if len(ds) == 0 {
		return store.Dataset{}, errors.New("the database has no datasets yet: a lead imports them (claritty import FILE)")
	}
	return ds[0], nil
}

// inputFile opens a file a command reads: "-" is the command's standard
// input (over SSH, the client's); locally any path, over SSH nothing else,
// since the server's files are not the client's to read.
func (g *globals) inputFile(stdin io.Reader, path string) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(stdin), nil
	}
	if g.remote != nil {
		return nil, fmt.Errorf("%s: over SSH the file is on your side: give - instead and send it on standard input (ssh … - < %s)", path, filepath.Base(path))
	}
	return os.Open(path)
}

// checkOutput refuses, over SSH, to write a file on the server: output goes
// to the client's standard output.
func (g *globals) checkOutput(path string) error {
	if g.remote != nil && path != "" && path != "-" {
		return fmt.Errorf("--out %s: over SSH output goes to your standard output (--out - or no --out)", path)
	}
	return nil
}
