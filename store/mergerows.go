package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"slices"
	"strings"
)

// mergeRows writes a merge's new labels and their history rows through
// the SQLite driver's own prepared statements on the merge's connection:
// database/sql's layers around each call (taking the connection,
// converting every argument into a new slice by reflection) cost a merge
// about as much as SQLite's stepping of the two inserts.
//
// New labels and history rows wait in order, a chunk at a time, and go in
// as one statement a table: what SQLite does once per statement (opening a
// cursor on the table and its indexes, ending the statement) is then done
// once for them all. Nothing else writes label_history while the merge
// adds labels, and the rows go in the order they were given, so their ids
// (and so `history`) are as when each went in alone; flush runs before
// anything else that writes the history (Commit's withdrawals) and before
// the commit. The waiting labels go in before any statement that reads or
// changes the labels table (flushLabels): a label's new value, its text,
// another's hold. A chunk of labels the database refuses is written again
// one label at a time, so the refusal names the label's line (LineError).
type mergeRows struct {
	conn   *sql.Conn
	label  map[int]driver.Stmt // by rows per statement
	hist   map[int]driver.Stmt // by rows per statement
	labels []driver.NamedValue // labels waiting, labelColumns each
	lines  []int               // their lines in the file
	held   []driver.NamedValue // history rows waiting, histColumns each
	actor  int64               // who merges: every row's actor
	// A HIT row of the merge's (hit), one an annotator's item at commit.
	hitStmt driver.Stmt
	hitArgs [5]driver.NamedValue
	// A run of labels shares its item, annotator and times: each is made
	// a statement's value once for the run, not once a row.
	item, ann   intValue
	created, at stringValue
}

// intValue is the last int64 given a statement, as its value.
type intValue struct {
	n int64
	v driver.Value
}

func (iv *intValue) of(n int64) driver.Value {
	if iv.v == nil || iv.n != n {
		iv.n, iv.v = n, n
	}
	return iv.v
}

// stringValue is the last string given a statement, as its value.
type stringValue struct {
	s string
	v driver.Value
}

func (sv *stringValue) of(s string) driver.Value {
	if sv.v == nil || sv.s != s {
		sv.s, sv.v = s, s
	}
	return sv.v
}

// labelChunk is the most labels one statement inserts.
const labelChunk = 64

// labelColumns are the values a new label is given.
const labelColumns = 8

// histChunk is the most history rows one statement inserts.
const histChunk = 64

// histColumns are the values a history row is given.
const histColumns = 9

func newMergeRows(conn *sql.Conn, actor int64) *mergeRows {
	mr := &mergeRows{conn: conn, label: map[int]driver.Stmt{}, hist: map[int]driver.Stmt{},
		labels: make([]driver.NamedValue, 0, labelChunk*labelColumns), lines: make([]int, 0, labelChunk),
		held: make([]driver.NamedValue, 0, histChunk*histColumns), actor: actor}
	for i := range mr.hitArgs {
		mr.hitArgs[i].Ordinal = i + 1
	}
	return mr
}

// labelInsertSQL inserts rows new labels.
func labelInsertSQL(rows int) string {
	return rowsSQL(`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, seconds, text) VALUES `,
		`(?, ?, ?, ?, ?, ?, ?, ?)`, rows)
}

// rowsSQL is the insert head with rows of values.
func rowsSQL(head, row string, rows int) string {
	var b strings.Builder
	b.WriteString(head)
	for i := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(row)
	}
	return b.String()
}

// histInsertSQL inserts rows history rows of a merge.
func histInsertSQL(rows int) string {
	return rowsSQL(`INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source, old_text, new_text) VALUES `,
		`(?, ?, ?, ?, ?, ?, ?, 'merge', ?, ?)`, rows)
}

// insertLabel holds a label the item did not have, given at line, for
// the next flushLabels.
func (mr *mergeRows) insertLabel(line int, item int64, unit string, ann int64, value int, created, at string, seconds, text any) error {
	mr.labels = appendRow(mr.labels, mr.item.of(item), unit, mr.ann.of(ann), int64(value),
		mr.created.of(created), mr.at.of(at), seconds, text)
	mr.lines = append(mr.lines, line)
	if len(mr.labels) == cap(mr.labels) {
		return mr.flushLabels()
	}
	return nil
}

// appendRow adds a row of values to a statement's, numbered on from them.
func appendRow(a []driver.NamedValue, vals ...driver.Value) []driver.NamedValue {
	for _, v := range vals {
		a = append(a, driver.NamedValue{Ordinal: len(a) + 1, Value: v})
	}
	return a
}

// flushLabels writes the labels waiting, in the order they came.
func (mr *mergeRows) flushLabels() error {
	rows := len(mr.lines)
	if rows == 0 {
		return nil
	}
	err := mr.exec(mr.label, labelInsertSQL, rows, mr.labels)
	if err != nil {
		// The statement wrote none of its rows: each again alone, to
		// find the one refused.
		err = mr.oneByOne(err)
	}
	mr.labels, mr.lines = mr.labels[:0], mr.lines[:0]
	return err
}

// oneByOne writes the labels waiting one a statement, after their chunk
// failed with err, and names the first refused by its line.
func (mr *mergeRows) oneByOne(err error) error {
	for i, line := range mr.lines {
		row := slices.Clone(mr.labels[i*labelColumns : (i+1)*labelColumns])
		for j := range row {
			row[j].Ordinal = j + 1
		}
		if err := mr.exec(mr.label, labelInsertSQL, 1, row); err != nil {
			if line <= 0 {
				return err
			}
			return &LineError{Line: line, Err: err}
		}
	}
	return err
}

// exec runs the statement of rows rows (made by q, kept in st) with a.
func (mr *mergeRows) exec(st map[int]driver.Stmt, q func(int) string, rows int, a []driver.NamedValue) error {
	return mr.conn.Raw(func(dc any) error {
		s := st[rows]
		if s == nil {
			var err error
			if s, err = prepareRaw(dc, q(rows)); err != nil {
				return err
			}
			st[rows] = s
		}
		_, err := s.(driver.StmtExecContext).ExecContext(context.Background(), a)
		return err
	})
}

// history holds a history row of the merge's, written at the next flush.
func (mr *mergeRows) history(item int64, unit string, ann int64, old, value any, at string, oldText, text any) error {
	mr.held = appendRow(mr.held, mr.item.of(item), unit, mr.ann.of(ann), old, value, mr.actor, mr.at.of(at), oldText, text)
	if len(mr.held) == cap(mr.held) {
		return mr.flushHistory()
	}
	return nil
}

// flush writes the labels and the history rows waiting.
func (mr *mergeRows) flush() error {
	if err := mr.flushLabels(); err != nil {
		return err
	}
	return mr.flushHistory()
}

// flushHistory writes the history rows waiting, in the order they came.
func (mr *mergeRows) flushHistory() error {
	rows := len(mr.held) / histColumns
	if rows == 0 {
		return nil
	}
	err := mr.exec(mr.hist, histInsertSQL, rows, mr.held)
	mr.held = mr.held[:0]
	if err != nil {
		return fmt.Errorf("write the merge's history: %w", err)
	}
	return nil
}

// hit writes an annotator's HIT row on an item (mergeHIT) and says how
// many rows it changed: 0 for a HIT finished before.
func (mr *mergeRows) hit(item, ann int64, first string, finished any, last string) (n int64, err error) {
	a := mr.hitArgs[:]
	a[0].Value, a[1].Value, a[2].Value, a[3].Value, a[4].Value = item, ann, first, finished, last
	err = mr.conn.Raw(func(dc any) error {
		if mr.hitStmt == nil {
			var err error
			if mr.hitStmt, err = prepareRaw(dc, mergeHIT); err != nil {
				return err
			}
		}
		res, err := mr.hitStmt.(driver.StmtExecContext).ExecContext(context.Background(), a)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// prepareRaw prepares q on the driver's connection dc.
func prepareRaw(dc any, q string) (driver.Stmt, error) {
	prep, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return nil, fmt.Errorf("the SQLite driver cannot prepare with a context")
	}
	return prep.PrepareContext(context.Background(), q)
}

// close lets the statements go; the merge's connection is still held.
func (mr *mergeRows) close() {
	if len(mr.label) == 0 && len(mr.hist) == 0 && mr.hitStmt == nil {
		return
	}
	mr.conn.Raw(func(any) error {
		if mr.hitStmt != nil {
			mr.hitStmt.Close()
		}
		for _, st := range mr.label {
			st.Close()
		}
		for _, st := range mr.hist {
			st.Close()
		}
		return nil
	})
	clear(mr.label)
	clear(mr.hist)
	mr.hitStmt = nil
}
