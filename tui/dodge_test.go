package tui

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// scriptedDraws decide which new HITs become gold checks (true) and which
// stay real work (false), in order, then real work: a Store.Draws source.
type scriptedDraws struct {
	draws []bool
	next  int
}

func (s *scriptedDraws) Uint64() uint64 {
	hidden := s.next < len(s.draws) && s.draws[s.next]
	s.next++
	if hidden {
		return 0 // below every rate
	}
	return math.MaxUint64
}

// checkStore is a task of eight two-answer panes and four gold checks whose
// every answer is 2, at a check rate of a half: an annotator is paused
// below 60% of the checks' units over two checks. draws script which new
// HITs are checks.
func checkStore(t *testing.T, draws ...bool) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	add := func(im *store.Importer, name string, n int, answers ...store.UnitLabel) {
		for i := range n {
			p := store.Pane{Query: fmt.Sprintf("%s %d", name, i), Question: "Which one did you mean?", Options: [5]string{"a", "b"}}
			if _, err := im.AddPane(p, answers...); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := im.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	im, err := st.BeginImport(ctx, lead, "task", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	ds := im.DatasetID()
	add(im, "real work", 8)
	if im, err = st.BeginKnownImport(ctx, lead, "task", store.PurposeCheck, "mimics", "mimics-manual"); err != nil {
		t.Fatal(err)
	}
	var answers []store.UnitLabel
	for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
		answers = append(answers, store.UnitLabel{Unit: u, Value: 2})
	}
	add(im, "gold check", 4, answers...)
	tr := store.Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseBelow: 0.6, PauseAfter: 2}
	if err := st.SetTraining(ctx, lead, ds, tr); err != nil {
		t.Fatal(err)
	}
	st.Draws = rand.New(&scriptedDraws{draws: draws})
	return st
}

var headerRe = regexp.MustCompile(`HIT (\d+) · (\d+) done / (\d+) yours`)

// header reads the HIT header: the HIT's number, done and yours.
func (h *harness) header() (seq, done, yours int) {
	h.t.Helper()
	m := headerRe.FindStringSubmatch(h.screen())
	if m == nil {
		h.t.Fatalf("no HIT header:\n%s", h.screen())
	}
	seq, _ = strconv.Atoi(m[1])
	done, _ = strconv.Atoi(m[2])
	yours, _ = strconv.Atoi(m[3])
	return seq, done, yours
}

// onCheck says whether the HIT on screen is a gold check, as the test (not
// the annotator) knows.
func (h *harness) onCheck() bool {
	h.t.Helper()
	if h.m.hit.hit == nil {
		h.t.Fatalf("no HIT on screen:\n%s", h.screen())
	}
	return h.m.hit.hit.goldCheck
}

// The dodge through the keys: every HIT's header reads "k done / k+1
// yours" (and one more yours for each HIT put off, which stays theirs), a
// gold check's as a real one's, and an annotator who gives back (R y) or
// puts off (z) every check while answering every real HIT is paused after
// two checks.
func TestDodgingChecksByKeysPauses(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		kept int // HITs each dodge leaves yours: one put off stays theirs
	}{{"give back", []string{"R", "y"}, 0}, {"later", []string{"z"}, 1}} {
		t.Run(c.name, func(t *testing.T) {
			st := checkStore(t, false, true, false, true, false, true)
			h := startOn(t, st, storetest.Person(t, st, "ana", store.RoleAnnotator), "task", 100, 30, false)
			dodged, real := 0, 0
			for range 12 {
				if strings.Contains(h.screen(), "You are paused") {
					break
				}
				seq, done, yours := h.header()
				if yours != done+1+c.kept*dodged {
					t.Fatalf("HIT %d (a gold check: %v) reads %d done / %d yours after %d checks dodged, where any HIT reads k / k+1",
						seq, h.onCheck(), done, yours, dodged)
				}
				if done != real {
					t.Fatalf("HIT %d reads %d done after %d HITs answered", seq, done, real)
				}
				if h.onCheck() {
					h.keys(c.keys...)
					dodged++
					continue
				}
				h.keys("enter", "2", "2", "2", "2")
				real++
			}
			h.expect("You are paused in task")
			if dodged != 2 || real != 2 {
				t.Fatalf("paused after %d checks dodged and %d real HITs, want 2 and 2", dodged, real)
			}
		})
	}
}

// A gold check keeps the number of the HIT it took the place of: after the
// queue and back, and in a new session, where it read "HIT 1". Answered,
// it counts in the side pane's HITs done as in the header.
func TestGoldCheckKeepsItsNumber(t *testing.T) {
	st := checkStore(t, false, true)
	ana := storetest.Person(t, st, "ana", store.RoleAnnotator)
	h := startOn(t, st, ana, "task", 140, 30, false)
	h.expect("HIT 1 ·")
	h.keys("enter", "2", "2", "2", "2")
	h.expect("HIT 2 ·")
	if !h.onCheck() {
		t.Fatal("test is void: HIT 2 is real work")
	}
	check := h.m.hit.hit.item.ID
	h.keys("l")
	h.expect("Queue")
	h.keys("esc")
	if seq, _, _ := h.header(); seq != 2 || h.m.hit.hit.item.ID != check {
		t.Fatalf("back from the queue the check reads HIT %d", seq)
	}
	again := startOn(t, st, ana, "task", 140, 30, false)
	if seq, done, yours := again.header(); seq != 2 || done != 1 || yours != 2 || again.m.hit.hit.item.ID != check {
		t.Fatalf("in a new session the check reads HIT %d · %d done / %d yours", seq, done, yours)
	}
	again.keys("tab")
	again.expect("HITs done      1 / 8")
	again.keys("enter", "2", "2", "2", "2")
	if _, done, _ := again.header(); done != 2 {
		t.Fatalf("after the check the header reads %d done, want 2", done)
	}
	again.expect("HITs done      2 / 8")
}
