package store

import (
	"database/sql/driver"
	"fmt"
	"reflect"
	"runtime"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// inPlace runs a prepared statement of panes with its texts bound where
// they are, in the Go strings the reader made, not copied: the driver
// copies each text it binds into C memory, then unbinds and frees it after
// the step (an allocation, a copy, a free and two more calls that each
// take the connection's mutex), for the Click file's 3.5 million texts
// some fifth of the import's CPU time. SQLite reads a text bound so
// (SQLITE_STATIC) only while the statement steps, copying it into the
// row; the strings stay alive until then (rows holds them; Go's heap
// does not move), and every parameter is bound again before each step.
//
// It reaches the SQLite handles under modernc.org/sqlite's connection
// and statement (their fields db, tls and pstmt), which the driver does
// not export: rawPanes says whether it found them, and the import falls
// back to the driver's own binding if not (another driver version);
// TestPaneTextsBoundInPlace fails then, so the loss is seen.
type inPlace struct {
	tls   *libc.TLS
	db    uintptr
	pstmt uintptr
}

// rawPanes finds the SQLite handles under the driver's connection dc and
// its statement st, prepared from one statement's SQL.
func rawPanes(dc any, st driver.Stmt) (inPlace, bool) {
	c, ok := structOf(dc)
	if !ok {
		return inPlace{}, false
	}
	s, ok := structOf(st)
	if !ok {
		return inPlace{}, false
	}
	db, tls, pstmt := c.FieldByName("db"), c.FieldByName("tls"), s.FieldByName("pstmt")
	if !db.IsValid() || db.Kind() != reflect.Uintptr || !pstmt.IsValid() || pstmt.Kind() != reflect.Uintptr ||
		!tls.IsValid() || tls.Type() != reflect.TypeFor[*libc.TLS]() || tls.IsNil() {
		return inPlace{}, false
	}
	p := inPlace{tls: (*libc.TLS)(tls.UnsafePointer()), db: uintptr(db.Uint()), pstmt: uintptr(pstmt.Uint())}
	return p, p.db != 0 && p.pstmt != 0
}

// emptyText is where an empty text is bound: somewhere, never read.
var emptyText [1]byte

// structOf is the struct x points to.
func structOf(x any) (reflect.Value, bool) {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	return v.Elem(), true
}

// exec binds a (ordinals 1, 2, … in order; int64, string or nil), steps
// the statement once and resets it; it returns the last row's id.
func (p inPlace) exec(a []driver.NamedValue) (last int64, err error) {
	defer runtime.KeepAlive(a)
	for i, v := range a {
		if err := p.bind(int32(i+1), v.Value); err != nil {
			return 0, err
		}
	}
	rc := sqlite3.Xsqlite3_step(p.tls, p.pstmt)
	last = sqlite3.Xsqlite3_last_insert_rowid(p.tls, p.db)
	if rc != sqlite3.SQLITE_DONE {
		err = p.err(rc)
	}
	sqlite3.Xsqlite3_reset(p.tls, p.pstmt)
	return last, err
}

// bind binds one value: a text where it is (see inPlace).
func (p inPlace) bind(i int32, v driver.Value) error {
	var rc int32
	switch x := v.(type) {
	case nil:
		rc = sqlite3.Xsqlite3_bind_null(p.tls, p.pstmt, i)
	case int64:
		rc = sqlite3.Xsqlite3_bind_int64(p.tls, p.pstmt, i, x)
	case string:
		at := unsafe.StringData(x)
		if len(x) == 0 {
			// An empty string may point nowhere, and SQLite binds a
			// text at address 0 as NULL.
			at = &emptyText[0]
		}
		rc = sqlite3.Xsqlite3_bind_text(p.tls, p.pstmt, i, uintptr(unsafe.Pointer(at)), int32(len(x)), 0)
	default:
		return fmt.Errorf("a pane's value of type %T", v)
	}
	if rc != sqlite3.SQLITE_OK {
		return p.err(rc)
	}
	return nil
}

// err is SQLite's error for rc, with its message.
func (p inPlace) err(rc int32) error {
	msg := libc.GoString(sqlite3.Xsqlite3_errmsg(p.tls, p.db))
	return fmt.Errorf("%s (%d)", msg, sqlite3.Xsqlite3_extended_errcode(p.tls, p.db))
}
