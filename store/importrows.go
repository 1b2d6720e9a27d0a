package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
)

// paneInsert writes an import's new panes, one items row each, through
// the SQLite driver's own prepared statement on the import's connection.
// A big import writes hundreds of thousands of them, and database/sql's
// layers around each call (taking the connection, converting the
// arguments into a new slice, watching the context for cancellation with
// a goroutine per statement) cost about as much as a third of SQLite's
// own insert. The statement runs inside the import's transaction, on the
// connection the transaction holds; Importer.AddPane checks the import's
// context between panes instead.
type paneInsert struct {
	conn *sql.Conn
	st   driver.Stmt
	args []driver.NamedValue // reused: one pane's values at a time
}

const paneInsertSQL = `INSERT INTO items (dataset_id, uid, seq, query, question,
		option_1, option_2, option_3, option_4, option_5, meta, list_len)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, nullif(?, 0))`

func newPaneInsert(conn *sql.Conn) *paneInsert {
	args := make([]driver.NamedValue, 12)
	for i := range args {
		args[i].Ordinal = i + 1
	}
	return &paneInsert{conn: conn, args: args}
}

// insert adds the pane as item seq of the dataset and returns its id.
func (pi *paneInsert) insert(datasetID int64, uid string, seq int, p Pane) (id int64, err error) {
	a := pi.args
	a[0].Value, a[1].Value, a[2].Value = datasetID, uid, int64(seq)
	a[3].Value, a[4].Value = p.Query, p.Question
	for i, o := range p.Options {
		a[5+i].Value = o
	}
	a[10].Value, a[11].Value = metaOrEmpty(p.Meta), int64(p.ListLen)
	err = pi.conn.Raw(func(dc any) error {
		if pi.st == nil {
			prep, ok := dc.(driver.ConnPrepareContext)
			if !ok {
				return fmt.Errorf("the SQLite driver cannot prepare with a context")
			}
			st, err := prep.PrepareContext(context.Background(), paneInsertSQL)
			if err != nil {
				return err
			}
			pi.st = st
		}
		res, err := pi.st.(driver.StmtExecContext).ExecContext(context.Background(), pi.args)
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	})
	return id, err
}

// close lets the statement go; the import's connection is still held.
func (pi *paneInsert) close() {
	if pi.st == nil {
		return
	}
	pi.conn.Raw(func(any) error { return pi.st.Close() })
	pi.st = nil
}
