package store

import (
	"context"
	"fmt"
)

// SERP returns the stored search results for a query; ok is false when no
// result list was imported for it.
func (s *Store) SERP(ctx context.Context, query string) (results []SERPResult, ok bool, err error) {
	err = s.readRow(ctx, `SELECT EXISTS (SELECT 1 FROM serp_queries WHERE query = ?)`, []any{query}, &ok)
	if err != nil || !ok {
		return nil, false, err
	}
	rows, err := s.readRows(ctx, `SELECT name, url, snippet FROM serp_results WHERE query = ? ORDER BY rank`, query)
	if err != nil {
		return nil, false, fmt.Errorf("load results: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r SERPResult
		if err := rows.Scan(&r.Name, &r.URL, &r.Snippet); err != nil {
			return nil, false, fmt.Errorf("load results: %w", err)
		}
		results = append(results, r)
	}
	return results, true, rows.Err()
}
