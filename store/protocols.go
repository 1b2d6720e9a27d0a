package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// MaxProtocols is the most protocol files one database keeps: every
// process that opens it holds each, and their units are in the SQL that
// orders labels.
const MaxProtocols = 64

// ErrProtocolChanged means a protocol file differs from the one of the
// same name the database keeps in a way that would orphan what is stored
// under it: another item shape, or a label the new file has no unit or
// value for.
var ErrProtocolChanged = errors.New("the protocol file of that name this database keeps has stored labels the change would orphan")

// AddProtocol keeps a protocol file in the database and makes its kind
// one of the store's: its text in protocols, each unit with its scale's
// range in kind_units (so the label triggers take it), and, once the
// transaction commits, the kind and its units in the store's set (Kinds,
// Units). Only a lead may (ActImport). The
// same file again changes nothing; a changed file under a name in use
// replaces the kept one when nothing stored would be orphaned by it
// (guideline text, titles, label names and keys may change; units and
// values that hold labels may not), and is refused otherwise
// (ErrProtocolChanged): give it a name of its own then.
func (s *Store) AddProtocol(ctx context.Context, who Annotator, f *guidelines.ProtocolFile, text []byte) error {
	var committed func() error
	err := s.tx(ctx, func(tx *ptx) (err error) {
		if err := requireRole(ctx, tx, who.ID, ActImport); err != nil {
			return err
		}
		committed, err = s.addProtocol(ctx, tx, who, f, text)
		return err
	})
	if err != nil {
		return fmt.Errorf("add protocol: %w", err)
	}
	if committed != nil {
		return committed()
	}
	return nil
}

// addProtocol keeps a protocol file in tx (AddProtocol, or an import under
// it: BeginProtocolImport). A new file's kind is tx's at once, so the
// transaction may make a dataset of it; committed makes a new or changed
// file the store's once tx commits (nil when there is nothing to do then).
func (s *Store) addProtocol(ctx context.Context, tx *ptx, who Annotator, f *guidelines.ProtocolFile, text []byte) (committed func() error, err error) {
	// The file as the database reads it: with as many units per row as
	// its items have rows, so a changed file keeps them.
	if f, err = withExtent(ctx, tx, f); err != nil {
		return nil, err
	}
	var have string
	err = tx.QueryRowContext(ctx, `SELECT text FROM protocols WHERE name = ?`, string(f.Name)).Scan(&have)
	if err == nil && have == string(text) {
		// Kept already, perhaps by another process since this store last
		// read the database's files: the transaction knows it either way.
		return s.takeInTx(tx, f, text)
	}
	if shipped, ok := shippedText(f.Name); ok && !bytes.Equal(shipped, text) {
		// A file of one's own under a shipped protocol's name would take
		// that protocol's place in this database: its own release files
		// would no longer import.
		return nil, fmt.Errorf("protocol %q is one claritty ships: give a file of your own a name of its own (name = ...)", f.Name)
	}
	switch {
	case err == nil:
		if err := s.changeProtocol(ctx, tx, who, f, text, have); err != nil {
			return nil, err
		}
		return s.takeInTx(tx, f, text)
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	var kept int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM protocols`).Scan(&kept); err != nil {
		return nil, err
	}
	if kept >= MaxProtocols {
		return nil, fmt.Errorf("protocol %q: the database keeps %d protocols, the most it may", f.Name, kept)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO protocols (name, text, added_by, added_at) VALUES (?, ?, ?, ?)`,
		string(f.Name), string(text), who.ActorID(), s.now()); err != nil {
		return nil, err
	}
	if err := keepUnits(ctx, tx, f); err != nil {
		return nil, err
	}
	return s.takeInTx(tx, f, text)
}

// takeInTx makes the file's kind the transaction's: it makes its datasets
// and reads its items under the file as kept now. The store takes it once
// the transaction commits (committed), and never if it rolls back.
func (s *Store) takeInTx(tx *ptx, f *guidelines.ProtocolFile, text []byte) (committed func() error, err error) {
	if have, ok := tx.kindSet().File(f.Name); ok && bytes.Equal(have.Text, text) && have.File.Extent == f.Extent {
		return nil, nil
	}
	if tx.kinds, err = tx.kindSet().With(f, text); err != nil {
		return nil, err
	}
	return func() error { return s.know(f, text) }, nil
}

// shippedText is the text of the protocol file claritty ships under name,
// if it ships one.
func shippedText(name guidelines.Kind) ([]byte, bool) {
	s, err := guidelines.FindShipped(name)
	return s.Text, err == nil
}

// execer is what a write runs on: a store transaction, or a migration's.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// keepUnits puts each unit of the file's kind, with its scale's range, in
// kind_units (what the label triggers check), in place of any there were.
func keepUnits(ctx context.Context, tx execer, f *guidelines.ProtocolFile) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM kind_units WHERE kind = ?`, string(f.Name)); err != nil {
		return err
	}
	p := f.Protocol()
	for _, u := range p.AllUnits {
		// A written answer's value is 0; its text is what it says.
		low, high, max := 0, 0, p.TextMax(u)
		if max == 0 {
			low, high = scaleRange(p.ScaleOf(u))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO kind_units (kind, unit, low, high, max_chars) VALUES (?, ?, ?, ?, ?)`,
			string(f.Name), u, low, high, max); err != nil {
			return err
		}
	}
	return nil
}

// changeProtocol replaces a kept protocol file (text have) with f in tx, unless
// that would orphan what is stored under its kind: items are read by the
// file's columns, so those may not change; and every label, decision,
// known answer, repeat, run prediction and referral must name a unit f
// has, with a value on its scale; nor may a condition change while labels
// are stored (one given under the old rule may break the new).
func (s *Store) changeProtocol(ctx context.Context, tx *ptx, who Annotator, f *guidelines.ProtocolFile, text []byte, have string) error {
	old, err := guidelines.ParseKeptProtocolFile("protocol "+string(f.Name), []byte(have))
	if err != nil {
		return err
	}
	old = old.WithExtent(f.Extent) // both as the database's items read them
	refuse := func(why string, args ...any) error {
		return fmt.Errorf("protocol %q: %s: %w", f.Name, fmt.Sprintf(why, args...), ErrProtocolChanged)
	}
	if !sameItemColumns(old.Item, f.Item) {
		return refuse("its [item] columns differ from the kept file's, and its items were read by them")
	}
	p, was := f.Protocol(), old.Protocol()
	stored := 0
	held := map[string]bool{}
	err = eachRow(ctx, tx, storedUnits, []any{string(f.Name)}, func(rows *sql.Rows) error {
		var unit string
		var value sql.NullInt64
		if err := rows.Scan(&unit, &value); err != nil {
			return err
		}
		stored++
		held[unit] = true
		switch {
		case !p.HasUnit(unit):
			return refuse("unit %s holds labels, and the new file has no such unit", unit)
		case value.Valid && !p.Valid(unit, int(value.Int64)):
			return refuse("unit %s holds the label %d, which the new file's scale does not have", unit, value.Int64)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if stored > 0 && !maps.Equal(p.Conditions(), was.Conditions()) {
		return refuse("its conditions (when) differ, and labels are stored")
	}
	if !maps.Equal(f.FieldConditions(), old.FieldConditions()) {
		var items int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = ?`,
			string(f.Name)).Scan(&items); err != nil {
			return err
		}
		if items > 0 {
			// An item keeps the fields its layout reads when imported.
			return refuse("its field conditions (when.field) differ, and its items' fields were kept by the kept file's")
		}
	}
	for _, unit := range slices.Sorted(maps.Keys(held)) {
		if how := turned(was, p, unit); how != "" {
			st, _ := f.StepOf(agreement.UnitType(unit))
			return refuse("scale %q, on which unit %s holds labels: %s: the labels stored would read otherwise", st.Scale, unit, how)
		}
	}
	now := s.now()
	if _, err := tx.ExecContext(ctx, `UPDATE protocols SET text = ?, added_by = ?, added_at = ? WHERE name = ?`,
		string(text), who.ActorID(), now, string(f.Name)); err != nil {
		return err
	}
	if old.Attention != nil && f.Attention == nil {
		if err := dropAttention(tx, f.Name, p, now); err != nil {
			return err
		}
	}
	return keepUnits(ctx, tx, f)
}

// turned says how the new protocol reads a unit's stored labels otherwise
// than the kept one ("" when alike): a label's name now another value's
// (a lead who inverts a scale's names, or its values, turns every stored
// label upside down), or, on an ordered scale, its values in another
// order (agreement's ordinal metrics read them by it). Names may change
// otherwise, and keys: they do not change what a label means.
func turned(was, now guidelines.Protocol, unit string) string {
	before, after := was.ScaleOf(unit), now.ScaleOf(unit)
	for _, b := range before {
		for _, a := range after {
			if strings.EqualFold(strings.TrimSpace(a.Name), strings.TrimSpace(b.Name)) && a.Value != b.Value {
				return fmt.Sprintf("%q was the name of value %d and is value %d's in the new file", b.Name, b.Value, a.Value)
			}
		}
	}
	if now.Nominal {
		return ""
	}
	// The values both scales have, from the lowest up as each file has them.
	order := func(scale, other []guidelines.Label) []int {
		var out []int
		for i := len(scale) - 1; i >= 0; i-- {
			if slices.ContainsFunc(other, func(l guidelines.Label) bool { return l.Value == scale[i].Value }) {
				out = append(out, scale[i].Value)
			}
		}
		return out
	}
	if b, a := order(before, after), order(after, before); !slices.Equal(b, a) {
		return fmt.Sprintf("its values run %v from the lowest up in the new file, %v in the kept one", a, b)
	}
	return ""
}

// dropAttention ends the attention questions the kind's HITs wait on, in
// tx, when a changed file asks none any more (the screens no longer ask
// it, so an unanswered one would keep its HIT from finishing for ever):
// each unanswered question goes, and a HIT whose labels are all in, which
// waited only for the answer, finishes now, as its last label would have
// finished it had no question been asked. Answered questions stay: they
// are the annotator's record.
func dropAttention(w *ptx, kind guidelines.Kind, p guidelines.Protocol, now string) error {
	type hit struct{ item, annotator int64 }
	waiting, err := collect(w.ctx, w, "attention", `SELECT a.item_id, a.annotator_id FROM attention a
		JOIN items i ON i.id = a.item_id JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = ? AND a.answer IS NULL`,
		[]any{string(kind)}, func(rows *sql.Rows) (h hit, err error) { return h, rows.Scan(&h.item, &h.annotator) })
	if err != nil {
		return err
	}
	for _, h := range waiting {
		if _, err := w.exec(`DELETE FROM attention WHERE item_id = ? AND annotator_id = ? AND answer IS NULL`, h.item, h.annotator); err != nil {
			return err
		}
		if err := finishWaiting(w, p, h.item, h.annotator, now); err != nil {
			return err
		}
	}
	return nil
}

// finishWaiting finishes a HIT that waited for its attention answer: one
// still its annotator's (not finished, not given back) whose labels are a
// whole HIT of the new protocol p. Its revision moves on, so a screen that
// holds it reloads.
func finishWaiting(w *ptx, p guidelines.Protocol, itemID, annotatorID int64, now string) error {
	var open bool
	err := w.scan(`SELECT finished_at IS NULL AND given_back_at IS NULL FROM hits WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, &open)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !open {
		return nil
	}
	if err != nil {
		return err
	}
	ref, labels, err := hitSoFar(w, itemID, annotatorID)
	if err != nil {
		return err
	}
	if !p.Complete(ref.shape(), labels) {
		return nil // its last label finishes it, as any HIT's
	}
	if _, err := w.exec(`UPDATE hits SET rev = rev + 1 WHERE item_id = ? AND annotator_id = ?`, itemID, annotatorID); err != nil {
		return err
	}
	done := 1
	if err := touchHIT(w, LabelChange{ItemID: itemID, AnnotatorID: annotatorID, Value: &done, Finish: true}, now); err != nil {
		return err
	}
	return refreshItem(w, itemID)
}

// storedUnits are the (unit, value) pairs stored for the items of a kind,
// in every table that holds a unit's label (a referral's value is null).
const storedUnits = `SELECT DISTINCT x.unit, x.value FROM (
		SELECT item_id, unit, value FROM labels
		UNION ALL SELECT item_id, unit, value FROM adjudications
		UNION ALL SELECT item_id, unit, value FROM known_labels
		UNION ALL SELECT r.item_id, l.unit, l.value FROM repeat_labels l JOIN repeats r ON r.id = l.repeat_id
		UNION ALL SELECT item_id, unit, value FROM run_labels
		UNION ALL SELECT item_id, unit, NULL FROM referrals
	) x JOIN items i ON i.id = x.item_id JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = ?`

// sameItemColumns says whether two files read items alike: what they
// call an element or a row may differ.
func sameItemColumns(a, b guidelines.ItemColumns) bool {
	// Names and the row id column only say what the rows are: exports
	// read the row id from the rows kept as they were.
	a.ListName, a.RowName, a.RowID, b.ListName, b.RowName, b.RowID = "", "", "", "", "", ""
	return reflect.DeepEqual(a, b)
}

// scaleRange is a scale's lowest and highest value.
func scaleRange(scale []guidelines.Label) (low, high int) {
	vals := make([]int, len(scale))
	for i, l := range scale {
		vals[i] = l.Value
	}
	return slices.Min(vals), slices.Max(vals)
}

// know makes a kept protocol file's kind one of the store's, in place of
// whatever it held under that name (a rolled-back import's, or the file
// before a change).
func (s *Store) know(f *guidelines.ProtocolFile, text []byte) error {
	s.kindsMu.Lock()
	defer s.kindsMu.Unlock()
	old := s.kinds.Load()
	if have, ok := old.set.File(f.Name); ok && bytes.Equal(have.Text, text) && have.File.Extent >= f.Extent {
		return nil
	}
	set, err := old.set.With(f, text)
	if err != nil {
		return err
	}
	s.kinds.Store(&kindState{version: old.version, set: set})
	return nil
}

// loadProtocols reads the protocol files the database keeps into the
// store's kinds: every session reads them the same.
func (s *Store) loadProtocols(ctx context.Context) error {
	// One reading at a time, under the lock, so a sync that read earlier
	// never replaces what a later one (or this process's own commit) set.
	s.kindsMu.Lock()
	defer s.kindsMu.Unlock()
	// The version is read first: a change between the two reads is read
	// again at the next sync, never missed.
	var version string
	if err := s.db.QueryRowContext(ctx, protocolsVersion).Scan(&version); err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	// Units keep their indexes: the set grows from the one held.
	set, err := withKept(ctx, s.db, s.kinds.Load().set, false)
	if err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	s.kinds.Store(&kindState{version: version, set: set})
	return nil
}

// withKept is base and the protocol files the database keeps, each in
// place of any of its name base had; the one reading of the kept files,
// for the store's kinds and for check. A file it cannot read is an error,
// or, for check (skipUnreadable), left out: check names it apart
// (fileRowsCheck) and goes on.
func withKept(ctx context.Context, q source, base *guidelines.Set, skipUnreadable bool) (*guidelines.Set, error) {
	type kept struct{ name, text string }
	all, err := collect(ctx, q, "load protocols", `SELECT name, text FROM protocols ORDER BY name`, nil,
		func(rows *sql.Rows) (k kept, err error) { return k, rows.Scan(&k.name, &k.text) })
	if err != nil {
		return nil, err
	}
	set := base
	for _, k := range all {
		f, err := guidelines.ParseKeptProtocolFile("protocol "+k.name, []byte(k.text))
		if err == nil {
			f, err = withExtent(ctx, q, f)
		}
		var with *guidelines.Set
		if err == nil {
			with, err = set.With(f, []byte(k.text))
		}
		switch {
		case err == nil:
			set = with
		case !skipUnreadable:
			return nil, fmt.Errorf("the protocol it keeps: %w", err)
		}
	}
	return set, nil
}

// openProtocols reads the database's protocol files at open.
func (s *Store) openProtocols(ctx context.Context) error { return s.loadProtocols(ctx) }

// protocolsVersion changes whenever a protocol file is added or changed:
// their count and the latest time one was kept.
// An import that lists more units per row for a kind (its items have
// more rows than any before) changes the count of kind_units.
const protocolsVersion = `SELECT count(*) || '/' || coalesce(max(added_at), '') || '/' ||
	(SELECT count(*) FROM kind_units) FROM protocols`

// syncProtocols reads the protocol files other processes added or
// changed since this one last read them (a lead's import while a TUI or
// the SSH server runs).
func (s *Store) syncProtocols(ctx context.Context) error {
	var v string
	if err := s.prepared().QueryRowContext(ctx, protocolsVersion).Scan(&v); err != nil {
		return fmt.Errorf("protocols: %w", err)
	}
	if s.kinds.Load().version == v {
		return nil
	}
	return s.loadProtocols(ctx)
}

// Protocols is the database's task kinds as they stand now, protocol
// files another process added or changed included.
func (s *Store) Protocols(ctx context.Context) (*guidelines.Set, error) {
	if err := s.syncProtocols(ctx); err != nil {
		return nil, err
	}
	return s.Kinds(), nil
}

// ItemRows are a protocol file's items' rows in the reading's dataset, by
// item, each line as the file had it. They hold the file's label columns
// too, so only a reading that may see gold gets them.
func (r *Reading) ItemRows(ctx context.Context) (map[int64][]string, error) {
	if err := r.RequireGold(); err != nil {
		return nil, fmt.Errorf("item rows: %w", err)
	}
	out := map[int64][]string{}
	err := eachRow(ctx, r.tx, `SELECT r.item_id, r.line FROM item_rows r JOIN items i ON i.id = r.item_id
		WHERE i.dataset_id = ? ORDER BY r.item_id, r.pos`, []any{r.dataset}, func(rows *sql.Rows) error {
		var id int64
		var line string
		err := rows.Scan(&id, &line)
		out[id] = append(out[id], line)
		return err
	})
	return out, err
}

// ShownRows are what of a protocol file's item its HIT may show, row by
// row (guidelines.ProtocolFile.Shown): the rows hold the file's label
// columns, which never leave the store for a screen.
func (s *Store) ShownRows(ctx context.Context, itemID int64) ([]guidelines.ShownRow, error) {
	var kind guidelines.Kind
	var meta string
	err := s.prepared().QueryRowContext(ctx, `SELECT d.kind, coalesce(i.meta, '') FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`, itemID).Scan(&kind, &meta)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("item %d: %w", itemID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", itemID, err)
	}
	p := s.Protocol(kind)
	if _, ok := p.ShownRow(""); !ok {
		return nil, fmt.Errorf("item %d: a %s item keeps no rows", itemID, kind)
	}
	lines, err := collect(ctx, s.prepared(), "item rows", `SELECT line FROM item_rows WHERE item_id = ? ORDER BY pos`, []any{itemID},
		scanValue[string])
	if err != nil {
		return nil, err
	}
	lines = p.ShownLines(lines) // each element once, from its first row
	out := make([]guidelines.ShownRow, len(lines))
	for i, line := range lines {
		out[i], _ = p.ShownRow(line)
	}
	guidelines.JoinPairs(out, meta) // a nested pair's cited record, kept with the item
	return out, nil
}

// withExtent is f as the database reads it: listing as many units per
// grouped row as kind_units keeps for its kind (the most rows an item of
// it has, and guidelines.RowUnits at the least).
func withExtent(ctx context.Context, q source, f *guidelines.ProtocolFile) (*guidelines.ProtocolFile, error) {
	units, err := collect(ctx, q, "kind units", `SELECT unit FROM kind_units WHERE kind = ?`, []any{string(f.Name)},
		func(rows *sql.Rows) (u string, err error) { return u, rows.Scan(&u) })
	if err != nil {
		return nil, err
	}
	n := 0
	for _, u := range units {
		if row, ok := f.RowUnit(u); ok {
			n = max(n, row)
		}
	}
	return f.WithExtent(n), nil
}

// NeedRows makes the kind of a protocol file's import list units for
// items of n rows (or elements), in the import's transaction: a group
// has no cap on its rows, so the first item with more rows than any
// before adds the units its steps asked per row need (kind_units, so the
// label triggers take them), and the store reads them once the import
// commits (as another process does at its next sync: kind_units' count
// is in protocolsVersion).
func (im *Importer) NeedRows(n int) error {
	if im.file == nil {
		return fmt.Errorf("need rows: this import is not of a protocol file's kind")
	}
	nest := 0
	if im.file.NestedPairs() {
		nest = n
	}
	if why := guidelines.ExtentProblem(n, nest); why != "" {
		return fmt.Errorf("need rows: %s", why)
	}
	g, more := im.file.ForRows(n)
	if !more {
		return nil
	}
	if err := keepUnits(im.ctx, im.w, g); err != nil {
		return fmt.Errorf("need rows: %w", err)
	}
	text, _ := im.w.kindSet().File(g.Name)
	set, err := im.w.kindSet().With(g, text.Text)
	if err != nil {
		return err
	}
	im.w.kinds = set
	p := g.Protocol()
	im.file = &p
	im.committed = func() error { return im.s.know(g, text.Text) }
	return nil
}
