package tui

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// stepRef is one step of a particular pane's HIT: Step IV appears once per
// candidate answer, and Step II is left out for generic-template panes.
type stepRef struct {
	id     string // serp, question, answer_set, landing; relevance, coherence, …
	unit   string // label unit; "" for serp
	answer int    // 0-based answer index on landing steps, turn on relevance steps
	// when is the label the step waits for (a facet waits for a yes);
	// nil for a step that always asks.
	when *guidelines.Condition
}

// hitState is one annotator's view of one pane: the pane's text (already
// cleaned for the terminal), their labels, and where they are in it. Its
// methods are pure; the root model does the I/O.
type hitState struct {
	proto    guidelines.Protocol
	item     store.Item
	query    string  // the item's first text (a conversation's topic)
	question string  // its second (a conversation's intent)
	kind     hitKind // the task kind, with what of the item only it shows

	labels   map[string]int
	texts    map[string]string // the written answers among labels, by unit
	typing   *typing           // a written answer being typed (kind_text.go)
	reviewed bool
	finished bool
	flagged  bool

	steps   []stepRef
	cur     int
	entered time.Time // when the current step was shown
	opened  time.Time // when the HIT was shown, for the header's clock
	// scroll moves the step's content from where it shows what is being
	// labelled (0); the step's own view clamps it.
	scroll int
	// What the last frame found: the scroll's bounds, and the fewest
	// lines its window shows between two markers: a page key moves by
	// that many, so paging either way skips no line.
	scrollLo, scrollHi, page int
	// place is where the last frame's window stood in the step's text,
	// kept there when a resize lays the text out anew.
	place place
	// read is what of each step's focus has been on screen: a label key
	// counts once the focus was read whole (reading.go).
	read     reading
	guideTop int // first line of the step's guidance shown (J, K)

	note string           // the annotator's saved note on the item
	undo []store.UndoStep // what u takes back, last on top
	// rev is the HIT's revision this screen holds: made when the HIT is
	// loaded, then read and moved on only by the worker, in the label
	// writes it runs (store.LabelChange.Rev). A write the store finds
	// stale is refused, and the HIT is loaded again.
	rev *store.Rev

	done, open int // the annotator's finished and unfinished HITs in the dataset
	items      int // the dataset's items, for the queue

	// practice: a practice item (feedback follows its last label), with
	// the annotator's standing; goldCheck: a gold check, shown as real work.
	practice  bool
	standing  store.Standing
	goldCheck bool

	// suggested: the run's labels the annotator's arm shows, by unit, and
	// when (store.HIT.Suggested); held is the unit whose step stays on
	// screen after its first key, showing the suggestion then, until the
	// annotator changes their label or goes on (after: arms).
	suggested   map[string]int
	suggestWhen store.ArmShows
	held        string

	// attention: the HIT ends with its kind's attention question, a step
	// of its own (attentionStep); answer is the count given (nil: none
	// yet), typed the digits being typed for it.
	attention attentionState
}

// attentionState is where a HIT's attention question stands.
type attentionState struct {
	answer *int
	typed  string
}

// newHITState is the common part of every kind's HIT: the item's text,
// the annotator's labels, note and undo history, and the steps.
func newHITState(p guidelines.Protocol, k hitKind, it store.Item, h store.HIT, sh guidelines.Shape) *hitState {
	s := &hitState{
		proto:    p,
		kind:     k,
		item:     it,
		query:    display.Field(it.Query),
		question: display.Field(it.Question),
		labels:   h.Labels,
		texts:    h.Texts,
		reviewed: h.SERPReviewed,
		finished: h.Finished,
		flagged:  h.Flagged,
		note:     display.Clean(h.Note),
		undo:     h.Undo,
		steps:    stepsOf(p, sh),

		suggested:   h.Suggested,
		suggestWhen: h.SuggestWhen,
	}
	if s.labels == nil {
		s.labels = map[string]int{}
	}
	if s.texts == nil {
		s.texts = map[string]string{}
	}
	return s
}

// suggestion is the run's label the screen shows on step i now, if any:
// an arm shown it before sees it from the start, one shown it after once
// their own label for the unit is keyed. A written answer has none.
func (s *hitState) suggestion(i int) (int, bool) {
	unit := s.steps[i].unit
	v, ok := s.suggested[unit]
	if !ok || unit == "" || s.proto.TextMax(unit) > 0 {
		return 0, false
	}
	switch s.suggestWhen {
	case store.ShowsBefore:
		return v, true
	case store.ShowsAfter:
		_, keyed := s.labels[unit]
		return v, keyed
	}
	return 0, false
}

// holds says whether a first key for the current step keeps the step on
// screen: the annotator's arm shows the run's label after they key
// their own, and they may change theirs on seeing it.
func (s *hitState) holds(had bool) bool {
	unit := s.step().unit
	_, ok := s.suggested[unit]
	return !had && ok && s.suggestWhen == store.ShowsAfter && s.proto.TextMax(unit) == 0
}

// waitsToGoOn says whether → or enter goes on from the current step as
// from a held one: it is held, or it is the last to key of a HIT an
// after: arm left unfinished there (the annotator quit while it was
// held, and the HIT, loaded again, has every label but is not done).
func (s *hitState) waitsToGoOn() bool {
	unit := s.step().unit
	if unit == "" {
		return false
	}
	if s.held == unit {
		return true
	}
	_, keyed := s.labels[unit]
	return keyed && s.suggestWhen == store.ShowsAfter && !s.finished && !s.practice &&
		s.firstOpen() < 0 && s.lastToKey(s.cur)
}

// stepsOf is an item's steps as the screen walks them.
func stepsOf(p guidelines.Protocol, sh guidelines.Shape) []stepRef {
	var out []stepRef
	for _, st := range p.Steps(sh) {
		out = append(out, stepRef{id: st.ID, unit: st.Unit, answer: st.Index, when: st.When})
	}
	return out
}

func (s *hitState) step() stepRef { return s.steps[s.cur] }

// applies says whether step i asks anything, given the labels so far.
func (s *hitState) applies(i int) bool {
	st := s.steps[i]
	return guidelines.ItemStep{Unit: st.unit, When: st.when}.Applies(s.labels)
}

// ruledOut says whether step i will not ask, whatever is keyed next: the
// label it waits for says otherwise, or that label's own step is ruled
// out (down a chain of conditions: a why after "not clear", once ask is
// no).
func (s *hitState) ruledOut(i int) bool {
	w := s.steps[i].when
	if w == nil {
		return false
	}
	if v, ok := s.labels[w.Unit]; ok {
		return !w.Holds(v)
	}
	j := s.unitStep(w.Unit)
	return j >= 0 && s.ruledOut(j)
}

// nextStep is the first step after i that asks anything, or -1.
func (s *hitState) nextStep(i int) int {
	for j := i + 1; j < len(s.steps); j++ {
		if s.applies(j) {
			return j
		}
	}
	return -1
}

// dropInapplicable forgets labels of steps that no longer ask (a facet
// after yes turned to no, every row's usefulness after ask turned to 0),
// by the store's own rule (Protocol.Outlived), which takes them away in
// the same write; it says how many it dropped. Turned back, the answer
// asks those steps again: nothing brings the labels back unkeyed.
func (s *hitState) dropInapplicable() int {
	gone := s.proto.Outlived(s.labels)
	for _, u := range gone {
		delete(s.labels, u)
	}
	return len(gone)
}

// withdrawnNote says what a changed answer took away ("2 labels
// withdrawn: ask is no"), or "" when it took nothing.
func (s *hitState) withdrawnNote(n int, unit string) string {
	if n == 0 {
		return ""
	}
	what := display.Count(n, "label", "labels")
	v, ok := s.labels[unit]
	if !ok {
		return fmt.Sprintf("%s withdrawn: %s has no label", what, unit)
	}
	name := strconv.Itoa(v)
	if l, ok := labelWithValue(s.proto.ScaleOf(unit), v); ok {
		name = l.Name
	}
	return fmt.Sprintf("%s withdrawn: %s is %s", what, unit, name)
}

// complete reports whether step i needs nothing more: labelled, or not
// asking anything.
func (s *hitState) complete(i int) bool {
	st := s.steps[i]
	if !s.applies(i) {
		return true
	}
	if st.id == attentionStep {
		return s.attention.answer != nil
	}
	if st.unit == "" {
		return s.reviewed
	}
	_, ok := s.labels[st.unit]
	return ok
}

// firstOpen is the first step still to do, or -1 when every step is done.
func (s *hitState) firstOpen() int {
	for i := range s.steps {
		if !s.complete(i) {
			return i
		}
	}
	return -1
}

// lastToKey says whether step i is the HIT's last to key: no step follows
// it but an attention question already answered (the HIT, reopened by an
// undo, finishes with the label keyed again, as the store would let it).
func (s *hitState) lastToKey(i int) bool {
	next := s.nextStep(i)
	if next >= 0 && s.steps[next].id == attentionStep && s.attention.answer != nil {
		next = s.nextStep(next)
	}
	return next < 0
}

// resumeStep is where a reopened HIT starts: its first unfinished step;
// for one with every label but not finished (an after: arm's, left held on
// its last step), that last step, where → or enter finishes it; or the
// first step of a finished one, for review.
func (s *hitState) resumeStep() int {
	if i := s.firstOpen(); i >= 0 {
		return i
	}
	if !s.finished && !s.practice {
		for i := range s.steps {
			if s.steps[i].unit != "" && s.applies(i) && s.lastToKey(i) {
				return i
			}
		}
	}
	return 0
}

// stepName names a step for events and notes: serp, question, answer_set,
// landing_2 …
func (s *hitState) stepName(i int) string {
	if s.steps[i].unit != "" {
		return s.steps[i].unit
	}
	return s.steps[i].id
}

// unitStep finds the step of a unit, or -1.
func (s *hitState) unitStep(unit string) int {
	for i, st := range s.steps {
		if st.unit == unit {
			return i
		}
	}
	return -1
}

// repeatedCounts says, for a step that repeats (landing pages, turns), how
// many are labelled and how many exist.
func (s *hitState) repeatedCounts(id string) (labelled, total int) {
	for _, st := range s.steps {
		if st.id == id {
			total++
			if _, ok := s.labels[st.unit]; ok {
				labelled++
			}
		}
	}
	return labelled, total
}

// loadHIT reads everything the HIT screen shows about one item, in the
// task dataset on screen (a practice or gold-check item is in one of its
// own: the progress shown is the task's).
func loadHIT(ctx context.Context, st *store.Store, screen Screen, datasetID, itemID, annotatorID int64) (*hitState, error) {
	it, err := st.ItemByID(ctx, itemID)
	if err != nil {
		return nil, err
	}
	h, err := st.LoadHIT(ctx, itemID, annotatorID)
	if err != nil {
		return nil, err
	}
	s, err := screen.load(ctx, st, it, h)
	if err != nil {
		return nil, err
	}
	withAttention(s, h)
	s.practice, s.goldCheck = h.Practice, it.DatasetID != datasetID && !h.Practice
	if s.goldCheck && h.ShownSeq > 0 {
		// Under the number of the HIT it took the place of, as the store
		// keeps it: nothing tells it from real work, in any session.
		s.item.Seq = h.ShownSeq
	}
	rev := h.Rev
	s.rev = &rev
	if s.practice {
		if s.standing, err = st.Standing(ctx, datasetID, annotatorID); err != nil {
			return nil, err
		}
	}
	if s.done, s.items, err = st.Progress(ctx, datasetID, annotatorID); err != nil {
		return nil, err
	}
	s.open, err = st.OpenHITs(ctx, datasetID, annotatorID)
	return s, err
}
