package data

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// RunKinds lists the kinds bench add takes.
var RunKinds = []store.RunKind{store.RunNuggets, store.RunTREC, store.RunLabels, store.RunQuestions, KindNuggetAssignments, KindArenaJudgments}

// RunKindNames joins the run kinds bench add takes with sep, for help and
// errors.
func RunKindNames(sep string) string {
	names := make([]string, len(RunKinds))
	for i, k := range RunKinds {
		names[i] = string(k)
	}
	return strings.Join(names, sep)
}

// RunOptions name a run and where it goes.
type RunOptions struct {
	Kind    store.RunKind
	Name    string
	Dataset string // empty: found from the file's items
	MaxLine int    // the longest line accepted, in bytes; 0 is DefaultMaxLine
	// OneGame reads arena judgments by the older rule: a line with one
	// game scored counts (KindArenaJudgments).
	OneGame bool
	// Formats are the database's import formats (kinds.Set.Formats): a
	// nuggets run's file is read as candidates among them, so one in
	// another format is named for it. Nil reads it as candidates alone.
	Formats []Format
	// RunKinds are the kinds of run a dataset of each task kind takes
	// (the database's kinds' descriptors say, kinds.Set.RunKinds), which
	// picks the dataset a run is over. A trec, labels or questions run
	// needs them.
	RunKinds func(guidelines.Kind) []store.RunKind
}

// RunResult says what registering a run did.
type RunResult struct {
	Dataset string
	Target  string
	Known   bool // the same file was registered under this name before
	store.ImportStats
	Notes []string // what the read noticed that is not an error, for stderr
	// Rule says by which rule arena judgments were read, and how many
	// lines it dropped ("" for other kinds).
	Rule string
}

// AddRun registers a benchmark run from a file, all of it or nothing.
func AddRun(ctx context.Context, st *store.Store, who store.Annotator, path string, opt RunOptions) (RunResult, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return RunResult{}, err
	}
	return AddRunBytes(ctx, st, who, body, path, opt)
}

// AddRunBytes registers a run from a file's bytes (named name in errors).
// A nuggets run is a candidates import under the run's name.
func AddRunBytes(ctx context.Context, st *store.Store, who store.Annotator, body []byte, name string, opt RunOptions) (RunResult, error) {
	if err := CheckRunName(opt.Name); err != nil {
		return RunResult{}, err
	}
	if opt.OneGame && opt.Kind != KindArenaJudgments {
		return RunResult{}, fmt.Errorf("--one-game is a rule for arena judgments (--kind %s), not %s runs", KindArenaJudgments, opt.Kind)
	}
	switch opt.Kind {
	case KindNuggetAssignments:
		return addAssignments(ctx, st, who, body, name, opt)
	case KindArenaJudgments:
		return addArena(ctx, st, who, body, name, opt)
	}
	if opt.Kind == store.RunNuggets {
		// Read as candidates, among the database's formats when given, so
		// a file of another (a gold nuggets file) is named for what it is.
		imp := only(CandidatesFormat(), Options{Dataset: opt.Dataset, System: opt.Name, MaxLine: opt.MaxLine})
		if opt.Formats != nil {
			imp.Formats = opt.Formats
		}
		res, err := Import(ctx, st, who, bytes.NewReader(body), name, imp)
		return RunResult{Dataset: res.Dataset, ImportStats: res.ImportStats, Known: err == nil && res.Items == 0, Notes: res.Notes}, err
	}
	if !slices.Contains(RunKinds, opt.Kind) {
		return RunResult{}, fmt.Errorf("unknown run kind %q (want one of %s)", opt.Kind, RunKindNames(", "))
	}
	rr := &runReader{file: name, fingerprint: runFingerprint(body), body: body, maxLine: opt.MaxLine}
	if err := rr.readFirst(opt.Kind); err != nil {
		return RunResult{}, err
	}
	if err := rr.findDataset(ctx, st, opt); err != nil {
		return RunResult{}, err
	}
	return rr.write(ctx, st, who, opt)
}

// runFingerprint tells one run file from another: the same file again
// under its name adds nothing, another is refused. A rule that reads the
// file's lines otherwise follows it (rule), making another run of it;
// hashed after the body, not appended to it, so an upload is not copied.
func runFingerprint(body []byte, rule ...string) string {
	h := sha256.New()
	h.Write(body)
	for _, r := range rule {
		h.Write([]byte(r))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// runLine is one line of a run file, split into fields.
type runLine struct {
	n      int
	text   string // the line as read, for a questions run's free text
	fields []string
}

// runReader reads a run's lines from its bytes as it goes, twice (the
// first line to find the dataset, then every line to check and store it),
// and keeps no line: what it holds grows with the dataset's items, not the
// run's lines.
type runReader struct {
	file, fingerprint string
	body              []byte
	maxLine           int
	kind              store.RunKind
	first             runLine // the first line of predictions
	header            int     // a labels run's header line, 0 if none
	confidence        bool    // the header names a confidence column
	dataset           store.Dataset
	target            string
	items             map[string]runItem  // uid -> item of the dataset
	itemsProtocol     guidelines.Protocol // the task kind of the dataset items holds
	pairs             map[int64]store.PairSystems
}

// runUnit is one unit of one item, as a run predicts it.
type runUnit struct {
	item int64
	unit string
}

type runItem struct {
	id        int64
	reference bool   // it has a reference question
	query     string // normalised (single spaces)
	answers   int
	units     []string // the units its HIT has
}

// each calls fn with every line of predictions (not blank, not the
// header), and returns what the read noticed that is not an error.
func (rr *runReader) each(fn func(runLine) error) (notes []string, err error) {
	lr := newLineReader(bytes.NewReader(rr.body), rr.file).limit(rr.maxLine)
	for {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			return lr.warnings(), nil
		}
		if err != nil {
			return nil, err
		}
		f := strings.Fields(string(line))
		if len(f) == 0 || lr.n == rr.header {
			continue
		}
		if err := fn(runLine{n: lr.n, text: string(line), fields: f}); err != nil {
			return nil, err
		}
	}
}

// errFound stops each at the line it was looking for.
var errFound = errors.New("found")

// readFirst finds the first line of predictions, past a labels run's header.
func (rr *runReader) readFirst(kind store.RunKind) error {
	found := false
	_, err := rr.each(func(l runLine) error {
		if rr.header == 0 && isRunHeader(kind, l.fields) {
			rr.header, rr.confidence = l.n, len(l.fields) == 4
			return nil
		}
		rr.first, found = l, true
		return errFound
	})
	switch {
	case err != nil && !errors.Is(err, errFound):
		return err
	case !found && rr.header > 0:
		return lineErr(rr.file, rr.header, "the run has a header and nothing else")
	case !found:
		return lineErr(rr.file, 0, "the run is empty")
	}
	return nil
}

// findDataset picks the dataset the run is over: the one named, or the
// MIMICS dataset that has the first line's item.
func (rr *runReader) findDataset(ctx context.Context, st *store.Store, opt RunOptions) error {
	if opt.RunKinds == nil {
		return fmt.Errorf("%s run %q: which runs each task kind takes is not given", opt.Kind, opt.Name)
	}
	all, err := st.Datasets(ctx)
	if err != nil {
		return err
	}
	rr.kind = opt.Kind
	first := rr.first
	answers := "" // how a nugget answer is named, when a nuggets dataset could have the item
	for _, d := range all {
		if opt.Dataset != "" && d.Name != opt.Dataset {
			continue
		}
		if !slices.Contains(opt.RunKinds(d.Kind), opt.Kind) {
			continue
		}
		if d.Kind == guidelines.Nuggets.Kind {
			answers = answerNaming
		}
		if err := rr.loadItems(ctx, st, d); err != nil {
			return err
		}
		found, err := rr.matches(first)
		if err != nil {
			return lineErr(rr.file, first.n, "%v", err)
		}
		if found {
			rr.dataset = d
			return nil
		}
	}
	switch {
	case opt.Dataset != "" && rr.items == nil:
		return lineErr(rr.file, 0, "no dataset is named %q", opt.Dataset)
	case opt.Kind == store.RunTREC && len(first.fields) < 6:
		return lineErr(rr.file, first.n, "want query Q0 document rank score tag, got %s", display.Count(len(first.fields), "field", "fields"))
	case opt.Kind == store.RunTREC:
		return lineErr(rr.file, first.n, "unknown item: neither %q nor %q is a pane of any MIMICS dataset%s",
			trecQuery(first.fields), trecDoc(first.fields), inDataset(opt.Dataset))
	}
	return lineErr(rr.file, first.n, "unknown item %q%s: name an item by its uid, as exports give it%s, or by its "+
		"protocol file's id column", first.fields[0], inDataset(opt.Dataset), answers)
}

// answerNaming says how a nugget answer's uid is made (store.Answer.UID)
// from the ids its files give it, which no screen shows.
const answerNaming = " (a nugget answer's uid is intent@system: its intent's id or qid, an @, its system or run_id, as in q1@alpha)"

// namedBy says how the loaded dataset's items are named, for an unknown
// one: by uid, and by id when its kind's items have one of their own; a
// nugget answer by its uid, made of its intent's and system's ids.
func (rr *runReader) namedBy() string {
	if rr.itemsProtocol.Kind == guidelines.Nuggets.Kind {
		return answerNaming
	}
	col, ok := rr.itemsProtocol.OwnIDColumn()
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (neither an item's uid nor its %s)", col)
}

func inDataset(name string) string {
	if name == "" {
		return ""
	}
	return fmt.Sprintf(" in dataset %q", name)
}

// isRunHeader says whether a line is the optional header of a labels run
// ("item unit label", or "item unit label confidence") or a questions run
// ("item question").
func isRunHeader(kind store.RunKind, f []string) bool {
	switch kind {
	case store.RunLabels:
		return (len(f) == 3 || len(f) == 4 && f[3] == "confidence") && f[0] == "item" && f[1] == "unit" && f[2] == "label"
	case store.RunQuestions:
		return len(f) == 2 && f[0] == "item" && f[1] == "question"
	}
	return false
}

// matches says whether the line's item is in the loaded dataset, and for
// a trec run which gold it ranks against.
func (rr *runReader) matches(l runLine) (bool, error) {
	if rr.kind != store.RunTREC {
		_, ok, err := rr.item(l.fields[0])
		return ok, err
	}
	if len(l.fields) < 6 {
		return false, nil
	}
	if _, ok := rr.items[trecQuery(l.fields)]; ok {
		rr.target = store.TargetLanding
		return true, nil
	}
	if _, ok := rr.items[trecDoc(l.fields)]; ok {
		rr.target = store.TargetAnswerSet
		return true, nil
	}
	return false, nil
}

// item is the item of the loaded dataset a run's line names: by its uid,
// or by its own id (a protocol file's id column, store.OwnIDUID). A name
// that is one item's uid and another's id is refused: neither is guessed.
// (A trec run ranks MIMICS panes, which have only their uids.)
func (rr *runReader) item(name string) (runItem, bool, error) {
	it, ok := rr.items[name]
	if own := store.OwnIDUID(rr.itemsProtocol, name); own != "" {
		if o, found := rr.items[own]; found {
			if ok && o.id != it.id {
				return runItem{}, false, store.UIDOrIDError(name, own)
			}
			return o, true, nil
		}
	}
	return it, ok, nil
}

func (rr *runReader) loadItems(ctx context.Context, st *store.Store, d store.Dataset) error {
	counts, err := st.UnitCounts(ctx, d.ID)
	if err != nil {
		return err
	}
	rr.items, rr.itemsProtocol = map[string]runItem{}, st.Protocol(d.Kind)
	return st.EachItem(ctx, d.ID, func(it store.Item) error {
		rr.items[it.UID] = runItem{id: it.ID, query: store.RunQuery(it.Query), answers: it.AnswerCount(),
			reference: strings.TrimSpace(it.Question) != "",
			units:     report.ItemUnits(rr.itemsProtocol, it, counts[it.ID])}
		return nil
	})
}

// A TREC line is "query Q0 document rank score tag"; the query of a run
// over one query's panes is its text, which may hold spaces, so fields are
// taken from the right.
func trecQuery(f []string) string { return strings.Join(f[:len(f)-5], " ") }
func trecDoc(f []string) string   { return f[len(f)-4] }

func (rr *runReader) write(ctx context.Context, st *store.Store, who store.Annotator, opt RunOptions) (RunResult, error) {
	res := RunResult{Dataset: rr.dataset.Name, Target: rr.target}
	im, err := st.BeginImport(ctx, who, rr.dataset.Name, rr.dataset.Kind, rr.dataset.Format)
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	w, err := im.AddRun(opt.Name, opt.Kind, rr.target, rr.fingerprint)
	if errors.Is(err, store.ErrRunExists) {
		return res, lineErr(rr.file, 0, "%v: pick another --name", err)
	}
	if err != nil {
		return res, err
	}
	if res.Known = w.Known(); !res.Known {
		switch opt.Kind {
		case store.RunTREC:
			res.Notes, err = rr.writeTREC(w)
		case store.RunQuestions:
			res.Notes, err = rr.writeQuestions(w)
		default:
			if rr.pairs, err = im.PairSystems(); err == nil {
				res.Notes, err = rr.writeLabels(w)
			}
		}
		if err != nil {
			return res, err
		}
	}
	res.ImportStats, err = im.Commit()
	return res, err
}

// writeTREC checks and stores every line of a trec run. A repeated
// (query, document) is found by the item and document it names: small
// keys, so the check's memory grows with what the run ranks, not with its
// lines' text.
func (rr *runReader) writeTREC(w *store.RunWriter) ([]string, error) {
	seen := map[[2]int64]int{}
	return rr.each(func(l runLine) error {
		q, doc, score, err := rr.trecLine(l)
		if err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		key := [2]int64{rr.items[doc].id, 0}
		if rr.target == store.TargetLanding {
			pos, _ := strconv.Atoi(doc)
			key = [2]int64{rr.items[q].id, int64(pos)}
		}
		if prev, dup := seen[key]; dup {
			return lineErr(rr.file, l.n, "duplicate document %q for query %q: already on line %d", doc, q, prev)
		}
		seen[key] = l.n
		if err := w.Doc(q, doc, score); err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		return nil
	})
}

// trecLine checks one line of a trec run against the dataset.
func (rr *runReader) trecLine(l runLine) (query, doc string, score float64, err error) {
	f := l.fields
	if len(f) < 6 {
		return "", "", 0, fmt.Errorf("want query Q0 document rank score tag, got %s", display.Count(len(f), "field", "fields"))
	}
	query, doc = trecQuery(f), trecDoc(f)
	if _, err := strconv.Atoi(f[len(f)-3]); err != nil {
		return "", "", 0, fmt.Errorf("rank %q is not a whole number", f[len(f)-3])
	}
	score, err = strconv.ParseFloat(f[len(f)-2], 64)
	if err != nil || math.IsNaN(score) || math.IsInf(score, 0) {
		return "", "", 0, fmt.Errorf("bad score %q: want a finite number", f[len(f)-2])
	}
	if rr.target == store.TargetLanding {
		it, ok := rr.items[query]
		if !ok {
			return "", "", 0, fmt.Errorf("unknown item %q in dataset %q", query, rr.dataset.Name)
		}
		pos, err := strconv.Atoi(doc)
		if err != nil || pos < 1 || pos > it.answers {
			return "", "", 0, fmt.Errorf("document %q: the pane's answers are numbered 1 to %d", doc, it.answers)
		}
		return query, doc, score, nil
	}
	it, ok := rr.items[doc]
	if !ok {
		return "", "", 0, fmt.Errorf("unknown item %q in dataset %q", doc, rr.dataset.Name)
	}
	if it.query != query {
		return "", "", 0, fmt.Errorf("item %q is a pane of query %q, not %q", doc, it.query, query)
	}
	return query, doc, score, nil
}

func (rr *runReader) writeLabels(w *store.RunWriter) ([]string, error) {
	p := rr.itemsProtocol
	seen := map[runUnit]int{} // item id, unit: small keys, as in writeTREC
	return rr.each(func(l runLine) error {
		f, conf, err := rr.splitConfidence(l.fields)
		if err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		if len(f) < 3 || len(f) > 3 && f[1] != guidelines.PreferenceUnit {
			return lineErr(rr.file, l.n, "want %s, got %s", rr.labelsColumns(), display.Count(len(l.fields), "field", "fields"))
		}
		it, ok, err := rr.item(f[0])
		if err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		if !ok {
			return lineErr(rr.file, l.n, "unknown item %q in dataset %q%s", f[0], rr.dataset.Name, rr.namedBy())
		}
		if !slices.Contains(it.units, f[1]) {
			return lineErr(rr.file, l.n, "item %q has no unit %q (it has %s)", f[0], f[1], strings.Join(it.units, ", "))
		}
		v, err := rr.parseLabel(p, it, f[1], f[2:])
		if err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		key := runUnit{it.id, f[1]}
		if prev, dup := seen[key]; dup {
			return lineErr(rr.file, l.n, "item %q unit %s is already predicted on line %d", f[0], f[1], prev)
		}
		seen[key] = l.n
		if err := w.ConfidentLabel(it.id, f[1], v, conf); err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		return nil
	})
}

// splitConfidence takes a labels run line's confidence (0-1) off its end:
// the last field when the header names a confidence column (a verdict on a
// pair names a system, whose name may hold spaces, so only the header can
// say its last field is not part of the name), or a fourth field on a unit
// of a scale. A line without one has none (not Valid).
func (rr *runReader) splitConfidence(f []string) ([]string, sql.NullFloat64, error) {
	withConf := rr.confidence && len(f) >= 4 || len(f) == 4 && f[1] != guidelines.PreferenceUnit
	if rr.confidence && len(f) < 4 {
		return nil, sql.NullFloat64{}, fmt.Errorf("the header names a confidence column, and the line has none: want item unit label confidence")
	}
	if !withConf {
		return f, sql.NullFloat64{}, nil
	}
	last := f[len(f)-1]
	c, err := strconv.ParseFloat(last, 64)
	if err != nil || !(c >= 0 && c <= 1) {
		return nil, sql.NullFloat64{}, fmt.Errorf("confidence %q: want a number from 0 to 1", display.Clean(last))
	}
	return f[:len(f)-1], sql.NullFloat64{Float64: c, Valid: true}, nil
}

// labelsColumns names a labels run's columns as its header does (the
// confidence column is optional, so only a header naming it names it).
func (rr *runReader) labelsColumns() string {
	if rr.confidence {
		return "item unit label confidence"
	}
	return "item unit label"
}

// parseLabel reads a predicted label. A verdict on a pair names the
// better system, or tie: a judge that saw the outputs in its own order
// speaks of systems, never of A and B. A system's name may hold spaces.
func (rr *runReader) parseLabel(p guidelines.Protocol, it runItem, unit string, words []string) (int, error) {
	if unit != guidelines.PreferenceUnit {
		if v, ok := p.ParseLabel(unit, words[0]); ok {
			return v, nil
		}
		return 0, fmt.Errorf("label %q is not one of %s", words[0], strings.Join(p.UnitCategories(unit), ", "))
	}
	pair := rr.pairs[it.id]
	switch said := strings.Join(words, " "); said {
	case store.RunQuery(pair.First):
		return guidelines.PreferWin, nil
	case store.RunQuery(pair.Second):
		return guidelines.PreferLose, nil
	case "tie":
		return guidelines.PreferTie, nil
	default:
		return 0, fmt.Errorf("verdict %q: want %q, %q or tie", said, pair.First, pair.Second)
	}
}

// writeQuestions checks and stores every line of a questions run:
// "item<TAB>question", the question the rest of the line.
func (rr *runReader) writeQuestions(w *store.RunWriter) ([]string, error) {
	seen := map[int64]int{}
	noRef := 0
	notes, err := rr.each(func(l runLine) error {
		uid, q, ok := strings.Cut(strings.TrimRight(l.text, "\r"), "\t")
		q = strings.TrimSpace(q)
		if !ok || q == "" {
			return lineErr(rr.file, l.n, "want item<TAB>question")
		}
		it, known, err := rr.item(uid)
		if err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		if !known {
			return lineErr(rr.file, l.n, "unknown item %q in dataset %q%s", uid, rr.dataset.Name, rr.namedBy())
		}
		if prev, dup := seen[it.id]; dup {
			return lineErr(rr.file, l.n, "item %q already has a question on line %d", uid, prev)
		}
		seen[it.id] = l.n
		if !it.reference {
			noRef++
		}
		if err := w.Question(it.id, q); err != nil {
			return lineErr(rr.file, l.n, "%v", err)
		}
		return nil
	})
	if noRef > 0 {
		notes = append(notes, fmt.Sprintf("%d of the run's items have no reference question: they are left out of its score", noRef))
	}
	return notes, err
}
