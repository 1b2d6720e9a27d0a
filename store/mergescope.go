package store

import (
	"database/sql"
	"fmt"
)

// A merge that names a large share of its datasets' panes reads them all
// in one statement rather than one probe of the uid index each: once the
// panes it has looked up reach a power of two from scopeFirst, and the
// datasets hold at most scopeShare times as many, every pane a uid names
// alone is found (Merger.items) as if looked up. A small file into a large
// dataset never reads it: the read keeps at most scopeShare times the refs
// the merge keeps anyway, and a file that names every pane keeps no more.
const (
	scopeFirst = 1024
	scopeShare = 4
)

// mergeScope is how far the merge is from reading its datasets' panes.
type mergeScope struct {
	looked int  // uids looked up one by one
	read   bool // read, or never to be (own ids in play)
}

// The merge's task datasets' panes, and their count: refsByUID's scope.
const (
	scopeWhere = `i.dataset_id IN (SELECT id FROM datasets WHERE purpose = 'task' AND (?1 = 0 OR id = ?1))`
	scopeCount = `SELECT count(*) FROM items i WHERE ` + scopeWhere
	scopeRead  = `SELECT ` + refColumns + `, i.uid FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE ` + scopeWhere
)

// readScope counts a uid looked up one by one and, at each power of two
// from scopeFirst, reads the merge's datasets' panes if they are at most
// scopeShare times those, and none has an own id: each uid findItem would
// find alone (not a blind id, not a pair named by its systems below the
// lead, in one dataset only) goes into Merger.items as Item keeps it.
func (m *Merger) readScope() error {
	sc := &m.scope
	if sc.read {
		return nil
	}
	sc.looked++
	if sc.looked < scopeFirst || sc.looked&(sc.looked-1) != 0 {
		return nil
	}
	own, err := m.haveOwnIDs()
	if err != nil || own {
		sc.read = own
		return err
	}
	var n int
	if err := m.w.scan(scopeCount, []any{m.datasetID}, &n); err != nil {
		return fmt.Errorf("find item: %w", err)
	}
	if n > scopeShare*sc.looked {
		return nil
	}
	sc.read = true
	refs := make(map[string]*ItemRef, n)
	err = eachRow(m.ctx, m.w, scopeRead, []any{m.datasetID}, func(rows *sql.Rows) error {
		var uid string
		r, err := scanRef(uidRow{rows, &uid}, m.w.kindSet())
		if err != nil {
			return err
		}
		if _, twice := refs[uid]; twice {
			refs[uid] = nil // ambiguous: findItem says so
			return nil
		}
		r = r.withUnits()
		refs[uid] = &r
		return nil
	})
	if err != nil {
		return fmt.Errorf("find item: %w", err)
	}
	for uid, r := range refs {
		if _, ok := m.items[uid]; ok || r == nil || isBlindID(uid) || (r.Pair && !m.pairs) {
			continue
		}
		m.items[uid] = r // uid is the scan's own copy
		m.found[r.ID] = uid
	}
	return nil
}

// uidRow scans a row of scopeRead: a ref's columns, then the pane's uid.
type uidRow struct {
	rows *sql.Rows
	uid  *string
}

func (u uidRow) Scan(dest ...any) error { return u.rows.Scan(append(dest, u.uid)...) }
