package tui

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"
)

// everySize is the terminals a laptop split gives, from the smallest the
// screens lay out for to a wide one.
var everySize = []struct{ w, h int }{{40, 12}, {60, 20}, {80, 24}, {120, 40}, {200, 60}}

// longPane is one pane whose question is 600 characters and whose five
// answers include a long one: the screen must still show the answer being
// labelled and the choices at every size.
func longPaneHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	question := "Which of these " + strings.Repeat("quite particular and rather wordy ", 17) + "things do you mean?"
	question = question[:600]
	answers := []string{"first short answer", "a second answer that goes on for a good while, long enough to wrap over two lines of a narrow terminal",
		"third", "fourth answer", "fifth and last answer"}
	tsv := data.ManualHeader() + "\n" + "long question pane\t" + question + "\t" + strings.Join(answers, "\t") + strings.Repeat("\t", 7) + "\n"
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(tsv), "long.tsv", data.Options{Dataset: "long"}); err != nil {
		t.Fatal(err)
	}
	return startHarness(t, st, "ana", w, h)
}

// sizedScreen is one screen to draw at every size, and what must be on it
// at every size: the item being labelled and the choices.
type sizedScreen struct {
	name  string
	start func(t *testing.T, w, h int) *harness
	keys  []string
	must  []string       // text that must show
	scale *regexp.Regexp // the label choices, when the screen labels
}

var (
	mimicsScale = choicesLine("2", "Good", "1", "Fair", "0", "Bad")
	likertScale = choicesLine("5", "Excellent", "4", "Good", "3", "Fair", "2", "Weak", "1", "Poor")
	nuggetScale = choicesLine("2", "full", "1", "partial", "0", "none")
	yesNoScale  = choicesLine("1", "yes", "0", "no")
	facetScale  = regexp.MustCompile(`(?m)^ +1-3 facet · 0 none fits *$`)
	abScale     = choicesLine("1", "A better", "2", "tie", "3", "B better")
)

// choicesLine matches a scale's choices under a step, given as its keys
// and names in order: every key with its name, whole or cut to a letter or
// more and "…" where the line is narrow, so what each key means shows at
// every size.
func choicesLine(keysAndNames ...string) *regexp.Regexp {
	var parts []string
	for i := 0; i < len(keysAndNames); i += 2 {
		name := []rune(keysAndNames[i+1])
		cuts := []string{regexp.QuoteMeta(string(name))}
		for n := 1; n < len(name); n++ {
			cuts = append(cuts, regexp.QuoteMeta(string(name[:n]))+"…")
		}
		parts = append(parts, regexp.QuoteMeta(keysAndNames[i])+" (?:"+strings.Join(cuts, "|")+")")
	}
	return regexp.MustCompile(`(?m)^ +` + strings.Join(parts, " +") + ` *$`)
}

func everyScreen() []sizedScreen {
	demo := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) }
	pane, conv, nug := longPaneHarness, func(t *testing.T, w, h int) *harness {
		return demoHarness(t, data.DemoConversations, w, h)
	}, func(t *testing.T, w, h int) *harness {
		return demoHarness(t, data.DemoNuggets, w, h)
	}
	screens := []sizedScreen{
		{name: "pane_serp", start: pane, must: []string{"I ·", "enter"}},
		{name: "pane_question", start: pane, keys: []string{"enter"}, must: []string{"II", "Which of these"}, scale: mimicsScale},
		{name: "pane_short_question", start: demo, keys: []string{"enter"}, must: []string{"II", "know about"}, scale: mimicsScale},
		{name: "pane_answers", start: pane, keys: []string{"enter", "2"}, must: []string{"III", "1. first short answer"}, scale: mimicsScale},
	}
	answers := []string{"first short answer", "a second answer", "third", "fourth answer", "fifth and last answer"}
	for i, a := range answers {
		keys := append([]string{"enter", "2", "2"}, strings.Split(strings.Repeat("1", i), "")...)
		screens = append(screens, sizedScreen{name: fmt.Sprintf("pane_landing%d", i+1), start: pane, keys: keys,
			must: []string{fmt.Sprintf("answer %d of 5", i+1), fmt.Sprintf("▸ %d. %s", i+1, a)}, scale: mimicsScale})
	}
	for i := 1; i <= 3; i++ {
		keys := strings.Split(strings.Repeat("4", i-1), "")
		screens = append(screens, sizedScreen{name: fmt.Sprintf("conversation_turn%d", i), start: conv, keys: keys,
			must: []string{fmt.Sprintf("turn %d of 3", i), fmt.Sprintf("▸ Turn %d", i)}, scale: likertScale})
	}
	for i, step := range []string{"Coherence", "Diversity", "Intent reveal"} {
		keys := strings.Split(strings.Repeat("4", 3+i), "")
		screens = append(screens, sizedScreen{name: "conversation_" + strings.ToLower(strings.Fields(step)[0]), start: conv,
			keys: keys, must: []string{step + " of the dialogue"}, scale: likertScale})
	}
	for i := 1; i <= 5; i++ {
		keys := strings.Split(strings.Repeat("2", i-1), "")
		screens = append(screens, sizedScreen{name: fmt.Sprintf("nugget%d", i), start: nug, keys: keys,
			must: []string{fmt.Sprintf("Nugget %d of 5", i), fmt.Sprintf("▸ ○  %d", i)}, scale: nuggetScale})
	}
	nec := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoNecessity, w, h) }
	pairs := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoPairs, w, h) }
	screens = append(screens,
		sizedScreen{name: "necessity", start: nec, must: []string{"need clarification?", "▸ Book me a table"}, scale: yesNoScale},
		sizedScreen{name: "necessity_facet", start: nec, keys: []string{"1"}, must: []string{"Which facet", "3  what time"}, scale: facetScale},
		sizedScreen{name: "compare", start: pairs, must: []string{"▸ Book me a table", "A  "}, scale: abScale},
	)
	screens = append(screens, fileScreens()...) // MIMICS-Duo's protocol files
	screens = append(screens, clariqScreens()...)
	screens = append(screens, attentionScreens()...)
	return append(screens,
		sizedScreen{name: "adjudication", start: func(t *testing.T, w, h int) *harness {
			st, lead := disputedDemo(t)
			return startAs(t, st, lead, w, h, true)
		}, keys: []string{"j", "j"}, must: []string{"landing_1", "decision"}},
		sizedScreen{name: "queue", start: pane, keys: []string{"l"}, must: []string{"Queue", "▸"}},
		sizedScreen{name: "help", start: pane, keys: []string{"?"}, must: []string{"Keys", "enter"}},
		sizedScreen{name: "help_scrolled", start: pane, keys: []string{"?", "j", "j", "j"}, must: []string{"Keys"}},
		sizedScreen{name: "agreement_pane", start: demo, keys: []string{"tab"}, must: []string{"agreement", "pooled"}},
		sizedScreen{name: "agreement_pane_scrolled", start: demo, keys: []string{"tab", "j", "j"}, must: []string{"pooled"}},
		sizedScreen{name: "statistics", start: func(t *testing.T, w, h int) *harness {
			return demoHarness(t, data.DemoDataset, w, h)
		}, keys: append([]string{"s"}, strings.Split(strings.Repeat("j", 30), "")...), must: []string{"Statistics", "panes"}},
	)
}

// Every screen at every size shows what is being labelled and its choices,
// fits the terminal, and has no line cut at its edge; its golden file
// shows the rest.
func TestEverySize(t *testing.T) {
	for _, sc := range everyScreen() {
		for _, size := range everySize {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				h := sc.start(t, size.w, size.h)
				h.readThen(sc.keys...)
				checkFits(t, h, size.w, size.h)
				screen := h.screen()
				for _, m := range sc.must {
					if !strings.Contains(screen, m) {
						t.Fatalf("%q is not on screen:\n%s", m, screen)
					}
				}
				if sc.scale != nil && !sc.scale.MatchString(screen) {
					t.Fatalf("the label choices are not on screen:\n%s", screen)
				}
				if h.m.cuts > 0 {
					t.Fatalf("%d lines cut at the edge:\n%s", h.m.cuts, screen)
				}
				golden.RequireEqual(t, screen)
			})
		}
	}
}

// Below 40x12 the screen asks for a larger window and no key labels,
// reviews or moves; at 40x12 the same keys work.
func TestTooSmallIgnoresKeys(t *testing.T) {
	for _, size := range []struct{ w, h int }{{39, 24}, {80, 11}, {20, 5}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			h := newHarness(t, size.w, size.h)
			checkFits(t, h, size.w, size.h)
			if size.w >= 30 {
				h.expect("make the window larger")
			}
			h.keys("enter", "2", "1", "0", "l", "n", "!", "tab", "u")
			if got := h.labels(1); len(got) != 0 || h.hitState(1).SERPReviewed {
				t.Fatalf("keys acted on a screen too small to show them: labels %v", got)
			}
			if h.m.overlay != overlayNone || h.m.hit.prompt != overlayNone || h.m.screen != screenHIT || h.m.pane.visible {
				t.Fatal("a key opened something on a screen too small to show it")
			}
			h.send(tea.WindowSizeMsg{Width: 40, Height: 12})
			h.keys("enter", "2")
			if got := h.labels(1); got["question"] != 2 {
				t.Fatalf("at 40x12 the keys did not label: %v", got)
			}
		})
	}
}

// A results page's URL shows whole on lines of its own, broken only at
// the screen's edge: joined up (each without its indent), the lines are
// the URL o opens.
func TestURLShownWhole(t *testing.T) {
	for _, w := range []int{40, 60, 200} {
		h := longPaneHarness(t, w, 40)
		h.keys("enter", "2", "2")
		h.keys(strings.Split(strings.Repeat("j", 40), "")...) // down to the URL under the answers
		want := "https://www.bing.com/search?q=" + url.QueryEscape("long question pane first short answer")
		lines := strings.Split(h.screen(), "\n")
		got := ""
		for i, l := range lines {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "https://") {
				got = t
				for _, next := range lines[i+1:] {
					if len(got) >= len(want) || strings.TrimSpace(next) == "" {
						break
					}
					got += strings.TrimSpace(next)
				}
				break
			}
		}
		if got != want {
			t.Fatalf("at %d columns the URL reads %q, want %q:\n%s", w, got, want, h.screen())
		}
		h.keys("o")
		if len(h.opened) != 1 || h.opened[0] != want {
			t.Fatalf("o opened %v", h.opened)
		}
	}
}

// ? opens the keys of the screen on top, on every screen: the queue's,
// the flags', adjudication's; esc comes back to it.
func TestHelpOnEveryScreen(t *testing.T) {
	st, lead := disputedDemo(t)
	h := startAs(t, st, lead, 100, 30, false)
	for _, c := range []struct{ open, want, back string }{
		{"l", "G    last", "Queue ·"},
		{"F", "u uphold", "Flags ·"},
		{"a", "show decided", "Adjudication ·"},
	} {
		h.keys(c.open, "?")
		h.expect(" Keys")
		h.expect(c.want)
		h.keys("esc")
		h.expect(c.back)
		h.keys("esc")
	}
}

// The header counts the annotator's own HITs (done / given to them so far,
// not the dataset's panes) and, where the clock runs, the time on this one.
func TestHeaderCountsOwnHITs(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.expect("HIT 1 · 0 done / 1 yours")
	h.keys("enter", "2", "1", "2", "2", "1", "0")
	h.expect("HIT 2 · 1 done / 2 yours")
	h.m.cfg.Clock = time.Second // the harness runs no ticks; the header reads the clock when drawn
	opened := h.m.hit.hit.opened
	h.m.cfg.Now = func() time.Time { return opened.Add(75 * time.Second) }
	h.m.frame()
	h.expect("HIT 2 · 1 done / 2 yours · 1:15 on it")
	if got := clockText(3*time.Hour + 4*time.Minute + 5*time.Second); got != "3:04:05" {
		t.Fatalf("clockText %q", got)
	}
}

// View hands over the frame Update laid out and changes nothing: the
// scroll, what is out of sight and what was read stay as the last message
// left them, however often Bubble Tea asks for a frame.
func TestViewChangesNothing(t *testing.T) {
	h := longPaneHarness(t, 40, 12)
	h.keys("enter", "2", "j", "j")
	type state struct {
		scroll, lo, hi, page int
		read                 reading
	}
	of := func() state {
		s := h.m.hit.hit
		read := s.read
		read.texts, read.seen, read.whole = maps.Clone(read.texts), maps.Clone(read.seen), maps.Clone(read.whole)
		return state{s.scroll, s.scrollLo, s.scrollHi, s.page, read}
	}
	before, frame := of(), h.m.View().Content
	for range 3 {
		if got := h.m.View().Content; got != frame {
			t.Fatalf("a second View drew another frame:\n%s\n---\n%s", frame, got)
		}
	}
	if after := of(); !reflect.DeepEqual(before, after) {
		t.Fatalf("View changed the HIT's layout state: %+v, then %+v", before, after)
	}
}

// A resize redraws as a fresh start at the new size would: each screen
// drawn at 40×12, then resized to 60×20 (and back), is the screen a window
// of that size opened on it shows.
func TestResizeIsAFreshStart(t *testing.T) {
	for _, sc := range everyScreen() {
		switch sc.name {
		case "pane_question", "pane_landing2", "conversation_turn1", "nugget1", "necessity", "compare", "duo_quality_pane", "help", "agreement_pane":
		default:
			continue
		}
		t.Run(sc.name, func(t *testing.T) {
			for _, size := range []struct{ w, h int }{{60, 20}, {40, 12}} {
				h := sc.start(t, 40, 12)
				h.readThen(sc.keys...)
				h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
				h.send(tea.WindowSizeMsg{Width: size.w, Height: size.h})
				fresh := sc.start(t, size.w, size.h)
				fresh.readThen(sc.keys...)
				if got, want := h.screen(), fresh.screen(); got != want {
					t.Errorf("resized to %dx%d:\n%s\nopened at that size:\n%s", size.w, size.h, got, want)
				}
			}
		})
	}
}

// The statistics' tables keep their columns at 60 columns: a row wider
// than the window is cut, not wrapped, and → pans to the columns beyond.
func TestStatsTablesPan(t *testing.T) {
	h := newHarness(t, 60, 20)
	h.keys("s")
	h.expect("Statistics · demo · ←/→ 1–59/")
	for range 3 {
		h.keys("j")
	}
	for _, l := range strings.Split(h.screen(), "\n") {
		if strings.HasPrefix(l, "     ") && strings.Contains(strings.TrimSpace(l), "  ") {
			t.Errorf("a table row wrapped: %q", l)
		}
	}
	for range 20 {
		h.keys("down")
	}
	before := h.screen()
	if !strings.Contains(before, "1.2167 ± 0\n") {
		t.Fatalf("Table 6's landing column is not cut at the window:\n%s", before)
	}
	h.keys("l", "l", "l")
	h.expect("←/→ 25–83/83")
	h.expect("1.2167 ± 0.4203  5")
	h.keys("h", "h", "h")
	if h.screen() != before {
		t.Errorf("panning back does not give the same screen:\n%s\n%s", h.screen(), before)
	}
}
