package store

import (
	"context"
	"database/sql"
	"fmt"
)

// DayCount is how many task HITs were finished on one UTC day.
type DayCount struct {
	Day  string // YYYY-MM-DD
	HITs int
}

// Throughput counts the dataset's finished HITs per UTC day, oldest first.
// Everyone's, for those who may read annotators' quality (it is about
// people's work); otherwise the reader's own (mine is true). HITs merged
// from a file count on the day they were finished where they were made.
func (s *Store) Throughput(ctx context.Context, who Annotator, datasetID int64) (days []DayCount, mine bool, err error) {
	err = s.readTx(ctx, func(tx *ptx) error {
		role, err := roleOf(ctx, tx, who.ID)
		if err != nil {
			return err
		}
		mine = !Allows(role, ActQuality)
		days, err = collect(ctx, tx, "throughput", `SELECT substr(h.finished_at, 1, 10) AS day, count(*)
			FROM hits h JOIN items i ON i.id = h.item_id
			WHERE i.dataset_id = ?1 AND h.finished_at IS NOT NULL AND (?2 = 0 OR h.annotator_id = ?2)
			GROUP BY day ORDER BY day`, []any{datasetID, mineID(mine, who)}, func(rows *sql.Rows) (d DayCount, err error) {
			err = rows.Scan(&d.Day, &d.HITs)
			return d, err
		})
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("throughput: %w", err)
	}
	return days, mine, nil
}

func mineID(mine bool, who Annotator) int64 {
	if mine {
		return who.ID
	}
	return 0
}
