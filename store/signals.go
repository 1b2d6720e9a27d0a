package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
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
	var s ItemSignals
	var meta []byte
	var answers int
	if err := rows.Scan(&s.ItemID, &meta, &answers); err != nil {
		return s, err
	}
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
