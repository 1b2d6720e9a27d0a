package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestActorAndRoles(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead, err := st.Actor(ctx, "root", "")
	if err != nil || lead.Role != RoleLead {
		t.Fatalf("the first OS user of a new database: %+v %v", lead, err)
	}
	if _, err := st.Actor(ctx, "root", "ana"); err == nil || !strings.Contains(err.Error(), "ana is not an annotator yet") {
		t.Fatalf("--as someone who is not an annotator yet: %v", err)
	}
	if _, err := st.SetRole(ctx, lead, "ana", RoleAnnotator); err != nil {
		t.Fatal(err)
	}
	ana, err := st.Actor(ctx, "root", "ana") // a lead may act as someone
	if err != nil || ana.Name != "ana" || ana.Role != RoleAnnotator || ana.ByName != "root" || ana.ActorID() != lead.ID {
		t.Fatalf("--as ana: %+v %v", ana, err)
	}
	eve, err := st.Actor(ctx, "eve", "")
	if err != nil || eve.Role != RoleAnnotator {
		t.Fatalf("a second OS user: %+v %v", eve, err)
	}
	if _, err := st.Actor(ctx, "eve", "root"); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator acting as the lead: %v", err)
	}
	if _, err := st.SetRole(ctx, eve, "eve", RoleLead); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator raising their own role: %v", err)
	}
	if _, err := st.SetRole(ctx, lead, "eve", RoleAdjudicator); err != nil {
		t.Fatal(err)
	}
	if a, _ := st.Actor(ctx, "eve", ""); a.Role != RoleAdjudicator {
		t.Fatalf("eve is %s", a.Role)
	}
	if _, err := st.SetRole(ctx, lead, "root", RoleAnnotator); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("the only lead stepping down: %v", err)
	}
	if _, err := st.SetRole(ctx, lead, "eve", "boss"); err == nil {
		t.Fatal("an unknown role was accepted")
	}
}

// disputedStore: two panes, policy 2/2, so a split is final and goes to
// adjudication. Pane 0: ana 2s, bo 0s (every unit split). Pane 1: ana 2,
// bo 2 (agreed).
func disputedStore(t *testing.T) (st *Store, ds int64, items []int64, lead, ana, eve Annotator) {
	t.Helper()
	st = openTemp(t)
	ctx := context.Background()
	ds, items, _ = seed(t, st, 2)
	lead, _ = st.Actor(ctx, "root", "")
	for _, name := range []string{"ana", "bo"} {
		if _, err := st.SetRole(ctx, lead, name, RoleAnnotator); err != nil {
			t.Fatal(err)
		}
	}
	ana, _ = st.Actor(ctx, "root", "ana")
	bo, _ := st.Actor(ctx, "root", "bo")
	eve, _ = st.Actor(ctx, "eve", "")
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 2, Max: 2, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	label(t, st, items[0], ana.ID, 2)
	label(t, st, items[0], bo.ID, 0)
	label(t, st, items[1], ana.ID, 2)
	label(t, st, items[1], bo.ID, 2)
	return st, ds, items, lead, ana, eve
}

func TestOnlyAdjudicatorsAdjudicate(t *testing.T) {
	t.Parallel()
	st, ds, items, lead, ana, eve := disputedStore(t)
	ctx := context.Background()
	if _, err := st.AdjudicationQueue(ctx, ds, ana, false); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator read the queue: %v", err)
	}
	if err := st.Adjudicate(ctx, items[0], "question", ptr(1), ana, ""); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator adjudicated: %v", err)
	}
	if _, err := st.UnitLabels(ctx, items[0], "question", ana); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator read others' labels: %v", err)
	}
	if err := st.Refer(ctx, items[1], []string{"question"}, eve, ""); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator referred a unit: %v", err)
	}
	var n int
	st.db.QueryRow(`SELECT count(*) FROM adjudications`).Scan(&n)
	if n != 0 {
		t.Fatal("a refused decision was stored")
	}
	st.SetRole(ctx, lead, "eve", RoleAdjudicator)
	if q, err := st.AdjudicationQueue(ctx, ds, eve, false); err != nil || len(q) != 4 {
		t.Fatalf("adjudicator's queue: %d %v", len(q), err)
	}
}

func TestAdjudicationQueueAndDecisions(t *testing.T) {
	t.Parallel()
	st, ds, items, lead, _, _ := disputedStore(t)
	ctx := context.Background()
	// The lead also sends pane 1's agreed landing_2 to adjudication.
	if err := st.Refer(ctx, items[1], []string{"landing_2"}, lead, "below threshold"); err != nil {
		t.Fatal(err)
	}
	q, err := st.AdjudicationQueue(ctx, ds, lead, false)
	if err != nil || len(q) != 5 {
		t.Fatalf("queue %d %v", len(q), err)
	}
	// Split units (dispute 0.5) before the referred, agreed one (dispute 0).
	if q[0].Item.ID != items[0] || q[0].Unit != "question" || q[0].Dispute() != 0.5 ||
		q[4].Item.ID != items[1] || q[4].Unit != "landing_2" || q[4].Referred == "" || q[4].Dispute() != 0 {
		t.Fatalf("order: first %+v, last %+v", q[0], q[4])
	}
	if p, _ := st.DatasetProgress(ctx, ds, lead.ID); p.Adjudication != 5 {
		t.Fatalf("progress counts %d waiting", p.Adjudication)
	}
	if err := st.Adjudicate(ctx, items[0], "question", ptr(1), lead, "both half right"); err != nil {
		t.Fatal(err)
	}
	if err := st.Adjudicate(ctx, items[0], "question", ptr(2), lead, "on second thought"); err != nil {
		t.Fatal(err)
	}
	q, _ = st.AdjudicationQueue(ctx, ds, lead, false)
	all, _ := st.AdjudicationQueue(ctx, ds, lead, true)
	if len(q) != 4 || len(all) != 5 {
		t.Fatalf("after a decision: %d waiting, %d in all", len(q), len(all))
	}
	if p, _ := st.DatasetProgress(ctx, ds, lead.ID); p.Adjudication != 4 {
		t.Fatalf("progress counts %d waiting after a decision", p.Adjudication)
	}
	var old, cur *int
	var n int
	st.db.QueryRow(`SELECT count(*) FROM adjudication_history WHERE item_id = ?`, items[0]).Scan(&n)
	st.db.QueryRow(`SELECT old_value, new_value FROM adjudication_history ORDER BY id DESC LIMIT 1`).Scan(&old, &cur)
	if n != 2 || *old != 1 || *cur != 2 {
		t.Fatalf("history: %d rows, last %v → %v", n, old, cur)
	}
	// Withdrawn, the unit waits again.
	if err := st.Adjudicate(ctx, items[0], "question", nil, lead, ""); err != nil {
		t.Fatal(err)
	}
	if q, _ := st.AdjudicationQueue(ctx, ds, lead, false); len(q) != 5 {
		t.Fatalf("after withdrawing: %d waiting", len(q))
	}
}

// An adjudicator sees others' labels, notes and flags, and decides, only
// on units in the adjudication queue; a lead anywhere; an annotator sees
// only their own notes and flags.
func TestAdjudicatorsSeeDisputesOnly(t *testing.T) {
	t.Parallel()
	st, ds, items, lead, ana, _ := disputedStore(t)
	ctx := context.Background()
	eve, err := st.SetRole(ctx, lead, "eve", RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	bo, _ := st.Actor(ctx, "root", "bo")
	for _, it := range items {
		st.AddNote(ctx, it, bo.ID, "question", "bo's note")
		st.AddFlag(ctx, it, bo.ID, "other", "bo's flag")
		st.AddNote(ctx, it, ana.ID, "question", "ana's note")
	}
	disputed, agreed := items[0], items[1]
	if l, err := st.UnitLabels(ctx, disputed, "question", eve); err != nil || len(l) != 2 {
		t.Fatalf("eve on a disputed unit: %v %v", l, err)
	}
	if _, err := st.UnitLabels(ctx, agreed, "question", eve); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("eve read the labels of an agreed unit: %v", err)
	}
	if l, err := st.UnitLabels(ctx, agreed, "question", lead); err != nil || len(l) != 2 {
		t.Fatalf("the lead on an agreed unit: %v %v", l, err)
	}
	if err := st.Adjudicate(ctx, agreed, "question", ptr(0), eve, ""); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("eve decided an agreed unit: %v", err)
	}
	if err := st.Adjudicate(ctx, disputed, "question", ptr(1), eve, ""); err != nil {
		t.Fatal(err)
	}
	if l, err := st.UnitLabels(ctx, disputed, "question", eve); err != nil || len(l) != 2 {
		t.Fatalf("eve revisiting a decided unit: %v %v", l, err)
	}
	count := func(itemID int64, who Annotator) (notes, flags int) {
		n, err1 := st.Notes(ctx, itemID, who)
		f, err2 := st.Flags(ctx, itemID, who)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		return len(n), len(f)
	}
	for _, c := range []struct {
		item         int64
		who          Annotator
		notes, flags int
	}{{disputed, eve, 2, 1}, {agreed, eve, 0, 0}, {agreed, lead, 2, 1}, {disputed, ana, 1, 0}, {agreed, ana, 1, 0}} {
		if n, f := count(c.item, c.who); n != c.notes || f != c.flags {
			t.Errorf("%s on item %d sees %d notes and %d flags, want %d and %d", c.who.Name, c.item, n, f, c.notes, c.flags)
		}
	}
	_ = ds
}

// A lead acting as an adjudicator decides as them; the history keeps who
// really did it.
func TestAdjudicationHistoryKeepsTheActor(t *testing.T) {
	t.Parallel()
	st, _, items, lead, _, _ := disputedStore(t)
	ctx := context.Background()
	if _, err := st.SetRole(ctx, lead, "eve", RoleAdjudicator); err != nil {
		t.Fatal(err)
	}
	eve, err := st.Actor(ctx, "root", "eve")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Adjudicate(ctx, items[0], "question", ptr(2), eve, ""); err != nil {
		t.Fatal(err)
	}
	var adjudicator, actor string
	st.db.QueryRow(`SELECT a.name, x.name FROM adjudication_history h JOIN annotators a ON a.id = h.adjudicator_id
		JOIN annotators x ON x.id = h.actor_id`).Scan(&adjudicator, &actor)
	if adjudicator != "eve" || actor != "root" {
		t.Fatalf("history: adjudicator %q, actor %q", adjudicator, actor)
	}
}

// Withdrawing a decision a unit does not have is refused, and writes no
// history row (there was a row of nothing to nothing): before any
// decision, and after one withdrawn.
func TestWithdrawNoDecisionRefused(t *testing.T) {
	t.Parallel()
	st, _, items, lead, _, _ := disputedStore(t)
	ctx := context.Background()
	history := func() int {
		var n int
		st.db.QueryRow(`SELECT count(*) FROM adjudication_history`).Scan(&n)
		return n
	}
	if err := st.Adjudicate(ctx, items[0], "question", nil, lead, ""); !errors.Is(err, ErrNoDecision) {
		t.Fatalf("withdrew a decision there was not: %v", err)
	}
	if n := history(); n != 0 {
		t.Fatalf("%d history rows for nothing", n)
	}
	if err := st.Adjudicate(ctx, items[0], "question", ptr(1), lead, ""); err != nil {
		t.Fatal(err)
	}
	if err := st.Adjudicate(ctx, items[0], "question", nil, lead, ""); err != nil {
		t.Fatal(err)
	}
	if err := st.Adjudicate(ctx, items[0], "question", nil, lead, ""); !errors.Is(err, ErrNoDecision) {
		t.Fatalf("withdrew a withdrawn decision: %v", err)
	}
	if n := history(); n != 2 {
		t.Fatalf("%d history rows, want the decision and its withdrawal", n)
	}
}
