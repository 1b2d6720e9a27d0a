package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// conditionCheck holds every stored label to its kind's conditions: no
// label stands whose step waits for an answer the annotator's labels no
// longer give (a changed answer withdraws them: keepConditions), in a
// HIT's labels or an open repeat's. A database an older claritty wrote may
// hold such labels; keying the answer again withdraws them. It reads the
// kinds from the file itself (check registers nothing): the built-in ones,
// and the protocol files the database keeps.
func conditionCheck(ctx context.Context, db *sql.DB) (CheckResult, error) {
	r := CheckResult{Name: "no label stands without the answer its step waits for"}
	kinds, err := checkedKinds(ctx, db)
	if err != nil {
		return r, err
	}
	queries := []struct{ count, examples string }{labelsWithout}
	repeats, err := hasTable(ctx, db, "repeat_labels") // a file from before migration 0014 keeps none
	if err != nil {
		return r, err
	}
	if repeats {
		queries = append(queries, repeatsWithout)
	}
	var n int
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		for _, c := range conditionQueries(kinds[kind]) {
			for _, q := range queries {
				args := append([]any{kind, c.unit, int64(c.in)}, c.waiting...)
				var k int
				if err := db.QueryRowContext(ctx, fmt.Sprintf(q.count, marksFrom4(len(c.waiting))), args...).Scan(&k); err != nil {
					return r, err
				}
				if k == 0 {
					continue
				}
				n += k
				ex, err := pragmaRows(ctx, db, fmt.Sprintf(q.examples, marksFrom4(len(c.waiting))), args...)
				if err != nil {
					return r, err
				}
				for _, e := range ex {
					r.Problems = append(r.Problems, fmt.Sprintf("%s: waits for %s %s", e, c.unit, kinds[kind].SetString(c.in)))
				}
			}
		}
	}
	if n > 0 {
		r.Problems = append([]string{display.Count(n,
			"label stands without the answer it waits for (an older claritty kept it; keying that answer again withdraws it)",
			"labels stand without the answer they wait for (an older claritty kept them; keying that answer again withdraws them)",
		) + ", such as:"}, r.Problems...)
	}
	return r, nil
}

// labelsWithout and repeatsWithout count (and name a few of) the labels of
// kind ?1 on units ?4… that wait for unit ?2 to hold a value of the set ?3
// (a guidelines.ValueSet: bit v for value v) and stand without it: a
// HIT's, and an open repeat's second answers.
var (
	labelsWithout = struct{ count, examples string }{
		`SELECT count(*) ` + labelsWithoutFrom,
		`SELECT 'item ' || l.item_id || ' ' || l.unit || ' by annotator ' || l.annotator_id ` + labelsWithoutFrom + ` LIMIT 5`}
	repeatsWithout = struct{ count, examples string }{
		`SELECT count(*) ` + repeatsWithoutFrom,
		`SELECT 'repeat ' || r.id || ' of item ' || r.item_id || ' ' || l.unit || ' by annotator ' || r.annotator_id ` + repeatsWithoutFrom + ` LIMIT 5`}
)

const (
	labelsWithoutFrom = `FROM labels l JOIN items i ON i.id = l.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE d.kind = ?1 AND l.unit IN (%s) AND NOT EXISTS (SELECT 1 FROM labels c
			WHERE c.item_id = l.item_id AND c.annotator_id = l.annotator_id AND c.unit = ?2 AND ` + inSet + `)`
	repeatsWithoutFrom = `FROM repeat_labels l JOIN repeats r ON r.id = l.repeat_id JOIN items i ON i.id = r.item_id
		JOIN datasets d ON d.id = i.dataset_id
		WHERE d.kind = ?1 AND l.unit IN (%s) AND NOT EXISTS (SELECT 1 FROM repeat_labels c
			WHERE c.repeat_id = l.repeat_id AND c.unit = ?2 AND ` + inSet + `)`
	// inSet says whether label c's value is in the set ?3.
	inSet = `c.value BETWEEN 0 AND 63 AND (?3 >> c.value) & 1 = 1`
)

// marksFrom4 is n numbered placeholders from ?4 on.
func marksFrom4(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("?%d", i+4)
	}
	return strings.Join(out, ", ")
}

// conditionQuery is one condition of a kind and the units waiting for it.
type conditionQuery struct {
	unit    string
	in      guidelines.ValueSet
	waiting []any
}

// conditionQueries groups a kind's waiting units by what they wait for.
func conditionQueries(p guidelines.Protocol) []conditionQuery {
	by := map[guidelines.Condition][]any{}
	for _, u := range p.AllUnits {
		if c, ok := p.Requires(u); ok {
			by[c] = append(by[c], u)
		}
	}
	var out []conditionQuery
	for c, units := range by {
		out = append(out, conditionQuery{unit: c.Unit, in: c.In, waiting: units})
	}
	// By unit, then values: two conditions on one unit (ask 1, ask 0) come
	// in the same order every check.
	slices.SortFunc(out, func(a, b conditionQuery) int {
		return cmp.Or(strings.Compare(a.unit, b.unit), cmp.Compare(a.in, b.in))
	})
	return out
}

// checkedKinds are the kinds with conditions that the file's datasets
// have: built in, or a protocol file it keeps.
func checkedKinds(ctx context.Context, db *sql.DB) (map[string]guidelines.Protocol, error) {
	out := map[string]guidelines.Protocol{}
	used := map[string]bool{}
	err := eachRow(ctx, db, `SELECT DISTINCT kind FROM datasets`, nil, func(rows *sql.Rows) error {
		var k string
		err := rows.Scan(&k)
		used[k] = true
		return err
	})
	if err != nil {
		return nil, err
	}
	builtins := guidelines.Builtins()
	for _, k := range builtins.Kinds() {
		if p := builtins.For(k); len(p.Conditions()) > 0 && used[string(p.Kind)] {
			out[string(p.Kind)] = p
		}
	}
	if kept, err := hasTable(ctx, db, "protocols"); err != nil || !kept {
		return out, err
	}
	err = eachRow(ctx, db, `SELECT name, text FROM protocols`, nil, func(rows *sql.Rows) error {
		var name, text string
		if err := rows.Scan(&name, &text); err != nil {
			return err
		}
		f, err := guidelines.ParseKeptProtocolFile("protocol "+name, []byte(text))
		if err != nil {
			return err
		}
		if p := f.Protocol(); len(p.Conditions()) > 0 && used[name] {
			out[name] = p
		}
		return nil
	})
	return out, err
}
