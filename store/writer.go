package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// ErrClosed means the store was closed while a write waited.
var ErrClosed = errors.New("store is closed")

// maxBatch is how many waiting writes one transaction takes at most.
const maxBatch = 64

// writer applies this process's write transactions (Store.tx) from one
// goroutine, group commit style: it takes every write waiting when it
// starts a transaction, runs each in a savepoint of its own (a write that
// fails is rolled back alone) and commits them together; each caller
// returns once its write is committed. Under hundreds of SSH sessions a
// transaction held the lock for 0.9 ms for 0.2 ms of work, waiting to be
// scheduled; a batch pays that once per batch, not per write.
type writer struct {
	jobs chan *writeJob // unbuffered: a job sent is a job the writer took
	stop chan struct{}
	done chan struct{}
	once sync.Once
	// conn is the connection every batch runs on, kept from the first
	// (under the store's lock of writers): its statements stay prepared.
	// Taking any connection of the pool, the writer prepared its
	// statements again on each new one.
	conn *sql.Conn
	// drv are conn's statements at the driver's level (driverstmt.go),
	// kept while conn is; cur is the batch's transaction on it, which
	// statementsOf knows them by.
	drv *driverStmts
	cur atomic.Pointer[sql.Tx]
}

type writeJob struct {
	ctx context.Context
	fn  func(*sql.Tx, bindings) error
	err chan error
	// sums, when not nil, gathers the write's changes to the datasets'
	// kept sums (agreement_patterns, open_parts) for the batch to write
	// once, after the batch's last write that gathers (see commit).
	sums *sums
}

// sums are changes to the kept per-dataset sums, gathered.
type sums struct {
	patterns map[patternKey]int
	parts    map[partKey]int
}

func newSums() *sums {
	return &sums{patterns: map[patternKey]int{}, parts: map[partKey]int{}}
}

func (g *sums) empty() bool { return len(g.patterns) == 0 && len(g.parts) == 0 }

// add takes o's changes into g.
func (g *sums) add(o *sums) {
	for k, d := range o.patterns {
		g.patterns[k] += d
	}
	for k, d := range o.parts {
		g.parts[k] += d
	}
}

// write writes the gathered changes in w's transaction and forgets them.
func (g *sums) write(w *ptx) error {
	err := writePatterns(w, g.patterns)
	clear(g.patterns)
	if err == nil {
		err = writeOpenParts(w, g.parts)
	}
	clear(g.parts)
	return err
}

// bindings are the store's prepared statements bound to one batch's
// transaction, shared by every write of the batch (they run one after
// another on the writer's goroutine): each write binding its own anew
// cost the writer a tenth of its time under many sessions.
type bindings map[*sql.Stmt]*sql.Stmt

func (s *Store) startWriter() {
	s.w = &writer{jobs: make(chan *writeJob), stop: make(chan struct{}), done: make(chan struct{})}
	go s.w.run(s)
}

// closeWriter stops the writer; writes waiting or coming get ErrClosed.
func (s *Store) closeWriter() {
	s.w.once.Do(func() { close(s.w.stop) })
	<-s.w.done
	// The writer has stopped: nothing else uses its connection. (Not
	// under the lock of writers, which an import may hold for long: Close
	// did not wait for it before.)
	s.w.dropConn()
}

// dropConn lets the writer's connection go back to the pool, its
// statements closed first; the next batch takes another.
func (w *writer) dropConn() {
	if w.conn == nil {
		return
	}
	w.drv.close()
	w.conn.Close()
	w.conn, w.drv = nil, nil
}

// statementsOf is the writer's connection's own statements if tx is the
// transaction of the writer's batch, nil for any other: a write's ptx
// (wrap) finds them by its transaction.
func (w *writer) statementsOf(tx *sql.Tx) *driverStmts {
	if w == nil || tx == nil || w.cur.Load() != tx {
		return nil
	}
	return w.drv
}

// begin starts a batch's transaction on the writer's connection, taking
// one from the pool the first time, or again after a failure (a
// connection that failed to begin goes back to the pool).
// The caller holds the lock of writers.
func (s *Store) begin() (*sql.Tx, error) {
	ctx := context.Background()
	if s.w.conn == nil {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		s.w.conn, s.w.drv = c, newDriverStmts(c)
	}
	tx, err := s.w.conn.BeginTx(ctx, nil)
	if err != nil {
		s.w.dropConn()
		return nil, err
	}
	s.w.cur.Store(tx)
	return tx, nil
}

// readTx runs fn in a read-only transaction of its own: a snapshot that
// neither waits for the writer nor holds it up. Reads that check a role
// first (the adjudication queue, others' labels, notes and flags, keys)
// run here, not in the writer's batches.
func (s *Store) readTx(ctx context.Context, fn func(*ptx) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := schemaHeld(ctx, tx); err != nil {
		return err
	}
	return fn(s.wrap(ctx, tx))
}

// tx runs fn in an immediate transaction, committed before it returns;
// fn's statements are prepared (ptx). fn may share the transaction with
// other writes, each in its own savepoint, so it must not keep the
// transaction or assume what others wrote in it.
func (s *Store) tx(ctx context.Context, fn func(*ptx) error) error {
	if s.readOnly {
		return s.readOnlyError()
	}
	return s.send(ctx, s.job(ctx, fn))
}

// txSums is tx for a write whose changes to the kept sums (an item's
// part of agreement_patterns and open_parts) may wait for the end of its
// batch, in the same transaction: the batch's keyed labels move the same
// few rows of a dataset's sums, and write each once. The write must not
// read those sums itself.
func (s *Store) txSums(ctx context.Context, fn func(*ptx) error) error {
	if s.readOnly {
		return s.readOnlyError()
	}
	j := s.job(ctx, fn)
	j.sums = newSums()
	return s.send(ctx, j)
}

// send hands a write to the writer and waits for its commit.
func (s *Store) send(ctx context.Context, j *writeJob) error {
	select {
	case s.w.jobs <- j:
	case <-s.w.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-j.err
}

// job is fn as one write of the writer's batches.
func (s *Store) job(ctx context.Context, fn func(*ptx) error) *writeJob {
	j := &writeJob{ctx: ctx, err: make(chan error, 1)}
	j.fn = func(tx *sql.Tx, b bindings) error {
		w := s.wrap(ctx, tx)
		w.bound = b
		if j.sums != nil {
			clear(j.sums.patterns)
			clear(j.sums.parts)
			w.deltas, w.openDeltas = j.sums.patterns, j.sums.parts
		}
		return fn(w)
	}
	return j
}

func (w *writer) run(s *Store) {
	defer close(w.done)
	for {
		select {
		case j := <-w.jobs:
			batch := []*writeJob{j}
		more:
			for len(batch) < maxBatch {
				select {
				case j := <-w.jobs:
					batch = append(batch, j)
				default:
					break more
				}
			}
			s.commit(batch)
		case <-w.stop:
			return
		}
	}
}

// commit runs a batch of writes in one transaction, under the process's
// lock of writers (imports and merges take it too). The kept sums that
// writes gathered (txSums) are written before any write that does not
// gather them, and before the commit: every write that reads them sees
// them whole, and the batch commits them with the labels that moved them.
func (s *Store) commit(batch []*writeJob) {
	s.writers.Lock()
	defer s.writers.Unlock()
	errs := make([]error, len(batch))
	tx, err := s.begin()
	if err == nil {
		if err = schemaHeld(context.Background(), tx); err != nil {
			tx.Rollback()
		}
	}
	if err == nil {
		sp := s.wrap(context.Background(), tx)
		sp.bound = bindings{}
		if len(batch) == 1 {
			errs[0] = call(batch[0], tx, sp.bound) // alone: the transaction is its savepoint
		} else {
			err = runBatch(batch, sp, errs)
		}
		if err == nil && errs[0] == nil && len(batch) == 1 && batch[0].sums != nil {
			err = batch[0].sums.write(sp)
		}
		if err == nil && errs[0] != nil && len(batch) == 1 {
			err = errs[0]
		}
		if err != nil {
			if rerr := tx.Rollback(); rerr != nil {
				err = errors.Join(err, rerr)
			}
		} else {
			err = tx.Commit()
		}
	}
	for i, j := range batch {
		if errs[i] == nil {
			errs[i] = err // the batch's commit failed: nothing of it is on disk
		}
		j.err <- errs[i]
	}
}

// runBatch runs the writes of a batch each in its own savepoint (errs:
// each one's error), gathering the kept sums of those that gather them
// and writing them before a write that does not, and at the end. An
// error writing the sums fails the whole batch.
func runBatch(batch []*writeJob, sp *ptx, errs []error) error {
	gathered := newSums()
	for i, j := range batch {
		if j.sums == nil && !gathered.empty() {
			if err := gathered.write(sp); err != nil {
				return err
			}
		}
		errs[i] = inSavepoint(j, sp)
		if errs[i] == nil && j.sums != nil {
			gathered.add(j.sums) // a write rolled back gathered nothing
		}
	}
	return gathered.write(sp)
}

// inSavepoint runs one write of a batch, rolling back just its own
// changes when it fails. Its savepoint statements are prepared once
// (sp's), not parsed anew for every write.
func inSavepoint(j *writeJob, sp *ptx) error {
	if _, err := sp.exec("SAVEPOINT write"); err != nil {
		return err
	}
	err := call(j, sp.tx, sp.bound)
	if err != nil {
		if _, rerr := sp.exec("ROLLBACK TO write"); rerr != nil {
			return errors.Join(err, rerr)
		}
	}
	if _, rerr := sp.exec("RELEASE write"); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}

// call runs a write, turning a panic into its error: one bad write must
// not take the others of its batch, or the writer, down with it.
func call(j *writeJob, tx *sql.Tx, b bindings) (err error) {
	if err := j.ctx.Err(); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("write panicked: %v", r)
		}
	}()
	return j.fn(tx, b)
}

// ownConn takes this process's write lock and a connection of the pool for
// one long write (an import, a merge); release runs done (if any) on the
// connection (to undo what the write changed in it), returns it to the pool
// and lets the other writers on. release may be called more than once.
func (s *Store) ownConn(ctx context.Context, done func(context.Context, *sql.Conn)) (*sql.Conn, func(), error) {
	if s.readOnly {
		return nil, nil, s.readOnlyError()
	}
	s.writers.Lock()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		s.writers.Unlock()
		return nil, nil, err
	}
	release := sync.OnceFunc(func() {
		if done != nil {
			done(context.WithoutCancel(ctx), conn)
		}
		conn.Close()
		s.writers.Unlock()
	})
	return conn, release, nil
}
