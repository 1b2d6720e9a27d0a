package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// Where triage sends an item (items.route): to the judge, whose labels
// are its gold and which no annotator is given, or to people as an audit of
// the judge; an item of neither goes to people as without triage.
const (
	RouteJudge = "judge"
	RouteAudit = "audit"
)

// Triage is a dataset's judge-first triage: an item nobody has had, whose
// every unit Run labels with confidence at least Confidence (and, with
// AgreeWith, that run labels alike), is settled by the judge, except a
// share Audit of them, drawn by AuditDraw with Seed (0: a random one,
// SetTriage), that people label.
type Triage struct {
	Run        string
	Confidence float64
	AgreeWith  string // "" for none
	Audit      float64
	Seed       int64
}

// check refuses a triage no rule can be read from.
func (t Triage) check() error {
	switch {
	case t.Run == "":
		return errors.New("--triage: name the labels run whose confident labels settle items")
	case !(t.Confidence >= 0 && t.Confidence <= 1):
		return fmt.Errorf("--confidence %v: want a number from 0 to 1", t.Confidence)
	case !(t.Audit >= 0 && t.Audit <= 1):
		return fmt.Errorf("--audit %v: want a share from 0 to 1", t.Audit)
	case t.AgreeWith == t.Run:
		return fmt.Errorf("--agree-with %q is the triage run itself: name another run", display.Clean(t.Run))
	}
	return nil
}

// TriageRouted says where a triage sent the dataset's items: of those
// nobody had had (the only ones it routes), how many go to the judge, to
// people as audits, and to people; Kept are the items someone had
// already, which keep the route they had.
type TriageRouted struct {
	Judge, Audit, People, Kept int
}

// AuditDraw is the share in [0, 1) an item is drawn at for the audit: the
// first 8 bytes of SHA-256 of the seed (in decimal), a colon and the
// item's uid, read big-endian and divided by 2^64. An item the judge would
// settle is audited when its draw is below the policy's audit share. It
// depends on nothing but the seed and the uid, so it is the same in any
// order, on any machine, and anyone can recompute it from an export.
func AuditDraw(seed int64, uid string) float64 {
	h := sha256.Sum256([]byte(strconv.FormatInt(seed, 10) + ":" + uid))
	return float64(binary.BigEndian.Uint64(h[:8])) / math.Exp2(64)
}

// NewAuditSeed is a random seed for the audit draw: 63 bits from
// crypto/rand, never 0 (which asks for one).
func NewAuditSeed() int64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return max(1, int64(binary.BigEndian.Uint64(b[:])>>1))
}

// SetTriage makes t the dataset's triage and routes its items nobody has
// had (no HIT, no label) by it, if who is a lead; t nil ends triage and
// sends every judge item back to people. Items someone has had keep their
// route, so an audit stays an audit; items imported later go to people
// until a lead sets triage again.
//
// A Seed of 0 asks for a random one (NewAuditSeed), stored with the
// triage: with the judge items known, a seed anyone could guess (the
// draw being documented) would tell which people items are audits.
func (s *Store) SetTriage(ctx context.Context, who Annotator, datasetID int64, t *Triage) (TriageRouted, error) {
	var out TriageRouted
	if t != nil {
		if err := t.check(); err != nil {
			return out, err
		}
		if t.Seed == 0 {
			drawn := *t
			drawn.Seed = NewAuditSeed()
			t = &drawn
		}
	}
	err := s.tx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActPolicy); err != nil {
			return err
		}
		var err error
		if t == nil {
			err = endTriage(w, datasetID)
		} else if err = requireTask(w, datasetID, "triage"); err == nil {
			out, err = routeItems(w, datasetID, *t)
		}
		if err != nil {
			return err
		}
		return afterRouting(w, datasetID)
	})
	if err != nil {
		return TriageRouted{}, fmt.Errorf("set triage: %w", err)
	}
	return out, nil
}

// CheckTriage checks a triage against the dataset without changing
// anything (its shares, and that its runs are the dataset's labels runs),
// so a command that changes other parts of the policy too can refuse the
// whole before any of it is made; t nil (ending triage) always passes.
func (s *Store) CheckTriage(ctx context.Context, datasetID int64, t *Triage) error {
	if t == nil {
		return nil
	}
	if err := t.check(); err != nil {
		return err
	}
	return s.readTx(ctx, func(w *ptx) error {
		if err := requireTask(w, datasetID, "triage"); err != nil {
			return err
		}
		if _, err := labelsRun(w, datasetID, "--triage", t.Run); err != nil || t.AgreeWith == "" {
			return err
		}
		_, err := labelsRun(w, datasetID, "--agree-with", t.AgreeWith)
		return err
	})
}

// endTriage forgets the dataset's triage and clears every route: judge
// items go to people, audits become items like any other.
func endTriage(w *ptx, datasetID int64) error {
	if _, err := w.exec(`DELETE FROM triage WHERE dataset_id = ?`, datasetID); err != nil {
		return err
	}
	_, err := w.exec(`UPDATE items SET route = NULL WHERE dataset_id = ? AND route IS NOT NULL`, datasetID)
	return err
}

// labelsRun is the id of the dataset's labels run name; flag names what
// asked for it (--triage, an arm) in the error.
func labelsRun(w *ptx, datasetID int64, flag, name string) (int64, error) {
	var id int64
	var kind RunKind
	err := w.scan(`SELECT id, kind FROM runs WHERE dataset_id = ? AND name = ?`, []any{datasetID, name}, &id, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%s: the dataset has no run %q (claritty bench lists its runs)", flag, display.Clean(name))
	}
	if err == nil && kind != RunLabels {
		err = fmt.Errorf("%s: run %q is a %s run; want a labels run", flag, display.Clean(name), kind)
	}
	return id, err
}

// confident is a run's labels of one item by unit, with their confidence.
type confident map[string]RunLabel

// runLabelsByItem reads a run's labels by item and unit.
func runLabelsByItem(w *ptx, runID int64) (map[int64]confident, error) {
	labels, err := runLabels(w.ctx, w, runID)
	if err != nil {
		return nil, err
	}
	out := map[int64]confident{}
	for _, l := range labels {
		if out[l.ItemID] == nil {
			out[l.ItemID] = confident{}
		}
		out[l.ItemID][l.Unit] = l
	}
	return out, nil
}

// ConfidentLabels counts a labels run's labels its file gave a confidence.
func (r *Reading) ConfidentLabels(ctx context.Context, runID int64) (int, error) {
	var n int
	err := r.tx.scan(`SELECT count(confidence) FROM run_labels WHERE run_id = ?`, []any{runID}, &n)
	return n, err
}

// routeItems writes t as the dataset's triage and routes the items nobody
// has had by it.
func routeItems(w *ptx, datasetID int64, t Triage) (TriageRouted, error) {
	var out TriageRouted
	runID, err := labelsRun(w, datasetID, "--triage", t.Run)
	if err != nil {
		return out, err
	}
	var agreeID sql.NullInt64
	var agree map[int64]confident
	if t.AgreeWith != "" {
		if agreeID.Int64, err = labelsRun(w, datasetID, "--agree-with", t.AgreeWith); err != nil {
			return out, err
		}
		agreeID.Valid = true
		if agree, err = runLabelsByItem(w, agreeID.Int64); err != nil {
			return out, err
		}
	}
	judge, err := runLabelsByItem(w, runID)
	if err != nil {
		return out, err
	}
	if _, err := w.exec(`INSERT INTO triage (dataset_id, run_id, confidence, agree_run_id, audit, seed) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (dataset_id) DO UPDATE SET run_id = excluded.run_id, confidence = excluded.confidence,
			agree_run_id = excluded.agree_run_id, audit = excluded.audit, seed = excluded.seed`,
		datasetID, runID, t.Confidence, agreeID, t.Audit, t.Seed); err != nil {
		return out, err
	}
	var kind guidelines.Kind
	if err := w.scan(`SELECT kind FROM datasets WHERE id = ?`, []any{datasetID}, &kind); err != nil {
		return out, err
	}
	p := w.protocol(kind)
	counts, err := unitCounts(w.ctx, w, datasetID)
	if err != nil {
		return out, err
	}
	// Had: a label, or a HIT finished or not given back. A HIT given back
	// with no label is no one's work: counted, anyone could keep items
	// from triage by claiming and giving them back.
	items, err := collect(w.ctx, w, "list items", `SELECT `+itemColumns+`,
		EXISTS (SELECT 1 FROM hits h WHERE h.item_id = items.id AND (h.finished_at IS NOT NULL OR h.given_back_at IS NULL))
			OR EXISTS (SELECT 1 FROM labels l WHERE l.item_id = items.id)
		FROM items WHERE dataset_id = ? ORDER BY seq`, []any{datasetID}, scanItemHad)
	if err != nil {
		return out, err
	}
	for _, it := range items {
		if it.had {
			out.Kept++
			continue
		}
		route := sql.NullString{}
		switch {
		case !judgeSettles(p, it.Item.Shape(counts[it.ID]), judge[it.ID], agree, it.ID, t):
			out.People++
		case AuditDraw(t.Seed, it.UID) < t.Audit:
			route.String, route.Valid = RouteAudit, true
			out.Audit++
		default:
			route.String, route.Valid = RouteJudge, true
			out.Judge++
			// A judge item has no HIT (claritty check): the given-back
			// ones, with no label, go (hit_skips keeps that they were).
			if _, err := w.exec(`DELETE FROM hits WHERE item_id = ? AND given_back_at IS NOT NULL AND finished_at IS NULL`, it.ID); err != nil {
				return out, err
			}
		}
		if _, err := w.exec(`UPDATE items SET route = ? WHERE id = ? AND route IS NOT ?`, route, it.ID, route); err != nil {
			return out, err
		}
	}
	return out, nil
}

// itemHad is an item and whether anyone has had it (a HIT or a label).
type itemHad struct {
	Item
	had bool
}

func scanItemHad(rows *sql.Rows) (it itemHad, err error) {
	it.Item, err = scanItem(rows, &it.had)
	return it, err
}

// judgeSettles is triage's rule for one item: the run labels every unit
// the item's HIT would ask (given the run's own labels, so a unit asked
// only after a yes counts only after the run's yes; a written unit, which
// no run labels, not at all) with confidence at least t.Confidence, and,
// with an agreeing run, that run gives the same label on each of them.
// An item with no such unit is never the judge's.
func judgeSettles(p guidelines.Protocol, shape guidelines.Shape, labels confident, agree map[int64]confident, itemID int64, t Triage) bool {
	values := map[string]int{}
	for u, l := range labels {
		values[u] = l.Value
	}
	asked := 0
	for _, u := range p.Asked(shape, values) {
		if p.TextTypeOf(u) != "" {
			continue
		}
		l, ok := labels[u]
		if !ok || l.Confidence == nil || *l.Confidence < t.Confidence {
			return false
		}
		if agree != nil {
			if a, ok := agree[itemID][u]; !ok || a.Value != l.Value {
				return false
			}
		}
		asked++
	}
	return asked > 0
}

// afterRouting makes every item's open and free marks, and the figures
// kept from them, what the routes now say: a judge item is closed and
// never free, so no search hands it out; an item back with people is
// free again as one nobody has had, so the dataset's first such item is
// looked for from the start.
func afterRouting(w *ptx, datasetID int64) error {
	_, err := w.exec(`UPDATE items SET open = `+openValue+`,
		free = CASE WHEN items.route IS 'judge' THEN 0 ELSE NULL END
		FROM datasets d WHERE items.dataset_id = ?1 AND d.id = ?1
		AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = items.id)`, datasetID)
	if err != nil {
		return err
	}
	if _, err := w.exec(`UPDATE datasets SET fresh_from = 0 WHERE id = ?`, datasetID); err != nil {
		return err
	}
	var task bool
	if err := w.scan(`SELECT purpose = 'task' FROM datasets WHERE id = ?`, []any{datasetID}, &task); err != nil || !task {
		return err
	}
	return recountOpenParts(w, datasetID)
}

// openValue is whether an item of items joined with its dataset d wants
// more annotators: fewer finished than the policy's min, or a tie and
// fewer than its max; never an item triage routed to the judge.
const openValue = `(items.route IS NOT 'judge' AND (items.finished < d.min_annotators OR (items.tied > 0 AND items.finished < d.max_annotators)))`

// TriagePolicy is a dataset's triage as a lead reads it, with its runs'
// ids.
type TriagePolicy struct {
	Triage
	RunID, AgreeRunID int64
}

// TriageRoutes are where a triage sent the dataset's items: each item's
// route by id (judge or audit; people are absent).
type TriageRoutes map[int64]string

// Count is how many items the triage gave the judge and how many it
// audited: the one count policy and the figures both say.
func (r TriageRoutes) Count() (judge, audit int) {
	for _, route := range r {
		switch route {
		case RouteJudge:
			judge++
		case RouteAudit:
			audit++
		}
	}
	return judge, audit
}

// Triage reads the dataset's triage and its items' routes; only a lead's
// reading does (ok false below the lead, or without triage): no other
// reader learns which items were audits.
func (r *Reading) Triage(ctx context.Context) (tp TriagePolicy, routes TriageRoutes, ok bool, err error) {
	if !Allows(r.role, ActPolicy) {
		return tp, nil, false, nil
	}
	var agree sql.NullInt64
	var agreeName sql.NullString
	err = r.tx.scan(`SELECT t.run_id, r.name, t.confidence, t.agree_run_id, a.name, t.audit, t.seed
		FROM triage t JOIN runs r ON r.id = t.run_id LEFT JOIN runs a ON a.id = t.agree_run_id WHERE t.dataset_id = ?`,
		[]any{r.dataset}, &tp.RunID, &tp.Run, &tp.Confidence, &agree, &agreeName, &tp.Audit, &tp.Seed)
	if errors.Is(err, sql.ErrNoRows) {
		return tp, nil, false, nil
	}
	if err != nil {
		return tp, nil, false, err
	}
	tp.AgreeRunID, tp.AgreeWith = agree.Int64, agreeName.String
	routes = TriageRoutes{}
	err = eachRow(ctx, r.tx, `SELECT id, route FROM items WHERE dataset_id = ? AND route IS NOT NULL`, []any{r.dataset},
		func(rows *sql.Rows) error {
			var id int64
			var route string
			err := rows.Scan(&id, &route)
			routes[id] = route
			return err
		})
	return tp, routes, err == nil, err
}

// JudgeGold is the triage run's labels of the items routed to the judge,
// by item and unit: their gold, provenance judge. A reading that may not
// see gold gets none (and EachGoldRow, which every gold reads, refuses it),
// nor does a reading below the lead: the run's labels would carry its
// figures (and reach a blind arm's reader), and gold on items nobody
// labelled says triage routed them. To such a reader a judge item is one
// nobody has labelled yet.
func (r *Reading) JudgeGold(ctx context.Context) (map[int64]map[string]int, error) {
	if r.votesAllowed() != nil || !Allows(r.role, ActPolicy) {
		return nil, nil
	}
	out := map[int64]map[string]int{}
	err := eachRow(ctx, r.tx, `SELECT l.item_id, l.unit, l.value FROM triage t
		JOIN items i ON i.dataset_id = t.dataset_id AND i.route = 'judge'
		JOIN run_labels l ON l.run_id = t.run_id AND l.item_id = i.id
		WHERE t.dataset_id = ?`, []any{r.dataset}, func(rows *sql.Rows) error {
		var id int64
		var unit string
		var v int
		if err := rows.Scan(&id, &unit, &v); err != nil {
			return err
		}
		if out[id] == nil {
			out[id] = map[string]int{}
		}
		out[id][unit] = v
		return nil
	})
	return out, err
}
