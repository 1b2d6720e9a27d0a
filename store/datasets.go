package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// Dataset is a named collection of items of one task kind.
type Dataset struct {
	ID     int64
	Name   string
	Kind   guidelines.Kind
	Format Format
	Items  int
}

// Datasets lists every dataset in creation order with its item count
// (kept: migration 0012).
func (s *Store) Datasets(ctx context.Context) ([]Dataset, error) {
	if err := s.syncProtocols(ctx); err != nil {
		return nil, err
	}
	return collect(ctx, s.prepared(), "list datasets", `
		SELECT d.id, d.name, d.kind, d.format, d.items_count
		FROM datasets d WHERE d.purpose = 'task' ORDER BY d.id`, nil,
		func(rows *sql.Rows) (d Dataset, err error) {
			if err := rows.Scan(&d.ID, &d.Name, &d.Kind, &d.Format, &d.Items); err != nil {
				return d, err
			}
			return d, s.knownKind(d.Kind)
		})
}

// knownKind refuses a kind the database has no protocol for (a newer
// claritty's, or a hand-edited file), so no layer meets an unknown kind
// and takes it for another.
func (s *Store) knownKind(k guidelines.Kind) error {
	if !s.Kinds().Known(k) {
		return fmt.Errorf("task kind %q: %w", display.Clean(string(k)), guidelines.ErrUnknownKind)
	}
	return nil
}

// DatasetByName finds a dataset; ErrNotFound when there is none.
func (s *Store) DatasetByName(ctx context.Context, name string) (Dataset, error) {
	var d Dataset
	if err := s.syncProtocols(ctx); err != nil {
		return d, err
	}
	err := s.prepared().QueryRowContext(ctx, `
		SELECT d.id, d.name, d.kind, d.format,
		       d.items_count
		FROM datasets d WHERE d.name = ? AND d.purpose = 'task'`, name).Scan(&d.ID, &d.Name, &d.Kind, &d.Format, &d.Items)
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("dataset %q: %w%s", name, ErrNotFound, s.theDatasets(ctx))
	}
	if err != nil {
		return d, fmt.Errorf("find dataset %q: %w", name, err)
	}
	return d, s.knownKind(d.Kind)
}

// theDatasets says which datasets there are, for a name that is none of
// them: "; the datasets are "a", "b"", the
// first ten.
func (s *Store) theDatasets(ctx context.Context) string {
	all, err := s.Datasets(ctx)
	switch {
	case err != nil:
		return ""
	case len(all) == 0:
		return "; the database has no datasets yet (a lead imports them: claritty import FILE)"
	}
	var names []string
	for _, d := range all[:min(len(all), 10)] {
		names = append(names, strconv.Quote(d.Name))
	}
	more := ""
	if len(all) > 10 {
		more = fmt.Sprintf(" and %d more", len(all)-10)
	}
	return "; the datasets are " + strings.Join(names, ", ") + more
}

// Format names the file format a dataset's items were imported from
// (mimics-manual, clarimm, ...: data's import table lists them). A later
// file for the dataset (a run's candidate answers, say) is read with it.
type Format string

// ensureDataset returns the id of the named dataset, creating it if needed.
func (s *Store) ensureDataset(ctx context.Context, tx *ptx, name string, kind guidelines.Kind, format Format) (int64, error) {
	if strings.ContainsRune(name, '\x1f') {
		return 0, fmt.Errorf("dataset name %q holds a control character", name)
	}
	if !tx.kindSet().Known(kind) {
		return 0, fmt.Errorf("task kind %q: %w", display.Clean(string(kind)), guidelines.ErrUnknownKind)
	}
	var id int64
	var have guidelines.Kind
	err := tx.QueryRowContext(ctx, `SELECT id, kind FROM datasets WHERE name = ?`, name).Scan(&id, &have)
	if err == nil {
		if have != kind {
			return 0, fmt.Errorf("dataset %q holds %s items, not %s", name, have, kind)
		}
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO datasets (name, kind, format, created_at) VALUES (?, ?, ?, ?)`,
		name, kind, format, s.now())
	if err != nil {
		return 0, fmt.Errorf("create dataset %q: %w", name, err)
	}
	return res.LastInsertId()
}

// ensureSide returns the id of the task dataset's practice or check
// dataset, creating it if needed. Its policy lets every annotator have
// every item (none is ever full) and hands none out as a task.
func (s *Store) ensureSide(tx *ptx, ctx context.Context, taskID int64, task string, purpose Purpose, kind guidelines.Kind, format Format) (int64, error) {
	id, ok, err := sideDataset(ctx, tx, taskID, purpose)
	if err != nil || ok {
		return id, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO datasets (name, kind, format, created_at, purpose, parent_id,
		min_annotators, max_annotators) VALUES (?, ?, ?, ?, ?, ?, 1000000, 1000000)`,
		sideName(task, purpose), kind, format, s.now(), purpose, taskID)
	if err != nil {
		return 0, fmt.Errorf("create the %s items of %q: %w", purpose, task, err)
	}
	return res.LastInsertId()
}

// DatasetKind is a dataset's task kind (mimics, clarimm).
func (s *Store) DatasetKind(ctx context.Context, datasetID int64) (guidelines.Kind, error) {
	if err := s.syncProtocols(ctx); err != nil {
		return "", err
	}
	k, err := datasetKind(ctx, s.prepared(), datasetID)
	if err == nil {
		err = s.knownKind(k)
	}
	return k, err
}

func datasetKind(ctx context.Context, q source, datasetID int64) (guidelines.Kind, error) {
	var kind guidelines.Kind
	err := q.QueryRowContext(ctx, `SELECT kind FROM datasets WHERE id = ?`, datasetID).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("dataset %d: %w", datasetID, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("find dataset %d: %w", datasetID, err)
	}
	return kind, nil
}
