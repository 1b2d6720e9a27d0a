package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// Migration 0030's Go step (issue 47): ClariMM's conversations and
// ClariLM's necessity requests, read from typed tables until now, become
// what any JSONL protocol file's import writes. It is history: the kinds
// it names are those of the databases claritty wrote before the move.

// moveBatch is how many items the step reads before it writes them: a
// database of any size moves in memory of a batch's.
const moveBatch = 1000

// moveKindsToFiles moves the items and keeps, for each kind of the
// database's datasets that claritty now ships as a protocol file (and no
// longer builds in), that file in protocols, as AddProtocol would.
func moveKindsToFiles(ctx context.Context, tx *sql.Tx) error {
	keep, err := shippedToKeep(ctx, tx)
	if err != nil {
		return err
	}
	if err := moveKinds(ctx, tx, keep, time.Now().UTC().Format(timeFormat)); err != nil {
		return err
	}
	return dropUnitsOfMovedKinds(ctx, tx, guidelines.Builtins().Known)
}

// movedKinds are the kinds migration 0030 moves to protocol files.
var movedKinds = []guidelines.Kind{"clarimm", "necessity"}

// dropUnitsOfMovedKinds takes out the units migration 0016 listed for the
// moved kinds, once the code no longer builds them in (builtin says), in
// a database that keeps no file of the kind and has no dataset of it (a
// new one, say): kind_units lists the built-in kinds' units and the kept
// files', and an import under the shipped file lists its own.
func dropUnitsOfMovedKinds(ctx context.Context, tx *sql.Tx, builtin func(guidelines.Kind) bool) error {
	for _, k := range movedKinds {
		if builtin(k) {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM kind_units WHERE kind = ?1
			AND NOT EXISTS (SELECT 1 FROM protocols WHERE name = ?1) AND NOT EXISTS (SELECT 1 FROM datasets WHERE kind = ?1)`, string(k)); err != nil {
			return err
		}
	}
	return nil
}

// shippedToKeep are the shipped protocol files of the kinds the
// database's datasets have and the code no longer builds in, by kind.
func shippedToKeep(ctx context.Context, tx *sql.Tx) (map[string]guidelines.ProtocolText, error) {
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		return nil, err
	}
	kinds, err := collect(ctx, tx, "dataset kinds", `SELECT DISTINCT kind FROM datasets`, nil, scanValue[string])
	if err != nil {
		return nil, err
	}
	out := map[string]guidelines.ProtocolText{}
	for _, s := range shipped {
		if slices.Contains(kinds, string(s.File.Name)) && !guidelines.Builtins().Known(s.File.Name) {
			out[string(s.File.Name)] = s
		}
	}
	return out, nil
}

// moveKinds is the step with the files to keep given (by kind: a test
// gives an edited one), now being when they are kept. Every part of it leaves
// alone what it did already, so it is the same run twice in one
// transaction: a moved item has its row, a kept file is kept.
func moveKinds(ctx context.Context, tx *sql.Tx, keep map[string]guidelines.ProtocolText, now string) error {
	file := func(k string) *guidelines.ProtocolFile {
		if t, ok := keep[k]; ok {
			return t.File
		}
		return nil
	}
	if err := moveConversations(ctx, tx, file("clarimm")); err != nil {
		return fmt.Errorf("move ClariMM conversations: %w", err)
	}
	if err := moveRequests(ctx, tx, file("necessity")); err != nil {
		return fmt.Errorf("move necessity requests: %w", err)
	}
	for _, k := range slices.Sorted(maps.Keys(keep)) {
		if err := keepShipped(ctx, tx, guidelines.Kind(k), keep[k], now); err != nil {
			return fmt.Errorf("keep protocol %s: %w", k, err)
		}
	}
	return nil
}

// unmoved are the items of a kind with no row yet, after an id, in id
// order, a batch at a time.
const unmoved = `SELECT i.id, i.uid, i.query, i.question FROM items i JOIN datasets d ON d.id = i.dataset_id
	WHERE d.kind = ? AND i.id > ? AND NOT EXISTS (SELECT 1 FROM item_rows r WHERE r.item_id = i.id)
	ORDER BY i.id LIMIT ?`

// oldItem is an item as the typed tables kept it, and what it becomes.
type oldItem struct {
	id                   int64
	uid, query, question string
	list                 []string // its options: turns' questions, or facets
	line                 any      // its JSONL line, as encoding/json writes it
}

// conversationLine is ClariMM's JSONL line, its keys in the file's order.
type conversationLine struct {
	ID    string             `json:"id"`
	Topic string             `json:"topic"`
	Facet string             `json:"facet"`
	Turns []conversationTurn `json:"turns"`
}

type conversationTurn struct {
	Question string   `json:"question"`
	Images   []string `json:"images,omitempty"`
	Answer   string   `json:"answer"`
}

// requestLine is a necessity request's JSONL line: the keys it had, in
// the format's order (an empty one is left out, as most files leave it).
// An id read from a JSON number was kept as its text, so it is a string
// here: the typed tables kept no trace of which it was.
type requestLine struct {
	ID        string        `json:"id"`
	Request   string        `json:"request"`
	Context   []requestTurn `json:"context,omitempty"`
	Facets    []string      `json:"facets,omitempty"`
	Reference string        `json:"reference,omitempty"`
}

type requestTurn struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// moveConversations moves every ClariMM conversation not moved yet: its
// turns become its JSONL line and its options (the turns' questions); its
// images moved with the migration's SQL. With no file to keep (f nil: no
// dataset of the kind) there is nothing to move.
func moveConversations(ctx context.Context, tx *sql.Tx, f *guidelines.ProtocolFile) error {
	if f == nil {
		return nil
	}
	return moveEach(ctx, tx, "clarimm", f, func(batch []*oldItem, byID map[int64]*oldItem) error {
		lines := map[int64]*conversationLine{}
		for _, it := range batch {
			l := &conversationLine{ID: it.uid, Topic: it.query, Facet: it.question, Turns: []conversationTurn{}}
			lines[it.id], it.line = l, l
		}
		first, last := batch[0].id, batch[len(batch)-1].id
		err := eachRow(ctx, tx, `SELECT item_id, question, answer FROM turns WHERE item_id BETWEEN ? AND ? ORDER BY item_id, turn`,
			[]any{first, last}, func(rows *sql.Rows) error {
				var id int64
				var t conversationTurn
				if err := rows.Scan(&id, &t.Question, &t.Answer); err != nil {
					return err
				}
				if l := lines[id]; l != nil {
					l.Turns = append(l.Turns, t)
					byID[id].list = append(byID[id].list, t.Question)
				}
				return nil
			})
		if err != nil {
			return err
		}
		return eachRow(ctx, tx, `SELECT item_id, turn, src FROM images WHERE item_id BETWEEN ? AND ? ORDER BY item_id, turn, pos`,
			[]any{first, last}, func(rows *sql.Rows) error {
				var id int64
				var turn int
				var src string
				if err := rows.Scan(&id, &turn, &src); err != nil {
					return err
				}
				l := lines[id]
				if l == nil {
					return nil
				}
				if turn < 1 || turn > len(l.Turns) {
					return fmt.Errorf("item %d: an image of turn %d, which it lacks", id, turn)
				}
				l.Turns[turn-1].Images = append(l.Turns[turn-1].Images, src)
				return nil
			})
	})
}

// moveRequests moves every necessity request not moved yet: its
// conversation so far and facets go into its JSONL line, its facets into
// its options (list_len past five); migration 0031 then deletes the
// request's context_turns rows (compare keeps its own). With no file to
// keep (f nil: no dataset of the kind) there is nothing to move.
func moveRequests(ctx context.Context, tx *sql.Tx, f *guidelines.ProtocolFile) error {
	if f == nil {
		return nil
	}
	return moveEach(ctx, tx, "necessity", f, func(batch []*oldItem, byID map[int64]*oldItem) error {
		lines := map[int64]*requestLine{}
		for _, it := range batch {
			l := &requestLine{ID: it.uid, Request: it.query, Reference: it.question}
			lines[it.id], it.line = l, l
		}
		first, last := batch[0].id, batch[len(batch)-1].id
		err := eachRow(ctx, tx, `SELECT item_id, role, text FROM context_turns WHERE item_id BETWEEN ? AND ? ORDER BY item_id, pos`,
			[]any{first, last}, func(rows *sql.Rows) error {
				var id int64
				var t requestTurn
				if err := rows.Scan(&id, &t.Role, &t.Text); err != nil {
					return err
				}
				if l := lines[id]; l != nil {
					l.Context = append(l.Context, t)
				}
				return nil
			})
		if err != nil {
			return err
		}
		return eachRow(ctx, tx, `SELECT item_id, text FROM facets WHERE item_id BETWEEN ? AND ? ORDER BY item_id, pos`,
			[]any{first, last}, func(rows *sql.Rows) error {
				var id int64
				var text string
				if err := rows.Scan(&id, &text); err != nil {
					return err
				}
				if l := lines[id]; l != nil {
					l.Facets = append(l.Facets, text)
					byID[id].list = append(byID[id].list, text)
				}
				return nil
			})
	})
}

// moveEach reads a kind's unmoved items a batch at a time, has fill build
// each one's line and list from its typed tables, and writes them as a
// protocol file's import does: the line as the item's one row (with its
// line end, as a file's row is kept), the list's first five elements as
// its options, its length past five, and the meta the file keeps of the
// line (FieldsMeta; none without the file). The import's fingerprint
// goes: a file's item is known by its uid and rows.
func moveEach(ctx context.Context, tx *sql.Tx, kind string, f *guidelines.ProtocolFile,
	fill func(batch []*oldItem, byID map[int64]*oldItem) error) error {
	update, err := tx.PrepareContext(ctx, `UPDATE items SET option_1 = ?, option_2 = ?, option_3 = ?, option_4 = ?, option_5 = ?,
		list_len = ?, meta = ? WHERE id = ?`)
	if err != nil {
		return err
	}
	defer update.Close()
	row, err := tx.PrepareContext(ctx, `INSERT INTO item_rows (item_id, pos, line, element) VALUES (?, 1, ?, NULL)`)
	if err != nil {
		return err
	}
	defer row.Close()
	for after := int64(0); ; {
		batch, err := collect(ctx, tx, kind+" items", unmoved, []any{kind, after, moveBatch}, func(rows *sql.Rows) (*oldItem, error) {
			it := &oldItem{}
			return it, rows.Scan(&it.id, &it.uid, &it.query, &it.question)
		})
		if err != nil || len(batch) == 0 {
			return err
		}
		byID := map[int64]*oldItem{}
		for _, it := range batch {
			byID[it.id] = it
		}
		if err := fill(batch, byID); err != nil {
			return err
		}
		for _, it := range batch {
			line, err := jsonLine(it.line)
			if err != nil {
				return fmt.Errorf("item %d: %w", it.id, err)
			}
			var o [5]string
			copy(o[:], it.list)
			var listLen any
			if len(it.list) > len(o) {
				listLen = len(it.list)
			}
			meta := ""
			if f != nil {
				meta = f.FieldsMeta(line)
			}
			if _, err := update.ExecContext(ctx, o[0], o[1], o[2], o[3], o[4], listLen, metaOrEmpty(meta), it.id); err != nil {
				return fmt.Errorf("item %d: %w", it.id, err)
			}
			if _, err := row.ExecContext(ctx, it.id, line); err != nil {
				return fmt.Errorf("item %d: %w", it.id, err)
			}
		}
		after = batch[len(batch)-1].id
	}
}

// jsonLine is v as one JSONL line with its line end, text as written
// (no \u003c for <: the file's reader reads either the same).
func jsonLine(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return b.String(), nil
}

// keepShipped keeps a shipped protocol file as the kind's, as AddProtocol
// does (its text in protocols, its units in kind_units, listing as many
// per element as the kind's items have), unless the database keeps one of
// that name. Every label, decision, known answer, repeat and run label
// stored must be one the file's units and scales have: a file that would
// orphan one is refused, and the migration with it.
func keepShipped(ctx context.Context, tx *sql.Tx, kind guidelines.Kind, t guidelines.ProtocolText, now string) error {
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM protocols WHERE name = ?`, string(kind)).Scan(&have); err != nil || have > 0 {
		return err
	}
	f, err := withExtent(ctx, tx, t.File)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO protocols (name, text, added_by, added_at) VALUES (?, ?, NULL, ?)`,
		string(kind), string(t.Text), now); err != nil {
		return err
	}
	if err := keepUnits(ctx, tx, f); err != nil {
		return err
	}
	p := f.Protocol()
	return eachRow(ctx, tx, storedUnits, []any{string(kind)}, func(rows *sql.Rows) error {
		var unit string
		var value sql.NullInt64
		if err := rows.Scan(&unit, &value); err != nil {
			return err
		}
		switch {
		case !p.HasUnit(unit):
			return fmt.Errorf("unit %s holds labels, and the shipped file has no such unit", unit)
		case value.Valid && !p.Valid(unit, int(value.Int64)):
			return fmt.Errorf("unit %s holds the label %d, which the shipped file's scale does not have", unit, value.Int64)
		}
		return nil
	})
}
