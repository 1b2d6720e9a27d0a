package store

import (
	"context"
	"database/sql"
)

// SERP returns the stored search results for a query; ok is false when no
// result list was imported for it.
func (s *Store) SERP(ctx context.Context, query string) (results []SERPResult, ok bool, err error) {
	err = s.readRow(ctx, `SELECT EXISTS (SELECT 1 FROM serp_queries WHERE query = ?)`, []any{query}, &ok)
	if err != nil || !ok {
		return nil, false, err
	}
	results, err = collect(ctx, s.prepared(), "load results", `SELECT name, url, snippet FROM serp_results WHERE query = ? ORDER BY rank`,
		[]any{query}, func(rows *sql.Rows) (r SERPResult, err error) { return r, rows.Scan(&r.Name, &r.URL, &r.Snippet) })
	if err != nil {
		return nil, false, err
	}
	return results, true, nil
}
