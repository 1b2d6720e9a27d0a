package store

import (
	"database/sql"
	"fmt"
)

// A merge that names a large share of its datasets' panes reads them all
// in one statement rather than one probe of the uid index each: once the
// panes it has looked up reach a power of two from scopeFirst, and the
// datasets hold at most scopeShare times as many, the rest of its uids are
// found in that read (mergeScope). A small file into a large dataset never
// reads it: the read holds at most scopeShare times the refs the merge
// keeps anyway.
const (
	scopeFirst = 1024
	scopeShare = 4
)

// mergeScope is the merge's datasets' panes by uid, read once: nil for a
// uid more than one of them has, which is looked up as before (findItem).
type mergeScope struct {
	looked int // uids looked up one by one
	off    bool
	refs   map[string]*ItemRef
}

// The merge's task datasets' panes, and their count: refsByUID's scope.
const (
	scopeWhere = `i.dataset_id IN (SELECT id FROM datasets WHERE purpose = 'task' AND (?1 = 0 OR id = ?1))`
	scopeCount = `SELECT count(*) FROM items i WHERE ` + scopeWhere
	scopeRead  = `SELECT ` + refColumns + `, i.uid FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE ` + scopeWhere
)

// fromScope is the pane with the uid when the merge has read its datasets'
// panes and the uid names one that findItem would find alone: not a blind
// id, not a pair named by its systems below the lead, no own ids in play.
func (m *Merger) fromScope(uid string) (*ItemRef, bool, error) {
	sc := &m.scope
	if sc.refs == nil {
		if sc.off {
			return nil, false, nil
		}
		sc.looked++
		if sc.looked < scopeFirst || sc.looked&(sc.looked-1) != 0 {
			return nil, false, nil
		}
		if err := m.readScope(); err != nil {
			return nil, false, err
		}
		if sc.refs == nil {
			return nil, false, nil
		}
	}
	if isBlindID(uid) {
		return nil, false, nil
	}
	r, ok := sc.refs[uid]
	if !ok || r == nil || (r.Pair && !m.pairs) {
		return nil, false, nil
	}
	delete(sc.refs, uid) // kept from here on in Merger.items
	return r, true, nil
}

// readScope reads the merge's datasets' panes when they are at most
// scopeShare times the uids looked up so far, and none has an own id.
func (m *Merger) readScope() error {
	sc := &m.scope
	own, err := m.haveOwnIDs()
	if err != nil || own {
		sc.off = own
		return err
	}
	var n int
	if err := m.w.scan(scopeCount, []any{m.datasetID}, &n); err != nil {
		return fmt.Errorf("find item: %w", err)
	}
	if n > scopeShare*sc.looked {
		return nil
	}
	refs := make(map[string]*ItemRef, n)
	err = eachRow(m.ctx, m.w, scopeRead, []any{m.datasetID}, func(rows *sql.Rows) error {
		var uid string
		r, err := scanRef(uidRow{rows, &uid}, m.w.kindSet())
		if err != nil {
			return err
		}
		if _, twice := refs[uid]; twice {
			refs[uid] = nil
			return nil
		}
		refs[uid] = &r
		return nil
	})
	if err != nil {
		return fmt.Errorf("find item: %w", err)
	}
	sc.refs = refs
	return nil
}

// uidRow scans a row of scopeRead: a ref's columns, then the pane's uid.
type uidRow struct {
	rows *sql.Rows
	uid  *string
}

func (u uidRow) Scan(dest ...any) error { return u.rows.Scan(append(dest, u.uid)...) }
