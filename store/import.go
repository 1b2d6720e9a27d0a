package store

import (
	"context"
	"database/sql"
	"fmt"
)

// ImportStats counts what an import added and what it already had.
type ImportStats struct {
	Items, ItemsKnown     int
	Labels, LabelsKnown   int
	Queries, QueriesKnown int // SERP result lists
	Results               int
}

// Importer adds one file's content inside a single transaction: either all
// of it lands (Commit) or none of it does (Rollback), whatever fails midway.
type Importer struct {
	s          *Store
	ctx        context.Context
	tx         *sql.Tx
	datasetID  int64
	nextSeq    int
	now        string
	annotators map[string]int64
	stmts      map[string]*sql.Stmt
	stats      ImportStats
}

var importSQL = map[string]string{
	"item": `INSERT INTO items (dataset_id, uid, seq, query, question,
			option_1, option_2, option_3, option_4, option_5, meta)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
	"itemID": `SELECT id FROM items WHERE dataset_id = ? AND uid = ?`,
	"label": `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
	"history": `INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source)
		VALUES (?, ?, ?, NULL, ?, ?, ?, 'import')`,
	"query":  `INSERT INTO serp_queries (query, imported_at) VALUES (?, ?) ON CONFLICT DO NOTHING`,
	"result": `INSERT INTO serp_results (query, rank, name, url, snippet) VALUES (?, ?, ?, ?, ?)`,
}

// BeginImport starts an import into the named dataset (created if new). An
// empty dataset name starts an import that holds no items (SERP results).
func (s *Store) BeginImport(ctx context.Context, dataset, kind, format string) (*Importer, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin import: %w", err)
	}
	im := &Importer{s: s, ctx: ctx, tx: tx, now: s.now(),
		annotators: map[string]int64{}, stmts: map[string]*sql.Stmt{}}
	if err := im.prepare(dataset, kind, format); err != nil {
		tx.Rollback()
		return nil, fmt.Errorf("begin import: %w", err)
	}
	return im, nil
}

func (im *Importer) prepare(dataset, kind, format string) error {
	for name, q := range importSQL {
		st, err := im.tx.PrepareContext(im.ctx, q)
		if err != nil {
			return err
		}
		im.stmts[name] = st
	}
	if dataset == "" {
		return nil
	}
	id, err := im.s.ensureDataset(im.ctx, im.tx, dataset, kind, format)
	if err != nil {
		return err
	}
	im.datasetID = id
	return im.tx.QueryRowContext(im.ctx,
		`SELECT coalesce(max(seq), 0) + 1 FROM items WHERE dataset_id = ?`, id).Scan(&im.nextSeq)
}

// DatasetID is the dataset the import adds to.
func (im *Importer) DatasetID() int64 { return im.datasetID }

// AddPane adds a pane unless the dataset already has it, and returns its id.
func (im *Importer) AddPane(p Pane) (id int64, added bool, err error) {
	if im.datasetID == 0 {
		return 0, false, fmt.Errorf("add pane: this import has no dataset")
	}
	uid := p.UID()
	o := p.Options
	res, err := im.stmts["item"].ExecContext(im.ctx, im.datasetID, uid, im.nextSeq,
		p.Query, p.Question, o[0], o[1], o[2], o[3], o[4], metaOrEmpty(p.Meta))
	if err != nil {
		return 0, false, fmt.Errorf("add pane: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		im.nextSeq++
		im.stats.Items++
		id, err = res.LastInsertId()
		return id, true, err
	}
	im.stats.ItemsKnown++
	err = im.stmts["itemID"].QueryRowContext(im.ctx, im.datasetID, uid).Scan(&id)
	return id, false, err
}

// AddLabel records a label by the named annotator unless they already have
// one for this unit; a first label is a history entry like any other.
func (im *Importer) AddLabel(itemID int64, unit, annotator string, value int) error {
	aid, ok := im.annotators[annotator]
	if !ok {
		var err error
		if aid, err = im.s.ensureAnnotator(im.ctx, im.tx, annotator); err != nil {
			return fmt.Errorf("add label: %w", err)
		}
		im.annotators[annotator] = aid
	}
	res, err := im.stmts["label"].ExecContext(im.ctx, itemID, unit, aid, value, im.now, im.now)
	if err != nil {
		return fmt.Errorf("add label %s=%d: %w", unit, value, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		im.stats.LabelsKnown++
		return nil
	}
	im.stats.Labels++
	if _, err := im.stmts["history"].ExecContext(im.ctx, itemID, unit, aid, value, aid, im.now); err != nil {
		return fmt.Errorf("add label history: %w", err)
	}
	return nil
}

// SERPResult is one web page of a search result list.
type SERPResult struct {
	Name, URL, Snippet string
}

// AddSERP stores the result list for a query unless one is already stored.
func (im *Importer) AddSERP(query string, results []SERPResult) error {
	res, err := im.stmts["query"].ExecContext(im.ctx, query, im.now)
	if err != nil {
		return fmt.Errorf("add results for %q: %w", query, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		im.stats.QueriesKnown++
		return nil
	}
	im.stats.Queries++
	for i, r := range results {
		if _, err := im.stmts["result"].ExecContext(im.ctx, query, i+1, r.Name, r.URL, r.Snippet); err != nil {
			return fmt.Errorf("add results for %q: %w", query, err)
		}
		im.stats.Results++
	}
	return nil
}

// Commit makes the whole import visible at once.
func (im *Importer) Commit() (ImportStats, error) {
	im.closeStmts()
	if err := im.tx.Commit(); err != nil {
		return im.stats, fmt.Errorf("commit import: %w", err)
	}
	return im.stats, nil
}

// Rollback discards everything the import added; safe after Commit.
func (im *Importer) Rollback() {
	im.closeStmts()
	im.tx.Rollback()
}

func (im *Importer) closeStmts() {
	for _, st := range im.stmts {
		st.Close()
	}
	im.stmts = map[string]*sql.Stmt{}
}
