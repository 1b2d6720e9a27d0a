package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/claritty/claritty/guidelines"
)

// MaxProtocols is the most protocol files one database keeps: every
// process that opens it holds each, and their units are in the SQL that
// orders labels.
const MaxProtocols = 64

// ErrProtocolChanged means a protocol file differs from the one of the
// same name the database keeps: labels stored under the one would be read
// under the other.
var ErrProtocolChanged = errors.New("another protocol file of that name is in this database")

// AddProtocol keeps a protocol file in the database and makes its kind
// known: its text in protocols, each unit with its scale's range in
// kind_units (so the label triggers take it), its units among Units, and
// the kind registered with guidelines. Only a lead may (ActImport). The
// same file again changes nothing; another file under a name in use is
// refused (ErrProtocolChanged): give a changed protocol a name of its own.
func (s *Store) AddProtocol(ctx context.Context, who Annotator, f *guidelines.ProtocolFile, text []byte) error {
	err := s.tx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActImport); err != nil {
			return err
		}
		return s.addProtocol(ctx, tx, who, f, text)
	})
	if err != nil {
		return fmt.Errorf("add protocol: %w", err)
	}
	return nil
}

// addProtocol keeps a protocol file in tx (AddProtocol, or an import under
// it: BeginProtocolImport) and makes its kind known to the process, so the
// transaction may make a dataset of it. Should tx not commit, the process
// knows a kind the database lacks; the next file of that name replaces it.
func (s *Store) addProtocol(ctx context.Context, tx *ptx, who Annotator, f *guidelines.ProtocolFile, text []byte) error {
	var have string
	err := tx.QueryRowContext(ctx, `SELECT text FROM protocols WHERE name = ?`, string(f.Name)).Scan(&have)
	switch {
	case err == nil && have == string(text):
		return s.know(f, text, false)
	case err == nil:
		return fmt.Errorf("protocol %q: %w", f.Name, ErrProtocolChanged)
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	var kept int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM protocols`).Scan(&kept); err != nil {
		return err
	}
	if kept >= MaxProtocols {
		return fmt.Errorf("protocol %q: the database keeps %d protocols, the most it may", f.Name, kept)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO protocols (name, text, added_by, added_at) VALUES (?, ?, ?, ?)`,
		string(f.Name), string(text), who.ActorID(), s.now()); err != nil {
		return err
	}
	p := f.Protocol()
	for _, u := range p.AllUnits {
		low, high := scaleRange(p.ScaleOf(u))
		if _, err := tx.ExecContext(ctx, `INSERT INTO kind_units (kind, unit, low, high) VALUES (?, ?, ?, ?)`,
			string(f.Name), u, low, high); err != nil {
			return err
		}
	}
	return s.know(f, text, true)
}

// scaleRange is a scale's lowest and highest value.
func scaleRange(scale []guidelines.Label) (low, high int) {
	vals := make([]int, len(scale))
	for i, l := range scale {
		vals[i] = l.Value
	}
	return slices.Min(vals), slices.Max(vals)
}

// know makes a kept protocol file's kind known to this process; first
// says the database has just taken it, so whatever this process held
// under its name (a rolled-back import's) gives way.
func (s *Store) know(f *guidelines.ProtocolFile, text []byte, first bool) error {
	register := guidelines.Register
	if first {
		register = guidelines.Replace
	}
	if err := register(f, text); err != nil {
		return err
	}
	addUnits(f.Protocol().AllUnits)
	return nil
}

// loadProtocols makes the kinds of the protocol files the database keeps
// known to this process, at open: every session reads them the same.
func (s *Store) loadProtocols(ctx context.Context) error {
	type kept struct{ name, text string }
	all, err := collect(ctx, s.db, "load protocols", `SELECT name, text FROM protocols ORDER BY name`, nil,
		func(rows *sql.Rows) (k kept, err error) { return k, rows.Scan(&k.name, &k.text) })
	if err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	for _, k := range all {
		f, err := guidelines.ParseProtocolFile("protocol "+k.name, []byte(k.text))
		if err == nil {
			err = s.know(f, []byte(k.text), false)
		}
		if err != nil {
			return fmt.Errorf("open %s: the protocol it keeps: %w", s.path, err)
		}
	}
	s.protocols.Store(int64(len(all)))
	return nil
}

// syncProtocols makes known the protocol files other processes added
// since this one last read them (a lead's import while a TUI or the SSH
// server runs): a database only gains them, so their count says whether
// to read them again.
func (s *Store) syncProtocols(ctx context.Context) error {
	var n int64
	if err := s.prepared().QueryRowContext(ctx, `SELECT count(*) FROM protocols`).Scan(&n); err != nil {
		return fmt.Errorf("count protocols: %w", err)
	}
	if n == s.protocols.Load() {
		return nil
	}
	return s.loadProtocols(ctx)
}

// Protocols lists the protocol files the database keeps, by name.
func (s *Store) Protocols(ctx context.Context) (map[guidelines.Kind][]byte, error) {
	out := map[guidelines.Kind][]byte{}
	err := eachRow(ctx, s.prepared(), `SELECT name, text FROM protocols`, nil, func(rows *sql.Rows) error {
		var name, text string
		err := rows.Scan(&name, &text)
		out[guidelines.Kind(name)] = []byte(text)
		return err
	})
	return out, err
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
	err := s.prepared().QueryRowContext(ctx, `SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`, itemID).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("item %d: %w", itemID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", itemID, err)
	}
	f, ok := guidelines.RegisteredFile(kind)
	if !ok {
		return nil, fmt.Errorf("item %d: a %s item has no protocol file", itemID, kind)
	}
	return collect(ctx, s.prepared(), "item rows", `SELECT line FROM item_rows WHERE item_id = ? ORDER BY pos`, []any{itemID},
		func(rows *sql.Rows) (guidelines.ShownRow, error) {
			var line string
			err := rows.Scan(&line)
			return f.Shown(line), err
		})
}
