package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// Policy is a dataset's redundancy policy: every item goes to Min
// annotators; a unit without a majority sends its item to one more, up to
// Max; a HIT untouched for Lease is released to others.
type Policy struct {
	Min, Max int
	Lease    time.Duration
	// Gold picks a unit's gold label from its votes: majority (the
	// default), or median for rating scales. "" keeps the dataset's rule.
	// GoldDawidSkene makes the gold a model's (Model); the rule then
	// stays, for ties and assignment.
	Gold agreement.Rule
	// Model is GoldDawidSkene when a Dawid–Skene fit picks the gold
	// labels, "" when the rule does.
	Model agreement.Rule
	// WithholdBelow is the fewest items a figure shown below the lead
	// role may rest on (Blind); 0 keeps the dataset's.
	WithholdBelow int
}

// GoldDawidSkene is the gold of a Dawid–Skene model: a unit's gold is the
// class with the highest posterior after EM over every settled label.
const GoldDawidSkene agreement.Rule = "dawid-skene"

// DefaultPolicy is MIMICS-Manual's: three annotators, up to five.
var DefaultPolicy = Policy{Min: 3, Max: 5, Lease: 30 * time.Minute, Gold: agreement.RuleMajority}

// Check refuses a policy that cannot work.
func (p Policy) Check() error {
	switch {
	case p.Min < 1:
		return fmt.Errorf("policy: min is %d, want at least 1", p.Min)
	case p.Max < p.Min:
		return fmt.Errorf("policy: max %d is below min %d", p.Max, p.Min)
	case p.Lease < time.Second:
		return fmt.Errorf("policy: lease %v is shorter than a second", p.Lease)
	case p.WithholdBelow < 0:
		return fmt.Errorf("policy: withhold-below is %d, want 1 or more (1 shows every figure)", p.WithholdBelow)
	case p.Gold != "" && p.Gold != agreement.RuleMajority && p.Gold != agreement.RuleMedian && p.Gold != GoldDawidSkene:
		return fmt.Errorf("policy: gold rule %q is not majority, median or dawid-skene", p.Gold)
	}
	return nil
}

// ErrNoRoom means the item already has as many annotators as its policy
// asks for (or the annotator's HIT was released to others after the lease).
var ErrNoRoom = errors.New("held by as many annotators as the policy asks for")

// DatasetPolicy reads a dataset's policy.
func (s *Store) DatasetPolicy(ctx context.Context, datasetID int64) (Policy, error) {
	return datasetPolicy(ctx, s.prepared(), datasetID)
}

func datasetPolicy(ctx context.Context, q source, datasetID int64) (Policy, error) {
	var p Policy
	var secs int64
	err := q.QueryRowContext(ctx, `SELECT min_annotators, max_annotators, lease_seconds, gold_rule, gold_model, withhold_below
		FROM datasets WHERE id = ?`, datasetID).Scan(&p.Min, &p.Max, &secs, &p.Gold, &p.Model, &p.WithholdBelow)
	if err != nil {
		return p, fmt.Errorf("read policy: %w", err)
	}
	p.Lease = time.Duration(secs) * time.Second
	return p, nil
}

// SetPolicy changes a dataset's policy, if who is a lead; items it now
// wants more annotators for are open again at once.
func (s *Store) SetPolicy(ctx context.Context, who Annotator, datasetID int64, p Policy) error {
	if err := p.Check(); err != nil {
		return err
	}
	err := s.tx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActPolicy); err != nil {
			return err
		}
		return setPolicy(w, datasetID, p)
	})
	if err != nil {
		return fmt.Errorf("set policy: %w", err)
	}
	return nil
}

func setPolicy(w *ptx, datasetID int64, p Policy) error {
	ctx, tx := w.ctx, w // tx: the statements below read as a transaction's
	// Here, not in SetPolicy: an import's policy is set here too.
	if err := checkArmsPolicy(w, datasetID, p); err != nil {
		return err
	}
	var kind guidelines.Kind
	var rule agreement.Rule
	var task bool
	err := tx.QueryRowContext(ctx, `SELECT kind, gold_rule, purpose = 'task' FROM datasets WHERE id = ?`,
		datasetID).Scan(&kind, &rule, &task)
	if err != nil {
		return err
	}
	if p.Gold == agreement.RuleMedian && !w.kindSet().For(kind).Ratings {
		return fmt.Errorf("the median rule is for rating scales (every step's ordered, of three or more points, as 1-5), not %s", kind)
	}
	// A model's gold leaves the rule as it is; a rule's gold ends the model.
	model := ""
	if p.Gold == GoldDawidSkene {
		model, p.Gold = string(GoldDawidSkene), ""
	}
	if p.Gold != "" || model != "" {
		if _, err := tx.ExecContext(ctx, `UPDATE datasets SET gold_model = ? WHERE id = ?`, model, datasetID); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE datasets SET min_annotators = ?, max_annotators = ?, lease_seconds = ?,
		gold_rule = coalesce(nullif(?, ''), gold_rule), withhold_below = coalesce(nullif(?, 0), withhold_below) WHERE id = ?`,
		p.Min, p.Max, int64(p.Lease/time.Second), string(p.Gold), p.WithholdBelow, datasetID)
	if err != nil {
		return err
	}
	if p.Gold != "" && p.Gold != rule {
		// Another rule settles other units: count every item's ties again.
		if err := refreshDataset(w, datasetID); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE items SET open = route IS NOT 'judge' AND (finished < ?2 OR (tied > 0 AND finished < ?3))
		WHERE dataset_id = ?1`, datasetID, p.Min, p.Max)
	if err != nil {
		return err
	}
	// Items opened and closed in bulk: what figures below the lead take
	// out is counted again (a task dataset's; the others keep none).
	if task {
		if err := recountOpenParts(w, datasetID); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, refreshFreeDataset, datasetID)
	return err
}

// refreshDataset recounts every item of a dataset (refreshItem).
func refreshDataset(w *ptx, datasetID int64) error {
	ids, err := collect(w.ctx, w, "finished items", `SELECT id FROM items WHERE dataset_id = ? AND finished > 0`,
		[]any{datasetID}, scanValue[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := refreshItem(w, id); err != nil {
			return err
		}
	}
	return nil
}

// The SQL below reads ?1 dataset, ?2 annotator, ?3 the lease cutoff (a HIT
// touched before it is released), and items i joined with datasets d.
const (
	// notMine: the annotator has not opened, labelled or flagged the item.
	notMine = `NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2)
		AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = i.id AND l.annotator_id = ?2)
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND ` + standingFlag + `)`
	// room: fewer others hold the item than it still wants.
	room = `(SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NULL
			AND h.annotator_id != ?2 AND h.touched_at >= ?3)
		< CASE WHEN i.finished < d.min_annotators THEN d.min_annotators - i.finished ELSE 1 END`
	// free: items in play marked free (refreshFree), through their own
	// indexes; fresh: the items nobody has had yet. The two hold every item
	// with room but those whose room is an expired lease, which the last
	// query finds.
	free        = `i.free = 1`
	fresh       = `i.free IS NULL`
	freePartial = `i.free = 1 AND i.finished > 0`
)

// The searches of NextHIT, in the order it tries them. ?4 is where a walk
// starts: the annotator's place, or the cursor that says every free item
// before it is theirs already (assign_cursors), or the first item nobody
// has had (datasets.fresh_from); so no search crosses the items an
// annotator finished, however many they are.
//
// Each is built from the room an item must have for the annotator: the
// policy's (openRoom) on a dataset without arms, their arm's (armRoom,
// which reads ?5 and ?6) on one with arms. The walks of free items need
// none without arms: an item marked free has room for anyone who has not
// had it.

// openRoom: the item is open and fewer others hold it than it wants.
const openRoom = `i.open = 1 AND ` + room

// ownSQL is the annotator's own started HITs, unless released and taken
// since (past the lease without roomCond). CROSS JOIN keeps their few
// HITs the outer loop: left to itself the planner walks every item of the
// dataset in seq order to skip a sort.
func ownSQL(roomCond string) string {
	return `SELECT i.id, i.seq FROM hits h INDEXED BY hits_annotator CROSS JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND i.dataset_id = ?1
		AND h.later_at IS NULL AND h.given_back_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND ` + standingFlag + `)
		AND (h.touched_at >= ?3 OR (` + roomCond + `))
		ORDER BY i.seq LIMIT 1`
}

// walkSQL is the first item from ?4 on, through index, that is marked
// state, not the annotator's, and meets also ("" for nothing more).
func walkSQL(index, state, also string) string {
	return `SELECT i.id, i.seq FROM items i INDEXED BY ` + index + ` JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND ` + state + ` AND i.seq >= ?4 AND ` + notMine + also + ` ORDER BY i.seq LIMIT 1`
}

// staleSQL is an item whose only room (roomCond) is a HIT left past its
// lease.
func staleSQL(roomCond string) string {
	return `SELECT i.id, i.seq FROM hits s INDEXED BY hits_stale JOIN items i ON i.id = s.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE s.finished_at IS NULL AND s.touched_at < ?3 AND i.dataset_id = ?1
		AND ` + notMine + ` AND ` + roomCond + ` ORDER BY i.seq LIMIT 1`
}

// returnsSQL is the first item of kind listed behind the annotator's
// cursor (assign_returns) from ?4 on that is marked state, theirs to take,
// and meets also.
func returnsSQL(kind, state, also string) string {
	return `SELECT i.id, i.seq FROM assign_returns r JOIN items i INDEXED BY items_seq ON i.dataset_id = r.dataset_id AND i.seq = r.seq
		JOIN datasets d ON d.id = i.dataset_id
		WHERE r.dataset_id = ?1 AND r.annotator_id = ?2 AND r.kind = '` + kind + `' AND r.seq >= ?4 AND ` + state + ` AND ` + notMine + also + `
		ORDER BY r.seq LIMIT 1`
}

// searches are NextHIT's queries for one kind of room.
type searches struct {
	own, partial, partialReturns, free, freeReturns, fresh, stale string
}

// searchesFor are the searches where an item must also meet also ("" or
// " AND " and a condition) in the walks, and roomCond past a lease.
func searchesFor(roomCond, also string) searches {
	return searches{
		own:            ownSQL(roomCond),
		partial:        walkSQL("items_free_partial", freePartial, also),
		partialReturns: returnsSQL("partial", freePartial, also),
		free:           walkSQL("items_free", free, also),
		freeReturns:    returnsSQL("free", free, also),
		fresh:          walkSQL("items_seq", fresh, also),
		stale:          staleSQL(roomCond),
	}
}

// policySearches are those of a dataset without arms.
var policySearches = searchesFor(openRoom, "")

// The searches of a dataset without arms, by name: items others finished
// that still want annotators (ties, or short of min), so items complete
// before new ones start; items in play with room (their index is small);
// items nobody has had; and the listed items behind the cursor.
var (
	ownQuery       = policySearches.own
	partialQuery   = policySearches.partial
	freeQuery      = policySearches.free
	freshQuery     = policySearches.fresh
	staleQuery     = policySearches.stale
	partialReturns = policySearches.partialReturns
	freeReturns    = policySearches.freeReturns
)

const (
	// After a walk, the listed items from ?4 (where it started) up to ?5
	// (what it found) were not to be taken, and those from ?6 (the new
	// cursor) on are the cursor's.
	returnsDone = `DELETE FROM assign_returns WHERE dataset_id = ?1 AND annotator_id = ?2 AND kind = ?3
		AND ((seq >= ?4 AND seq < ?5) OR seq >= ?6)`

	// The annotator's cursors in the dataset, made at their first search.
	cursorMake = `INSERT INTO assign_cursors (dataset_id, annotator_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING`
	// A free walk starts at free_mark when that is lower than free_from
	// (migration 0032): items nobody had at the last search lie at or past
	// it, and turning free they are walked to, not listed.
	cursorRead = `SELECT c.partial_from, min(c.free_from, c.free_mark) FROM assign_cursors c WHERE c.dataset_id = ?1 AND c.annotator_id = ?2`
	cursorSet  = `UPDATE assign_cursors SET partial_from = ?3, free_from = ?4,
		free_mark = min(?4, (SELECT d.fresh_from FROM datasets d WHERE d.id = ?1)) WHERE dataset_id = ?1 AND annotator_id = ?2`
	// fresh_from moves to the first item nobody has had: items only ever
	// leave that state, so each is passed once in the dataset's life.
	freshAdvance = `UPDATE datasets SET fresh_from = coalesce(
			(SELECT i.seq FROM items i INDEXED BY items_seq WHERE i.dataset_id = ?1 AND i.seq >= datasets.fresh_from
				AND i.free IS NULL ORDER BY i.seq LIMIT 1),
			(SELECT max(i.seq) + 1 FROM items i WHERE i.dataset_id = ?1), 0)
		WHERE id = ?1 RETURNING fresh_from`
)

// beyond is a cursor past every item: nothing free is left to walk until
// an item becomes free again and the trigger lists it.
const beyond = 1 << 62

// findHIT runs NextHIT's searches in order and returns the first item
// found, moving the annotator's cursors past what the searches proved
// theirs.
func findHIT(w *ptx, datasetID, annotatorID int64, cutoff string, fromSeq int) (id int64, own, ok bool, err error) {
	s := &search{w: w, dataset: datasetID, annotator: annotatorID, cutoff: cutoff}
	return s.find(policySearches, fromSeq)
}

// find runs the searches q in order from the annotator's cursors.
func (s *search) find(q searches, fromSeq int) (id int64, own, ok bool, err error) {
	if id, _, ok, err = s.first(q.own, 0); ok || err != nil {
		return id, ok, ok, err
	}
	if err := s.readCursors(); err != nil {
		return 0, false, false, err
	}
	steps := []struct {
		query, returns, kind string
		cursor               *int
		from                 int
	}{
		{q.partial, q.partialReturns, "partial", &s.partialFrom, 0},
		{q.free, q.freeReturns, "free", &s.freeFrom, fromSeq},
		{q.fresh, "", "", &s.freshFrom, fromSeq},
		{q.free, q.freeReturns, "free", &s.freeFrom, 0},
		{q.fresh, "", "", &s.freshFrom, 0},
	}
	for _, st := range steps {
		if st.query == q.fresh && !s.freshRead {
			if err := s.w.scan(freshAdvance, []any{s.dataset}, &s.freshFrom); err != nil {
				return 0, false, false, err
			}
			s.freshRead = true
		}
		if id, ok, err = s.walk(st.query, st.returns, st.kind, st.cursor, st.from); ok || err != nil {
			break
		}
	}
	if err == nil {
		err = s.writeCursors()
	}
	if ok || err != nil {
		return id, false, ok, err
	}
	id, _, ok, err = s.first(q.stale, 0)
	return id, false, ok, err
}

// search is one NextHIT's walk: the annotator's cursors (read at its start,
// written at its end) and the dataset's first item nobody has had, which
// walks here move only for the rest of the search.
type search struct {
	w                  *ptx
	dataset, annotator int64
	cutoff             string
	arm                []any // ?5 and ?6 of arm searches: the arm and its count

	partialFrom, freeFrom int
	freshFrom             int
	freshRead             bool
}

// readCursors reads the annotator's cursors, made (at the start) by their
// first search: read first, as every later search finds them.
func (s *search) readCursors() error {
	err := s.w.scan(cursorRead, []any{s.dataset, s.annotator}, &s.partialFrom, &s.freeFrom)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	s.partialFrom, s.freeFrom = 0, 0
	_, err = s.w.exec(cursorMake, s.dataset, s.annotator)
	return err
}

func (s *search) writeCursors() error {
	_, err := s.w.exec(cursorSet, s.dataset, s.annotator, s.partialFrom, s.freeFrom)
	return err
}

// first is the first item of q from start on (at: its seq, or beyond).
func (s *search) first(q string, start int) (id int64, at int, found bool, err error) {
	err = s.w.scan(q, append([]any{s.dataset, s.annotator, s.cutoff, start}, s.arm...), &id, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, beyond, false, nil
	}
	return id, at, err == nil, err
}

// walk is the first item from `from` on among the listed returns
// (returnsQuery; "" for none) and from the cursor on. A walk that starts
// at or before the cursor moves it to what it found from there (every free
// item before that is the annotator's) and forgets the listed items it
// passed and those the cursor now covers.
func (s *search) walk(q, returnsQuery, kind string, cursor *int, from int) (int64, bool, error) {
	cid, cseq, found, err := s.first(q, max(from, *cursor))
	if err != nil {
		return 0, false, err
	}
	id, seq := cid, cseq
	if returnsQuery != "" {
		rid, rseq, rfound, err := s.first(returnsQuery, from)
		if err != nil {
			return 0, false, err
		}
		if rfound && rseq < cseq {
			id, seq, found = rid, rseq, true
		}
	}
	if from <= *cursor {
		*cursor = cseq
		if returnsQuery != "" {
			if _, err := s.w.exec(returnsDone, s.dataset, s.annotator, kind, from, seq, cseq); err != nil {
				return 0, false, err
			}
		}
	}
	return id, found, nil
}

// refreshFree marks whether item ?1 wants more annotators than it has HITs
// in progress; every change to its HITs or counters runs it, in the same
// transaction. An item nobody has had stays unmarked (NULL): it is free.
// (It once took "every item of a dataset" as another argument, joined with
// OR: SQLite then walked the whole items table for each label. One item, by
// its key; a dataset, by its own statement.)
const refreshFree = `UPDATE items SET free = ` + freeValue + `
	FROM datasets d WHERE items.id = ?1 AND d.id = items.dataset_id`

// refreshFreeDataset is refreshFree for every item in play of dataset ?1,
// after a policy change.
const refreshFreeDataset = `UPDATE items SET free = ` + freeValue + `
	FROM datasets d WHERE items.dataset_id = ?1 AND items.free IS NOT NULL AND d.id = ?1`

const freeValue = `(open = 1 AND
		(CASE WHEN finished < d.min_annotators THEN d.min_annotators - finished ELSE 1 END)
		> (SELECT count(*) FROM hits h WHERE h.item_id = items.id AND h.finished_at IS NULL AND h.given_back_at IS NULL))`

// NextHIT gives the annotator their next HIT in the dataset and holds it
// for them, all in one immediate transaction, so two processes can never
// hand out the same last place. fromSeq is where the annotator is. When
// there is none, ok is false and NoWork says why.
//
// (Searching a read snapshot first and claiming after was tried: with
// hundreds of sessions the searches then run side by side and starve the
// one writer of CPU, and the WAL cannot be checkpointed under them; p99
// went from 0.07 to 0.3 s at 200 sessions. The searches walk the free
// items' indexes instead, so they stay short inside the transaction.)
//
// It gathers its changes to the kept sums (txSums): it reads none of them,
// and only adds to them (a claim that unsettles release-file labels), so
// a batch's keyed labels need not write theirs before it, and a batch
// whose sessions search between their labels writes each sum once.
func (s *Store) NextHIT(ctx context.Context, datasetID, annotatorID int64, fromSeq int) (id int64, ok bool, nw NoWork, err error) {
	err = s.txSums(ctx, func(w *ptx) error {
		g, leaseSecs, err := readGate(w, datasetID, annotatorID)
		if err != nil {
			return err
		}
		now, cutoff := s.leaseCutoff(leaseSecs)
		switch {
		case g.standing.Paused:
			nw.Paused, nw.PausedAt = true, g.standing.PausedAt
			return nil
		case !g.standing.Cleared():
			// Practice until qualified.
			id, ok, err = nextPractice(w, g, annotatorID, now)
			nw.NoPractice = !ok
			return err
		}
		if id, ok, err = openHidden(w, g, datasetID, annotatorID, now); ok || err != nil {
			return err
		}
		// An annotator's arm is drawn at their first search of a dataset
		// with arms, and kept.
		// An arm's annotators are searched for by findArmHIT.
		place, err := placeOf(w, datasetID, annotatorID)
		if err != nil {
			return err
		}
		var own bool
		if place.armed() {
			id, own, ok, err = findArmHIT(w, place, datasetID, annotatorID, cutoff, fromSeq)
		} else {
			id, own, ok, err = findHIT(w, datasetID, annotatorID, cutoff, fromSeq)
		}
		if err != nil {
			return err
		}
		if ok && !own {
			// A new HIT: a gold check or a repeat in its place, at their
			// rates; a new one may end with an attention question.
			if hid, hidden, err := s.drawHidden(w, g, place, datasetID, annotatorID, id, now); hidden || err != nil {
				id, ok = hid, hidden
				if err == nil && hidden {
					err = s.drawAttention(w, g, id, annotatorID, now)
				}
				return err
			}
		}
		if ok && own {
			return claim(w, id, annotatorID, now, 0)
		}
		if ok {
			if err := claimNew(w, id, annotatorID, now); err != nil {
				return err
			}
			return s.drawAttention(w, g, id, annotatorID, now)
		}
		// Last, what they put off, longest ago first (SkipHIT).
		if id, ok, err = nextLater(w, g, place, datasetID, annotatorID, now, cutoff); ok || err != nil {
			return err
		}
		nw, err = noWork(ctx, w, place, datasetID, annotatorID, cutoff)
		return err
	})
	if err != nil {
		return 0, false, nw, fmt.Errorf("find next HIT: %w", err)
	}
	return id, ok, nw, nil
}

// leaseCutoff is now, and the time before which a HIT untouched for a
// lease of secs is released.
func (s *Store) leaseCutoff(secs int64) (now, cutoff string) {
	t := s.Now().UTC()
	return t.Format(timeFormat), t.Add(-time.Duration(secs) * time.Second).Format(timeFormat)
}

// claim holds the item for the annotator (a HIT row, touched now), and
// moves its revision on by bump: a label's write holds the HIT and moves
// it in one statement (migration 0015).
func claim(w *ptx, itemID, annotatorID int64, now string, bump int) error {
	res, err := w.exec(claimTouch, itemID, annotatorID, now, bump)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err // held already: the item's free mark stands
	}
	_, err = w.exec(claimInsert, itemID, annotatorID, now, bump)
	if err != nil {
		return err
	}
	// Labels the annotator has from a release file were settled; in a HIT
	// of theirs in progress they are not, until it is finished.
	var imported bool
	if err := w.scan(claimHasLabels, []any{itemID, annotatorID}, &imported); err != nil {
		return err
	}
	return claimed(w, itemID, imported)
}

// claimNew is claim for an item a search found that is not the
// annotator's own HIT: it has no HIT row of theirs to touch, so the row is
// inserted first, with whether they hold labels of it from a release file
// read in the same statement (a new HIT's claim ran four statements, the
// first a touch that found nothing). A row there after all is touched, as
// claim does.
func claimNew(w *ptx, itemID, annotatorID int64, now string) error {
	var imported bool
	err := w.scan(claimFresh, []any{itemID, annotatorID, now, 0}, &imported)
	if errors.Is(err, sql.ErrNoRows) {
		return claim(w, itemID, annotatorID, now, 0)
	}
	if err != nil {
		return err
	}
	return claimed(w, itemID, imported)
}

// claimed is what a new HIT row changes: the item's free mark, and, when
// the annotator's labels of it from a release file are no longer settled
// (imported), its counts.
func claimed(w *ptx, itemID int64, imported bool) error {
	if _, err := w.exec(refreshFree, itemID); err != nil || !imported {
		return err
	}
	return refreshItem(w, itemID)
}

// ClaimHIT holds an item the annotator picked themselves (from the queue),
// if the policy has room for them; ErrNoRoom if not.
func (s *Store) ClaimHIT(ctx context.Context, itemID, annotatorID int64) error {
	err := s.tx(ctx, func(w *ptx) error {
		_, _, err := holdHIT(w, s, itemID, annotatorID, 0)
		return err
	})
	if err != nil {
		return fmt.Errorf("open HIT: %w", err)
	}
	return nil
}

// holdHIT makes sure the annotator holds the item before they write to it:
// a finished HIT or one still within its lease is theirs; a new one, or one
// released after the lease, needs room under the policy. It says whether
// the HIT was finished.
func holdHIT(w *ptx, s *Store, itemID, annotatorID int64, bump int) (finished bool, rev int64, err error) {
	var h heldHIT
	err = w.scan(holdRead, []any{itemID, annotatorID}, &h.datasetID, &h.done, &h.touched, &h.rev, &h.skipped, &h.leaseSecs)
	if err != nil {
		return false, 0, err
	}
	return h.hold(w, s, itemID, annotatorID, bump)
}

// heldHIT is what holding a HIT reads first: the item's dataset and its
// lease, the annotator's HIT on it (finished, touched, its revision,
// whether put off or given back).
type heldHIT struct {
	datasetID     int64
	done, touched sql.NullString
	rev           int64
	skipped       sql.NullBool
	leaseSecs     int64
}

// hold is holdHIT from the HIT as read.
func (h heldHIT) hold(w *ptx, s *Store, itemID, annotatorID int64, bump int) (finished bool, rev int64, err error) {
	if h.skipped.Bool {
		// Taken up again (from the queue, or a key on it): no longer put
		// off or given back, and a place again if it was given back.
		if err := takeUp(w, itemID, annotatorID); err != nil {
			return false, 0, err
		}
	}
	now, cutoff := s.leaseCutoff(h.leaseSecs)
	if h.done.Valid || (h.touched.Valid && h.touched.String >= cutoff) {
		return h.done.Valid, h.rev, claim(w, itemID, annotatorID, now, bump)
	}
	free, err := holdRoomFor(w, h.datasetID, annotatorID, cutoff, itemID)
	if err != nil {
		return false, 0, err
	}
	if !free {
		return false, 0, ErrNoRoom
	}
	return false, h.rev, claim(w, itemID, annotatorID, now, bump)
}

// refreshItem recounts an item's finished annotators and its units whose
// labels settle nothing under the dataset's gold rule (no majority, or no
// median), whether its policy wants more and whether it is free, and its
// part of the agreement table (applyPatterns), from one read of its
// labels and in one write of its row.
func refreshItem(w *ptx, itemID int64) error {
	it := itemRefreshed{id: itemID, kept: &itemKept{}}
	k := it.kept
	err := w.scan(itemState, []any{itemID}, &it.rule, &it.datasetID, &it.stored, &it.storedBy, &it.task,
		&k.finished, &k.tied, &k.open, &k.free, &k.judge, &k.min, &k.max, &k.done, &k.going, &k.finishers)
	if err != nil {
		return err
	}
	finished := map[string][]int{}          // labels of finished HITs: the counters
	settled := map[string]*[VoteSlots]int{} // and of release files: agreement
	err = eachRow(w.ctx, w, itemVotes, []any{itemID}, func(rows *sql.Rows) error {
		var unit string
		var v int
		var done, imported bool
		if err := rows.Scan(&unit, &v, &done, &imported); err != nil {
			return err
		}
		if v < 0 || v >= VoteSlots {
			return fmt.Errorf("item %d: %s label %d is off every scale", itemID, unit, v)
		}
		if done {
			if finished[unit] == nil {
				finished[unit] = make([]int, VoteSlots)
			}
			finished[unit][v]++
		}
		if done || imported {
			if settled[unit] == nil {
				settled[unit] = &[VoteSlots]int{}
			}
			settled[unit][v]++
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeRefresh(w, it, finished, settled)
}

// itemRefreshed is what refreshing an item reads besides its votes: its
// dataset's gold rule and purpose, its stored part of the agreement table
// and the open_parts rows it is in (itemState), and what its row keeps of
// its HITs (kept; nil: writeRefresh reads it).
type itemRefreshed struct {
	id, datasetID    int64
	rule             agreement.Rule
	task             bool
	stored, storedBy string
	kept             *itemKept
}

// itemKept is what an item's row keeps of its HITs, as stored (finished,
// tied, open, free), and what they are counted from: its HITs finished
// (done) and not (going), its dataset's policy (min, max annotators),
// whether triage routed it to the judge; and who finished it (their ids
// in order, space-separated: the open_parts rows it is in while open).
type itemKept struct {
	finished, tied        int
	open                  bool
	free                  sql.NullInt64
	judge                 bool
	min, max, done, going int
	finishers             string
}

// marks are the item's open and free marks with tied units tied: what
// itemRefresh's SQL computes (an item triage routed to the judge is
// closed and never free; one nobody holds or finished is neither free nor
// taken, NULL), here so that a refresh knows before it writes whether
// they change.
func (k *itemKept) marks(tied int) (open bool, free sql.NullInt64) {
	wants := k.done < k.min || (tied > 0 && k.done < k.max)
	switch {
	case k.judge:
		return false, sql.NullInt64{Valid: true}
	case k.done+k.going == 0:
		return wants, sql.NullInt64{}
	}
	need := 1
	if k.done < k.min {
		need = k.min - k.done
	}
	free = sql.NullInt64{Valid: true}
	if wants && need > k.going {
		free.Int64 = 1
	}
	return wants, free
}

// writeRefresh is refreshItem from the item's votes as counted (finished:
// labels of finished HITs by unit; settled: those and release files'),
// however they were counted: the item's row, its part of the agreement
// table and of open_parts.
func writeRefresh(w *ptx, it itemRefreshed, finished map[string][]int, settled map[string]*[VoteSlots]int) error {
	tied := 0
	for _, v := range finished {
		if it.rule.Pick(v) < 0 {
			tied++
		}
	}
	now := formatPatterns(w.kindSet().Units(), settled)
	if err := applyPatterns(w, it.datasetID, it.stored, now); err != nil {
		return err
	}
	k := it.kept
	if k == nil {
		k = &itemKept{}
		if err := w.scan(itemKeptRead, []any{it.id}, &k.finished, &k.tied, &k.open, &k.free, &k.judge,
			&k.min, &k.max, &k.done, &k.going, &k.finishers); err != nil {
			return err
		}
	}
	open, free := k.marks(tied)
	openMark := int64(0)
	if open {
		openMark = 1
	}
	row := itemChange{id: it.id}
	row.set(colFinished, k.finished != k.done, k.done)
	row.set(colTied, k.tied != tied, tied)
	row.set(colPatterns, it.stored != now, now)
	row.set(colOpen, k.open != open, openMark)
	row.set(colFree, k.free != free, free)
	by := it.storedBy
	if it.task {
		by = openByList(open, now, k.finishers)
		row.set(colPartsBy, by != it.storedBy, by)
	}
	if err := row.write(w); err != nil || !it.task {
		return err
	}
	return applyOpenParts(w, it.datasetID, it.stored, it.storedBy, now, by)
}

// The columns of an item's row a refresh writes, as bits of itemChange.
const (
	colFinished = 1 << iota
	colTied
	colPatterns
	colOpen
	colFree
	colPartsBy
	refreshColumns = 6
)

// itemColumnNames are the columns by bit.
var itemColumnNames = [refreshColumns]string{"finished", "tied", "patterns", "open", "free", "parts_by"}

// itemSets holds, for each set of those columns, the UPDATE that writes
// only them. SQLite updates an index, and fires an UPDATE OF trigger,
// for every column the SET names, whether its value changed or not: a
// refresh that named all of them moved the item in four partial indexes
// and ran both triggers' WHEN clauses at every HIT's end, though most
// ends change only the counters and the patterns.
var itemSets = func() (q [1 << refreshColumns]string) {
	for set := 1; set < len(q); set++ {
		var cols []string
		for c, name := range itemColumnNames {
			if set&(1<<c) != 0 {
				cols = append(cols, name+" = ?")
			}
		}
		q[set] = "UPDATE items SET " + strings.Join(cols, ", ") + " WHERE id = ?"
	}
	return q
}()

// itemChange is the columns of an item's row a refresh changes, and
// their values in column order.
type itemChange struct {
	id   int64
	cols int // bits: colFinished, …
	args []any
}

// set names column c with value v if changed.
func (r *itemChange) set(c int, changed bool, v any) {
	if changed {
		r.cols |= c
		r.args = append(r.args, v)
	}
}

// write updates the row's changed columns; nothing when none changed.
func (r *itemChange) write(w *ptx) error {
	if r.cols == 0 {
		return nil
	}
	_, err := w.exec(itemSets[r.cols], append(r.args, r.id)...)
	return err
}

// holdRoomSQL is whether item ?4 has room (roomCond) for the annotator,
// for holdHIT; holdRoom, on a dataset without arms.
func holdRoomSQL(roomCond string) string {
	return `SELECT ` + roomCond + ` FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?4`
}

var holdRoom = holdRoomSQL(openRoom)

// The statements of a HIT's transactions (claim, holdHIT, refreshItem),
// named so a test can read their query plans.
const (
	leaseRead   = `SELECT lease_seconds FROM datasets WHERE id = ?`
	claimTouch  = `UPDATE hits SET touched_at = ?3, rev = rev + ?4 WHERE item_id = ?1 AND annotator_id = ?2`
	claimInsert = `INSERT INTO hits (item_id, annotator_id, started_at, touched_at, rev, claimed_max) VALUES (?1, ?2, ?3, ?3, ?4,
		(SELECT d.max_annotators FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?1))`
	claimHasLabels = `SELECT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = ?1 AND l.annotator_id = ?2)`
	// claimFresh is claimInsert where no row is expected (claimNew),
	// returning claimHasLabels; nothing when the row was there.
	claimFresh = `INSERT INTO hits (item_id, annotator_id, started_at, touched_at, rev, claimed_max) VALUES (?1, ?2, ?3, ?3, ?4,
		(SELECT d.max_annotators FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?1))
		ON CONFLICT DO NOTHING RETURNING EXISTS (SELECT 1 FROM labels l WHERE l.item_id = ?1 AND l.annotator_id = ?2)`
	holdRead = `SELECT i.dataset_id, h.finished_at, h.touched_at, coalesce(h.rev, 0), h.later_at IS NOT NULL OR h.given_back_at IS NOT NULL,
		d.lease_seconds FROM items i JOIN datasets d ON d.id = i.dataset_id
		LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2 WHERE i.id = ?1`
	// labelRead is holdRead for a keyed label of unit ?3, with the item's
	// kind, the annotator's open repeat of it (0: none) and their label of
	// the unit now (value and text, NULL: none): what a label's checks read
	// before it is written, in one statement, not five.
	labelRead = `SELECT i.dataset_id, h.finished_at, h.touched_at, coalesce(h.rev, 0), h.later_at IS NOT NULL OR h.given_back_at IS NOT NULL,
		d.lease_seconds, d.kind, coalesce((SELECT r.id FROM repeats r WHERE r.item_id = ?1 AND r.annotator_id = ?2
			AND r.finished_at IS NULL AND r.given_back_at IS NULL), 0), l.value, l.text
		FROM items i JOIN datasets d ON d.id = i.dataset_id
		LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2
		LEFT JOIN labels l ON l.item_id = i.id AND l.unit = ?3 AND l.annotator_id = ?2 WHERE i.id = ?1`
	// itemState is what refreshItem reads of the item besides its votes:
	// its dataset's gold rule, its stored part, open_parts rows and
	// purpose, and what itemKeptRead reads.
	itemState = `SELECT d.gold_rule, i.dataset_id, i.patterns, i.parts_by, d.purpose = 'task', ` + itemKeptCols + `
		FROM items i JOIN datasets d ON d.id = i.dataset_id, ` + itemHITCounts + ` WHERE i.id = ?1`
	// itemKeptRead is an item's itemKept.
	itemKeptRead = `SELECT ` + itemKeptCols + ` FROM items i JOIN datasets d ON d.id = i.dataset_id, ` + itemHITCounts + ` WHERE i.id = ?1`
	itemKeptCols = `i.finished, i.tied, i.open, i.free, i.route IS 'judge', d.min_annotators, d.max_annotators, c.done, c.going, c.who`
	// itemHITCounts counts item ?1's HITs finished and not, as itemRefresh
	// does, and lists who finished them in order (itemFinishers), in one
	// pass over its HITs: in the order of their key, which the inner
	// ORDER BY asks for and costs no sort (group_concat's own ORDER BY
	// would sort them in a temporary tree).
	itemHITCounts = `(SELECT count(finished_at) AS done, count(*) - count(finished_at) AS going,
		coalesce(group_concat(iif(finished_at IS NULL, NULL, annotator_id), ' '), '') AS who
		FROM (SELECT annotator_id, finished_at FROM hits WHERE item_id = ?1 ORDER BY annotator_id)) c`
	itemPartsBy = `UPDATE items SET parts_by = ? WHERE id = ?`
	// The item's counters, open and free marks (see refreshFree) and
	// agreement patterns from its HITs (?2 tied units, ?3 patterns). An
	// item triage routed to the judge is closed and never free. The
	// refresh no longer runs it (it names every column: see itemSets);
	// it is the rule itemKept.marks computes, and the tests hold the
	// refresh's rows to it.
	itemRefresh = `UPDATE items SET finished = c.done, tied = ?2, patterns = ?3,
		open = items.route IS NOT 'judge' AND (c.done < d.min_annotators OR (?2 > 0 AND c.done < d.max_annotators)),
		free = CASE WHEN items.route IS 'judge' THEN 0 WHEN c.done + c.going = 0 THEN NULL
			ELSE (c.done < d.min_annotators OR (?2 > 0 AND c.done < d.max_annotators)) AND
				(CASE WHEN c.done < d.min_annotators THEN d.min_annotators - c.done ELSE 1 END) > c.going END
		FROM datasets d, (SELECT count(finished_at) AS done, count(*) - count(finished_at) AS going
			FROM hits WHERE item_id = ?1) c
		WHERE items.id = ?1 AND d.id = items.dataset_id RETURNING open`
)

// itemVotes is each label of the item that counts for its gold
// (goldVoter), whether its HIT is finished, and whether it came from a
// release file (no HIT): settled either way.
var itemVotes = `SELECT l.unit, l.value, coalesce(h.finished_at IS NOT NULL, 0), h.item_id IS NULL FROM labels l
	LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
	WHERE l.item_id = ?1 AND ` + goldVoter("(SELECT dataset_id FROM items WHERE id = ?1)")

// NoWork says why an annotator has no HIT: how many HITs they finished
// (gold checks among them, as their own counts show them everywhere); of
// the items that need nobody more, how many their labels settled
// (Complete) and how many have a unit the gold rule found tied, decided
// or not (Tied); how many are held by others for now (they come back if
// released); and how many units wait for adjudication, tied or referred.
// Only the referred units may be of items still open, as in the side
// pane every reader sees; the rest are of items no one can be given.
type NoWork struct {
	Done, Complete, Tied, HeldByOthers, Adjudication int
	// Paused: a lead must resume the annotator (their gold checks fell
	// below the policy's threshold at PausedAt). NoPractice: they must
	// qualify first, and the dataset has no practice items.
	Paused     bool
	PausedAt   string
	NoPractice bool
}

// noWork is why the annotator of arm p (the zero armPlace: the dataset
// has no arms) has no HIT.
func noWork(ctx context.Context, tx *ptx, p armPlace, datasetID, annotatorID int64, cutoff string) (NoWork, error) {
	var nw NoWork
	// Done and complete from the counters (migration 0012); the panes held
	// by others are counted, once, when the annotator has run out of work:
	// with arms, those whose places in their arm others hold (armHeld).
	held, args := `NOT (`+room+`)`, []any{datasetID, annotatorID, cutoff}
	if p.armed() {
		held, args = armHeld, append(args, 0, p.seq, p.perItem)
	}
	err := tx.QueryRowContext(ctx, `SELECT `+ownDone+`,
		(SELECT complete_count FROM datasets WHERE id = ?1) - `+judgeUnseen+`,
		`+tiedClosed+`,
		(SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id
			WHERE i.dataset_id = ?1 AND i.open = 1 AND `+notMine+` AND `+held+`),
		`+waitingUnits, args...).Scan(&nw.Done, &nw.Complete, &nw.Tied, &nw.HeldByOthers, &nw.Adjudication)
	return nw, err
}

// waitingUnits counts the units of dataset ?1 waiting for adjudication
// from the item counters, without building the queue (AdjudicationQueue),
// through the closed items with ties (items_waiting) and the referrals (the
// CROSS JOIN keeps them the outer loop: else every item is probed):
// the tied units of closed items less their decisions on units nobody
// referred, plus referred units without a decision.
const waitingUnits = `(SELECT coalesce(sum(max(0, i.tied - (SELECT count(*) FROM adjudications a
		WHERE a.item_id = i.id AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.item_id = a.item_id AND r.unit = a.unit)))), 0)
	FROM items i INDEXED BY items_waiting WHERE i.dataset_id = ?1 AND i.open = 0 AND i.tied > 0)
	+ (SELECT count(*) FROM referrals r CROSS JOIN items i ON i.id = r.item_id WHERE i.dataset_id = ?1
		AND NOT EXISTS (SELECT 1 FROM adjudications a WHERE a.item_id = r.item_id AND a.unit = r.unit))`
