package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ItemSignals are an item's online signals, as a MIMICS-Click file gives
// them: how often its pane was shown (impression level), how much people
// engaged with it (0-10), and each answer's conditional click rate (nil
// where the file has none, or the pane has no answer: MIMICS-Click writes
// 0 for an answer that is not there).
type ItemSignals struct {
	ItemID     int64
	Impression string
	Engagement int
	CCTR       [5]*float64
}

// Signals lists the reading's items that carry online signals, in import
// order. Only a lead may read them (ActReadSignals): they never reach an
// annotator judging the items.
func (r *Reading) Signals(ctx context.Context) ([]ItemSignals, error) {
	if err := requireRole(ctx, r.tx, r.reader.ID, ActReadSignals); err != nil {
		return nil, fmt.Errorf("click signals: %w", err)
	}
	return collect(ctx, r.tx, "click signals", `SELECT id, meta,
		(option_1 != '') + (option_2 != '') + (option_3 != '') + (option_4 != '') + (option_5 != '') FROM items
		WHERE dataset_id = ? AND json_type(meta, '$.engagement_level') IS NOT NULL ORDER BY seq`,
		[]any{r.dataset}, scanSignals)
}

func scanSignals(rows *sql.Rows) (ItemSignals, error) {
	var id int64
	var meta []byte
	var answers int
	if err := rows.Scan(&id, &meta, &answers); err != nil {
		return ItemSignals{}, err
	}
	return parseSignals(id, meta, answers)
}

// parseSignals reads an item's signals from its meta.
func parseSignals(id int64, meta []byte, answers int) (ItemSignals, error) {
	s := ItemSignals{ItemID: id}
	var m struct {
		Impression string     `json:"impression_level"`
		Engagement int        `json:"engagement_level"`
		CCTR       []*float64 `json:"option_cctr"`
	}
	// The import checked these; a file edited since must not index a
	// report's counts out of range.
	if err := json.Unmarshal(meta, &m); err != nil || len(m.CCTR) > len(s.CCTR) || m.Engagement < 0 || m.Engagement > 10 ||
		!slices.Contains([]string{"low", "medium", "high"}, m.Impression) {
		return s, fmt.Errorf("item %d: unreadable click signals %q", s.ItemID, meta)
	}
	s.Impression, s.Engagement = m.Impression, m.Engagement
	copy(s.CCTR[:min(answers, len(s.CCTR))], m.CCTR)
	return s, nil
}

// PaneSignals are the online signals of one pane of the reading's
// dataset: an item's own (Row 0), or, for an item without, those of the
// pane with the same query, question and answers in a dataset that has
// them (a MIMICS-Click file's), one per row of a protocol file's grouped
// item (MIMICS-Duo Task 1: each row a pane).
type PaneSignals struct {
	ItemID int64
	Row    int // the protocol file's row, from 0; 0 for any other item
	ItemSignals
	// From names the dataset the signals are joined from ("" for the
	// item's own).
	From string
}

// JoinedSignals lists the signals of the reading's panes, for a lead: its
// own items' where they carry any; else joined by pane from the database's
// datasets that carry them, MIMICS-Duo's tasks to the ClickExplore file.
func (r *Reading) JoinedSignals(ctx context.Context) ([]PaneSignals, error) {
	own, err := r.Signals(ctx)
	if err != nil {
		return nil, err
	}
	var out []PaneSignals
	for _, s := range own {
		out = append(out, PaneSignals{ItemID: s.ItemID, ItemSignals: s})
	}
	if len(out) > 0 {
		return out, nil
	}
	known, err := signalPanes(ctx, r.tx)
	if err != nil || len(known) == 0 {
		return nil, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return nil, err
	}
	p := r.Protocol(kind)
	err = eachRow(ctx, r.tx, `SELECT i.id, coalesce(r.pos, 1), coalesce(r.line, ''), i.query, i.question,
			i.option_1, i.option_2, i.option_3, i.option_4, i.option_5
		FROM items i LEFT JOIN item_rows r ON r.item_id = i.id WHERE i.dataset_id = ? ORDER BY i.seq, r.pos`,
		[]any{r.dataset}, func(rows *sql.Rows) error {
			var id int64
			var pos int
			var line string
			var cols [7]string
			if err := rows.Scan(&id, &pos, &line, &cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5], &cols[6]); err != nil {
				return err
			}
			key := paneKey(cols[0], cols[1], cols[2:])
			if q, qq, list, ok := p.RowTexts(line); ok && line != "" {
				key = paneKey(q, qq, list) // a grouped row: its own texts
			}
			if s, ok := known[key]; ok {
				s.ItemSignals.ItemID = id
				out = append(out, PaneSignals{ItemID: id, Row: pos - 1, ItemSignals: s.ItemSignals, From: s.From})
			}
			return nil
		})
	return out, err
}

// signalPanes are the panes that carry signals, in every task dataset,
// by paneKey.
func signalPanes(ctx context.Context, tx *ptx) (map[string]PaneSignals, error) {
	out := map[string]PaneSignals{}
	err := eachRow(ctx, tx, `SELECT i.id, i.meta, (i.option_1 != '') + (i.option_2 != '') + (i.option_3 != '') + (i.option_4 != '') + (i.option_5 != ''),
			i.query, i.question, i.option_1, i.option_2, i.option_3, i.option_4, i.option_5, d.name
		FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE d.purpose = 'task' AND json_type(i.meta, '$.engagement_level') IS NOT NULL ORDER BY d.id, i.seq`, nil,
		func(rows *sql.Rows) error {
			var s PaneSignals
			var meta []byte
			var answers int
			var cols [7]string
			if err := rows.Scan(&s.ItemID, &meta, &answers, &cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5], &cols[6], &s.From); err != nil {
				return err
			}
			sig, err := parseSignals(s.ItemID, meta, answers)
			if err != nil {
				return err
			}
			s.ItemSignals = sig
			if key := paneKey(cols[0], cols[1], cols[2:]); out[key].From == "" { // the first dataset's, if two have it
				out[key] = s
			}
			return nil
		})
	return out, err
}

// paneKey is a pane's query, question and non-empty answers, as a key.
func paneKey(query, question string, answers []string) string {
	parts := []string{query, question}
	for _, a := range answers {
		if a != "" {
			parts = append(parts, a)
		}
	}
	return strings.Join(parts, "\x1f")
}
