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
		b.WriteString(`(?, ?, ?, ?, ?, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), ?, ?)`)
	}
	return b.String()
}

// insert adds the rows as items seq, seq+1, … of the dataset, and returns
// the last one's id: the table's rowids are given in order (each new one
// the largest plus one), so the others are the ones before it.
func (pi *paneInsert) insert(datasetID int64, seq int, rows []PaneRow) (last int64, err error) {
	for len(rows) > 0 {
		n := min(len(rows), paneChunk)
		a := pi.args[:n*paneColumns]
		for i, row := range rows[:n] {
			r := a[i*paneColumns : (i+1)*paneColumns]
			r[0].Value, r[1].Value, r[2].Value = datasetID, row.vals[0], int64(seq+i)
			for j, v := range row.vals[1:] {
				r[3+j].Value = v
			}
		}
		if last, err = pi.exec(n, a); err != nil {
			return 0, err
		}
		seq, rows = seq+n, rows[n:]
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

// PaneRow is a pane made ready for Importer.AddPanes: its uid worked out
// and its columns' values made, the work a reader of a big file can do
// beside the import's inserts (on another core) rather than before each.
type PaneRow struct {
	pane Pane
	key  [8]byte
	// vals are the items row's values but the dataset and seq: uid,
	// query, question, the five options (nil for an empty one: see
	// option), meta, list_len.
	vals [paneColumns - 2]driver.Value
}

// Row is the pane made ready for Importer.AddPanes.
func (p Pane) Row() PaneRow {
	key := p.uidKey()
	return paneRow(key, hex.EncodeToString(key[:]), p)
}

// paneRow is the pane's row of that key and uid.
func paneRow(key [8]byte, uid string, p Pane) PaneRow {
	r := PaneRow{pane: p, key: key}
	r.vals[0], r.vals[1], r.vals[2] = uid, p.Query, p.Question
	for i, o := range p.Options {
		r.vals[3+i] = option(o)
	}
	r.vals[8], r.vals[9] = metaOrEmpty(p.Meta), listLen(p.ListLen)
	return r
}

// AddPanes adds panes that come without labels, each unless the dataset
// already has it (or an earlier one of rows is the same pane), as AddPane
// would one by one, in fewer statements. It returns how many of rows it
// took: on an error, rows[n] is the pane it stopped at (a failed
// statement's first).
func (im *Importer) AddPanes(rows []PaneRow) (n int, err error) {
	if im.datasetID == 0 || im.known == nil {
		return 0, fmt.Errorf("add pane: this import is not of panes")
	}
	// Up to dropAfter, the panes go one by one: whether the import drops
	// the item indexes is decided at that pane.
	for n < len(rows) && im.stats.Items < im.dropAfter {
		if _, err := im.AddPane(rows[n].pane); err != nil {
			return n, err
		}
		n++
	}
	for n < len(rows) {
		if err := im.ctx.Err(); err != nil {
			return n, fmt.Errorf("add pane: %w", err)
		}
		k := min(len(rows)-n, paneChunk)
		if err := im.addNewPanes(rows[n : n+k]); err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}

// addNewPanes writes those of rows the dataset does not have, in one
// statement, and remembers their ids.
func (im *Importer) addNewPanes(rows []PaneRow) error {
	if err := im.dropItemIndexes(); err != nil {
		return err
	}
	var fresh [paneChunk]PaneRow
	k := 0
	for _, r := range rows {
		if _, known := im.known[r.key]; known || rowAmong(fresh[:k], r.key) {
			im.stats.ItemsKnown++
			continue
		}
		fresh[k] = r
		k++
	}
	if k == 0 {
		return nil
	}
	last, err := im.panes.insert(im.datasetID, im.nextSeq, fresh[:k])
	if err != nil {
		return fmt.Errorf("add pane: %w", err)
	}
	for i, r := range fresh[:k] {
		im.known[r.key] = last - int64(k-1-i)
	}
	im.nextSeq += k
	im.stats.Items += k
	return nil
}

// rowAmong says whether one of rows (a statement's: a handful) has key.
func rowAmong(rows []PaneRow, key [8]byte) bool {
	for _, r := range rows {
		if r.key == key {
			return true
		}
	}
	return false
}

// option is an option's value: an empty one (most panes have two or
// three options of five) is bound as NULL, which the statement stores as
// the empty text (coalesce): the driver copies every text it binds into C memory, an
// allocation each, even an empty one, and binds NULL for nothing.
func option(o string) driver.Value {
	if o == "" {
		return nil
	}
	return o
}

// listLen is a pane's list_len value: NULL when its options hold its
// list (bound so, not computed by nullif in each row of the statement).
func listLen(n int) driver.Value {
	if n == 0 {
		return nil
	}
	return int64(n)
}
