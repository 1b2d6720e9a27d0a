// Package store keeps everything claritty knows in one SQLite file: datasets,
// items, annotators, labels and their history, HIT progress, flags and notes.
// Every write is one immediate transaction, so a label is on disk the moment
// the call returns and several processes can share the file.
package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/claritty/claritty/guidelines"
	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// Store is an open claritty database.
type Store struct {
	db       *sql.DB
	path     string
	borrowed bool // Close leaves the database open (Borrow)
	readOnly bool // OpenReadOnly: every write returns ErrReadOnly
	// writers lets this process's write transactions through one at a
	// time: the writer's batches (writer.go), imports and merges, and
	// single statements (write). SQLite's busy handler sleeps and retries
	// and, with hundreds of sessions writing, gave up; other processes
	// still queue on busy_timeout. Shared by every Borrow of the store.
	writers *sync.Mutex
	stmts   *stmtCache // the hot path's prepared statements (prepared.go)
	w       *writer    // runs Store.tx writes, several to a transaction (writer.go)
	// Now is the clock used for every timestamp; tests replace it.
	Now func() time.Time
	// Sides, when set, is the source of the sides a pair's outputs are
	// drawn to at import; tests set it so a screen can be a golden file.
	Sides *rand.Rand
	// Draws, when set, decides which HITs are gold checks and repeats
	// (NextHIT); tests set it to count them. drawMu guards it.
	Draws  *rand.Rand
	drawMu *sync.Mutex
	// kinds are the database's task kinds as this process last read them
	// (syncProtocols), with the version they were read at; shared by
	// every Borrow, and kindsMu orders their changes.
	kinds   *atomic.Pointer[kindState]
	kindsMu *sync.Mutex
	lock    *os.File // the file held open for as long as the store is (holdOpen)
	fresh   *Fresh   // set when Open created the file (Discard)
}

// timeFormat is how timestamps are stored: UTC, sortable as text.
const timeFormat = "2006-01-02T15:04:05.000Z"

// Open opens (creating if needed) the database at path and brings its schema
// up to date. It refuses, before writing anything to it, a file that is not
// a claritty database, and a database written by a newer claritty; a path
// whose folder does not exist is refused too (the caller creates the
// default location's folder). A database small enough to read in a moment
// is checked for damage first (quickCheck).
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenMode(ctx, path, DefaultFileMode)
}

// DefaultFileMode is a new database's mode: its owner's alone, for every
// label and gold is in it. SQLite gives the WAL and its index the
// database file's mode.
const DefaultFileMode fs.FileMode = 0o600

// OpenMode is Open, creating a new database with mode (0660 for a team
// sharing a local file through a group) whatever the umask says.
func OpenMode(ctx context.Context, path string, mode fs.FileMode) (*Store, error) {
	if err := checkFolder(path); err != nil {
		return nil, err
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	created, lock, err := createAndHold(ctx, path, mode)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		closeLock(lock)
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.SetMaxIdleConns(idleConns)
	s := newStore(db, path)
	s.lock = lock
	for _, step := range []func(context.Context) error{s.checkWAL, s.quickCheck, s.migrate, s.followReplication, s.openProtocols} {
		if err := step(ctx); err != nil {
			s.db.Close()
			closeLock(lock)
			return nil, err
		}
	}
	if created != nil && lock != nil {
		// What a refused command may remove (Discard), if it still holds
		// only this.
		if d, err := contentDigest(ctx, s.db); err == nil {
			s.fresh = &Fresh{path: path, file: created, digest: d}
		}
	}
	s.startWriter()
	return s, nil
}

// createAndHold makes the database file if there is none (created is then
// the file as made) and holds it open (holdOpen), trying again if a
// refused command's Discard removed the file in between.
func createAndHold(ctx context.Context, path string, mode fs.FileMode) (created fs.FileInfo, lock *os.File, err error) {
	for try := 0; ; try++ {
		if created, err = createFile(path, mode); err != nil {
			return nil, nil, err
		}
		lock, err = holdOpen(ctx, path)
		if errors.Is(err, errReplaced) && try < 3 {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("open %s: %w", path, err)
		}
		if created != nil && (lock == nil || !sameAsLocked(lock, created)) {
			created = nil // not known to be the file this process made
		}
		return created, lock, nil
	}
}

// sameAsLocked says whether the file held open is fi.
func sameAsLocked(lock *os.File, fi fs.FileInfo) bool {
	held, err := lock.Stat()
	return err == nil && os.SameFile(held, fi)
}

func closeLock(lock *os.File) {
	if lock != nil {
		lock.Close()
	}
}

// idleConns is how many connections the pool keeps open. database/sql
// keeps 2 by default: with a server's sessions reading at once it opened
// and closed SQLite connections all the time (each mapping and unmapping
// the WAL index).
const idleConns = 32

// newStore is a store on an open database, its writer not yet started.
func newStore(db *sql.DB, path string) *Store {
	s := &Store{db: db, path: path, Now: time.Now, writers: &sync.Mutex{}, drawMu: &sync.Mutex{}, stmts: &stmtCache{db: db}, kinds: &atomic.Pointer[kindState]{}, kindsMu: &sync.Mutex{}}
	s.kinds.Store(&kindState{set: guidelines.Builtins()})
	return s
}

// followReplication reopens the database's connections with a later
// autocheckpoint when Litestream replicates it (store/litestream.go).
func (s *Store) followReplication(ctx context.Context) error {
	if !replicated(ctx, s.db) {
		return nil
	}
	db, err := sql.Open("sqlite", dsn(s.path)+"&"+url.Values{"_pragma": {fmt.Sprintf("wal_autocheckpoint(%d)", replicatedCheckpoint)}}.Encode())
	if err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	db.SetMaxIdleConns(idleConns)
	s.db.Close()
	s.db, s.stmts = db, &stmtCache{db: db}
	return nil
}

// checkFolder refuses a path whose folder is missing: a mistyped --db
// would otherwise leave a fresh, empty database somewhere unexpected.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("open %s: the folder %s does not exist (create it first, or leave out --db for the default place)", path, dir)
	case err != nil:
		return fmt.Errorf("open %s: %w", path, err)
	case !fi.IsDir():
		return fmt.Errorf("open %s: %s is not a folder", path, dir)
	}
	return nil
}

// createFile makes an empty database file with mode, before SQLite makes
// it with 0644 less the umask: readable by every user of the machine. It
// returns the file it made, nil when one was there (O_EXCL tells which).
func createFile(path string, mode fs.FileMode) (fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if errors.Is(err, fs.ErrExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	if err := f.Chmod(mode); err != nil { // the umask may have taken bits
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return fi, nil
}

// checkHeader reads the first 100 bytes of an existing file (SQLite's
// header) and refuses anything but a new, empty or claritty database,
// before a connection's pragmas (journal_mode=WAL among them) change it.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	var h [100]byte
	n, err := io.ReadFull(f, h[:])
	switch {
	case n == 0:
		return nil // an empty file: SQLite makes it a database
	case err != nil || string(h[:16]) != "SQLite format 3\x00":
		return fmt.Errorf("open %s: %w: it is not a SQLite database file", path, ErrNotClaritty)
	}
	appID := binary.BigEndian.Uint32(h[68:72])
	schemaCookie := binary.BigEndian.Uint32(h[40:44])
	if appID != ApplicationID && (appID != 0 || schemaCookie != 0 && !onlyLitestreamTables(path)) {
		return fmt.Errorf("open %s: %w: another program's SQLite database (application_id %#x); nothing was written to it",
			path, ErrNotClaritty, appID)
	}
	return nil
}

// quickCheckLimit is the largest file Open checks for damage: SQLite's
// quick_check reads every page and checks every index, some 15-20 ms a
// megabyte of a team's database (a 35 MB one took 0.6 s, all of its first
// frame; BENCHMARKS.md). Up to 4 MiB (the demo, a small study) it costs
// well under 100 ms; larger databases are checked with claritty check, and
// damage met at work is still told as damage (Explain).
const quickCheckLimit = 4 << 20

// quickCheck runs PRAGMA quick_check on a database small enough, so a
// damaged file is refused with what to do rather than opened in silence.
func (s *Store) quickCheck(ctx context.Context) error {
	if fi, err := os.Stat(s.path); err != nil || fi.Size() > quickCheckLimit {
		return nil
	}
	var first string
	err := s.db.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&first)
	if err == nil && first != "ok" {
		err = fmt.Errorf("%w: %s", ErrDamaged, first)
	}
	if err != nil {
		return Explain(fmt.Errorf("open %s: %w", s.path, err))
	}
	return nil
}

// ErrDamaged means a check found the database file damaged.
var ErrDamaged = errors.New("database disk image is malformed")

// dsn sets every connection's pragmas, busy_timeout first. WAL is not among
// them: it is a property of the file, set once by Open (checkWAL), not
// asked of every connection the pool opens. _txlock=immediate makes every transaction take the
// write lock at BEGIN, so two writers queue instead of failing mid-transaction.
// synchronous=FULL syncs the WAL at every commit, so a label whose call has
// returned survives a power cut, not only a killed process; an import is
// one transaction, so it costs it one sync (BENCHMARKS.md has the cost per
// keyed label). The path is made absolute (so no "//" can read as a URI's
// host) and escaped for a file: URI, in which ?, # and % would otherwise
// end or change it.
func dsn(path string) string {
	path = absPath(path)
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", "synchronous("+syncMode+")")
	q.Add("_pragma", fmt.Sprintf("threads(%d)", sortThreads()))
	q.Add("_txlock", "immediate")
	return "file:" + uriPath(path) + "?" + q.Encode()
}

func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// syncMode is every connection's synchronous setting; the benchmark of
// its cost (BenchmarkKeyedLabelSync) compares NORMAL.
var syncMode = "FULL"

// uriPath escapes a file path for SQLite's file: URI: every byte but
// letters, digits, "/" and "-._~" becomes %XX, which SQLite decodes.
func uriPath(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/-._~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// sortThreads is how many helper threads SQLite may use to sort, which
// makes building an index after a big import (store/import.go) about twice
// as fast on two cores.
func sortThreads() int {
	return min(runtime.NumCPU(), 4)
}

// checkWAL puts the file in WAL mode (it stays so: the mode is kept in the
// file) and makes sure it is.
func (s *Store) checkWAL(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode); err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("open %s: journal mode is %q, want wal (is another claritty importing into this new database? try again when it ends)", s.path, mode)
	}
	return nil
}

// Close closes the database, unless this handle is borrowed.
func (s *Store) Close() error {
	if s.borrowed {
		return nil
	}
	s.closeWriter()
	s.stmts.close()
	err := s.db.Close()
	closeLock(s.lock) // after every connection: see holdOpen
	return err
}

// Path is the file the store was opened on.
func (s *Store) Path() string { return s.path }

func (s *Store) now() string { return s.Now().UTC().Format(timeFormat) }

// ErrNotFound is returned when a named row does not exist.
var ErrNotFound = errors.New("not found")

// Borrow returns a handle on the same database whose Close does nothing:
// the server lends its one store to each session's command this way.
func (s *Store) Borrow() *Store {
	b := *s
	b.borrowed = true
	return &b
}
