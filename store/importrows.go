package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"fmt"
	"strings"
)

// paneInsert writes an import's new panes, one items row each, through
// the SQLite driver's own prepared statements on the import's connection.
// A big import writes hundreds of thousands of them, and database/sql's
// layers around each call (taking the connection, converting the
// arguments into a new slice, watching the context for cancellation with
// a goroutine per statement) cost about as much as a third of SQLite's
// own insert; so does what SQLite does once per statement (opening a
// cursor on the table and each of its indexes, ending the statement),
// which a statement of many rows does once for them all. The statements
// run inside the import's transaction, on the connection it holds; the
// Importer checks its context between panes instead.
type paneInsert struct {
	conn *sql.Conn
	st   map[int]driver.Stmt // by rows per statement
	args []driver.NamedValue // reused: one statement's values at a time
}

// paneChunk is the most rows one statement inserts.
const paneChunk = 32

// paneColumns are the values an items row of a pane is given.
const paneColumns = 12

func newPaneInsert(conn *sql.Conn) *paneInsert {
	args := make([]driver.NamedValue, paneChunk*paneColumns)
	for i := range args {
		args[i].Ordinal = i + 1
	}
	return &paneInsert{conn: conn, st: map[int]driver.Stmt{}, args: args}
}

// paneInsertSQL inserts rows panes.
func paneInsertSQL(rows int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO items (dataset_id, uid, seq, query, question,
		option_1, option_2, option_3, option_4, option_5, meta, list_len) VALUES `)
	for i := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	}
	return b.String()
}

// insert adds the panes, their uids given, as items seq, seq+1, … of the
// dataset, and returns the last one's id: the table's rowids are given in
// order (each new one the largest plus one), so the others are the ones
// before it.
func (pi *paneInsert) insert(datasetID int64, seq int, uids []string, ps []Pane) (last int64, err error) {
	for len(ps) > 0 {
		n := min(len(ps), paneChunk)
		a := pi.args[:n*paneColumns]
		for i, p := range ps[:n] {
			r := a[i*paneColumns : (i+1)*paneColumns]
			r[0].Value, r[1].Value, r[2].Value = datasetID, uids[i], int64(seq+i)
			r[3].Value, r[4].Value = p.Query, p.Question
			for j, o := range p.Options {
				r[5+j].Value = o
			}
			r[10].Value, r[11].Value = metaOrEmpty(p.Meta), listLen(p.ListLen)
		}
		if last, err = pi.exec(n, a); err != nil {
			return 0, err
		}
		seq, uids, ps = seq+n, uids[n:], ps[n:]
	}
	return last, nil
}

// exec runs the statement of n rows with the values a.
func (pi *paneInsert) exec(n int, a []driver.NamedValue) (last int64, err error) {
	err = pi.conn.Raw(func(dc any) error {
		st := pi.st[n]
		if st == nil {
			prep, ok := dc.(driver.ConnPrepareContext)
			if !ok {
				return fmt.Errorf("the SQLite driver cannot prepare with a context")
			}
			var err error
			if st, err = prep.PrepareContext(context.Background(), paneInsertSQL(n)); err != nil {
				return err
			}
			pi.st[n] = st
		}
		res, err := st.(driver.StmtExecContext).ExecContext(context.Background(), a)
		if err != nil {
			return err
		}
		last, err = res.LastInsertId()
		return err
	})
	return last, err
}

// close lets the statements go; the import's connection is still held.
func (pi *paneInsert) close() {
	if len(pi.st) == 0 {
		return
	}
	pi.conn.Raw(func(any) error {
		for _, st := range pi.st {
			st.Close()
		}
		return nil
	})
	clear(pi.st)
}

// AddPanes adds panes that come without labels, each unless the dataset
// already has it (or an earlier one of ps is the same pane), as AddPane
// would one by one, in fewer statements. It returns how many of ps it took:
// on an error, ps[n] is the pane it stopped at (a failed statement's
// first).
func (im *Importer) AddPanes(ps []Pane) (n int, err error) {
	if im.datasetID == 0 {
		return 0, fmt.Errorf("add pane: this import has no dataset")
	}
	// Up to dropAfter, the panes go one by one: whether the import drops
	// the item indexes is decided at that pane.
	for n < len(ps) && im.stats.Items < im.dropAfter {
		if _, err := im.AddPane(ps[n]); err != nil {
			return n, err
		}
		n++
	}
	for n < len(ps) {
		if err := im.ctx.Err(); err != nil {
			return n, fmt.Errorf("add pane: %w", err)
		}
		k := min(len(ps)-n, paneChunk)
		if err := im.addNewPanes(ps[n : n+k]); err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}

// addNewPanes writes those of ps the dataset does not have, in one
// statement, and remembers their ids.
func (im *Importer) addNewPanes(ps []Pane) error {
	if err := im.dropItemIndexes(); err != nil {
		return err
	}
	var keys [paneChunk][8]byte
	var uids [paneChunk]string
	var fresh [paneChunk]Pane
	k := 0
	for _, p := range ps {
		key := p.uidKey()
		if _, known := im.known[key]; known || keyAmong(keys[:k], key) {
			im.stats.ItemsKnown++
			continue
		}
		keys[k], uids[k], fresh[k] = key, hex.EncodeToString(key[:]), p
		k++
	}
	if k == 0 {
		return nil
	}
	last, err := im.panes.insert(im.datasetID, im.nextSeq, uids[:k], fresh[:k])
	if err != nil {
		return fmt.Errorf("add pane: %w", err)
	}
	for i, key := range keys[:k] {
		im.known[key] = last - int64(k-1-i)
	}
	im.nextSeq += k
	im.stats.Items += k
	return nil
}

// keyAmong says whether key is one of keys (a chunk's: a handful).
func keyAmong(keys [][8]byte, key [8]byte) bool {
	for _, k := range keys {
		if k == key {
			return true
		}
	}
	return false
}

// listLen is a pane's list_len value: NULL when its options hold its
// list (bound so, not computed by nullif in each row of the statement).
func listLen(n int) driver.Value {
	if n == 0 {
		return nil
	}
	return int64(n)
}
