package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"

	"github.com/claritty/claritty/agreement"
)

// driverStmts are the writer's statements prepared on its one connection
// at the SQLite driver's level, kept for the connection's life: the
// writer's exec and scan (ptx) run them with the driver's own arguments
// and rows. database/sql's layers around each call of a *sql.Stmt bound
// to a transaction (taking the connection and its statement, converting
// the arguments into a new slice, a Rows and a Row a read, each value
// converted by reflection) were about as much of the writer's CPU as
// SQLite's stepping of its some 13 statements a label. The merge and the
// import go to the driver the same way on their own connections
// (mergerows.go, importrows.go).
//
// A statement runs under context.Background(): a cancellable context
// makes the driver start a goroutine for each statement to interrupt it,
// and database/sql one for each read. The write's own context is asked
// before each statement instead (ptx.writerCtx), as database/sql asked it.
type driverStmts struct {
	conn *sql.Conn
	m    map[string]driver.Stmt
	args []driver.NamedValue // reused: one statement's arguments at a time
	vals []driver.Value      // reused: one row's values
}

func newDriverStmts(conn *sql.Conn) *driverStmts {
	return &driverStmts{conn: conn, m: map[string]driver.Stmt{}}
}

// prepared is query's statement on the driver's connection dc, prepared
// the first time it is asked for.
func (d *driverStmts) prepared(dc any, query string) (driver.Stmt, error) {
	if st, ok := d.m[query]; ok {
		return st, nil
	}
	st, err := prepareRaw(dc, query)
	if err != nil {
		return nil, err
	}
	d.m[query] = st
	return st, nil
}

// bind makes args a statement's arguments as database/sql does when the
// driver has no checker of its own (driver.DefaultParameterConverter),
// into d.args; false for an argument database/sql treats apart (a
// sql.NamedArg, a sql.Out), which the caller leaves to database/sql.
func (d *driverStmts) bind(args []any) ([]driver.NamedValue, bool, error) {
	a := d.args[:0]
	for i, arg := range args {
		var v driver.Value
		switch x := arg.(type) {
		case nil, int64, string, float64, bool, []byte:
			v = x
		case int:
			v = int64(x)
		case sql.NamedArg, sql.Out, *sql.Out:
			return nil, false, nil
		default:
			var err error
			if v, err = driver.DefaultParameterConverter.ConvertValue(arg); err != nil {
				return nil, true, fmt.Errorf("sql: converting argument $%d type: %w", i+1, err)
			}
		}
		a = append(a, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	d.args = a
	return a, true, nil
}

// exec runs a statement that writes, with arguments a.
func (d *driverStmts) exec(query string, a []driver.NamedValue) (res driver.Result, err error) {
	err = d.conn.Raw(func(dc any) error {
		st, err := d.prepared(dc, query)
		if err != nil {
			return err
		}
		res, err = st.(driver.StmtExecContext).ExecContext(context.Background(), a)
		return err
	})
	return res, err
}

// scan runs a read of one row into dest, as (*sql.Row).Scan does:
// sql.ErrNoRows when there is none, each value converted as
// database/sql's convertAssign converts it (storeValue). The caller has
// checked that dest is what storeValue stores into (scannable).
func (d *driverStmts) scan(query string, a []driver.NamedValue, dest []any) error {
	return d.conn.Raw(func(dc any) error {
		st, err := d.prepared(dc, query)
		if err != nil {
			return err
		}
		rows, err := st.(driver.StmtQueryContext).QueryContext(context.Background(), a)
		if err != nil {
			return err
		}
		err = d.firstRow(rows, dest)
		if cerr := rows.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// firstRow stores rows' first row into dest.
func (d *driverStmts) firstRow(rows driver.Rows, dest []any) error {
	cols := rows.Columns()
	if cap(d.vals) < len(cols) {
		d.vals = make([]driver.Value, len(cols))
	}
	vals := d.vals[:len(cols)]
	defer clear(vals) // keep no row's texts alive until the next
	if err := rows.Next(vals); err != nil {
		if errors.Is(err, io.EOF) {
			return sql.ErrNoRows
		}
		return err
	}
	if len(dest) != len(vals) {
		return fmt.Errorf("sql: expected %d destination arguments in Scan, not %d", len(vals), len(dest))
	}
	for i, v := range vals {
		if err := storeValue(dest[i], v); err != nil {
			return fmt.Errorf(`sql: Scan error on column index %d, name %q: %w`, i, cols[i], err)
		}
	}
	return nil
}

// close lets the statements go; the connection stays open.
func (d *driverStmts) close() {
	if len(d.m) == 0 {
		return
	}
	d.conn.Raw(func(any) error {
		for _, st := range d.m {
			st.Close()
		}
		return nil
	})
	clear(d.m)
}

// scannable says whether storeValue stores into every one of dest: the
// types the store scans into. Any other (a *time.Time, a sql.RawBytes, a
// nil pointer) is left to database/sql.
func scannable(dest []any) bool {
	for _, p := range dest {
		switch d := p.(type) {
		case *int64:
			if d == nil {
				return false
			}
		case *int:
			if d == nil {
				return false
			}
		case *string:
			if d == nil {
				return false
			}
		case *float64:
			if d == nil {
				return false
			}
		case *bool:
			if d == nil {
				return false
			}
		case *[]byte:
			if d == nil {
				return false
			}
		case *any:
			if d == nil {
				return false
			}
		case *Purpose:
			if d == nil {
				return false
			}
		case *agreement.Rule:
			if d == nil {
				return false
			}
		case *sql.RawBytes:
			return false
		case sql.Scanner:
			// database/sql hands a Scanner the driver's value as it is
		default:
			return false
		}
	}
	return true
}

// storeValue stores the driver's value src into dest (scannable) as
// database/sql's convertAssign does: the common pairs directly, the
// others through sql.Null[T].Scan, which is convertAssign into a *T for
// any value but NULL, and NULL as convertAssign refuses or stores it.
// TestDriverScanConvertsAsDatabaseSQL compares the two.
func storeValue(dest any, src driver.Value) error {
	switch d := dest.(type) {
	case *int64:
		if v, ok := src.(int64); ok {
			*d = v
			return nil
		}
		return assignVia(d, src, "int64")
	case *int:
		if v, ok := src.(int64); ok && int64(int(v)) == v {
			*d = int(v)
			return nil
		}
		return assignVia(d, src, "int")
	case *string:
		if v, ok := src.(string); ok {
			*d = v
			return nil
		}
		return assignVia(d, src, "string")
	case *float64:
		if v, ok := src.(float64); ok {
			*d = v
			return nil
		}
		return assignVia(d, src, "float64")
	case *bool:
		b, err := driver.Bool.ConvertValue(src)
		if err == nil {
			*d = b.(bool)
		}
		return err
	case *[]byte:
		if src == nil {
			*d = nil
			return nil
		}
		return assignVia(d, src, "slice")
	case *any:
		if src == nil {
			*d = nil
			return nil
		}
		return assignVia(d, src, "interface")
	case *Purpose:
		return assignVia(d, src, "string")
	case *agreement.Rule:
		return assignVia(d, src, "string")
	case sql.Scanner:
		return d.Scan(src)
	}
	return fmt.Errorf("unsupported Scan, storing driver.Value type %T into type %T", src, dest)
}

// assignVia stores src into d through sql.Null[T]; NULL into a number or a
// text is convertAssign's error, with kind its name of d's kind.
func assignVia[T any](d *T, src driver.Value, kind string) error {
	if src == nil {
		return fmt.Errorf("converting NULL to %s is unsupported", kind)
	}
	var n sql.Null[T]
	if err := n.Scan(src); err != nil {
		return err
	}
	*d = n.V
	return nil
}
