package store

import (
	"database/sql/driver"
	"fmt"
	"reflect"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// inPlace runs a prepared statement of panes with its texts bound from
// one C buffer it reuses, not each copied by the driver: the driver
// copies every text it binds into C memory of its own (an allocation), and
// after the step unbinds and frees each (two more calls that each take the
// connection's mutex, and the free), for the Click file's 3.5 million
// texts some fifth of the import's CPU time. Here a statement's texts are
// copied into the buffer one after another and bound there as
// SQLITE_STATIC: SQLite reads them only while the statement steps,
// copying them into the rows, and every parameter is bound again before
// each step. No Go memory is handed to SQLite's code (which Go's checkptr
// refuses, and the garbage collector does not know of).
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

// structOf is the struct x points to.
func structOf(x any) (reflect.Value, bool) {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	return v.Elem(), true
}

// exec binds a (ordinals 1, 2, … in order; int64, string or nil), its
// texts copied into buf, steps the statement once and resets it; it
// returns the last row's id.
func (p inPlace) exec(buf *cText, a []driver.NamedValue) (last int64, err error) {
	if err := buf.hold(p.tls, a); err != nil {
		return 0, err
	}
	at := buf.p
	for i, v := range a {
		if err := p.bind(int32(i+1), v.Value, &at); err != nil {
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

// bind binds one value: a text copied to *at in the buffer, which it
// moves past the text.
func (p inPlace) bind(i int32, v driver.Value, at *uintptr) error {
	var rc int32
	switch x := v.(type) {
	case nil:
		rc = sqlite3.Xsqlite3_bind_null(p.tls, p.pstmt, i)
	case int64:
		rc = sqlite3.Xsqlite3_bind_int64(p.tls, p.pstmt, i, x)
	case string:
		copy(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(nil), *at)), len(x)), x)
		rc = sqlite3.Xsqlite3_bind_text(p.tls, p.pstmt, i, *at, int32(len(x)), 0)
		*at += uintptr(len(x))
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

// cText is C memory a statement's texts are copied into, kept for the
// import's statements and grown when a statement's texts need more.
type cText struct {
	p uintptr
	n int
}

// hold makes the buffer hold a's texts, one after another; one byte at
// least, so that an empty text has an address (SQLite binds a text at
// address 0 as NULL).
func (b *cText) hold(tls *libc.TLS, a []driver.NamedValue) error {
	need := 1
	for _, v := range a {
		if s, ok := v.Value.(string); ok {
			need += len(s)
		}
	}
	if need <= b.n {
		return nil
	}
	b.free(tls)
	need = max(need, 2*b.n)
	if b.p = libc.Xmalloc(tls, libc.Tsize_t(need)); b.p == 0 {
		return fmt.Errorf("add pane: out of memory for %d bytes of text", need)
	}
	b.n = need
	return nil
}

// free lets the buffer go.
func (b *cText) free(tls *libc.TLS) {
	if b.p != 0 {
		libc.Xfree(tls, b.p)
	}
	b.p, b.n = 0, 0
}
