package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ChoiceStats are the gold figures of a kind whose choice step waits for
// a condition (a protocol file's [parts] stats = "choice"; ClariLM's
// necessity: does a request need clarifying, and which facet first): the
// share of the judged items whose gold meets the condition, with its
// Wilson interval, and which element the gold chose for those that do.
// Flagged items are left out. Its words are the file's: what its items
// and list elements are called, its units, and the condition's share.
type ChoiceStats struct {
	Items       int
	WithList    int         // items with at least one element to choose from
	Judged      int         // items with a gold label of the condition's unit
	Meets       bench.Share // of the judged, those whose gold meets the condition
	ChoiceGold  int         // gold meeting it, with elements and a gold choice
	Chosen      []int       // Chosen[k]: chose element k (from 1); Chosen[0]: none fits
	Withheld    string      // why the share is left out for this reader (store.Blind)
	ChosenHeld  string      // why the choices are
	words       choiceWords
	proto       guidelines.Protocol
	choiceUnit  string
	conditioned string
}

// choiceWords are what the figures are called, from the file.
type choiceWords struct {
	items, list, share, shareJSON, meeting string
}

// ChoiceGold counts a choice kind's gold labels over the reading.
func ChoiceGold(ctx context.Context, r *store.Reading, p guidelines.Protocol) (*ChoiceStats, error) {
	choice, cond, ok := p.ChoiceStep()
	if !ok {
		return nil, fmt.Errorf("%s: no choice step waits for a condition, which choice statistics count", display.Clean(string(p.Kind)))
	}
	share := p.ShareWords(choice)
	s := &ChoiceStats{Chosen: make([]int, p.ChoiceExtent()+1), proto: p, choiceUnit: choice, conditioned: cond.Unit,
		words: choiceWords{items: p.Items, list: p.ListNoun() + "s", share: share[0], shareJSON: share[1], meeting: share[2]}}
	counts, err := r.UnitCounts(ctx)
	if err != nil {
		return nil, err
	}
	meets := 0
	blind := r.Blind()
	var judged, chosen tally
	err = EachPaneGold(ctx, r, func(pg *PaneGold) error {
		if pg.Flagged {
			return nil
		}
		s.Items++
		if p.Choices(pg.Item.Shape(counts[pg.Item.ID])) > 0 {
			s.WithList++
		}
		v := pg.Label(cond.Unit)
		if v < 0 {
			return nil
		}
		s.Judged++
		judged.add(blind, pg.Item.ID)
		if !cond.Holds(v) {
			return nil
		}
		meets++
		// Chosen counts by element (0 for none), whatever value it is stored as.
		if c := pg.Label(choice); c >= 0 && p.ElementOf(choice, c) >= 0 && p.ElementOf(choice, c) < len(s.Chosen) {
			s.ChoiceGold++
			chosen.add(blind, pg.Item.ID)
			s.Chosen[p.ElementOf(choice, c)]++
		}
		return nil
	})
	s.Meets = bench.Wilson(meets, s.Judged)
	// Both are label distributions: the share meeting it and the choices.
	s.Withheld, s.ChosenHeld = spreadWithheld(blind, judged, p.Items), spreadWithheld(blind, chosen, p.Items)
	if s.Withheld != "" {
		s.Meets = bench.Share{N: s.Judged}
	}
	if s.ChosenHeld != "" {
		s.Chosen = make([]int, len(s.Chosen))
	}
	return s, err
}

// WriteText writes the figures as a short table.
func (s *ChoiceStats) WriteText(w io.Writer) error {
	var b strings.Builder
	col := func(name string) string { return fmt.Sprintf("%-30s", name) }
	fmt.Fprintf(&b, "%s%d (%d with candidate %s)\n", col(s.words.items), s.Items, s.WithList, s.words.list)
	fmt.Fprintf(&b, "%s%d\n", col("with a gold "+s.conditioned+" label"), s.Judged)
	if s.Withheld != "" {
		fmt.Fprintf(&b, "%s%s\n", col(s.words.share), s.Withheld)
	} else {
		fmt.Fprintf(&b, "%s%d: %s (95%% Wilson interval)\n", col(s.words.share), s.Meets.K, shareText(s.Meets))
	}
	// How many meeting the condition have a gold choice bounds the share
	// below: withheld with it.
	of := strconv.Itoa(s.ChoiceGold) + " "
	if s.Withheld != "" {
		of = "those "
	}
	fmt.Fprintf(&b, "%s chosen (of %s%s, with candidates and a gold %s)\n", s.choiceUnit, of, s.words.meeting, s.choiceUnit)
	if s.ChosenHeld != "" {
		fmt.Fprintf(&b, "  %s\n%s\n", s.ChosenHeld, withheldNote)
		_, err := io.WriteString(w, b.String())
		return err
	}
	for k := 1; k < len(s.Chosen); k++ {
		if s.Chosen[k] > 0 {
			fmt.Fprintf(&b, "  %s %d  %d: %s\n", s.choiceUnit, k, s.Chosen[k], shareText(bench.Wilson(s.Chosen[k], s.ChoiceGold)))
		}
	}
	none := s.proto.NameOf(s.choiceUnit, s.proto.ChoiceNoneOf(s.choiceUnit))
	fmt.Fprintf(&b, "  %-*s%d: %s\n", len(s.choiceUnit)+4, none, s.Chosen[0], shareText(bench.Wilson(s.Chosen[0], s.ChoiceGold)))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes {ITEMS, "with_LISTs", "judged", SHARE: {k, n, share,
// low, high}, "CHOICE_judged", "CHOICEs": {"1": n, …, "none": n}}, its
// keys the file's words (necessity's: requests, with_facets,
// needs_clarification, facet_judged, facets).
func (s *ChoiceStats) WriteJSON(w io.Writer) error {
	none := s.proto.NameOf(s.choiceUnit, s.proto.ChoiceNoneOf(s.choiceUnit))
	chosen := map[string]int{none: s.Chosen[0]}
	for k := 1; k < len(s.Chosen); k++ {
		if s.Chosen[k] > 0 {
			chosen[strconv.Itoa(k)] = s.Chosen[k]
		}
	}
	if s.ChosenHeld != "" {
		chosen = nil
	}
	var meets any
	if s.Withheld == "" {
		meets = shareOf(s.Meets)
	}
	list := s.choiceUnit + "s"
	fields := OrderedObject{
		{s.words.items, s.Items}, {"with_" + s.words.list, s.WithList}, {"judged", s.Judged},
		{s.words.shareJSON, meets}}
	if s.Withheld != "" {
		fields = append(fields, JSONField{s.words.shareJSON + "_withheld", s.Withheld})
	}
	var choiceGold any = s.ChoiceGold
	if s.Withheld != "" {
		choiceGold = nil // it bounds the withheld share below
	}
	fields = append(fields, JSONField{s.choiceUnit + "_judged", choiceGold}, JSONField{list, chosen})
	if s.ChosenHeld != "" {
		fields = append(fields, JSONField{list + "_withheld", s.ChosenHeld})
	}
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(fields)
}

// JSONField is one key of an object whose keys come from a file.
type JSONField struct {
	Key   string
	Value any
}

// OrderedObject is a JSON object whose keys are a file's (its fields,
// units, words), in the order given, not sorted as a map's.
type OrderedObject []JSONField

// MarshalJSON writes the object, its keys in order.
func (o OrderedObject) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	seen := map[string]bool{}
	for i, f := range o {
		if seen[f.Key] {
			// A script reading the object would keep one of the two.
			return nil, fmt.Errorf("the key %q twice (the protocol file's when.share)", f.Key)
		}
		seen[f.Key] = true
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}
