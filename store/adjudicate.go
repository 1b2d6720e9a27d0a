package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/claritty/claritty/agreement"
)

// Disputed is a unit in the adjudication queue.
type Disputed struct {
	Item     Item
	Unit     string
	Votes    []int // settled labels per value (VoteSlots)
	Referred string
	// Decided is the current decision, nil while none; decided units stay
	// listable so a decision can be revisited. DecidedText is a written
	// unit's decided words ("" for none).
	Decided     *int
	DecidedText string
}

// Dispute is how contested the unit is: the share of labels that are not
// the most frequent label (0 unanimous, towards 1 split evenly).
func (d Disputed) Dispute() float64 {
	n, top := 0, 0
	for _, v := range d.Votes {
		n += v
		top = max(top, v)
	}
	if n == 0 {
		return 0
	}
	return 1 - float64(top)/float64(n)
}

// AdjudicationQueue lists a dataset's units for adjudication: those still
// without a majority once the item has had the policy's max annotators,
// and those a lead referred. Most disputed first (then more labels, then
// import order). Decided units are left out unless withDecided. Only
// adjudicators and leads may read it: it shows everyone's labels.
func (s *Store) AdjudicationQueue(ctx context.Context, datasetID int64, who Annotator, withDecided bool) ([]Disputed, error) {
	var out []Disputed
	err := s.readTx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActAdjudicate); err != nil {
			return err
		}
		var err error
		out, err = disputed(ctx, tx, datasetID, 0, withDecided)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("adjudication queue: %w", err)
	}
	slices.SortStableFunc(out, func(a, b Disputed) int {
		return cmp.Or(cmp.Compare(b.Dispute(), a.Dispute()), cmp.Compare(sum(b.Votes), sum(a.Votes)),
			cmp.Compare(a.Item.Seq, b.Item.Seq), cmp.Compare(s.UnitIndex(a.Unit), s.UnitIndex(b.Unit)))
	})
	return out, nil
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// disputed reads the candidate items (closed with ties, or referred) of a
// dataset, or only item itemID when it is not 0, and keeps their tied or
// referred units.
func disputed(ctx context.Context, q *ptx, datasetID, itemID int64, withDecided bool) ([]Disputed, error) {
	rule, err := goldRule(ctx, q, datasetID)
	if err != nil {
		return nil, err
	}
	query := `SELECT ` + itemColumns + `, i.open = 0 AND i.tied > 0,
		(` + settledVotesOf("i") + `),
		(SELECT group_concat(a.unit || ' ' || a.adjudicator_id || ' ' || a.value, ',') FROM adjudications a WHERE a.item_id = i.id),
		(SELECT group_concat(r.unit || ' ' || r.sent_by || ' 0', ',') FROM referrals r WHERE r.item_id = i.id),
		i.open = 0, (` + settledAnswers + `),
		(SELECT group_concat(a.unit || char(31) || a.text, char(30)) FROM adjudications a WHERE a.item_id = i.id AND a.text IS NOT NULL)
		FROM items i WHERE i.dataset_id = ?1 AND (?2 = 0 OR i.id = ?2) AND ((i.open = 0 AND i.tied > 0)
			OR EXISTS (SELECT 1 FROM referrals r WHERE r.item_id = i.id)
			OR (i.open = 0 AND EXISTS (SELECT 1 FROM labels l WHERE l.item_id = i.id AND l.text IS NOT NULL)))
		ORDER BY i.seq`
	var out []Disputed
	err = eachRow(ctx, q, query, []any{datasetID, itemID}, func(rows *sql.Rows) error {
		var it Item
		var closedTie, closed bool
		var votes, decisions, referred sql.RawBytes
		var answers, decidedTexts sql.NullString
		o := &it.Options
		if err := rows.Scan(&it.ID, &it.DatasetID, &it.UID, &it.Seq, &it.Query, &it.Question,
			&o[0], &o[1], &o[2], &o[3], &o[4], &it.Meta, &it.ListLen, &closedTie, &votes, &decisions, &referred, &closed, &answers, &decidedTexts); err != nil {
			return err
		}
		// A written answer holds no control character, so these separate.
		words := map[string]string{}
		for _, kv := range strings.Split(decidedTexts.String, "\x1e") {
			if unit, text, ok := strings.Cut(kv, "\x1f"); ok {
				words[unit] = text
			}
		}
		differ, err := answersDiffer(answers.String)
		if err != nil {
			return fmt.Errorf("item %d: %w", it.ID, err)
		}
		vs, err1 := unpackVotes(q.kindSet(), nil, votes)
		ds, err2 := unpackVotes(q.kindSet(), nil, decisions)
		rs, err3 := unpackVotes(q.kindSet(), nil, referred)
		if err := errors.Join(err1, err2, err3); err != nil {
			return fmt.Errorf("item %d: %w", it.ID, err)
		}
		for ui, unit := range q.kindSet().Units() {
			d := Disputed{Item: it, Unit: unit, Votes: make([]int, VoteSlots)}
			for _, v := range vs {
				if v.Unit == ui {
					d.Votes[v.Value]++
				}
			}
			for _, x := range ds {
				if x.Unit == ui {
					d.Decided = &x.Value
				}
			}
			d.DecidedText = words[unit]
			for _, r := range rs {
				if r.Unit == ui {
					d.Referred = "referred"
				}
			}
			tied := closedTie && sum(d.Votes) > 0 && rule.Pick(d.Votes) < 0
			if _, written := differ[unit]; written {
				// A written unit's votes are all 0: its answers say whether it is disputed.
				tied = closed && differ[unit]
			}
			if (tied || d.Referred != "") && (withDecided || d.Decided == nil) {
				out = append(out, d)
			}
		}
		return nil
	})
	return out, err
}

// ErrNoDecision refuses to withdraw a decision from a unit that has none.
var ErrNoDecision = errors.New("no decision to withdraw: the unit has none")

// Adjudicate sets the final label of a unit (value nil withdraws the
// decision), with an optional reason, as who; every decision and change
// goes into the adjudication history with who decided and who really acted.
// Refused (ErrNotAllowed) unless who is a lead, or an adjudicator and the
// unit is in the adjudication queue; a withdrawal with no decision to
// withdraw is refused (ErrNoDecision), and nothing is written.
func (s *Store) Adjudicate(ctx context.Context, itemID int64, unit string, value *int, who Annotator, reason string) error {
	return s.adjudicate(ctx, itemID, unit, value, "", who, reason)
}

// AdjudicateText sets a written unit's final answer: one of the
// annotators' answers, picked, or the adjudicator's own words, held to the
// rules of a keyed answer (guidelines.CheckAnswer). Like Adjudicate.
func (s *Store) AdjudicateText(ctx context.Context, itemID int64, unit, text string, who Annotator, reason string) error {
	zero := 0
	return s.adjudicate(ctx, itemID, unit, &zero, text, who, reason)
}

func (s *Store) adjudicate(ctx context.Context, itemID int64, unit string, value *int, text string, who Annotator, reason string) error {
	if s.UnitIndex(unit) < 0 {
		return fmt.Errorf("adjudicate: unknown unit %q", unit)
	}
	err := s.tx(ctx, func(tx *ptx) error {
		if err := requireDisputed(ctx, tx, who.ID, itemID, unit); err != nil {
			return err
		}
		var old *int
		var v int
		var oldText sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT value, text FROM adjudications WHERE item_id = ? AND unit = ?`, itemID, unit).Scan(&v, &oldText)
		switch {
		case err == nil:
			old = &v
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if value == nil && old == nil {
			return ErrNoDecision // no history row for a change that changes nothing
		}
		if value != nil {
			if err := decisionFits(ctx, tx, itemID, unit, *value); err != nil {
				return err
			}
			p, err := itemProtocol(tx, itemID)
			if err != nil {
				return err
			}
			if err := checkAnswer(p, unit, *value, text); err != nil {
				return err
			}
		}
		now := s.now()
		if value == nil {
			_, err = tx.ExecContext(ctx, `DELETE FROM adjudications WHERE item_id = ? AND unit = ?`, itemID, unit)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO adjudications (item_id, unit, value, adjudicator_id, reason, at, text)
				VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value, text = excluded.text,
				adjudicator_id = excluded.adjudicator_id, reason = excluded.reason, at = excluded.at`,
				itemID, unit, *value, who.ID, reason, now, nullText(text))
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO adjudication_history
			(item_id, unit, old_value, new_value, adjudicator_id, reason, at, actor_id, old_text, new_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			itemID, unit, old, value, who.ID, reason, now, who.ActorID(), oldText, nullText(text))
		return err
	})
	if err != nil {
		return fmt.Errorf("adjudicate %s: %w", unit, err)
	}
	return nil
}

// Refer sends units of an item to adjudication whatever their votes; only
// a lead may.
func (s *Store) Refer(ctx context.Context, itemID int64, units []string, who Annotator, reason string) error {
	err := s.tx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActRefer); err != nil {
			return err
		}
		for _, u := range units {
			if s.UnitIndex(u) < 0 {
				return fmt.Errorf("unknown unit %q", u)
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO referrals (item_id, unit, sent_by, reason, at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, itemID, u, who.ID, reason, s.now())
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("refer: %w", err)
	}
	return nil
}

// goldRule is the dataset's rule for gold labels.
func goldRule(ctx context.Context, q querier, datasetID int64) (agreement.Rule, error) {
	rule := agreement.RuleMajority
	err := eachRow(ctx, q, `SELECT gold_rule FROM datasets WHERE id = ?`, []any{datasetID},
		func(rows *sql.Rows) error { return rows.Scan(&rule) })
	return rule, err
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// UnitLabelView is one annotator's label on a unit, as the adjudicator sees it.
type UnitLabelView struct {
	Annotator string
	Value     int
	Seconds   *float64
	Text      string // a written answer's words
}

// UnitLabels lists every annotator's label on a unit: for leads, and for
// adjudicators on a unit in the adjudication queue. Below the lead only
// the labels that count for gold (goldVoter), those the queue's tally
// counts: another arm's would tell an adjudicator there are arms and who
// was shown a run's label, and carry that label to them. There, too, they
// come unnamed ("label 1" …, in the order of their values, not a
// person's from unit to unit), since the
// names listed would be the blind arm's.
func (s *Store) UnitLabels(ctx context.Context, itemID int64, unit string, who Annotator) ([]UnitLabelView, error) {
	var out []UnitLabelView
	err := s.readTx(ctx, func(tx *ptx) error {
		if err := requireDisputed(ctx, tx, who.ID, itemID, unit); err != nil {
			return err
		}
		role, err := roleOf(ctx, tx, who.ID)
		if err != nil {
			return err
		}
		lead := Allows(role, ActReadGold)
		var armed bool
		if err := tx.scan(`SELECT EXISTS (SELECT 1 FROM arms WHERE dataset_id = (SELECT dataset_id FROM items WHERE id = ?))`,
			[]any{itemID}, &armed); err != nil {
			return err
		}
		// Below the lead on a dataset with arms the labels come by value,
		// unnamed: the names of the gold voters would be the blind arm's.
		anonymous := armed && !lead
		// h: goldVoter counts a label of no HIT (a release's) always.
		return eachRow(ctx, tx, `SELECT a.name, l.value, l.seconds, coalesce(l.text, '') FROM labels l
			JOIN annotators a ON a.id = l.annotator_id
			LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
			WHERE l.item_id = ?1 AND l.unit = ?2
				AND (?3 OR `+goldVoter("(SELECT dataset_id FROM items WHERE id = ?1)")+`)
			ORDER BY iif(?4, l.value, 0), iif(?4, coalesce(l.text, ''), a.name), l.created_at`,
			[]any{itemID, unit, lead, anonymous}, func(rows *sql.Rows) error {
				var r UnitLabelView
				err := rows.Scan(&r.Annotator, &r.Value, &r.Seconds, &r.Text)
				if anonymous {
					r.Annotator = fmt.Sprintf("label %d", len(out)+1)
				}
				out = append(out, r)
				return err
			})
	})
	if err != nil {
		return nil, fmt.Errorf("unit labels: %w", err)
	}
	return out, nil
}

// requireDisputed lets a lead through, and an adjudicator only to a unit
// of the adjudication queue (decided or not), or with unit "" to an item
// with one: what an adjudicator sees of others' work is the disputes.
func requireDisputed(ctx context.Context, tx *ptx, actorID, itemID int64, unit string) error {
	role, err := roleOf(ctx, tx, actorID)
	switch {
	case err != nil:
		return err
	case !Allows(role, ActAdjudicate):
		return refusal(ctx, tx, actorID, role, permissions[ActAdjudicate])
	case Allows(role, ActReadGold):
		return nil
	}
	var datasetID int64
	if err := tx.QueryRowContext(ctx, `SELECT dataset_id FROM items WHERE id = ?`, itemID).Scan(&datasetID); err != nil {
		return fmt.Errorf("item %d: %w", itemID, err)
	}
	queue, err := disputed(ctx, tx, datasetID, itemID, true)
	if err != nil {
		return err
	}
	for _, d := range queue {
		if unit == "" || d.Unit == unit {
			return nil
		}
	}
	return fmt.Errorf("%w: %s of item %d is not in the adjudication queue; an adjudicator sees the labels of disputed units only",
		ErrNotAllowed, cmp.Or(unit, "no unit"), itemID)
}

// decisionFits refuses a decision the item's HIT could never have given: a
// label off the unit's scale, or a facet past the request's candidates
// (the schema's triggers check only that a value is one of the kind's).
func decisionFits(ctx context.Context, tx *ptx, itemID int64, unit string, value int) error {
	ref, err := itemRef(ctx, tx, itemID, tx.kindSet())
	if err != nil {
		return err
	}
	if p := ref.Protocol; !p.Fits(ref.shape(), unit, value) {
		return fmt.Errorf("%s %s does not fit the item (%s)", unit, p.NameOf(unit, value), ref.holds(unit))
	}
	return nil
}
