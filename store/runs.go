package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// RunKind is what a benchmark run holds, and so how bench scores it.
type RunKind string

// The kinds of benchmark run.
const (
	RunNuggets   RunKind = "nuggets"   // a system's candidate answers, judged by nuggets
	RunTREC      RunKind = "trec"      // a ranking in TREC run format
	RunLabels    RunKind = "labels"    // predicted labels, "item unit label"
	RunQuestions RunKind = "questions" // generated clarifying questions, "item<TAB>question"
)

// The golds a trec run is scored against.
const (
	TargetLanding   = "landing"    // query = pane, document = answer position 1-5
	TargetAnswerSet = "answer_set" // query = query text, document = pane
)

// RunQuery is a query as a TREC run can carry it: runs of white space
// become one space. A run's queries and the items' are matched in this form.
func RunQuery(q string) string { return strings.Join(strings.Fields(q), " ") }

// Run is a registered benchmark run.
type Run struct {
	ID        int64
	DatasetID int64
	Name      string
	Kind      RunKind
	Target    string // a trec run's gold: landing or answer_set
	CreatedAt string
	// Orders: a judge run that judged pairs in both orders, how many, and
	// in how many the verdict changed with the order (nil otherwise).
	Orders *Orders
	// Arena: a judge run read from arena-hard-auto's judgments, by which
	// rule and how many lines the rule dropped (nil otherwise, and for one
	// registered before they were kept: Orders set, Arena nil).
	Arena *ArenaRead
}

// ArenaRule is the rule a judge run's arena-hard judgments were read by.
type ArenaRule string

// The rules for a judgment with a game unscored.
const (
	// ArenaBothGames counts a judgment only with both games scored, as
	// arena-hard-auto's show_result reads judgments since v2.0.
	ArenaBothGames ArenaRule = "both-games"
	// ArenaOneGame counts one with one game scored by that game, as
	// arena-hard-auto did before v2.0 (bench add --one-game).
	ArenaOneGame ArenaRule = "one-game"
)

// ArenaRead is how an arena-hard judgment file was read: by which rule,
// its Lines, and how many of them the rule dropped, with no game scored
// and with one.
type ArenaRead struct {
	Rule                          ArenaRule
	Lines                         int
	DroppedNoGame, DroppedOneGame int
}

// check refuses a read no file could give, before the database's CHECKs do.
func (a ArenaRead) check() error {
	switch {
	case a.Rule != ArenaBothGames && a.Rule != ArenaOneGame:
		return fmt.Errorf("arena rule %q is neither %s nor %s", a.Rule, ArenaBothGames, ArenaOneGame)
	case a.Lines < 1 || a.DroppedNoGame < 0 || a.DroppedOneGame < 0 || a.DroppedNoGame+a.DroppedOneGame > a.Lines:
		return fmt.Errorf("arena read: %d and %d lines dropped of %d", a.DroppedNoGame, a.DroppedOneGame, a.Lines)
	case a.Rule == ArenaOneGame && a.DroppedOneGame > 0:
		return fmt.Errorf("arena read: the %s rule keeps a line with one game scored, yet %d were dropped", a.Rule, a.DroppedOneGame)
	}
	return nil
}

// Orders are a judge's verdicts in both orders: Pairs judged both ways,
// Flips of them whose verdict changed with the order.
type Orders struct{ Pairs, Flips int }

// ErrRunExists means a run of that name holds other content.
var ErrRunExists = errors.New("a run of that name already holds other content")

// ensureRun finds the dataset's run of this name or registers it. A
// nuggets run grows as its answers come; a trec or labels run is one file,
// so the same name with another file (fingerprint) is ErrRunExists.
func (im *Importer) ensureRun(name string, kind RunKind, target, fingerprint string) (int64, error) {
	var id int64
	var haveKind RunKind
	var haveFP string
	err := im.w.QueryRowContext(im.ctx, `SELECT id, kind, fingerprint FROM runs WHERE dataset_id = ? AND name = ?`,
		im.datasetID, name).Scan(&id, &haveKind, &haveFP)
	switch {
	case err == nil && haveKind != kind:
		return 0, fmt.Errorf("run %q is a %s run, not %s: %w", name, haveKind, kind, ErrRunExists)
	case err == nil && haveFP != fingerprint:
		return 0, fmt.Errorf("run %q: %w", name, ErrRunExists)
	case err == nil:
		return id, nil
	case !errors.Is(err, sql.ErrNoRows):
		return 0, fmt.Errorf("find run: %w", err)
	}
	res, err := im.w.ExecContext(im.ctx, `INSERT INTO runs (dataset_id, name, kind, target, fingerprint, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, im.datasetID, name, kind, target, fingerprint, im.now)
	if err != nil {
		return 0, fmt.Errorf("register run %q: %w", name, err)
	}
	im.stats.Runs++
	return res.LastInsertId()
}

// RunWriter adds one trec or labels run's lines inside an import.
type RunWriter struct {
	im       *Importer
	id       int64
	known    bool // the same run, same file, is registered already
	doc      *sql.Stmt
	label    *sql.Stmt
	question *sql.Stmt
}

// AddRun registers a trec or labels run of the import's dataset. Adding
// the same file under the same name again adds nothing; another file
// under a name in use is ErrRunExists.
func (im *Importer) AddRun(name string, kind RunKind, target, fingerprint string) (*RunWriter, error) {
	before := im.stats.Runs
	id, err := im.ensureRun(name, kind, target, fingerprint)
	if err != nil {
		return nil, err
	}
	w := &RunWriter{im: im, id: id, known: im.stats.Runs == before}
	if w.doc, err = im.tx.PrepareContext(im.ctx, `INSERT INTO run_docs (run_id, query, doc, score) VALUES (?, ?, ?, ?)`); err != nil {
		return nil, fmt.Errorf("add run: %w", err)
	}
	if w.label, err = im.tx.PrepareContext(im.ctx, `INSERT INTO run_labels (run_id, item_id, unit, value, confidence) VALUES (?, ?, ?, ?, ?)`); err != nil {
		return nil, fmt.Errorf("add run: %w", err)
	}
	if w.question, err = im.tx.PrepareContext(im.ctx, `INSERT INTO run_questions (run_id, item_id, text) VALUES (?, ?, ?)`); err != nil {
		return nil, fmt.Errorf("add run: %w", err)
	}
	// closed with the import's
	im.stmts["run_doc"], im.stmts["run_label"], im.stmts["run_question"] = w.doc, w.label, w.question
	return w, nil
}

// SetOrders keeps with the run how many pairs it judged in both orders
// and how many of their verdicts changed with the order.
func (w *RunWriter) SetOrders(o Orders) error {
	if _, err := w.im.w.ExecContext(w.im.ctx, `UPDATE runs SET order_pairs = ?, order_flips = ? WHERE id = ?`, o.Pairs, o.Flips, w.id); err != nil {
		return fmt.Errorf("add run: %w", err)
	}
	return nil
}

// SetArenaRead keeps with the run the rule its arena-hard judgments were
// read by and how many lines it dropped, so every figure of the run can
// say so.
func (w *RunWriter) SetArenaRead(a ArenaRead) error {
	if err := a.check(); err != nil {
		return fmt.Errorf("add run: %w", err)
	}
	if _, err := w.im.w.ExecContext(w.im.ctx, `UPDATE runs SET arena_rule = ?, arena_lines = ?, arena_dropped_no_game = ?,
		arena_dropped_one_game = ? WHERE id = ?`, a.Rule, a.Lines, a.DroppedNoGame, a.DroppedOneGame, w.id); err != nil {
		return fmt.Errorf("add run: %w", err)
	}
	return nil
}

// Known reports that this run was registered before, from the same file:
// its lines are there already.
func (w *RunWriter) Known() bool { return w.known }

// Doc adds one ranked document of a trec run.
func (w *RunWriter) Doc(query, doc string, score float64) error {
	if _, err := w.doc.ExecContext(w.im.ctx, w.id, query, doc, score); err != nil {
		return fmt.Errorf("add run line: %w", err)
	}
	w.im.stats.RunLines++
	return nil
}

// Label adds one predicted label of a labels run.
func (w *RunWriter) Label(itemID int64, unit string, value int) error {
	return w.ConfidentLabel(itemID, unit, value, sql.NullFloat64{})
}

// ConfidentLabel adds one predicted label of a labels run with the run's
// confidence in it (0-1; not Valid: the run gave none), which judge-first
// triage reads (SetTriage).
func (w *RunWriter) ConfidentLabel(itemID int64, unit string, value int, confidence sql.NullFloat64) error {
	if confidence.Valid && !(confidence.Float64 >= 0 && confidence.Float64 <= 1) {
		return fmt.Errorf("add run line: confidence %v is not from 0 to 1", confidence.Float64)
	}
	if _, err := w.label.ExecContext(w.im.ctx, w.id, itemID, unit, value, confidence); err != nil {
		return fmt.Errorf("add run line: %w", err)
	}
	w.im.stats.RunLines++
	return nil
}

// Question adds one generated question of a questions run.
func (w *RunWriter) Question(itemID int64, text string) error {
	if _, err := w.question.ExecContext(w.im.ctx, w.id, itemID, text); err != nil {
		return fmt.Errorf("add run line: %w", err)
	}
	w.im.stats.RunLines++
	return nil
}

// Runs lists a dataset's runs in the order they were registered.
func (s *Store) Runs(ctx context.Context, datasetID int64) ([]Run, error) {
	return runs(ctx, s.prepared(), datasetID)
}

func runs(ctx context.Context, q source, datasetID int64) ([]Run, error) {
	return collect(ctx, q, "list runs", `SELECT id, dataset_id, name, kind, target, created_at, order_pairs, order_flips,
		arena_rule, arena_lines, arena_dropped_no_game, arena_dropped_one_game FROM runs
		WHERE dataset_id = ? ORDER BY id`, []any{datasetID}, func(rows *sql.Rows) (r Run, err error) {
		var pairs, flips, lines, noGame, oneGame sql.NullInt64
		var rule sql.NullString
		err = rows.Scan(&r.ID, &r.DatasetID, &r.Name, &r.Kind, &r.Target, &r.CreatedAt, &pairs, &flips,
			&rule, &lines, &noGame, &oneGame)
		if pairs.Valid {
			r.Orders = &Orders{Pairs: int(pairs.Int64), Flips: int(flips.Int64)}
		}
		if rule.Valid { // the migration's CHECK sets the four together
			r.Arena = &ArenaRead{Rule: ArenaRule(rule.String), Lines: int(lines.Int64),
				DroppedNoGame: int(noGame.Int64), DroppedOneGame: int(oneGame.Int64)}
		}
		return r, err
	})
}

// RunDoc is one line of a trec run.
type RunDoc struct {
	Query, Doc string
	Score      float64
}

// RunDocs calls fn for every line of a trec run, query by query.
func (s *Store) RunDocs(ctx context.Context, runID int64, fn func(RunDoc) error) error {
	return runDocs(ctx, s.prepared(), runID, fn)
}

func runDocs(ctx context.Context, q source, runID int64, fn func(RunDoc) error) error {
	return stream(ctx, q, "read run", `SELECT query, doc, score FROM run_docs WHERE run_id = ? ORDER BY query`, []any{runID},
		func(rows *sql.Rows) (d RunDoc, err error) { return d, rows.Scan(&d.Query, &d.Doc, &d.Score) }, fn)
}

// RunLabel is one prediction of a labels run.
type RunLabel struct {
	ItemID     int64
	Unit       string
	Value      int
	Confidence *float64 // the run's confidence in it (0-1); nil: its file gave none
}

// RunLabels lists a labels run's predictions.
func (s *Store) RunLabels(ctx context.Context, runID int64) ([]RunLabel, error) {
	return runLabels(ctx, s.prepared(), runID)
}

func runLabels(ctx context.Context, q source, runID int64) ([]RunLabel, error) {
	return collect(ctx, q, "read run", `SELECT item_id, unit, value, confidence FROM run_labels WHERE run_id = ?`, []any{runID},
		func(rows *sql.Rows) (l RunLabel, err error) {
			return l, rows.Scan(&l.ItemID, &l.Unit, &l.Value, &l.Confidence)
		})
}

// RunQuestion is one generated question of a questions run.
type RunQuestion struct {
	ItemID int64
	Text   string
}

// RunQuestions lists a questions run's questions.
func (s *Store) RunQuestions(ctx context.Context, runID int64) ([]RunQuestion, error) {
	return runQuestions(ctx, s.prepared(), runID)
}

func runQuestions(ctx context.Context, q source, runID int64) ([]RunQuestion, error) {
	return collect(ctx, q, "read run", `SELECT item_id, text FROM run_questions WHERE run_id = ?`, []any{runID},
		func(rows *sql.Rows) (rq RunQuestion, err error) { return rq, rows.Scan(&rq.ItemID, &rq.Text) })
}

// AnswerRow is what scoring needs of one answer item: whose it is and
// what its nuggets weigh.
type AnswerRow struct {
	ItemID    int64
	RunID     int64
	Intent    string // the intent's id
	System    string
	K         *int
	Weights   []float64 // nugget_1 … in order
	NuggetIDs []string
	// TREC RAG's: each nugget's importance (vital, okay; "" for a
	// Clarify-Then-Search nugget) and text, the intent's query, the answer
	// and its response_length (nil when its file gave none), for
	// nuggetizer's scores and files.
	Importances    []string
	NuggetTexts    []string
	Query, Answer  string
	ResponseLength *int
}

// Graded says whether every nugget of the answer is graded vital or okay
// (TREC RAG), so nuggetizer's scores apply.
func (a AnswerRow) Graded() bool {
	return len(a.Importances) > 0 && !slices.Contains(a.Importances, "")
}

// AnswerRows lists every answer of a nuggets dataset, intent by intent
// in import order, systems by name.
func (s *Store) AnswerRows(ctx context.Context, datasetID int64) ([]AnswerRow, error) {
	return answerRows(ctx, s.prepared(), datasetID)
}

func answerRows(ctx context.Context, q source, datasetID int64) ([]AnswerRow, error) {
	var out []AnswerRow
	err := eachRow(ctx, q, `SELECT a.item_id, a.run_id, t.uid, r.name, a.k, n.weight, n.nugget, n.importance, n.text,
			t.query, i.question, a.response_length
		FROM answers a JOIN items i ON i.id = a.item_id JOIN intents t ON t.id = a.intent_id
		JOIN runs r ON r.id = a.run_id JOIN nuggets n ON n.intent_id = a.intent_id
		WHERE i.dataset_id = ? ORDER BY t.seq, r.name, n.pos`, []any{datasetID}, func(rows *sql.Rows) error {
		var item, run int64
		var intent, system, nugget, importance, text, query, answer string
		var k, length sql.NullInt64
		var w float64
		if err := rows.Scan(&item, &run, &intent, &system, &k, &w, &nugget, &importance, &text, &query, &answer, &length); err != nil {
			return err
		}
		if len(out) == 0 || out[len(out)-1].ItemID != item {
			row := AnswerRow{ItemID: item, RunID: run, Intent: intent, System: system, Query: query, Answer: answer,
				K: nullInt(k), ResponseLength: nullInt(length)}
			out = append(out, row)
		}
		last := &out[len(out)-1]
		last.Weights = append(last.Weights, w)
		last.NuggetIDs = append(last.NuggetIDs, nugget)
		last.Importances = append(last.Importances, importance)
		last.NuggetTexts = append(last.NuggetTexts, text)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read answers: %w", err)
	}
	return out, nil
}

// nullInt is a nullable column's value, nil for NULL.
func nullInt(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}
