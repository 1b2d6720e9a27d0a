package tui

import (
	"context"
	"net/url"
	"strings"
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
}

// hitState is one annotator's view of one pane: the pane's text (already
// cleaned for the terminal), their labels, and where they are in it. Its
// methods are pure; the root model does the I/O.
type hitState struct {
	proto    guidelines.Protocol
	item     store.Item
	query    string // a conversation's topic
	question string // a conversation's facet
	answers  []string
	generic  bool
	conv     *conversation // a ClariMM conversation's turns; nil for a pane
	nug      *nuggetItem   // an answer judged against nuggets; nil otherwise

	serp      []store.SERPResult
	serpKnown bool

	labels   map[string]int
	reviewed bool
	finished bool
	flagged  bool

	steps   []stepRef
	cur     int
	entered time.Time // when the current step was shown
	scroll  int       // first line shown of a scrollable step

	done, total int // the annotator's progress over the dataset
}

func newHITState(it store.Item, h store.HIT) *hitState {
	s := &hitState{
		proto:    guidelines.MIMICS,
		item:     it,
		query:    display.Field(it.Query),
		question: display.Field(it.Question),
		labels:   h.Labels,
		reviewed: h.SERPReviewed,
		finished: h.Finished,
		flagged:  h.Flagged,
	}
	if s.labels == nil {
		s.labels = map[string]int{}
	}
	for _, o := range it.Options {
		if o != "" {
			s.answers = append(s.answers, display.Field(o))
		}
	}
	s.generic = guidelines.IsGeneric(s.question)
	s.steps = stepsOf(guidelines.MIMICS, it.Shape(0))
	return s
}

// stepsOf is an item's steps as the screen walks them.
func stepsOf(p guidelines.Protocol, sh guidelines.Shape) []stepRef {
	var out []stepRef
	for _, st := range p.Steps(sh) {
		out = append(out, stepRef{id: st.ID, unit: st.Unit, answer: st.Index})
	}
	return out
}

func (s *hitState) step() stepRef { return s.steps[s.cur] }

// complete reports whether step i needs nothing more.
func (s *hitState) complete(i int) bool {
	st := s.steps[i]
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

// resumeStep is where a reopened HIT starts: its first unfinished step, or
// the first step of a finished one, for review.
func (s *hitState) resumeStep() int {
	if i := s.firstOpen(); i >= 0 {
		return i
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

// openURL is the results page for the current step: the query's, or on
// Step IV the landing page of the current answer (the answer alone when it
// already contains the query, else "query answer").
func (s *hitState) openURL(template string) string {
	q := display.Unquote(s.item.Query)
	if st := s.step(); st.id == "landing" {
		a := display.Unquote(s.item.Options[st.answer])
		if strings.Contains(strings.ToLower(a), strings.ToLower(q)) {
			q = a
		} else {
			q = q + " " + a
		}
	}
	return strings.ReplaceAll(template, "{query}", url.QueryEscape(q))
}

// loadHIT reads everything the HIT screen shows about one item.
func loadHIT(ctx context.Context, st *store.Store, itemID, annotatorID int64) (*hitState, error) {
	it, err := st.ItemByID(ctx, itemID)
	if err != nil {
		return nil, err
	}
	h, err := st.LoadHIT(ctx, itemID, annotatorID)
	if err != nil {
		return nil, err
	}
	kind, err := st.DatasetKind(ctx, it.DatasetID)
	if err != nil {
		return nil, err
	}
	var s *hitState
	switch kind {
	case guidelines.ClariMM.Kind:
		turns, err := st.Turns(ctx, itemID)
		if err != nil {
			return nil, err
		}
		s = newConversationState(it, h, turns)
	case guidelines.Nuggets.Kind:
		in, err := st.AnswerIntent(ctx, itemID)
		if err != nil {
			return nil, err
		}
		s = newNuggetState(it, h, in)
	default:
		s = newHITState(it, h)
		if s.serp, s.serpKnown, err = st.SERP(ctx, display.Unquote(it.Query)); err != nil {
			return nil, err
		}
	}
	s.done, s.total, err = st.Progress(ctx, it.DatasetID, annotatorID)
	return s, err
}
