package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// FormatTime writes t the way the store keeps timestamps (UTC, millisecond,
// sortable as text), so times read from a file compare with stored ones.
func FormatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

// ItemRef is what a merge needs to know about an item: which it is and what
// its HIT asks for.
type ItemRef struct {
	ID        int64
	DatasetID int64
	Kind      guidelines.Kind // the dataset's task kind
	Question  string          // raw, as imported
	Answers   int             // non-empty candidate answers
	Nuggets   int             // an answer's gold nuggets
	Rows      int             // a protocol file's item's rows (item_rows)
	Meta      string          // its meta: a protocol file's item's fields its steps' conditions read
	Pair      bool            // a compare item
	FirstIsA  bool            // a pair whose first system's output shows as A
	// Protocol is the kind's, as the item's database has it: the store
	// fills it (a ref made by hand must, or it asks nothing).
	Protocol guidelines.Protocol
	// units are Units, worked out once for a ref a merge keeps (withUnits):
	// a merge checks each of the item's many labels against them, twice,
	// and working them out from the protocol's steps was 7% of its CPU.
	units []string
}

// withUnits is the ref with its units worked out once.
func (r ItemRef) withUnits() ItemRef {
	r.units = r.Protocol.Units(r.shape())
	return r
}

func (r ItemRef) shape() guidelines.Shape {
	return guidelines.Shape{Question: r.Question, Answers: r.Answers, Nuggets: r.Nuggets, Rows: r.Rows, Fields: r.Meta}
}

// Units lists the units the item's HIT may ask for.
func (r ItemRef) Units() []string {
	if r.units != nil {
		return slices.Clone(r.units)
	}
	return r.Protocol.Units(r.shape())
}

// asks says whether the item's HIT asks for unit.
func (r ItemRef) asks(unit string) bool {
	if r.units != nil {
		return slices.Contains(r.units, unit)
	}
	return slices.Contains(r.Units(), unit)
}

// CheckUnit refuses a unit the item's HIT never asks: one its kind does
// not have, or one past what the item holds (a landing page past a pane's
// answers, a turn past a conversation's, a list element or a grouped row
// past a protocol file's item). A MIMICS release may label a generic
// question, which claritty's HIT leaves out, so a pane's question is
// always a unit of it.
func (r ItemRef) CheckUnit(unit string) error {
	p := r.Protocol
	if !p.HasUnit(unit) {
		return fmt.Errorf("unit %q is not one of %s", unit, strings.Join(p.AllUnits, ", "))
	}
	if (r.Kind == guidelines.MIMICS.Kind && unit == "question") || r.asks(unit) {
		return nil
	}
	return fmt.Errorf("%s, so no %s", r.holds(unit), unit)
}

// holds says how many of what unit counts the item has.
func (r ItemRef) holds(unit string) string { return r.Protocol.Holds(r.shape(), unit) }

// Complete says whether labels (values by unit) are a whole HIT of the
// item: every step that applies to them is labelled.
func (r ItemRef) Complete(labels map[string]int) bool {
	return r.Protocol.Complete(r.shape(), labels)
}

// MergedLabel is one label from another database.
type MergedLabel struct {
	Item      ItemRef
	Unit      string
	Annotator string
	Value     int
	Text      string // a written answer's words (Value 0); "" on a scale
	// AsSeen: a pair's label from the side shown as A (A, tie, B), as a
	// file written below the lead gives it; Add turns it to the first
	// system's side.
	AsSeen    bool
	CreatedAt string   // FormatTime; "" when the file has none
	UpdatedAt string   // when it got this value; "" wins over any stored label (stored as now)
	Seconds   *float64 // time spent, when known
	// Line is the label's line in the file, which an error at Commit
	// names (LineError); 0 when there is none to name.
	Line int
}

// LineError is a merge's refusal of the label a file gave at Line
// (MergedLabel.Line), found once every label was in: whether a label's
// condition holds is known only then, a file's rows being in any order.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return e.Err.Error() }
func (e *LineError) Unwrap() error { return e.Err }

// MergeStats counts what a merge did with each label.
type MergeStats struct {
	Added     int // new (item, unit, annotator)
	Changed   int // differed from the stored label and was newer: replaced it
	Same      int // the stored label already had this value
	KeptNewer int // differed, but the stored label is newer and stays
	// Withdrawn counts the labels taken away because the merge changed an
	// answer they waited for (the file's newer no on the yes they followed),
	// or, once in, stood without it.
	Withdrawn int
	Finished  int // HITs the merged labels completed
	// PastMax counts the items the merge left with more finished HITs
	// than their policy's max: merged work counts, though claritty would
	// not have handed those HITs out (claritty check notes them).
	PastMax int
}

// ErrAmbiguous means an item uid names panes in more than one dataset.
var ErrAmbiguous = errors.New("is in more than one dataset")

// Merger adds labels from another database in one transaction: all of them
// or (on Rollback) none.
type Merger struct {
	s          *Store
	w          *ptx            // the transaction with its statements prepared
	ctx        context.Context // the caller's, without its cancel (mergeTx)
	caller     context.Context // the caller's: each label and item asks whether it was cancelled
	tx         *mergeTx        // for its end, its named statements and its schema changes
	datasetID  int64           // 0: items are looked up in every dataset
	now        string
	who        Annotator          // who merges: the actor of every history row
	role       string             // who's role when the merge began, in its transaction
	pairs      bool               // that role names pairs by their systems (ActPairSystems)
	blind      map[string][]int64 // compare items by blind id, once a row gives one
	unlock     func()             // ends the merge's connection and lets this process's other writers on, once
	annotators map[string]int64
	touched    map[hitKey]bool     // (item, annotator) pairs the file labels
	items      map[string]*ItemRef // found so far: a file labels each item many times
	labels     map[int64]*mergeItem
	stmts      map[string]*sql.Stmt
	rows       *mergeRows       // new labels and history rows, a chunk a statement, straight to the driver
	triggers   []string         // the kind triggers' SQL, set aside while the merge writes
	order      []int64          // items in the order the file first labels them
	done       map[[2]int64]int // HITs the merge finished, by dataset and annotator
	found      map[int64]string // the uid (a key of items) of each item Item found: its ref needs no second read
	stamps     [2]stampMemo     // the latest times read (updated, created): a file's rows share them
	ownIDs     *bool            // whether an item of the merge's datasets has an own id (haveOwnIDs), once asked
	stats      MergeStats
	voting     map[int64]*mergeDataset // each dataset's gold rule and blind voters, read at its first refresh
	scope      mergeScope              // whether the datasets' panes were read at once (readScope)
	hitUnits   map[string]int          // an annotator's labels on an item by unit, for its HIT (recordHIT)
	pastMax    []int64                 // items the merge finished a HIT of, asked at the end (countPastMax)
}

// stampMemo is the latest stored time read and its Unix milliseconds.
type stampMemo struct {
	s  string
	ms int64
}

// stamp is the time s as Unix milliseconds, read once for a run of
// labels that share it.
func (sm *stampMemo) stamp(s string) (int64, error) {
	if s == sm.s && s != "" {
		return sm.ms, nil
	}
	ms, err := stamp(s)
	if err == nil {
		sm.s, sm.ms = s, ms
	}
	return ms, err
}

type hitKey struct{ item, annotator int64 }

// mergeItem is an item's labels as the merge goes: read once, at the
// first of its labels in the file, then kept in step with every write, so
// a label costs one insert (and its history row) rather than a lookup
// too, and its HITs are dated at commit without reading the labels again.
//
// Its labels take 32 bytes each (a unit's index, times as milliseconds),
// so a merge's memory grows with the items it touches, not with the text
// of the file's rows: a 300,000-row merge once peaked at 1.44 GB.
type mergeItem struct {
	ref    *ItemRef      // shared with Merger.items
	labels []storedLabel // a few per annotator: found by a walk
	who    []int64       // annotators the file labels it for, in file order
	// stored is the item's stored part of the agreement table and the
	// open_parts rows it is in, as read with its labels (nil: both ""):
	// only its refresh at commit writes them (refreshMerged). A pointer,
	// so a mergeItem stays in its 64-byte size class.
	stored *storedParts
}

// storedParts is an item's patterns and parts_by as stored.
type storedParts struct{ patterns, partsBy string }

type storedLabel struct {
	unit  int32 // index into Units
	value int16
	// hit is the annotator's HIT on the item as read with the label
	// (hitNone, hitOpen, hitDone), for its votes at commit; it fits in
	// what would be padding.
	hit uint8
	// line is where the file gave the label (-1: given with no line), 0
	// for a label only the database has; it fits in what would be
	// padding, so a label still takes 32 bytes.
	line             int32
	annotator        int64
	created, updated int64 // Unix milliseconds (stamp)
}

// fileLine is a file's line as a label keeps it: -1 for none known.
func fileLine(line int) int32 {
	if line <= 0 {
		return -1
	}
	return int32(min(line, math.MaxInt32))
}

// fromFile says whether the file gives the label.
func (l storedLabel) fromFile() bool { return l.line != 0 }

// find is the index of the annotator's label on unit, or -1.
func (it *mergeItem) find(unit int32, annotator int64) int {
	for i, l := range it.labels {
		if l.unit == unit && l.annotator == annotator {
			return i
		}
	}
	return -1
}

// stamp is a stored time (timeFormat) as Unix milliseconds, which order
// as the text does; unstamp writes it back.
func stamp(s string) (int64, error) {
	t, err := time.Parse(timeFormat, s)
	if err != nil {
		return 0, fmt.Errorf("time %q: %w", s, err)
	}
	return t.UnixMilli(), nil
}

func unstamp(ms int64) string { return FormatTime(time.UnixMilli(ms)) }

// BeginMerge starts a merge by who into the named dataset, or into
// whichever dataset holds each item when dataset is "". A lead may merge
// anyone's labels; anyone else only their own, on items the policy has
// room for them on, as if they had keyed them.
func (s *Store) BeginMerge(ctx context.Context, who Annotator, dataset string) (*Merger, error) {
	// A connection of its own, so the merge's larger page cache (prepare)
	// goes back to SQLite's default before the pool lends it to others.
	conn, unlock, err := s.ownConn(ctx, func(ctx context.Context, conn *sql.Conn) {
		conn.ExecContext(ctx, `PRAGMA cache_size = -2000`)
	})
	if err != nil {
		return nil, fmt.Errorf("begin merge: %w", err)
	}
	caller := ctx
	ctx = context.WithoutCancel(ctx)
	tx, err := beginMergeTx(ctx, conn)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("begin merge: %w", err)
	}
	w := &ptx{conn: conn, ctx: ctx, local: map[string]*sql.Stmt{}, s: s}
	end := func() {
		closeAll(w.local)
		tx.Rollback()
		unlock()
	}
	if err := schemaHeld(ctx, conn); err != nil {
		end()
		return nil, fmt.Errorf("begin merge: %w", err)
	}
	role, err := roleOf(ctx, w, who.ID)
	if err != nil {
		end()
		return nil, fmt.Errorf("begin merge: %w", err)
	}
	m := &Merger{s: s, ctx: ctx, caller: caller, tx: tx, w: w, now: s.now(), who: who, role: role, pairs: Allows(role, ActPairSystems), unlock: unlock,
		annotators: map[string]int64{}, touched: map[hitKey]bool{}, items: map[string]*ItemRef{},
		labels: map[int64]*mergeItem{}, stmts: map[string]*sql.Stmt{}, done: map[[2]int64]int{}, found: map[int64]string{}}
	if dataset != "" {
		err := w.QueryRowContext(ctx, `SELECT id FROM datasets WHERE name = ?`, dataset).Scan(&m.datasetID)
		if errors.Is(err, sql.ErrNoRows) {
			m.Rollback()
			return nil, fmt.Errorf("dataset %q: %w", dataset, ErrNotFound)
		}
		if err != nil {
			m.Rollback()
			return nil, fmt.Errorf("begin merge: %w", err)
		}
	}
	return m, nil
}

// mergeTx is a merge's transaction, begun and ended by hand on the merge's
// own connection rather than as a *sql.Tx, its statements run under a
// context that cannot be cancelled: database/sql starts a goroutine for
// every query in a *sql.Tx, to watch its end, and the SQLite driver one
// for every statement under a context that can be cancelled (the CLI's).
// A merge runs two statements a label and some fifteen an item: those
// goroutines were more than half of the CLI's merge. The merge asks its
// caller's context instead, at each label and item.
type mergeTx struct {
	conn *sql.Conn
	ctx  context.Context
	open bool
}

// beginMergeTx begins the transaction as the store's do (_txlock=immediate):
// it holds the write lock from the start.
func beginMergeTx(ctx context.Context, conn *sql.Conn) (*mergeTx, error) {
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		return nil, err
	}
	return &mergeTx{conn: conn, ctx: ctx, open: true}, nil
}

func (t *mergeTx) Commit() error {
	if _, err := t.conn.ExecContext(t.ctx, `COMMIT`); err != nil {
		return err
	}
	t.open = false
	return nil
}

// Rollback ends the transaction unless it committed; safe to call again.
func (t *mergeTx) Rollback() {
	if t.open {
		t.conn.ExecContext(t.ctx, `ROLLBACK`)
		t.open = false
	}
}

// closeAll closes statements prepared on the merge's connection, before it
// goes back to the pool.
func closeAll(stmts map[string]*sql.Stmt) {
	for q, st := range stmts {
		st.Close()
		delete(stmts, q)
	}
}

// Item finds the pane a label belongs to by its uid (a pair also by its
// blind id; below the lead only by that): ErrNotFound when no dataset (or
// not the merge's) has it, ErrAmbiguous when several do.
func (m *Merger) Item(uid string) (ItemRef, error) {
	if r, ok := m.items[uid]; ok {
		return *r, nil
	}
	if err := m.readScope(); err != nil {
		return ItemRef{}, err
	}
	if r, ok := m.items[uid]; ok {
		return *r, nil
	}
	r, err := m.findItem(uid)
	if err == nil {
		r = r.withUnits()
		uid = strings.Clone(uid) // not the row's line
		m.items[uid] = &r        // the item's mergeItem shares it
		m.found[r.ID] = uid
	}
	return r, err
}

// findItem looks the uid up dataset by dataset, so each lookup is one
// probe of the (dataset_id, uid) index rather than a scan of every item;
// then as an item's own id (ownids.go), one probe more.
func (m *Merger) findItem(uid string) (ItemRef, error) {
	refs, err := m.refsByUID(uid)
	if err != nil {
		return ItemRef{}, err
	}
	var own []ItemRef
	ownIDs, err := m.haveOwnIDs()
	if err != nil {
		return ItemRef{}, err
	}
	if ownIDs {
		if own, err = m.refsByUID(FileItemUID(uid)); err != nil {
			return ItemRef{}, err
		}
	}
	// An item whose uid is its id as written was found by its uid above;
	// its hash names nothing.
	own = slices.DeleteFunc(own, func(r ItemRef) bool { return OwnIDUID(r.Protocol, uid) != FileItemUID(uid) })
	switch {
	case len(own) > 0 && len(refs) > 0 && !sameRefs(own, refs):
		return ItemRef{}, UIDOrIDError(uid, FileItemUID(uid))
	case len(own) > 0:
		refs = own
	}
	named := len(refs)
	if !m.pairs {
		refs = slices.DeleteFunc(refs, func(r ItemRef) bool { return r.Pair })
	}
	byName := named - len(refs) // pairs named by their systems, to someone below the lead
	if isBlindID(uid) {
		more, err := m.blindItem(uid)
		if err != nil {
			return ItemRef{}, err
		}
		refs = append(refs, more...)
	}
	switch {
	case len(refs) == 1:
		return refs[0], nil
	case len(refs) > 1:
		return ItemRef{}, ErrAmbiguous
	case byName > 0:
		return ItemRef{}, errPairByName(uid)
	case isBlindID(uid):
		return ItemRef{}, errForeignPair(uid)
	}
	return ItemRef{}, ErrNotFound
}

// haveOwnIDs says whether an item of the merge's datasets may be named by
// its own id: whether one's kind has one id column. Asked once: a merge
// of panes, which have none, then looks each uid up once, not twice.
func (m *Merger) haveOwnIDs() (bool, error) {
	if m.ownIDs != nil {
		return *m.ownIDs, nil
	}
	kinds, err := collect(m.ctx, m.w, "find item", `SELECT DISTINCT kind FROM datasets WHERE purpose = 'task' AND (?1 = 0 OR id = ?1)`,
		[]any{m.datasetID}, func(rows *sql.Rows) (guidelines.Kind, error) {
			var k guidelines.Kind
			return k, rows.Scan(&k)
		})
	if err != nil {
		return false, err
	}
	own := slices.ContainsFunc(kinds, func(k guidelines.Kind) bool {
		_, ok := m.w.protocol(k).OwnIDColumn()
		return ok
	})
	m.ownIDs = &own
	return own, nil
}

// sameRefs says whether a and b are the same items.
func sameRefs(a, b []ItemRef) bool {
	ids := func(rs []ItemRef) []int64 {
		out := make([]int64, len(rs))
		for i, r := range rs {
			out[i] = r.ID
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(ids(a), ids(b))
}

// refsByUID are the items of the merge's datasets (all task datasets, or
// its one) with the uid, two at most: one more than an answer needs.
func (m *Merger) refsByUID(uid string) ([]ItemRef, error) {
	return collect(m.ctx, m.w, "find item", `SELECT `+refColumns+`
		FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id IN (SELECT id FROM datasets WHERE purpose = 'task' AND (?2 = 0 OR id = ?2)) AND i.uid = ?1 LIMIT 2`,
		[]any{uid, m.datasetID}, func(rows *sql.Rows) (ItemRef, error) { return scanRef(rows, m.w.kindSet()) })
}

// blindItem finds the pairs with a blind id; the merge's pairs are named
// once, at the first row that gives one.
func (m *Merger) blindItem(id string) ([]ItemRef, error) {
	if m.blind == nil {
		var err error
		if m.blind, err = blindPairs(m.ctx, m.w, m.datasetID); err != nil {
			return nil, err
		}
	}
	var out []ItemRef
	for _, itemID := range m.blind[id] {
		ref, err := itemRef(m.ctx, m.w, itemID, m.w.kindSet())
		if err != nil {
			return nil, fmt.Errorf("find item: %w", err)
		}
		out = append(out, ref)
	}
	return out, nil
}

// firstSide is the label's value as stored, from a pair's first system's
// side. Below the lead a pair's label comes only as seen: a merge that
// took "win" and then showed the HIT as "A better" would say which system
// wrote A.
func (m *Merger) firstSide(ref ItemRef, l MergedLabel) (int, error) {
	switch {
	case l.AsSeen && !ref.Pair:
		return 0, fmt.Errorf("a label as seen (A, tie, B) is a pair's, and the item is not a pair")
	case l.AsSeen:
		return guidelines.SeenSide(l.Value, ref.FirstIsA), nil
	case ref.Pair && !m.pairs && l.Value != guidelines.PreferTie:
		return 0, fmt.Errorf("%w: a pair's label from the first system's side is for leads; below the lead it is "+
			"the side you saw: A, tie or B, as your own export writes it", ErrNotAllowed)
	}
	return l.Value, nil
}

// Add merges one label. The newest value wins: a label that differs from
// the stored one replaces it only if it changed later, and the change goes
// into the history like any other. A label equal to the stored one adds
// nothing, so merging a file twice is the same as merging it once.
func (m *Merger) Add(l MergedLabel) error {
	if err := m.caller.Err(); err != nil {
		return err
	}
	if err := m.mayMerge(l); err != nil {
		return err
	}
	ann, err := m.annotator(l.Annotator)
	if err != nil {
		return err
	}
	at, newest := l.UpdatedAt, l.UpdatedAt == ""
	if newest {
		at = m.now
	}
	created := l.CreatedAt
	if created == "" || created > at {
		created = at
	}
	if err := m.prepare(); err != nil {
		return err
	}
	it, err := m.item(l.Item)
	if err != nil {
		return err
	}
	// The kind triggers are set aside during the merge (prepare): their
	// rule, and more, against the item as the database has it: a unit its
	// own HIT asks, not merely one of its kind.
	if err := it.ref.CheckUnit(l.Unit); err != nil {
		return err
	}
	if l.Value, err = m.firstSide(*it.ref, l); err != nil {
		return err
	}
	if p := it.ref.Protocol; !p.Valid(l.Unit, l.Value) {
		return fmt.Errorf("%d is not a label of unit %q", l.Value, l.Unit)
	}
	if err := it.ref.choiceFits(l.Unit, l.Value); err != nil {
		return err
	}
	if err := checkAnswer(it.ref.Protocol, l.Unit, l.Value, l.Text); err != nil {
		return err
	}
	unit := int32(m.w.kindSet().UnitIndex(l.Unit))
	atMS, err := m.stamps[0].stamp(at)
	if err != nil {
		return err
	}
	createdMS, err := m.stamps[1].stamp(created)
	if err != nil {
		return err
	}
	i := it.find(unit, ann)
	var old *int
	oldText := ""
	if i >= 0 {
		// The label is in the table, not waiting, for what reads or
		// changes it below.
		if err := m.rows.flushLabels(); err != nil {
			return err
		}
	}
	if i >= 0 && l.Text != "" {
		// A written answer's words are read only when they matter: the
		// merge keeps no text in memory.
		if err := m.tx.conn.QueryRowContext(m.ctx, `SELECT coalesce(text, '') FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ?`,
			l.Item.ID, l.Unit, ann).Scan(&oldText); err != nil {
			return err
		}
	}
	switch {
	case i < 0:
		err = m.rows.insertLabel(l.Line, l.Item.ID, l.Unit, ann, l.Value, created, at, plainSeconds(l.Seconds), plainText(l.Text))
		it.labels = append(it.labels, storedLabel{unit: unit, annotator: ann, created: createdMS})
		i = len(it.labels) - 1
		m.stats.Added++
	case int(it.labels[i].value) == l.Value && oldText == l.Text:
		// The file gives this label too: a condition it ends in the
		// file is the file's own contradiction (keepConditions).
		it.labels[i].line = fileLine(l.Line)
		m.stats.Same++
		return nil
	case !newest && atMS <= it.labels[i].updated:
		m.stats.KeptNewer++
		return nil
	default:
		v := int(it.labels[i].value)
		old = &v
		_, err = m.stmts[mergeUpdate].ExecContext(m.ctx, l.Value, at, plainSeconds(l.Seconds), plainText(l.Text), l.Item.ID, l.Unit, ann)
		m.stats.Changed++
	}
	if err != nil {
		return err
	}
	if err := m.rows.history(l.Item.ID, l.Unit, ann, plainInt(old), int64(l.Value), at, plainText(oldText), plainText(l.Text)); err != nil {
		return err
	}
	it.labels[i].value, it.labels[i].updated = int16(l.Value), atMS
	it.labels[i].line = fileLine(l.Line)
	k := hitKey{l.Item.ID, ann}
	if !m.touched[k] {
		m.touched[k] = true
		it.who = append(it.who, ann)
	}
	return nil
}

// plainText, plainSeconds and plainInt give a statement a value as a plain
// string, float or int, or nil for none: database/sql reads a Valuer (as
// nullText's) or a pointer by calling it or by reflection, for every
// argument of a label's two inserts.
func plainText(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func plainSeconds(s *float64) any {
	if s == nil {
		return nil
	}
	return *s
}

func plainInt(v *int) any {
	if v == nil {
		return nil
	}
	return int64(*v)
}

// item is the merge's view of an item's labels, read at its first label.
func (m *Merger) item(ref ItemRef) (*mergeItem, error) {
	if it, ok := m.labels[ref.ID]; ok {
		return it, nil
	}
	// The item as the database has it, not as the caller says: the merge's
	// counters are kept by its dataset, its labels checked by its kind and
	// what it holds (answers, turns, rows). A ref Item found is that
	// already: read in this transaction.
	id := ref.ID
	found, ok := m.foundRef(ref)
	if !ok {
		read, err := scanRef(m.stmts[mergeRef].QueryRowContext(m.ctx, id), m.w.kindSet())
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("item %d: %w", id, ErrNotFound)
		}
		if err != nil {
			return nil, err
		}
		read = read.withUnits()
		found = &read
	}
	ref = *found
	it := &mergeItem{ref: found}
	if ok && m.blankItem(id) {
		// Read with the merge's panes: not judged, nothing stored.
		m.labels[ref.ID] = it
		m.order = append(m.order, ref.ID)
		return it, nil
	}
	if err := m.notJudged(it); err != nil {
		return nil, err
	}
	rows, err := m.stmts[mergeLoad].QueryContext(m.ctx, ref.ID)
	err = eachOf(rows, err, func(rows *sql.Rows) error {
		var unit, created, updated string
		var l storedLabel
		if err := rows.Scan(&unit, &l.annotator, &l.value, &created, &updated, &l.hit); err != nil {
			return err
		}
		l.unit = int32(m.w.kindSet().UnitIndex(unit))
		var err error
		if l.created, err = stamp(created); err != nil {
			return err
		}
		if l.updated, err = stamp(updated); err != nil {
			return err
		}
		it.labels = append(it.labels, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	m.labels[ref.ID] = it
	m.order = append(m.order, ref.ID)
	return it, nil
}

// foundRef is the item as Item found it in this transaction, when it did:
// read from the database as item would read it, whatever the caller's
// copy says, and nothing but the merge writes to it until the merge ends.
func (m *Merger) foundRef(ref ItemRef) (*ItemRef, bool) {
	uid, ok := m.found[ref.ID]
	return m.items[uid], ok
}

// notJudged refuses a label on an item triage gave the judge: such an item
// has no HIT and its gold is the run's, so a label there would stand
// outside both (and claritty check would find a HIT where none may be).
// Below the lead mayMerge has already refused it as an item with no room.
// It reads the item's stored part and open_parts rows for its refresh too.
func (m *Merger) notJudged(it *mergeItem) error {
	var uid string
	var judged bool
	var parts storedParts
	err := m.stmts[mergeJudged].QueryRowContext(m.ctx, it.ref.ID).Scan(&judged, &uid, &parts.patterns, &parts.partsBy)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	case !judged:
		if parts != (storedParts{}) {
			it.stored = &parts
		}
		return nil
	}
	return fmt.Errorf("item %s is settled by the judge (policy --triage): it takes no labels while triage routes it; "+
		"end the triage (policy --triage none) to label it", uid)
}

// mayMerge refuses a label under someone else's name unless the merger is
// a lead, and holds the item for a non-lead the first time they merge onto
// it, so their labels never put more annotators on an item than its policy
// asks for.
func (m *Merger) mayMerge(l MergedLabel) error {
	if Allows(m.role, ActMergeOthers) {
		return nil
	}
	if l.Annotator != m.who.Name {
		err := refusal(m.ctx, m.w, m.who.ID, m.role, permissions[ActMergeOthers])
		return fmt.Errorf("this label is %s's: %w", l.Annotator, err)
	}
	if _, held := m.touched[hitKey{l.Item.ID, m.who.ID}]; held {
		return nil
	}
	if m.rows != nil {
		// The hold reads the item's labels: the waiting ones go in first.
		if err := m.rows.flushLabels(); err != nil {
			return err
		}
	}
	if _, _, err := holdHIT(m.w, m.s, l.Item.ID, m.who.ID, 0); err != nil {
		return fmt.Errorf("item %d: %w", l.Item.ID, err)
	}
	return nil
}

func (m *Merger) annotator(name string) (int64, error) {
	if id, ok := m.annotators[name]; ok {
		return id, nil
	}
	id, err := m.s.ensureAnnotator(m.ctx, m.w, name)
	if err != nil {
		return 0, err
	}
	m.annotators[name] = id
	return id, nil
}

// Commit records the HITs the merged labels started or finished, so
// assignment counts the annotators who did them elsewhere, and makes the
// merge visible at once. complete says whether an annotator's labels on an
// item (by unit) are a whole HIT.
func (m *Merger) Commit(complete func(ItemRef, map[string]int) bool) (MergeStats, error) {
	defer m.unlock()
	defer m.tx.Rollback()
	defer m.closeStmts()
	w := m.w
	// The items' agreement patterns change the dataset's table once, at
	// the end, rather than item by item.
	w.deltas, w.openDeltas = map[patternKey]int{}, map[partKey]int{}
	// The labels and history rows still waiting go in first, before the
	// withdrawals' and anything that reads them.
	if m.rows != nil {
		if err := m.rows.flush(); err != nil {
			return m.stats, fmt.Errorf("commit merge: %w", err)
		}
	}
	for _, id := range m.order {
		if err := m.caller.Err(); err != nil {
			return m.stats, fmt.Errorf("commit merge: %w", err)
		}
		it := m.labels[id]
		finished := m.stats.Finished
		for _, ann := range it.who {
			if err := m.keepConditions(it, ann); err != nil {
				return m.stats, fmt.Errorf("commit merge: %w", err)
			}
			hit, err := m.recordHIT(it, ann, complete)
			if err != nil {
				return m.stats, fmt.Errorf("commit merge: %w", err)
			}
			it.setHIT(ann, hit)
		}
		// Once per item, however many annotators' HITs the file holds.
		if len(it.who) > 0 {
			if err := m.refreshMerged(it); err != nil {
				return m.stats, fmt.Errorf("commit merge: %w", err)
			}
		}
		if m.stats.Finished > finished {
			m.pastMax = append(m.pastMax, id)
		}
	}
	if err := m.countPastMax(); err != nil {
		return m.stats, fmt.Errorf("commit merge: %w", err)
	}
	if err := flushPatterns(w); err != nil {
		return m.stats, fmt.Errorf("commit merge: %w", err)
	}
	for k, n := range m.done {
		if _, err := m.w.ExecContext(m.ctx, doneAddTo, k[0], k[1], n); err != nil {
			return m.stats, fmt.Errorf("commit merge: %w", err)
		}
	}
	for _, trigger := range m.triggers {
		if _, err := m.tx.conn.ExecContext(m.ctx, trigger); err != nil {
			return m.stats, fmt.Errorf("commit merge: %w", err)
		}
	}
	if err := m.tx.Commit(); err != nil {
		return m.stats, fmt.Errorf("commit merge: %w", err)
	}
	return m.stats, nil
}

// Rollback discards the merge; safe after Commit.
func (m *Merger) Rollback() {
	m.closeStmts()
	m.tx.Rollback()
	m.unlock()
}

// The statements run once per label or item, prepared once per merge: a
// 150,000-label file spent most of its time preparing them again.
const (
	mergeRef    = refByID
	mergeJudged = `SELECT route IS 'judge', uid, patterns, parts_by FROM items WHERE id = ?`
	// An item's labels, each with its annotator's HIT (hitNone, hitOpen,
	// hitDone): what its votes at commit count (refreshMerged).
	mergeLoad = `SELECT l.unit, l.annotator_id, l.value, l.created_at, l.updated_at,
		CASE WHEN h.item_id IS NULL THEN 0 WHEN h.finished_at IS NULL THEN 1 ELSE 2 END
		FROM labels l LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id WHERE l.item_id = ?`
	mergeUpdate = `UPDATE labels SET value = ?, updated_at = ?, seconds = coalesce(?, seconds), text = ?
		WHERE item_id = ? AND unit = ? AND annotator_id = ?`
	// A HIT the merge touched moves its revision on (migration 0015), so
	// a window that shows it open refuses its next key and reloads.
	mergeHIT = `INSERT INTO hits
		(item_id, annotator_id, started_at, serp_reviewed, finished_at, touched_at) VALUES (?1, ?2, ?3, ?4, ?4, ?5)
		ON CONFLICT DO UPDATE SET finished_at = coalesce(hits.finished_at, excluded.finished_at),
			serp_reviewed = coalesce(hits.serp_reviewed, excluded.serp_reviewed),
			touched_at = max(coalesce(hits.touched_at, ''), excluded.touched_at),
			rev = hits.rev + 1
		WHERE hits.finished_at IS NULL`
	mergeRev = `UPDATE hits SET rev = rev + 1 WHERE item_id = ? AND annotator_id = ?`
	// How many of the items (a JSON array of ids) have more finished HITs
	// than their policy's max.
	mergePastMax = `SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.id IN (SELECT value FROM json_each(?)) AND i.finished > d.max_annotators`
)

// prepare makes the merge's statements and sets the labels' kind triggers
// aside until Commit: their RAISE makes SQLite keep a statement journal for
// every insert, whose memory was most of a merge's time. Add checks each
// label's unit and value against its item's kind instead, and the
// triggers are back in the same transaction, so no other writer ever sees
// the table without them.
func (m *Merger) prepare() error {
	if len(m.stmts) > 0 {
		return nil
	}
	for _, name := range []string{"labels_kind", "labels_kind_update", "labels_text", "labels_text_update"} {
		var sql string
		err := m.tx.conn.QueryRowContext(m.ctx, `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`, name).Scan(&sql)
		if err != nil {
			return fmt.Errorf("read the labels' kind trigger %s: %w", name, err)
		}
		if _, err := m.tx.conn.ExecContext(m.ctx, `DROP TRIGGER `+name); err != nil {
			return err
		}
		m.triggers = append(m.triggers, sql)
	}
	// The merge's pages stay in memory until commit: with SQLite's
	// default 2 MB cache they were spilled and read back all the time.
	if _, err := m.tx.conn.ExecContext(m.ctx, `PRAGMA cache_size = -262144`); err != nil {
		return err
	}
	m.rows = newMergeRows(m.tx.conn, m.who.ActorID())
	for _, q := range []string{mergeRef, mergeJudged, mergeLoad, mergeUpdate, mergeRev} {
		st, err := m.tx.conn.PrepareContext(m.ctx, q)
		if err != nil {
			return err
		}
		m.stmts[q] = st
	}
	return nil
}

func (m *Merger) closeStmts() {
	if m.rows != nil {
		m.rows.close()
	}
	closeAll(m.stmts)
	closeAll(m.w.local)
}

// recordHIT gives the annotator a HIT row on the item dated by their
// labels: finished when the labels are complete, else open (and released
// to others once its lease has run out, like any idle HIT).
// It says what the HIT is now: hitOpen or hitDone.
func (m *Merger) recordHIT(it *mergeItem, ann int64, complete func(ItemRef, map[string]int) bool) (uint8, error) {
	// One map for every HIT: complete and conditionsMet only read it.
	if m.hitUnits == nil {
		m.hitUnits = map[string]int{}
	}
	units := m.hitUnits
	clear(units)
	var firstMS, lastMS int64
	for _, l := range it.labels {
		if l.annotator != ann {
			continue
		}
		units[m.w.kindSet().Units()[l.unit]] = int(l.value)
		if len(units) == 1 || l.created < firstMS {
			firstMS = l.created
		}
		lastMS = max(lastMS, l.updated)
	}
	first, last := unstamp(firstMS), unstamp(lastMS)
	if err := conditionsMet(*it.ref, units); err != nil {
		return 0, fmt.Errorf("item %d, annotator %d: %w", it.ref.ID, ann, err)
	}
	var finished any
	if complete(*it.ref, units) {
		finished = last
	}
	n, err := m.rows.hit(it.ref.ID, ann, first, finished, last)
	if err != nil {
		return 0, err
	}
	switch {
	case n == 0: // finished before: only its revision moves
		_, err = m.stmts[mergeRev].ExecContext(m.ctx, it.ref.ID, ann)
		return hitDone, err
	case finished != nil:
		m.stats.Finished++
		m.done[[2]int64{it.ref.DatasetID, ann}]++
		return hitDone, nil
	}
	return hitOpen, nil
}

// countPastMax counts the items the merge finished HITs of that now have
// more finished HITs than their policy's max (MergeStats.PastMax), all in
// one statement at the end rather than a query an item: only an item's
// own refresh changes its count.
func (m *Merger) countPastMax() error {
	if len(m.pastMax) == 0 {
		return nil
	}
	ids, err := json.Marshal(m.pastMax) // json_each's array of the ids
	if err != nil {
		return err
	}
	var past int
	if err := m.w.scan(mergePastMax, []any{string(ids)}, &past); err != nil {
		return err
	}
	m.stats.PastMax += past
	return nil
}
