package main

import (
	"context"
	"errors"
	"os"
	"os/user"
	"path/filepath"

	"github.com/claritty/claritty/store"
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

// osUser is who is acting: the operating system's user.
func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	if n := os.Getenv("USER"); n != "" {
		return n
	}
	return "annotator"
}

type globals struct {
	db string
	as string
}

func (g *globals) open(ctx context.Context) (*store.Store, error) {
	return store.Open(ctx, g.db)
}

// actor is who is acting: the OS user, or with --as someone else if the
// OS user is a lead (store.Actor decides, so no command can bypass it).
func (g *globals) actor(ctx context.Context, st *store.Store) (store.Annotator, error) {
	return st.Actor(ctx, osUser(), g.as)
}

// openDataset opens the database and finds the named dataset (the first
// one when name is ""); the caller closes the store.
func (g *globals) openDataset(ctx context.Context, name string) (*store.Store, store.Dataset, error) {
	st, err := g.open(ctx)
	if err != nil {
		return nil, store.Dataset{}, err
	}
	d, err := datasetFor(ctx, st, name)
	if err != nil {
		st.Close()
		return nil, store.Dataset{}, err
	}
	return st, d, nil
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
		return store.Dataset{}, errors.New("the database has no datasets yet: run claritty import FILE")
	}
	return ds[0], nil
}
