package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// conditionCheck holds every stored label to its kind's conditions: no
// label stands whose step waits for an answer the annotator's labels no
// longer give (a changed answer withdraws them: keepConditions), in a
// HIT's labels or an open repeat's, down any chain of conditions, by the
// rule the store keeps (guidelines.Protocol.Outlived). A database an older
// claritty wrote may hold such labels; keying the answer again withdraws
// them. It reads the kinds from the file itself (check registers nothing):
// the built-in ones, and the protocol files the database keeps.
func conditionCheck(ctx context.Context, db *sql.DB) (CheckResult, error) {
	r := CheckResult{Name: "no label stands without the answer its step waits for"}
	kinds, err := checkedKinds(ctx, db)
	if err != nil {
		return r, err
	}
	queries := []string{labelsOfKind}
	repeats, err := hasTable(ctx, db, "repeat_labels") // a file from before migration 0014 keeps none
	if err != nil {
		return r, err
	}
	if repeats {
		queries = append(queries, repeatLabelsOfKind)
	}
	var n int
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		for _, q := range queries {
			k, examples, err := outlivedLabels(ctx, db, kinds[kind], q)
			if err != nil {
				return r, err
			}
			n += k
			r.Problems = append(r.Problems, examples...)
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

// labelsOfKind and repeatLabelsOfKind are the labels of kind ?1, one
// annotator's answers after another's (a HIT's, and an open repeat's
// second answers), each with the name a problem gives its holder.
const (
	labelsOfKind = `SELECT l.item_id || ' ' || l.annotator_id, 'item ' || l.item_id, l.annotator_id, l.unit, l.value
		FROM labels l JOIN items i ON i.id = l.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE d.kind = ?1 ORDER BY l.item_id, l.annotator_id`
	repeatLabelsOfKind = `SELECT 'r' || r.id, 'repeat ' || r.id || ' of item ' || r.item_id, r.annotator_id, l.unit, l.value
		FROM repeat_labels l JOIN repeats r ON r.id = l.repeat_id JOIN items i ON i.id = r.item_id
		JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = ?1 ORDER BY r.id`
)

// outlivedLabels counts the labels of p's kind that q reads and that
// stand without their answers, one holder's labels at a time, and names
// the first five with the condition each waits for.
func outlivedLabels(ctx context.Context, db *sql.DB, p guidelines.Protocol, q string) (int, []string, error) {
	var n int
	var examples []string
	held, labels := "", map[string]int{}
	var name string
	var annotator int64
	flush := func() {
		for _, u := range p.Outlived(labels) {
			n++
			if len(examples) < 5 {
				c, _ := p.Requires(u)
				examples = append(examples, fmt.Sprintf("%s %s by annotator %d: waits for %s %s", name, u, annotator, c.Unit, p.SetString(c.Unit, c.In)))
			}
		}
		clear(labels)
	}
	err := eachRow(ctx, db, q, []any{string(p.Kind)}, func(rows *sql.Rows) error {
		var key, who, unit string
		var ann int64
		var value int
		if err := rows.Scan(&key, &who, &ann, &unit, &value); err != nil {
			return err
		}
		if key != held {
			flush()
			held, name, annotator = key, who, ann
		}
		labels[unit] = value
		return nil
	})
	flush()
	return n, examples, err
}

// checkedKinds are the kinds with conditions that the file's datasets
// have: built in, or a protocol file it keeps and this claritty reads.
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
	set := guidelines.Builtins()
	if kept, err := hasTable(ctx, db, "protocols"); err != nil {
		return nil, err
	} else if kept {
		if set, err = withKept(ctx, db, set, true); err != nil { // an unreadable file: fileRowsCheck names it
			return nil, err
		}
	}
	for _, k := range set.Kinds() {
		if p := set.For(k); len(p.Conditions()) > 0 && used[string(k)] {
			out[string(k)] = p
		}
	}
	return out, nil
}
