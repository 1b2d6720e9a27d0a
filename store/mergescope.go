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
	// blank are the panes read with nothing for item to read at their
	// first label (scopeBlank), until it comes: nothing but the merge
	// writes them, and it writes a pane's labels, parts or route only
	// after that label.
	blank map[int64]struct{}
}

// The merge's task datasets' panes, and their count: refsByUID's scope.
const (
	scopeWhere = `i.dataset_id IN (SELECT id FROM datasets WHERE purpose = 'task' AND (?1 = 0 OR id = ?1))`
	scopeCount = `SELECT count(*) FROM items i WHERE ` + scopeWhere
	scopeRead  = `SELECT ` + refColumns + `, i.uid, ` + scopeBlank + ` FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE ` + scopeWhere
	// scopeBlank is whether the pane has nothing item would read at its
	// first label (notJudged, mergeLoad): not the judge's, no stored part
	// of the agreement table or open_parts, no labels.
	scopeBlank = `i.route IS NOT 'judge' AND i.patterns = '' AND i.parts_by = '' AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = i.id)`
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
	sc.blank = map[int64]struct{}{}
	err = eachRow(m.ctx, m.w, scopeRead, []any{m.datasetID}, func(rows *sql.Rows) error {
		var uid string
		var blank bool
		r, err := scanRef(uidRow{rows, &uid, &blank}, m.w.kindSet())
		if err != nil {
			return err
		}
		if _, loaded := m.labels[r.ID]; blank && !loaded {
			sc.blank[r.ID] = struct{}{}
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

// uidRow scans a row of scopeRead: a ref's columns, then the pane's uid
// and whether it is blank.
type uidRow struct {
	rows  *sql.Rows
	uid   *string
	blank *bool
}

func (u uidRow) Scan(dest ...any) error { return u.rows.Scan(append(dest, u.uid, u.blank)...) }

// blankItem says whether item need not read the pane at its first label
// (scopeBlank, as the one read found it), and forgets it: asked once.
func (m *Merger) blankItem(id int64) bool {
	_, ok := m.scope.blank[id]
	delete(m.scope.blank, id)
	return ok
}
