package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// CheckResult is one check of a database file and what it found.
type CheckResult struct {
	Name     string   // what was checked
	Problems []string // empty: the check passed
	Notes    []string // what is worth knowing but no fault
}

// check is one of claritty's own invariants: count counts the rows that
// break it, examples lists a few of them.
type check struct {
	name, count, examples string
}

// openRule is SQL true when item i (joined with datasets d) wants more
// annotators. With triage (routed) an item the judge took wants none; a
// file from before migration 0028 has no routes (check runs no migration).
func openRule(routed bool) string {
	rule := `(i.finished < d.min_annotators OR (i.tied > 0 AND i.finished < d.max_annotators))`
	if routed {
		rule = `(i.route IS NOT 'judge' AND ` + rule + `)`
	}
	return rule
}

// invariants are the checks of a file: every file's, then the open
// items' by openRule, and with triage (routed) the judge items'.
func invariants(routed bool) []check {
	open := check{"items are open exactly when the policy wants more annotators",
		`SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.open != ` + openRule(routed),
		`SELECT 'item ' || i.id || ': open ' || i.open || ' with ' || i.finished || ' finished, ' || i.tied || ' tied' FROM items i
			JOIN datasets d ON d.id = i.dataset_id WHERE i.open != ` + openRule(routed) + ` LIMIT 5`}
	out := append(slices.Clone(checks), open)
	if routed {
		out[len(out)-1].name += " (a judge item never)"
		out = append(out, judgeCheck)
	}
	return out
}

// judgeCheck holds triage's items out of everyone's work.
var judgeCheck = check{"no item triage gave the judge is free or has a HIT",
	`SELECT count(*) FROM items i WHERE i.route = 'judge' AND (i.free IS NOT 0 OR EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id))`,
	`SELECT 'item ' || i.id || ': the judge''s, free ' || coalesce(i.free, 'unmarked') || ' with ' ||
		(SELECT count(*) FROM hits h WHERE h.item_id = i.id) || ' HITs' FROM items i
		WHERE i.route = 'judge' AND (i.free IS NOT 0 OR EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id)) LIMIT 5`}

// checks are the invariants every file is held to, whatever its
// migrations (invariants adds those that depend on them).
var checks = []check{
	{"every label has history",
		`SELECT count(*) FROM labels l WHERE NOT EXISTS (SELECT 1 FROM label_history h
			WHERE h.item_id = l.item_id AND h.unit = l.unit AND h.annotator_id = l.annotator_id)`,
		`SELECT 'item ' || l.item_id || ' ' || l.unit || ' by annotator ' || l.annotator_id FROM labels l
			WHERE NOT EXISTS (SELECT 1 FROM label_history h
			WHERE h.item_id = l.item_id AND h.unit = l.unit AND h.annotator_id = l.annotator_id) LIMIT 5`},
	{"item counters match the finished HITs",
		`SELECT count(*) FROM items i WHERE i.finished != (SELECT count(*) FROM hits h
			WHERE h.item_id = i.id AND h.finished_at IS NOT NULL)`,
		`SELECT 'item ' || i.id || ': finished ' || i.finished || ', HITs finished ' ||
			(SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NOT NULL) FROM items i
			WHERE i.finished != (SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NOT NULL) LIMIT 5`},
	{"dataset counters match their items",
		`SELECT count(*) FROM datasets d WHERE d.items_count != (SELECT count(*) FROM items i WHERE i.dataset_id = d.id)
			OR d.complete_count != (SELECT count(*) FROM items i WHERE i.dataset_id = d.id AND i.open = 0 AND i.tied = 0)`,
		`SELECT 'dataset ' || d.id || ': ' || d.items_count || ' items, ' || d.complete_count || ' complete kept; ' ||
			(SELECT count(*) FROM items i WHERE i.dataset_id = d.id) || ' and ' ||
			(SELECT count(*) FROM items i WHERE i.dataset_id = d.id AND i.open = 0 AND i.tied = 0) || ' counted' FROM datasets d
			WHERE d.items_count != (SELECT count(*) FROM items i WHERE i.dataset_id = d.id)
			OR d.complete_count != (SELECT count(*) FROM items i WHERE i.dataset_id = d.id AND i.open = 0 AND i.tied = 0) LIMIT 5`},
	{"each annotator's finished HITs match their counter",
		`SELECT count(*) FROM (` + doneRecount + `)`,
		`SELECT 'dataset ' || dataset_id || ', annotator ' || annotator_id || ': ' || kept || ' kept, ' || counted || ' counted' FROM (` + doneRecount + `) LIMIT 5`},
}

// overMax lists the items with more finished HITs claritty handed out
// than the largest max it applied to them (hits.claimed_max: the policy's
// max at each claim). Merged work and a max a lead lowered later are not
// claritty handing out too many (PastMax reports them).
const overMax = `SELECT i.id, count(*) AS given, max(h.claimed_max) AS allowed FROM items i
	JOIN datasets d ON d.id = i.dataset_id JOIN hits h ON h.item_id = i.id
	WHERE i.finished > d.max_annotators AND h.finished_at IS NOT NULL AND h.claimed_max IS NOT NULL
	GROUP BY i.id HAVING count(*) > max(h.claimed_max)`

// pastMax lists, as check's notes, the items with more finished HITs than
// their policy's max now, which is no fault: merged work, or a max
// lowered after the HITs were given out.
const pastMax = `SELECT 'item ' || i.id || ': ' || i.finished || ' finished HITs, max ' || d.max_annotators || ' (' ||
		(SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NOT NULL AND h.claimed_max IS NULL) ||
		' of them merged, practice, or given before claritty recorded the max)'
	FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.finished > d.max_annotators`

// doneRecount lists the (dataset, annotator) pairs whose annotator_done
// differs from a count of their finished HITs.
const doneRecount = `SELECT coalesce(c.dataset_id, k.dataset_id) AS dataset_id, coalesce(c.annotator_id, k.annotator_id) AS annotator_id,
		coalesce(k.done, 0) AS kept, coalesce(c.n, 0) AS counted
	FROM (SELECT i.dataset_id, h.annotator_id, count(*) AS n FROM hits h JOIN items i ON i.id = h.item_id
		WHERE h.finished_at IS NOT NULL GROUP BY 1, 2) c
	FULL JOIN annotator_done k ON k.dataset_id = c.dataset_id AND k.annotator_id = c.annotator_id
	WHERE coalesce(k.done, 0) != coalesce(c.n, 0)`

// CheckFile checks the database at path without changing it: SQLite's
// integrity check (every page), its foreign keys, then claritty's own
// invariants. It opens the file read-only and runs no migration, so it
// works on a file too damaged, or too new, to open for work. A file that is
// not a claritty database is refused.
func CheckFile(ctx context.Context, path string) ([]CheckResult, error) {
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	// An earlier claritty ran an empty database's first import in
	// rollback mode; one killed left a journal that only a connection that
	// may write can roll back.
	if fi, err := os.Stat(path + "-journal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("check %s: %s-journal is the rollback journal of an import that is running or was killed: "+
			"when no import runs, open the database once with claritty (claritty stats, say) and SQLite rolls the import back; then check again", path, path)
	}
	db, err := openReader(ctx, path)
	if IsDamaged(err) {
		return []CheckResult{{Name: "SQLite integrity (every page, index and constraint)", Problems: []string{err.Error()}}}, nil
	}
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var out []CheckResult
	integrity, err := pragmaRows(ctx, db, "PRAGMA integrity_check(20)")
	if IsDamaged(err) {
		// Damage can stop the check itself: that is its finding.
		integrity, err = append(integrity, err.Error()), nil
	}
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	if len(integrity) == 1 && integrity[0] == "ok" {
		integrity = nil
	}
	out = append(out, CheckResult{Name: "SQLite integrity (every page, index and constraint)", Problems: integrity})
	fk, err := pragmaRows(ctx, db, "SELECT \"table\" || ' row ' || coalesce(rowid, '?') || ' points at a missing ' || parent FROM pragma_foreign_key_check LIMIT 20")
	if IsDamaged(err) {
		fk, err = append(fk, err.Error()), nil
	}
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	out = append(out, CheckResult{Name: "foreign keys", Problems: fk})
	if len(integrity) > 0 {
		// Invariant queries over damaged pages mean little, or fail.
		return out, nil
	}
	routed, err := hasTable(ctx, db, "triage")
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	for _, c := range invariants(routed) {
		var n int
		if err := db.QueryRowContext(ctx, c.count).Scan(&n); err != nil {
			return nil, Explain(fmt.Errorf("check %s: %s: %w", path, c.name, err))
		}
		r := CheckResult{Name: c.name}
		if n > 0 {
			ex, err := pragmaRows(ctx, db, c.examples)
			if err != nil {
				return nil, fmt.Errorf("check %s: %s: %w", path, c.name, err)
			}
			r.Problems = append([]string{display.Count(n, "row breaks", "rows break") + " it, such as:"}, ex...)
		}
		out = append(out, r)
	}
	r, err := maxCheck(ctx, db)
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %s: %w", path, r.Name, err))
	}
	out = append(out, r)
	if r, err = armsCheck(ctx, db); err != nil {
		return nil, Explain(fmt.Errorf("check %s: %s: %w", path, r.Name, err))
	}
	out = append(out, r)
	if r, err = conditionCheck(ctx, db); err != nil {
		return nil, Explain(fmt.Errorf("check %s: %s: %w", path, r.Name, err))
	}
	out = append(out, r)
	if r, err = fileRowsCheck(ctx, db); err != nil {
		return nil, Explain(fmt.Errorf("check %s: %s: %w", path, r.Name, err))
	}
	out = append(out, r)
	kept, err := hasTable(ctx, db, "agreement_patterns")
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	// routed: the file has migration 0028's arms too, which gold's voters
	// are read from.
	if kept { // a file from before migration 0011 keeps no table
		problems, err := recountPatterns(ctx, db, routed)
		if err != nil {
			return nil, Explain(fmt.Errorf("check %s: agreement table: %w", path, err))
		}
		out = append(out, CheckResult{Name: "the kept agreement table matches a recount of the settled labels", Problems: problems})
	}
	openKept, err := hasTable(ctx, db, "open_parts")
	if err != nil {
		return nil, Explain(fmt.Errorf("check %s: %w", path, err))
	}
	if openKept { // a file from before migration 0024 keeps none
		problems, err := recheckOpenParts(ctx, db)
		if err != nil {
			return nil, Explain(fmt.Errorf("check %s: open items' parts: %w", path, err))
		}
		out = append(out, CheckResult{Name: "the open items' kept parts match a recount", Problems: problems})
	}
	return out, nil
}

// maxCheck holds claritty to the policy's max each time it handed out a
// HIT (overMax), and notes the items past their max for other reasons
// (pastMax). A database from before claimed_max (check runs no
// migration) is held to its max now, as it always was.
func maxCheck(ctx context.Context, db *sql.DB) (CheckResult, error) {
	r := CheckResult{Name: "no item has more finished HITs claritty gave out than its policy's max allowed"}
	var tracked bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pragma_table_info('hits') WHERE name = 'claimed_max')`).Scan(&tracked); err != nil {
		return r, err
	}
	if !tracked {
		problems, err := pragmaRows(ctx, db, `SELECT 'item ' || i.id || ': ' || i.finished || ' finished, max ' || d.max_annotators
			FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.finished > d.max_annotators LIMIT 5`)
		r.Problems = problems
		return r, err
	}
	problems, err := pragmaRows(ctx, db, `SELECT 'item ' || id || ': ' || given || ' finished HITs given out, max ' || allowed FROM (`+overMax+`) LIMIT 5`)
	if err != nil {
		return r, err
	}
	r.Problems = problems
	if r.Notes, err = pragmaRows(ctx, db, pastMax); err != nil {
		return r, err
	}
	if len(r.Notes) > 5 {
		r.Notes = append(r.Notes[:5], "and "+display.Count(len(r.Notes)-5, "more item", "more items"))
	}
	if len(r.Notes) > 0 {
		r.Notes = append([]string{"past their policy's max, which is no fault: merged work, or a max lowered since:"}, r.Notes...)
	}
	return r, nil
}

// hasTable says whether the file has the table: one an older claritty
// wrote may lack a later migration's.
func hasTable(ctx context.Context, db *sql.DB, name string) (bool, error) {
	var has bool
	err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = ?)`, name).Scan(&has)
	return has, err
}

// pragmaRows is the one text column of query's rows.
func pragmaRows(ctx context.Context, db *sql.DB, query string, args ...any) ([]string, error) {
	var out []string
	err := eachRow(ctx, db, query, args, func(rows *sql.Rows) error {
		var s string
		err := rows.Scan(&s)
		out = append(out, s)
		return err
	})
	return out, err
}

// fileRowsCheck holds every item of a kind the database keeps a protocol
// file of to its rows (item_rows): its screen and exports read them. A
// file whose kind has a reader of its own ([parts] reader) may keep its
// items otherwise. A file from before migration 0016 keeps no files. A
// kept file this claritty cannot read (a newer one's, say) is a problem
// of its own, and check goes on past it.
func fileRowsCheck(ctx context.Context, db *sql.DB) (CheckResult, error) {
	r := CheckResult{Name: "every item of a protocol file's kind has its rows"}
	kept, err := hasTable(ctx, db, "protocols")
	if err != nil || !kept {
		return r, err
	}
	type file struct{ name, text string }
	files, err := collect(ctx, db, "protocols", `SELECT name, text FROM protocols ORDER BY name`, nil,
		func(rows *sql.Rows) (f file, err error) { return f, rows.Scan(&f.name, &f.text) })
	if err != nil {
		return r, err
	}
	n := 0
	var unreadable []string
	for _, f := range files {
		pf, err := guidelines.ParseKeptProtocolFile("protocol "+f.name, []byte(f.text))
		if err != nil {
			unreadable = append(unreadable, display.Clean(fmt.Sprintf("this claritty cannot read the kept %v", err)))
			continue
		}
		if pf.Parts.Reader != "" {
			continue
		}
		const rowless = ` FROM items i JOIN datasets d ON d.id = i.dataset_id
			WHERE d.kind = ? AND NOT EXISTS (SELECT 1 FROM item_rows w WHERE w.item_id = i.id)`
		var k int
		if err := db.QueryRowContext(ctx, `SELECT count(*)`+rowless, f.name).Scan(&k); err != nil || k == 0 {
			if err != nil {
				return r, err
			}
			continue
		}
		n += k
		ex, err := pragmaRows(ctx, db, `SELECT 'item ' || i.id || ' (' || d.kind || ')'`+rowless+` ORDER BY i.id LIMIT 5`, f.name)
		if err != nil {
			return r, err
		}
		r.Problems = append(r.Problems, ex...)
	}
	if n > 0 {
		r.Problems = append([]string{display.Count(n, "item has", "items have") + " no rows, such as:"}, r.Problems...)
	}
	r.Problems = append(r.Problems, unreadable...)
	return r, nil
}
