package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"fmt"
	"strings"

	"modernc.org/libc"
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
	st   map[paneShape]driver.Stmt
	raw  map[paneShape]inPlace // the statements run with their texts in text, by shape
	text cText                 // C memory a statement's texts are bound from (inPlace)
	tls  *libc.TLS             // the connection's, which text is allocated on
	args []driver.NamedValue   // reused: one statement's values at a time
	// driverBinds runs every statement through the driver's own binding
	// (what the import falls back to): for tests of that fallback.
	driverBinds bool
}

// paneShape is what a statement of panes is prepared for: how many rows,
// and whether any of them has a list_len (a Click file's panes have none:
// their options hold their lists, and the statement writes NULL itself).
type paneShape struct {
	rows    int
	listLen bool
}

// paneChunk is the most rows one statement inserts.
const paneChunk = 32

// paneColumns are the values an items row of a pane is given.
const paneColumns = 12

// paneBound are the values bound for each row: all but the dataset and
// the seq, which a statement is given once (?1 the first row's seq, ?2
// the dataset) and works out for each row: every value the driver binds
// takes the connection's mutex and, for a text, a copy into C memory and
// a free after the step, and the dataset and seq were a sixth of them.
const paneBound = paneColumns - 2

func newPaneInsert(conn *sql.Conn) *paneInsert {
	args := make([]driver.NamedValue, 2+paneChunk*paneBound)
	for i := range args {
		args[i].Ordinal = i + 1
	}
	return &paneInsert{conn: conn, st: map[paneShape]driver.Stmt{}, raw: map[paneShape]inPlace{}, args: args}
}

// paneInsertSQL inserts the rows of a statement of that shape. The
// columns are listed seq first, so that ?1 and ?2 are the first
// parameters a row names; the anonymous ones number on from 3.
func paneInsertSQL(sh paneShape) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO items (seq, dataset_id, uid, query, question,
		option_1, option_2, option_3, option_4, option_5, meta, list_len) VALUES `)
	listLen := "NULL"
	if sh.listLen {
		listLen = "?"
	}
	for i := range sh.rows {
		if i > 0 {
			b.WriteByte(',')
		}
		seq := "?1"
		if i > 0 {
			seq = fmt.Sprintf("?1 + %d", i)
		}
		fmt.Fprintf(&b, `(%s, ?2, ?, ?, ?, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), ?, %s)`,
			seq, listLen)
	}
	return b.String()
}

// insert adds the rows as items seq, seq+1, … of the dataset, and returns
// the last one's id: the table's rowids are given in order (each new one
// the largest plus one), so the others are the ones before it.
func (pi *paneInsert) insert(datasetID int64, seq int, rows []PaneRow) (last int64, err error) {
	for len(rows) > 0 {
		n := min(len(rows), paneChunk)
		sh := paneShape{rows: n}
		for _, row := range rows[:n] {
			sh.listLen = sh.listLen || row.vals[paneBound-1] != nil
		}
		bound := paneBound
		if !sh.listLen {
			bound--
		}
		a := pi.args[:2+n*bound]
		a[0].Value, a[1].Value = int64(seq), datasetID
		for i, row := range rows[:n] {
			r := a[2+i*bound : 2+(i+1)*bound]
			for j := range r {
				r[j].Value = row.vals[j]
			}
		}
		if last, err = pi.exec(sh, a); err != nil {
			return 0, err
		}
		seq, rows = seq+n, rows[n:]
	}
	return last, nil
}

// exec runs the statement of that shape with the values a.
func (pi *paneInsert) exec(sh paneShape, a []driver.NamedValue) (last int64, err error) {
	err = pi.conn.Raw(func(dc any) error {
		st := pi.st[sh]
		if st == nil {
			prep, ok := dc.(driver.ConnPrepareContext)
			if !ok {
				return fmt.Errorf("the SQLite driver cannot prepare with a context")
			}
			var err error
			if st, err = prep.PrepareContext(context.Background(), paneInsertSQL(sh)); err != nil {
				return err
			}
			pi.st[sh] = st
			if raw, ok := rawPanes(dc, st); ok && !pi.driverBinds {
				pi.raw[sh], pi.tls = raw, raw.tls
			}
		}
		if raw, ok := pi.raw[sh]; ok {
			last, err = raw.exec(&pi.text, a)
			return err
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
		if pi.tls != nil {
			pi.text.free(pi.tls)
		}
		return nil
	})
	clear(pi.st)
	clear(pi.raw)
}

// PaneRow is a pane made ready for Importer.AddPanes: its uid worked out
// and its columns' values made, the work a reader of a big file can do
// beside the import's inserts (on another core) rather than before each.
type PaneRow struct {
	pane Pane
	key  [8]byte
	// vals are the items row's values but the dataset and seq: uid,
	// query, question, the five options (nil for an empty one: see
	// option), meta, list_len (last: a statement whose rows have none
	// binds one value fewer a row).
	vals [paneBound]driver.Value
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
