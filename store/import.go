package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// ImportStats counts what an import added and what it already had.
type ImportStats struct {
	Items, ItemsKnown     int
	Labels, LabelsKnown   int
	Queries, QueriesKnown int // SERP result lists
	Results               int
	Intents               int // nugget gold
	Runs, RunLines        int // benchmark runs registered, and their lines
}

// Importer adds one file's content inside a single transaction: either all
// of it lands (Commit) or none of it does (Rollback), whatever fails midway.
//
// Panes are recognised in Go (a set of the dataset's uids, loaded when the
// import begins; the import holds the write lock, so the set stays true) and
// written in file order. A big import drops the items' uid index while it
// writes and builds it again at Commit: the uid is a content hash, so
// keeping its index up to date puts every pane at a random place in it,
// which was most of an import's time, while building it afterwards is one
// sort. The rebuilt unique index checks again that no pane came twice. The
// seq index is kept: new panes go at its end, which costs less than
// reading the whole table again to build it.
type Importer struct {
	s          *Store
	ctx        context.Context
	tx         *sql.Tx // for its end, its named statements and its schema changes
	w          *ptx    // every other statement, prepared on the import's connection
	datasetID  int64
	nextSeq    int
	now        string
	known      map[[8]byte]int64 // uid -> item id, for every pane of the dataset (remember)
	knownText  map[string]int64  // the rest: uids that are ids as written (item.uid = "id")
	kind       guidelines.Kind   // the dataset's
	labelled   map[int64]bool    // items given labels: recounted at commit (refreshItem)
	dropAfter  int               // new panes after which the item indexes are dropped
	dropped    bool              // they are, and Commit builds them again
	annotators map[string]int64
	actor      int64  // who imports: the actor of the history rows
	unlock     func() // lets this process's other writers on, once
	stmts      map[string]*sql.Stmt
	panes      *paneInsert // the items rows of new panes
	stats      ImportStats
	policy     *Policy // set at Commit, when given
	renumber   bool    // answers were added: number the dataset's items again
	// newPairs are the compare items added, by (first, second) system:
	// their sides are drawn at Commit.
	newPairs map[[2]string][]int64
	rng      *rand.Rand // draws sides and the order of a request's pairs (random)
	// purpose is PurposePractice or PurposeCheck for items with known
	// answers (BeginKnownImport), "" for a task's items.
	purpose Purpose
	// committed runs once the import has committed: a changed protocol
	// file becomes the process's then, not before.
	committed func() error
	// file is the protocol a protocol file's import reads its labels by:
	// the file imported under, which may be a change the process does not
	// hold yet.
	file *guidelines.Protocol
}

// UnitLabel is a label that comes with an imported pane.
type UnitLabel struct {
	Unit, Annotator string
	Value           int
	// Text is a written unit's answer (Value 0), as the file gives it;
	// "" for a unit on a scale.
	Text string
}

var importSQL = map[string]string{
	"label": `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, text)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
	"history": `INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source, new_text)
		VALUES (?, ?, ?, NULL, ?, ?, ?, 'import', ?)`,
	"query":  `INSERT INTO serp_queries (query, imported_at) VALUES (?, ?) ON CONFLICT DO NOTHING`,
	"result": `INSERT INTO serp_results (query, rank, name, url, snippet) VALUES (?, ?, ?, ?, ?)`,
}

// itemIndexes are dropped by a big import and built again at its end.
var itemIndexes = map[string]string{
	"items_uid": `CREATE UNIQUE INDEX items_uid ON items (dataset_id, uid)`,
}

// BeginImport starts an import by who into the named dataset (created if
// new); only a lead may import. An empty dataset name starts an import
// that holds no items (SERP results).
func (s *Store) BeginImport(ctx context.Context, who Annotator, dataset string, kind guidelines.Kind, format Format) (*Importer, error) {
	return s.beginImport(ctx, who, dataset, "", kind, format, nil)
}

// BeginProtocolImport starts an import of a protocol file's items into the
// named dataset (its practice or gold checks when purpose is set, as
// BeginKnownImport): the file is kept in the import's own transaction, as
// AddProtocol keeps it, so a data file refused half-way leaves neither.
func (s *Store) BeginProtocolImport(ctx context.Context, who Annotator, dataset string, purpose Purpose,
	f *guidelines.ProtocolFile, text []byte) (*Importer, error) {
	if purpose != "" && purpose != PurposePractice && purpose != PurposeCheck {
		return nil, fmt.Errorf("begin import: no such purpose %q", purpose)
	}
	var committed func() error
	keep := func(w *ptx) (err error) {
		committed, err = s.addProtocol(ctx, w, who, f, text)
		return err
	}
	im, err := s.beginImport(ctx, who, dataset, purpose, f.Name, Format(f.Name), keep)
	if err == nil {
		// The kind as the transaction reads it: units per row as many as
		// the database's items have rows.
		p := im.w.kindSet().For(f.Name)
		im.committed, im.file = committed, &p
	}
	return im, err
}

// BeginKnownImport starts an import of items with known answers into the
// named task dataset's practice or gold-check items (purpose
// PurposePractice or PurposeCheck): the task dataset is made if new, the
// items go to a dataset of their own beside it, and the labels that come
// with them are their answers (known_labels), nobody's labels.
func (s *Store) BeginKnownImport(ctx context.Context, who Annotator, task string, purpose Purpose, kind guidelines.Kind, format Format) (*Importer, error) {
	if purpose != PurposePractice && purpose != PurposeCheck {
		return nil, fmt.Errorf("begin import: no such purpose %q", purpose)
	}
	return s.beginImport(ctx, who, task, purpose, kind, format, nil)
}

// beginImport opens an import's transaction, checks who may import, runs
// first (nil for none: a protocol file's import keeps the file) and makes
// or finds the dataset.
//
// The import stays in WAL, even the first one of an empty database: it
// ran in rollback-journal mode once (each page written once, not to the
// log and again to the file; some 10% of a big first import), but leaving
// WAL and coming back each rewrite the file's header, so a refused import
// moved SQLite's change counter twice. A refused import leaves the file's
// bytes as they were.
func (s *Store) beginImport(ctx context.Context, who Annotator, dataset string, purpose Purpose, kind guidelines.Kind, format Format,
	first func(*ptx) error) (*Importer, error) {
	conn, unlock, err := s.ownConn(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin import: %w", err)
	}
	// The transaction ends only at Commit or Rollback: database/sql would
	// roll it back by itself once ctx is cancelled, and the statements the
	// import runs through the driver itself (paneInsert) would then write
	// outside it, each committed. A cancelled ctx stops the import at its
	// next statement instead (each checks it), and the caller rolls back.
	tx, err := conn.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("begin import: %w", err)
	}
	if err := schemaHeld(ctx, tx); err != nil {
		tx.Rollback()
		unlock()
		return nil, fmt.Errorf("begin import: %w", err)
	}
	im := &Importer{s: s, ctx: ctx, tx: tx, w: s.ownPtx(ctx, tx), now: s.now(), known: map[[8]byte]int64{}, knownText: map[string]int64{}, labelled: map[int64]bool{},
		annotators: map[string]int64{}, actor: who.ActorID(), unlock: unlock, stmts: map[string]*sql.Stmt{},
		panes: newPaneInsert(conn), purpose: purpose}
	if err := requireRole(ctx, im.w, who.ID, ActImport); err != nil {
		im.Rollback()
		return nil, fmt.Errorf("import: %w", err)
	}
	if first != nil {
		if err := first(im.w); err != nil {
			im.Rollback()
			return nil, fmt.Errorf("import: %w", err)
		}
	}
	if err := im.prepare(dataset, kind, format); err != nil {
		im.Rollback()
		return nil, fmt.Errorf("begin import: %w", err)
	}
	return im, nil
}

func (im *Importer) prepare(dataset string, kind guidelines.Kind, format Format) error {
	if dataset == "" {
		return im.prepareStmts()
	}
	id, err := im.s.ensureDataset(im.ctx, im.w, dataset, kind, format)
	if err != nil {
		return err
	}
	if im.purpose != "" {
		if id, err = im.s.ensureSide(im.w, im.ctx, id, dataset, im.purpose, kind, format); err != nil {
			return err
		}
	}
	im.datasetID = id
	var total int
	err = im.w.QueryRowContext(im.ctx, `SELECT count(*),
		(SELECT coalesce(max(seq), 0) + 1 FROM items WHERE dataset_id = ?) FROM items`, id).
		Scan(&total, &im.nextSeq)
	if err != nil {
		return err
	}
	// Rebuilding the index sorts every item of every dataset; it pays once
	// the import adds more than about a fifth of that.
	im.dropAfter = max(4096, total/5)
	im.kind = kind
	builtIn := guidelines.Builtins().Known(kind)
	if kind != guidelines.MIMICS.Kind && builtIn {
		// Requests, pairs and answers keep the id their file gives them,
		// not a content hash; addKeyed looks each one up instead. A
		// protocol file's items are known by a hash, as panes are, or by
		// their own ids (item.uid = "id").
		im.known = nil
		return im.prepareStmts()
	}
	if err := im.loadKnown(); err != nil {
		return err
	}
	return im.prepareStmts()
}

func (im *Importer) prepareStmts() error {
	for name, q := range importSQL {
		st, err := im.tx.PrepareContext(im.ctx, q)
		if err != nil {
			return err
		}
		im.stmts[name] = st
	}
	return nil
}

// loadKnown reads the uids the dataset already has, so a pane seen before is
// recognised without a query per row.
func (im *Importer) loadKnown() error {
	return eachRow(im.ctx, im.w, `SELECT uid, id FROM items WHERE dataset_id = ?`, []any{im.datasetID}, func(rows *sql.Rows) error {
		var uid string
		var id int64
		if err := rows.Scan(&uid, &id); err != nil {
			return err
		}
		im.remember(uid, id)
		return nil
	})
}

// uidKey is a uid of 16 hex digits as its bytes, which a map holding the
// hundreds of thousands of a big import's panes keeps without pointers;
// false for a uid of another shape (an item's own id, item.uid = "id").
func uidKey(uid string) (key [8]byte, ok bool) {
	n, err := hex.Decode(key[:], []byte(uid))
	return key, err == nil && n == len(key) && len(uid) == 2*len(key)
}

// remember notes that the dataset's item id has that uid.
func (im *Importer) remember(uid string, id int64) {
	if key, ok := uidKey(uid); ok {
		im.known[key] = id
		return
	}
	im.knownText[uid] = id
}

// lookup is the dataset's item of that uid, if it has one.
func (im *Importer) lookup(uid string) (int64, bool) {
	if key, ok := uidKey(uid); ok {
		id, known := im.known[key]
		return id, known
	}
	id, known := im.knownText[uid]
	return id, known
}

// DatasetID is the dataset the import adds to.
func (im *Importer) DatasetID() int64 { return im.datasetID }

// AddPane adds a pane unless the dataset already has it, and its labels
// unless their annotator already has one for the unit (the first wins).
func (im *Importer) AddPane(p Pane, labels ...UnitLabel) (added bool, err error) {
	if im.datasetID == 0 {
		return false, fmt.Errorf("add pane: this import has no dataset")
	}
	if err := checkLabels(labels); err != nil {
		return false, err
	}
	key := p.uidKey()
	id, known := im.known[key]
	if known {
		im.stats.ItemsKnown++
	} else if id, err = im.writePane(hex.EncodeToString(key[:]), p); err != nil {
		return false, err
	}
	for _, l := range labels {
		if err := im.writeLabel(id, l); err != nil {
			return false, err
		}
	}
	return !known, nil
}

// FileItem is an item of a protocol file's kind, as the file gives it:
// its uid (a hash of its id columns, 16 hex digits), the text the item's
// columns keep for listing and exports (query, question, up to five list
// elements), and its rows, each line as the file has it.
type FileItem struct {
	UID      string
	Query    string
	Question string
	Options  [5]string
	ListLen  int // the list's elements when more than Options hold
	Rows     []string
	// Elements are, for each row, the element (from 0) it is part of
	// when the file gathers rows into elements (item.element); nil when
	// each row is its own.
	Elements []int
	// Meta is the fields its HIT's layout reads (a step's field
	// condition), as guidelines.ProtocolFile.FieldsMeta gives them.
	Meta string
	// Images are its conversation's images, resolved beside the file and
	// previewed (item_images).
	Images []Image
}

// protocol is the kind's protocol as the import reads it: a protocol
// file's as imported under, which the process may not hold yet.
func (im *Importer) protocol() guidelines.Protocol {
	if im.file != nil {
		return *im.file
	}
	return im.s.Protocol(im.kind)
}

// AddFileItem adds a protocol file's item unless the dataset has it, and
// its labels (a release's, or a practice item's answers), each checked
// against the kind's units and scales.
func (im *Importer) AddFileItem(it FileItem, labels ...UnitLabel) (added bool, err error) {
	if im.datasetID == 0 || im.known == nil {
		return false, fmt.Errorf("add item: this import is not of a protocol file's kind")
	}
	p := im.protocol()
	for _, l := range labels {
		if !p.HasUnit(l.Unit) || !p.Valid(l.Unit, l.Value) {
			return false, fmt.Errorf("add label: %s=%d is not a %s label", l.Unit, l.Value, im.kind)
		}
		if err := it.choiceFits(p, l); err != nil {
			return false, err
		}
		if err := checkAnswer(p, l.Unit, l.Value, l.Text); err != nil {
			return false, &UnitError{Unit: l.Unit, Err: err}
		}
	}
	if err := standingLabels(p, labels); err != nil {
		return false, err
	}
	if err := fileUIDProblem(p, it.UID); err != nil {
		return false, err
	}
	id, known := im.lookup(it.UID)
	if known {
		if err := im.sameRows(p, id, it.UID, it.Rows); err != nil {
			return false, err
		}
		im.stats.ItemsKnown++
	} else {
		if id, err = im.writePane(it.UID, Pane{Query: it.Query, Question: it.Question, Options: it.Options, ListLen: it.ListLen, Meta: it.Meta}); err != nil {
			return false, err
		}
		for i, line := range it.Rows {
			var element any // none: the row is its own
			if it.Elements != nil {
				element = it.Elements[i] + 1
			}
			if _, err := im.w.ExecContext(im.ctx, `INSERT INTO item_rows (item_id, pos, line, element) VALUES (?, ?, ?, ?)`, id, i+1, line, element); err != nil {
				return false, fmt.Errorf("add item: %w", err)
			}
		}
		if err := im.writeImages(id, it.Images); err != nil {
			return false, err
		}
	}
	for _, l := range labels {
		if err := im.writeLabel(id, l); err != nil {
			return false, err
		}
	}
	return !known, nil
}

// sameRows refuses an item the dataset has under the same id whose rows
// the file now gives otherwise (a question more, a request changed): the
// stored item would stay as it was and the file's change be lost without
// a word. Rows are compared by what they show and their text fields
// (guidelines.Protocol.SameRow), so a file whose label columns alone
// differ (a release's labels) is the same item.
func (im *Importer) sameRows(p guidelines.Protocol, id int64, uid string, rows []string) error {
	have, err := collect(im.ctx, im.w, "item rows", `SELECT line FROM item_rows WHERE item_id = ? ORDER BY pos`, []any{id},
		func(r *sql.Rows) (l string, err error) { return l, r.Scan(&l) })
	if err != nil {
		return err
	}
	differ := len(have) != len(rows)
	for i := 0; !differ && i < len(rows); i++ {
		differ = !p.SameRow(have[i], rows[i])
	}
	if differ && p.UIDIsID() {
		return fmt.Errorf("%s %q is already imported with other content: %w", p.Item(), display.Clean(uid), ErrConflict)
	}
	if differ {
		return fmt.Errorf("the dataset has this item already (the same id) with other text or rows (%s stored, %s here): a changed item is not imported over the stored one; import the file into a new dataset", display.Count(len(have), "row", "rows"), display.Count(len(rows), "row", "rows"))
	}
	return nil
}

func checkLabels(labels []UnitLabel) error {
	for _, l := range labels {
		if p := guidelines.MIMICS; !p.HasUnit(l.Unit) || !p.Valid(l.Unit, l.Value) {
			return fmt.Errorf("add label: %s=%d is not a MIMICS label", l.Unit, l.Value)
		}
	}
	return nil
}

// fileUIDProblem refuses a protocol file's item's uid of the wrong shape:
// a hash is 16 hex digits; an own id (item.uid = "id") is text every
// export and prompt can write as it is.
func fileUIDProblem(p guidelines.Protocol, uid string) error {
	if p.UIDIsID() {
		if why := guidelines.IDUIDProblem(uid); why != "" {
			return fmt.Errorf("add item: uid %q %s", display.Clean(uid), why)
		}
		return nil
	}
	if _, ok := uidKey(uid); !ok {
		return fmt.Errorf("add item: uid %q is not 16 hex digits", uid)
	}
	return nil
}

func (im *Importer) writePane(uid string, p Pane) (int64, error) {
	if err := im.dropItemIndexes(); err != nil {
		return 0, err
	}
	if err := im.ctx.Err(); err != nil {
		return 0, fmt.Errorf("add pane: %w", err)
	}
	id, err := im.panes.insert(im.datasetID, im.nextSeq, []PaneRow{paneRow([8]byte{}, uid, p)})
	if err != nil {
		return 0, fmt.Errorf("add pane: %w", err)
	}
	im.remember(uid, id)
	im.nextSeq++
	im.stats.Items++
	return id, nil
}

// dropItemIndexes drops the item indexes once the import has added
// dropAfter items (Commit builds them again).
func (im *Importer) dropItemIndexes() error {
	if im.stats.Items < im.dropAfter || im.dropped {
		return nil
	}
	for name := range itemIndexes {
		if _, err := im.tx.ExecContext(im.ctx, `DROP INDEX `+name); err != nil {
			return fmt.Errorf("add pane: %w", err)
		}
	}
	im.dropped = true
	return nil
}

func (im *Importer) writeLabel(itemID int64, l UnitLabel) error {
	if im.purpose != "" {
		return im.writeKnown(itemID, l)
	}
	aid, err := im.annotator(l.Annotator)
	if err != nil {
		return fmt.Errorf("add label: %w", err)
	}
	res, err := im.stmts["label"].ExecContext(im.ctx, itemID, l.Unit, aid, l.Value, im.now, im.now, nullText(l.Text))
	if err != nil {
		return fmt.Errorf("add label %s=%d: %w", l.Unit, l.Value, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Known: the same label again is nothing new; a different one is a
		// conflict the file cannot settle (merging changes is what
		// import --format labels is for).
		var have int
		var text sql.NullString
		err := im.w.QueryRowContext(im.ctx, `SELECT value, text FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ?`,
			itemID, l.Unit, aid).Scan(&have, &text)
		if err != nil {
			return fmt.Errorf("add label %s: %w", l.Unit, err)
		}
		if text.String != l.Text {
			return fmt.Errorf("%s already has another written %s for this %s (%q), and this file says %q; a release's labels do not change on import (use --labels-as NAME for another set, or import --format labels to merge changes)",
				l.Annotator, l.Unit, im.protocol().Item(), display.Clean(text.String), display.Clean(l.Text))
		}
		if have != l.Value {
			return fmt.Errorf("%s already has %s = %d for this %s, and this file says %d; a release's labels do not change on import (use --labels-as NAME for another set, or import --format labels to merge changes)",
				l.Annotator, l.Unit, have, im.protocol().Item(), l.Value)
		}
		im.stats.LabelsKnown++
		return nil
	}
	im.stats.Labels++
	im.labelled[itemID] = true
	_, err = im.stmts["history"].ExecContext(im.ctx, itemID, l.Unit, aid, l.Value, im.actor, im.now, nullText(l.Text))
	if err != nil {
		return fmt.Errorf("add label history: %w", err)
	}
	return nil
}

func (im *Importer) annotator(name string) (int64, error) {
	if id, ok := im.annotators[name]; ok {
		return id, nil
	}
	id, err := im.s.ensureAnnotator(im.ctx, im.w, name)
	if err == nil {
		im.annotators[name] = id
	}
	return id, err
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

// SetPolicy gives the dataset this redundancy policy when the import
// commits, with everything else or not at all.
func (im *Importer) SetPolicy(p Policy) error {
	if err := p.Check(); err != nil {
		return err
	}
	im.policy = &p
	return nil
}

// Commit builds the item indexes again if the import dropped them, and
// makes the whole import visible at once.
func (im *Importer) Commit() (ImportStats, error) {
	defer im.unlock()
	im.closeStmts()
	if im.policy != nil && im.datasetID != 0 {
		if err := setPolicy(im.w, im.datasetID, *im.policy); err != nil {
			im.tx.Rollback()
			return im.stats, fmt.Errorf("commit import: %w", err)
		}
	}
	if len(im.newPairs) > 0 {
		if err := im.drawSides(im.random()); err != nil {
			im.tx.Rollback()
			return im.stats, fmt.Errorf("commit import: %w", err)
		}
	}
	if im.renumber {
		if err := im.renumberAnswers(); err != nil {
			im.tx.Rollback()
			return im.stats, fmt.Errorf("commit import: %w", err)
		}
	}
	if im.datasetID != 0 {
		// An import only adds items (ImportStats.Items counts them all,
		// panes, conversations and answers); counting the table here, its
		// indexes dropped, read every row.
		if _, err := im.w.ExecContext(im.ctx, `UPDATE datasets SET items_count = items_count + ? WHERE id = ?`,
			im.stats.Items, im.datasetID); err != nil {
			im.tx.Rollback()
			return im.stats, fmt.Errorf("commit import: %w", err)
		}
	}
	w := im.w
	for id := range im.labelled {
		if err := refreshItem(w, id); err != nil {
			im.tx.Rollback()
			return im.stats, fmt.Errorf("commit import: %w", err)
		}
	}
	if im.dropped {
		for _, create := range itemIndexes {
			if _, err := im.tx.ExecContext(im.ctx, create); err != nil {
				im.tx.Rollback()
				return im.stats, fmt.Errorf("commit import: %w", err)
			}
		}
	}
	if err := im.ctx.Err(); err != nil {
		im.tx.Rollback()
		return im.stats, fmt.Errorf("commit import: %w", err)
	}
	if err := im.tx.Commit(); err != nil {
		return im.stats, fmt.Errorf("commit import: %w", err)
	}
	if im.committed != nil {
		return im.stats, im.committed()
	}
	return im.stats, nil
}

// Rollback discards everything the import added; safe after Commit.
func (im *Importer) Rollback() {
	im.closeStmts()
	im.tx.Rollback()
	im.unlock()
}

func (im *Importer) closeStmts() {
	im.panes.close()
	for _, st := range im.stmts {
		st.Close()
	}
	im.stmts = map[string]*sql.Stmt{}
}

// writeKnown stores a practice or check item's answer for a unit; the same
// answer again is nothing new, another one is refused.
func (im *Importer) writeKnown(itemID int64, l UnitLabel) error {
	if l.Text != "" {
		// known_labels keep values: a written answer has no right one to
		// score a practice or gold-check answer against.
		return fmt.Errorf("%s is a written answer: practice and gold-check items keep no written answers (leave its column empty)", l.Unit)
	}
	res, err := im.w.ExecContext(im.ctx, `INSERT INTO known_labels (item_id, unit, value) VALUES (?1, ?2, ?3)
		ON CONFLICT DO NOTHING`, itemID, l.Unit, l.Value)
	if err != nil {
		return fmt.Errorf("add answer %s=%d: %w", l.Unit, l.Value, err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		im.stats.Labels++
		return nil
	}
	var have int
	err = im.w.QueryRowContext(im.ctx, `SELECT value FROM known_labels WHERE item_id = ? AND unit = ?`, itemID, l.Unit).Scan(&have)
	switch {
	case err != nil:
		return fmt.Errorf("add answer %s: %w", l.Unit, err)
	case have != l.Value:
		return fmt.Errorf("this %s's answer for %s is %d already, and this file says %d", im.protocol().Item(), l.Unit, have, l.Value)
	}
	im.stats.LabelsKnown++
	return nil
}
