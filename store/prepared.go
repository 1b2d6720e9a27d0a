package store

import (
	"context"
	"database/sql"

	"sync"

	"github.com/claritty/claritty/guidelines"
)

// stmtCache holds the statements of the paths every keyed label takes,
// each prepared once on the pool: a transaction then runs it on its own
// connection, which database/sql prepares it on once and keeps. Parsing
// the same SQL again for every key was a seventh of a busy server's CPU.
type stmtCache struct {
	db *sql.DB
	m  sync.Map // query -> *sql.Stmt
}

func (c *stmtCache) get(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := c.m.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := c.m.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

func (c *stmtCache) close() {
	c.m.Range(func(_, st any) bool {
		st.(*sql.Stmt).Close()
		return true
	})
}

// readRow runs a prepared read of one row into dest.
func (s *Store) readRow(ctx context.Context, query string, args []any, dest ...any) error {
	st, err := s.stmts.get(ctx, query)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// readRows runs a prepared read.
func (s *Store) readRows(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := s.stmts.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// write runs one prepared statement that writes, as a write of its own
// (Store.tx).
func (s *Store) write(ctx context.Context, query string, args ...any) error {
	return s.tx(ctx, func(w *ptx) error {
		_, err := w.exec(query, args...)
		return err
	})
}

// ptx is a transaction that runs its statements prepared: through the
// store's cache (prepared once per process), or, for an import, on its own
// connection only (local).
type ptx struct {
	tx *sql.Tx
	// conn, with tx nil, is a connection whose transaction was begun by
	// hand (a merge's, mergeTx): statements are prepared on it (local).
	conn  *sql.Conn
	ctx   context.Context
	stmts *stmtCache
	local map[string]*sql.Stmt
	// deltas, when not nil, gathers changes to agreement_patterns for
	// flushPatterns instead of writing each at once (a merge's commit).
	deltas map[patternKey]int
	// openDeltas does the same for open_parts (store/openparts.go).
	openDeltas map[partKey]int
	// bound holds each cached statement bound to tx: database/sql keeps
	// every Tx.Stmt until the transaction ends, so binding anew on each
	// call grew a merge's memory with every item it touched.
	bound bindings
	// s is the store whose transaction it is: its kinds say what an item
	// of each kind asks.
	s *Store
	// kinds, when set, are the store's kinds and a protocol file the
	// transaction keeps: the store's become them only once it commits.
	kinds *guidelines.Set
	// drv, when set, is the writer's connection's own statements: the
	// writer's transaction (wrap) runs its exec and scan there, and
	// nothing of it under a context that can be cancelled (driverstmt.go).
	drv *driverStmts
}

// kindSet is the task kinds the transaction sees.
func (w *ptx) kindSet() *guidelines.Set {
	if w.kinds != nil {
		return w.kinds
	}
	return w.s.Kinds()
}

// protocol is the protocol of a kind of the transaction's database.
func (w *ptx) protocol(k guidelines.Kind) guidelines.Protocol { return w.kindSet().For(k) }

// ownPtx is a ptx whose statements are prepared on the transaction's own
// connection and live as long as it: an import's statements need no other
// connection of the pool, and none outlives it.
func (s *Store) ownPtx(ctx context.Context, tx *sql.Tx) *ptx {
	return &ptx{tx: tx, ctx: ctx, local: map[string]*sql.Stmt{}, s: s}
}

func (s *Store) wrap(ctx context.Context, tx *sql.Tx) *ptx {
	return &ptx{tx: tx, ctx: ctx, stmts: s.stmts, s: s, drv: s.w.statementsOf(tx)}
}

// writerCtx is the context a statement of the transaction runs under:
// ctx, or for the writer's, ctx's error if it has ended and otherwise
// context.Background(), which costs no goroutine a statement. A write's
// context ending mid-statement no longer interrupts it; the next
// statement fails as before.
func (w *ptx) writerCtx(ctx context.Context) (context.Context, error) {
	if w.drv == nil {
		return ctx, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return context.Background(), nil
}

// source is what the transaction's statements are prepared on.
func (w *ptx) source() interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
} {
	if w.conn != nil {
		return w.conn
	}
	return w.tx
}

func (w *ptx) stmt(query string) (*sql.Stmt, error) {
	if w.local != nil {
		if st, ok := w.local[query]; ok {
			return st, nil
		}
		st, err := w.source().PrepareContext(w.ctx, query)
		if err == nil {
			w.local[query] = st
		}
		return st, err
	}
	st, err := w.stmts.get(w.ctx, query)
	if err != nil {
		return nil, err
	}
	if b, ok := w.bound[st]; ok {
		return b, nil
	}
	if w.bound == nil {
		w.bound = map[*sql.Stmt]*sql.Stmt{}
	}
	// Bound without the write's deadline: the binding may serve the other
	// writes of the writer's batch, which a cancelled write must not fail.
	b := w.tx.StmtContext(context.WithoutCancel(w.ctx), st)
	w.bound[st] = b
	return b, nil
}

func (w *ptx) exec(query string, args ...any) (sql.Result, error) {
	return w.ExecContext(w.ctx, query, args...)
}

// scan runs a query for one row into dest; sql.ErrNoRows when it has none.
func (w *ptx) scan(query string, args []any, dest ...any) error {
	ctx, err := w.writerCtx(w.ctx)
	if err != nil {
		return err
	}
	if w.drv != nil && scannable(dest) {
		a, ok, err := w.drv.bind(args)
		if err != nil {
			return err
		}
		if ok {
			return w.drv.scan(query, a, dest)
		}
	}
	st, err := w.stmt(query)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// QueryContext, QueryRowContext and ExecContext are *sql.Tx's, run
// through the transaction's prepared statements: every statement of a
// transaction is prepared once per connection, and a ptx serves wherever a
// querier or a source is wanted (eachRow, collect, stream).
func (w *ptx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx, err := w.writerCtx(ctx)
	if err != nil {
		return nil, err
	}
	st, err := w.stmt(query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

func (w *ptx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, err := w.writerCtx(ctx)
	if err != nil {
		return nil, err
	}
	if w.drv != nil {
		a, ok, err := w.drv.bind(args)
		if err != nil {
			return nil, err
		}
		if ok {
			return w.drv.exec(query, a)
		}
	}
	st, err := w.stmt(query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

func (w *ptx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if c, err := w.writerCtx(ctx); err == nil {
		ctx = c // ended, ctx gives database/sql's Row its error
	}
	st, err := w.stmt(query)
	if err != nil {
		// Only database/sql makes a *sql.Row that carries an error: the
		// same statement unprepared fails the same way.
		return w.source().QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}
