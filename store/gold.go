package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// Decision is an adjudicator's final label on a unit.
type Decision struct {
	Unit        int // index into Units
	Value       int
	Adjudicator int64
}

// settledVotes packs an item's settled labels (see below) as
// "unit annotator value[ i]" items, " i" marking a label imported from a
// release file, for unpackVotes; items.id is the item (settledVotesOf
// names it otherwise).
//
// A label is settled when it may no longer change without someone going
// back to it: it belongs to a finished HIT (keyed, or merged as a whole
// HIT), or it came from a release file, which has no HIT at all. A label of
// a HIT still in progress is not, and every figure (gold, agreement, the
// paper's tables, bench scores, the side pane) reads settled labels only,
// through this one query.
//
// On a dataset with arms whose gold comes from the blind arm, the labels
// of the other arms' annotators are not read here either (goldVoter): they
// saw a run's label, so gold, and every figure but the per-arm ones, rest
// on the labels of people who did not.
var settledVotes = `SELECT group_concat(l.unit || ' ' || l.annotator_id || ' ' || l.value ||
		iif(h.item_id IS NULL, ' i', ''), ',')
	FROM labels l LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
	WHERE l.item_id = items.id AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		AND ` + goldVoter("items.dataset_id")

// settledVotesOf is settledVotes of the item of the table alias (its id and
// dataset_id columns).
func settledVotesOf(alias string) string {
	return strings.ReplaceAll(settledVotes, "items.", alias+".")
}

// goldVoter is SQL true when label l (its annotator_id), of HIT h (l's
// hits row LEFT JOINed; NULL for none) counts for the gold of dataset (an
// SQL expression): unless the dataset has arms, a blind one among them,
// and takes its gold from the blind arm, and l's annotator is in an arm
// shown a run's label. A label with no HIT (a release file's) saw no run
// here, whoever's: it counts even when its annotator is later drawn into a
// shown arm. It looks up the annotator's arm by its key first, so a
// dataset without arms pays one search per label.
func goldVoter(dataset string) string {
	return `(h.item_id IS NULL OR NOT EXISTS (SELECT 1 FROM annotator_arms m
		JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq AND a.shows <> 'never'
		JOIN datasets d ON d.id = m.dataset_id AND d.gold_from = 'blind'
		WHERE m.dataset_id = ` + dataset + ` AND m.annotator_id = l.annotator_id
			AND EXISTS (SELECT 1 FROM arms b WHERE b.dataset_id = m.dataset_id AND b.shows = 'never')))`
}

// GoldRow is one pane with everything its gold labels rest on.
type GoldRow struct {
	Item
	Votes     []UnitVote // settled labels (settledVotes)
	Decisions []Decision
	Flagged   bool // someone flagged the pane
}

// EachGoldRow calls fn for every pane of the reading's dataset in import
// order. Labels of HITs still in progress are left out: they may yet
// change. An item hidden from the reader comes without labels, decisions
// or flags, as if nobody had touched it. fn must not keep the row.
func (r *Reading) EachGoldRow(ctx context.Context, fn func(*GoldRow) error) error {
	if err := r.votesAllowed(); err != nil {
		return fmt.Errorf("read gold: %w", err)
	}
	if err := r.loadHidden(ctx); err != nil {
		return err
	}
	g := &GoldRow{}
	return stream(ctx, r.tx, "read gold", `SELECT `+itemColumns+`, (`+settledVotes+`),
		(SELECT group_concat(a.unit || ' ' || a.adjudicator_id || ' ' || a.value, ',') FROM adjudications a
			WHERE a.item_id = items.id),
		EXISTS (SELECT 1 FROM flags f WHERE f.item_id = items.id AND `+standingFlag+`)
		FROM items WHERE dataset_id = ? ORDER BY seq`, []any{r.dataset}, func(rows *sql.Rows) (*GoldRow, error) {
		var votes, decisions sql.RawBytes
		o := &g.Options
		if err := rows.Scan(&g.ID, &g.DatasetID, &g.UID, &g.Seq, &g.Query, &g.Question,
			&o[0], &o[1], &o[2], &o[3], &o[4], &g.Meta, &g.ListLen, &votes, &decisions, &g.Flagged); err != nil {
			return nil, err
		}
		var err error
		if g.Votes, err = unpackVotes(r.s.Kinds(), g.Votes[:0], votes); err != nil {
			return nil, fmt.Errorf("item %d: %w", g.ID, err)
		}
		dv, err := unpackVotes(r.s.Kinds(), nil, decisions)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", g.ID, err)
		}
		g.Decisions = g.Decisions[:0]
		for _, d := range dv {
			g.Decisions = append(g.Decisions, Decision{Unit: d.Unit, Value: d.Value, Adjudicator: d.Annotator})
		}
		if r.hides(g.ID) {
			g.Votes, g.Decisions, g.Flagged = g.Votes[:0], g.Decisions[:0], false
		}
		return g, nil
	}, fn)
}

// unpackVotes parses "unit annotator value[ i],…" as the queries above
// pack it, in HIT order of units, then by annotator.
func unpackVotes(kinds *guidelines.Set, out []UnitVote, b []byte) ([]UnitVote, error) {
	for len(b) > 0 {
		var one []byte
		one, b, _ = bytes.Cut(b, []byte{','})
		unit, rest, _ := bytes.Cut(one, []byte{' '})
		ann, val, _ := bytes.Cut(rest, []byte{' '})
		val, mark, _ := bytes.Cut(val, []byte{' '})
		v := UnitVote{Unit: kinds.UnitIndex(string(unit)), Imported: string(mark) == "i"}
		a, err1 := strconv.ParseInt(string(ann), 10, 64)
		x, err2 := strconv.Atoi(string(val))
		if v.Unit < 0 || err1 != nil || err2 != nil {
			return out, fmt.Errorf("unreadable label %q", one)
		}
		v.Annotator, v.Value = a, x
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b UnitVote) int {
		return cmp.Or(cmp.Compare(a.Unit, b.Unit), cmp.Compare(a.Annotator, b.Annotator))
	})
	return out, nil
}
