package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// scope is how much of a dataset's labels a Reading hands out.
type scope int

const (
	scopeOwn     scope = iota + 1 // the reader's own labels
	scopeFigures                  // votes and gold for aggregate figures, less the items the reader may still be given (hiding)
	scopeAll                      // everything: for leads
)

// A Reading is one read of a dataset's labels on someone's behalf. It is a
// read-only transaction, so the role check, the items hidden from the
// reader and every row it hands out come from one snapshot (which never
// blocks anyone keying labels), and the rule of who sees what is applied
// here rather than by each command or screen: ReadLabels, ReadFigures and
// ReadGold are the only ways to one. Close it when done.
type Reading struct {
	s       *Store
	tx      *ptx
	reader  Annotator
	dataset int64
	scope   scope
	hide    hiding
	role    string
	votes   bool // the reader's role may see per-unit votes, majorities and gold
	// pairs: the reader's role may name a pair by its systems and read its
	// labels from the first system's side (else blind ids, sides as seen).
	pairs bool
	namer *pairNamer // loaded at the first pair a blind reader meets
	blind Blind
	// texter keeps the last grouped item's rows UnitText read.
	texter unitTexter
	// noRuns: the dataset has arms and the reader is below the lead, so
	// no run's name, label or figure reaches them (issue 46: a blind
	// arm's annotator never sees one; no one below the lead learns there
	// are arms).
	noRuns bool
}

// ReadLabels opens a reading of a dataset's labels (every dataset's for
// datasetID 0) for export: everyone's for a lead, else only who's own.
func (s *Store) ReadLabels(ctx context.Context, who Annotator, datasetID int64) (*Reading, error) {
	return s.read(ctx, who, datasetID, func(r *Reading) error {
		r.scope = scopeOwn
		if r.votes {
			r.scope = scopeAll
		}
		return nil
	})
}

// ReadFigures opens a reading for aggregate figures (agreement, the
// paper's tables, benchmark scores), open to every role. Below the lead,
// the items who may still be given are left out (hiding): others'
// labels on them must not reach who in any form before they finish, and
// no figure may move when who opens one. Per-unit output (a majority per
// unit) may leave the program only when ShowsVotes says so.
func (s *Store) ReadFigures(ctx context.Context, who Annotator, datasetID int64) (*Reading, error) {
	return s.read(ctx, who, datasetID, func(r *Reading) error {
		r.scope, r.hide = scopeFigures, hidingFor(r.role == RoleLead)
		return nil
	})
}

// ReadGold opens a reading of everything: every vote, decision and gold
// label, for releases and gold exports. Only a lead may.
func (s *Store) ReadGold(ctx context.Context, who Annotator, datasetID int64) (*Reading, error) {
	return s.read(ctx, who, datasetID, func(r *Reading) error {
		r.scope = scopeAll
		return requireRole(ctx, r.tx, who.ID, ActReadGold)
	})
}

func (s *Store) read(ctx context.Context, who Annotator, datasetID int64, setup func(*Reading) error) (*Reading, error) {
	// ReadOnly begins a deferred transaction (not the immediate one every
	// write takes): a snapshot that holds no lock against writers.
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("begin reading: %w", err)
	}
	if err := schemaHeld(ctx, tx); err != nil {
		tx.Rollback()
		return nil, fmt.Errorf("begin reading: %w", err)
	}
	r := &Reading{s: s, tx: s.wrap(ctx, tx), reader: who, dataset: datasetID}
	role, err := roleOf(ctx, r.tx, who.ID)
	if err == nil {
		r.role, r.votes = role, Allows(role, ActReadGold)
		r.pairs = Allows(role, ActPairSystems)
		err = setup(r)
	}
	if err == nil {
		err = r.loadBlind(ctx, role)
	}
	if err == nil && !Allows(role, ActPolicy) {
		r.noRuns, err = hasArms(r.tx, datasetID)
	}
	if err != nil {
		tx.Rollback()
		return nil, err
	}
	return r, nil
}

// Close ends the reading.
func (r *Reading) Close() error { return r.tx.tx.Rollback() }

// What is no one's label (the dataset's kind, policy, runs, items' units
// and facets, who the annotators are) is read on the reading's snapshot
// too, so every figure of one reading rests on one state of the database.

// Kind is the dataset's task kind.
func (r *Reading) Kind(ctx context.Context) (guidelines.Kind, error) {
	return datasetKind(ctx, r.tx, r.dataset)
}

// Policy is the dataset's policy.
func (r *Reading) Policy(ctx context.Context) (Policy, error) {
	return datasetPolicy(ctx, r.tx, r.dataset)
}

// Annotators lists everyone, by id.
func (r *Reading) Annotators(ctx context.Context) ([]Annotator, error) {
	return listAnnotators(ctx, r.tx)
}

// UnitCounts is Store.UnitCounts of the dataset.
func (r *Reading) UnitCounts(ctx context.Context) (map[int64]int, error) {
	return unitCounts(ctx, r.tx, r.dataset)
}

// Runs lists the dataset's runs in the order they were registered; none
// for a reader the runs are withheld from (WithholdsRuns).
func (r *Reading) Runs(ctx context.Context) ([]Run, error) {
	if r.noRuns {
		return nil, nil
	}
	return runs(ctx, r.tx, r.dataset)
}

// WithholdsRuns reports whether the reading gives nothing of any run: the
// dataset has arms and the reader is below the lead. Figures read from
// the items rather than the runs table (a support dataset's runs) ask it.
func (r *Reading) WithholdsRuns() bool { return r.noRuns }

// RunDocs calls fn for every line of a trec run, query by query (none
// when the reading withholds runs).
func (r *Reading) RunDocs(ctx context.Context, runID int64, fn func(RunDoc) error) error {
	if r.noRuns {
		return nil
	}
	return runDocs(ctx, r.tx, runID, fn)
}

// RunLabels lists a labels run's predictions (none when the reading
// withholds runs).
func (r *Reading) RunLabels(ctx context.Context, runID int64) ([]RunLabel, error) {
	if r.noRuns {
		return nil, nil
	}
	return runLabels(ctx, r.tx, runID)
}

// RunQuestions lists a questions run's questions (none when the reading
// withholds runs).
func (r *Reading) RunQuestions(ctx context.Context, runID int64) ([]RunQuestion, error) {
	if r.noRuns {
		return nil, nil
	}
	return runQuestions(ctx, r.tx, runID)
}

// AnswerRows lists every answer of the (nuggets) dataset.
func (r *Reading) AnswerRows(ctx context.Context) ([]AnswerRow, error) {
	return answerRows(ctx, r.tx, r.dataset)
}

// DatasetID is the dataset read; 0 for every dataset.
func (r *Reading) DatasetID() int64 { return r.dataset }

// ShowsVotes reports whether per-unit votes, majorities and gold labels
// may leave the program for this reader (their role, in this snapshot).
func (r *Reading) ShowsVotes() bool { return r.votes }

// RequireGold refuses unless this reading holds everything, as releases
// and gold exports must.
func (r *Reading) RequireGold() error {
	if r.scope != scopeAll {
		return fmt.Errorf("%w: gold labels come from a lead's reading of the whole dataset", ErrNotAllowed)
	}
	return nil
}

func (r *Reading) votesAllowed() error {
	if r.scope == scopeOwn {
		return fmt.Errorf("%w: a reading of your own labels holds no one else's votes", ErrNotAllowed)
	}
	return nil
}
