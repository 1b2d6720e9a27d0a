package tui

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// remapped is issue 43's config, quit on x and two labels moved, with
// every other action of the HIT screen moved too, so a hint naming any
// built-in key of it is caught.
const remapped = `[keys]
quit = "x"
help = "H"
queue = "L"
pane = "p"
guide = "G"
review = "e"
open = "w"
open_image = "w"
undo = "U"
note = "N"
flag = "%"
later = "Z"
give_back = "V"
adjudicate = "A"
stats = "S"
flags = "I"
quality = "Y"
up = "i"
down = "m"
page_up = "["
page_down = "]"
guide_up = "T"
guide_down = "B"
back = "<"
next = ">"

[labels]
"2" = "f"
"1" = "d"
`

// remappedPress is the key each built-in key is pressed as under
// remapped, on the HIT screen.
var remappedPress = map[string]string{"q": "x", "?": "H", "l": "L", "tab": "p", "g": "G", "enter": "e", "o": "w",
	"u": "U", "n": "N", "!": "%", "z": "Z", "R": "V", "a": "A", "s": "S", "F": "I", "Q": "Y", "k": "i", "up": "i",
	"j": "m", "down": "m", "pgup": "[", "pgdown": "]", "K": "T", "J": "B", "left": "<", "backspace": "<", "h": "<",
	"right": ">", "2": "f", "1": "d"}

// builtIn are the built-in keys remapped takes from their actions, as
// hints name them: none may show on a screen the config rebinds.
var builtIn = []string{"q", "?", "l", "tab", "g", "enter", "o", "u", "n", "!", "z", "R", "s", "F", "Q",
	"k", "j", "↑/k", "↓/j", "pgup", "pgdn", "ctrl+u", "ctrl+d", "space", "K", "J", "←", "→", "h"}

// adjudicateKey is adjudicate's built-in key, named only where it is a
// key (a footer, the help's columns): in prose it is the article.
var adjudicateKey = regexp.MustCompile(`(?m)(?:^|\s)a +adjudicat`)

// builtInLabels are the labels' keys remapped moves.
var builtInLabels = []string{"2", "1"}

// fixedKeys are what screens say of keys no config moves, each true where
// it shows: the give-back question's y, the flag prompt's reasons, every
// text prompt's enter and esc, the practice feedback's r and enter, and
// the help's words on the queue's and the flags' own keys.
var fixedKeys = []string{
	"y gives it back", "(y confirms)", "s sensitive · i inappropriate · b broken · o other", "a note, enter.",
	"(enter saves, esc cancels)", "(enter saves, esc keeps what is saved)",
	"r try this one again (it will not count) · enter next",
	"f shows one state at a time, / finds text, : goes to a HIT by number or item id; enter opens one.",
	"your own to withdraw (w); leads and adjudicators uphold (u) or clear (c).",
	"n/a", // a step that does not apply
}

// withoutFixed is text without what fixedKeys say, however the screen
// wrapped them.
func withoutFixed(text string) string {
	for _, f := range fixedKeys {
		words := strings.Fields(f)
		for i, w := range words {
			words[i] = regexp.QuoteMeta(w)
		}
		text = regexp.MustCompile(strings.Join(words, `\s+`)).ReplaceAllString(text, "")
	}
	return text
}

// scaleNames are the names of every built-in scale's labels and the
// demo's protocol files', as a choice or a hint shows them after its key.
var scaleNames = []string{"Good", "Fair", "Bad", "full", "partial", "none", "yes", "no", "A better", "tie",
	"B better", "Excellent", "Weak", "Poor", "excellent", "good", "fair", "poor", "very poor", "facet", "rate"}

// keyMentions finds where text names one of keys as a hint does: before
// a word it does ("q quits", "enter  reviewed"), after press, or or then
// ("press enter", "or o to look"), after a comma at the end ("the count,
// enter"), in parentheses ("(l lists yours)", "(j, pgdn)", "(J)") or
// beside a slash ("J/K scroll").
func keyMentions(text string, keys []string) []string {
	var found []string
	for _, k := range keys {
		q := regexp.QuoteMeta(k)
		for _, re := range []string{
			`(?:^|[\s·(])` + q + ` {1,2}[a-z]`,
			`(?i:press|or|then) ` + q + `(?:[\s.,)]|$)`,
			`, ` + q + `(?:$|[\s.)])`,
			`\(` + q + `[,)]`,
			`(?:^|[\s(])` + q + `/\S`,
			`\S/` + q + `(?:[\s)]|$)`,
		} {
			if m := regexp.MustCompile(`(?m)` + re).FindString(text); m != "" {
				found = append(found, fmt.Sprintf("%q in %q", k, m))
			}
		}
	}
	return found
}

// labelMentions finds a moved label's old key named as a label's: before
// a scale name, whole or cut ("2 Good", "1 A better", "2 Exc…"), or in a
// range of keys ("1-5 rate"; the attention step's "0-9 count" is a count's
// digits, which no label takes).
func labelMentions(text string, keys []string) []string {
	var found []string
	for _, k := range keys {
		for _, n := range scaleNames {
			re := regexp.MustCompile(`(?m)(?:^|[\s\[])` + regexp.QuoteMeta(k) + ` (?i:` + regexp.QuoteMeta(n) + `|` + regexp.QuoteMeta(n[:1]) + `\S*…)`)
			if m := re.FindString(text); m != "" {
				found = append(found, fmt.Sprintf("%q in %q", k, m))
			}
		}
	}
	// A range's keys: "1-5 rate" in a footer, "• 1–9 — that candidate
	// facet" in a guideline (an en dash elsewhere is lines: "1–6 of 8").
	for _, m := range regexp.MustCompile(`(\d)-(\d) (\w+)|• (\d)–(\d) (—)`).FindAllStringSubmatch(text, -1) {
		if m[1] == "" {
			m = []string{m[0], m[4], m[5], m[6]}
		}
		for _, k := range keys {
			if m[3] != "count" && m[1] <= k && k <= m[2] {
				found = append(found, fmt.Sprintf("%q in %q", k, m[0]))
			}
		}
	}
	return found
}

// footerKeys are the keys the footer (the last line) names.
func footerKeys(screen string) []string {
	lines := strings.Split(screen, "\n")
	var keys []string
	for _, part := range strings.Split(strings.TrimSpace(lines[len(lines)-1]), " • ") {
		if k, _, ok := strings.Cut(part, " "); ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// defaultKeysNamed is every built-in key of a rebound action, and every
// moved label's old key, that a screen names in a hint: in its footer or
// its text or, for a pager, any of its lines (off screen too; its footer
// is the pager's own keys, which no config moves).
func defaultKeysNamed(h *harness) []string {
	screen := h.screen()
	var found []string
	text := screen
	if h.m.pagerOpen() {
		_, lines := h.m.pagerLines()
		text = ansi.Strip(strings.Join(lines, "\n"))
	} else {
		lines := strings.Split(screen, "\n")
		footer := lines[len(lines)-1]
		for _, k := range footerKeys(screen) {
			if (h.m.hit.prompt != overlayNone || h.m.hit.feedback != nil) && k == "enter" {
				continue // a text prompt's or the practice feedback's own key
			}
			if k == "a" || slices.Contains(builtIn, k) || slices.Contains(builtInLabels, k) {
				found = append(found, fmt.Sprintf("%q in the footer", k))
			}
		}
		found = append(found, labelMentions(footer, builtInLabels)...)
		text = strings.Join(lines[:len(lines)-1], "\n")
		if h.m.hit.prompt != overlayNone { // the text input's placeholder names the prompt's own keys
			text = regexp.MustCompile(`(?m)^ *› .*$`).ReplaceAllString(text, "")
		}
	}
	text = withoutFixed(text)
	if m := adjudicateKey.FindString(text); m != "" {
		found = append(found, fmt.Sprintf("%q in %q", "a", m))
	}
	found = append(found, keyMentions(text, builtIn)...)
	return append(found, labelMentions(text, builtInLabels)...)
}

// rebound are the screens the [keys] and [labels] sections rebind (the
// HIT screen of every kind and step, its pagers, prompts, pane and
// statuses) besides those every size draws: none may name a key the
// config moved.
func reboundScreens() []sizedScreen {
	pane := longPaneHarness
	demo := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) }
	conv := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoConversations, w, h) }
	nec := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoNecessity, w, h) }
	pairs := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoPairs, w, h) }
	duo := func(t *testing.T, w, h int) *harness { return duoHarness(t, "mimics-duo-quality", w, h) }
	return []sizedScreen{
		{name: "serp_results", start: demo},
		{name: "serp_label_key", start: demo, keys: []string{"2"}},
		{name: "not_a_label", start: demo, keys: []string{"enter", "5"}},
		{name: "guideline", start: demo, keys: []string{"enter", "g"}},
		{name: "conversation_guideline", start: conv, keys: []string{"g"}},
		{name: "flag", start: demo, keys: []string{"enter", "!"}},
		{name: "flag_note", start: demo, keys: []string{"enter", "!", "o"}},
		{name: "note", start: demo, keys: []string{"enter", "n"}},
		{name: "give_back", start: demo, keys: []string{"enter", "R"}},
		{name: "pane_covers", start: pane, keys: []string{"tab", "2"}},
		{name: "compare_not_a_label", start: pairs, keys: []string{"5"}},
		{name: "facet_not_offered", start: nec, keys: []string{"1", "7"}},
		{name: "duo_unread", start: duo, keys: []string{"4"}},
		{name: "practice_feedback", start: func(t *testing.T, w, h int) *harness { return startHarness(t, practiceStore(t), "ana", w, h) },
			keys: []string{"enter", "2", "2", "2", "1"}},
		{name: "no_work", start: noWorkHarness},
		{name: "no_work_undo", start: noWorkHarness, keys: []string{"u"}},
	}
}

// allDoneHarness is ana on a one-request dataset she has just finished:
// no more HITs for her.
func allDoneHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	st := storetest.Open(t)
	importText(t, st, "nec", data.FormatNecessity, `{"id": "r1", "request": "Book it"}`+"\n")
	ana, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	hs := startOn(t, st, ana, "nec", w, h, false)
	hs.keys("0")
	if !hs.m.hit.allDone {
		t.Fatalf("not done after the one request:\n%s", hs.screen())
	}
	return hs
}

// noWorkHarness is bob on a one-pane dataset ana holds: no HIT for him.
func noWorkHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	st := storetest.Open(t)
	ctx := context.Background()
	im, err := st.BeginImport(ctx, storetest.Lead(t, st), "one", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	im.AddPane(store.Pane{Query: "jaguar", Question: "Which jaguar?", Options: [5]string{"car", "cat"}})
	im.SetPolicy(store.Policy{Min: 1, Max: 1, Lease: 30 * time.Minute})
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	startHarness(t, st, "ana", w, h)
	return startHarness(t, st, "bob", w, h)
}

// hintSizes are the smallest size, the usual one and a wide one.
var hintSizes = []struct{ w, h int }{{40, 12}, {80, 24}, {200, 60}}

// With quit on x, two labels moved and every other action a hint names
// moved too, no screen the config rebinds names a built-in key of an
// action it moved, or a moved label's old key, at any size: not the HIT
// of any kind or step, its help and guideline, its prompts, the pane,
// the statuses a key brings, the screen too small to use.
func TestHintsNameTheBoundKeys(t *testing.T) {
	config := parseKeys(t, remapped)
	screens := append(everyScreen(), reboundScreens()...)
	for _, sc := range screens {
		if !rebinds(sc.name) {
			continue
		}
		for _, size := range hintSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				withKeys(t, config, remappedPress)
				h := sc.start(t, size.w, size.h)
				h.keys(sc.keys...)
				if named := defaultKeysNamed(h); len(named) > 0 {
					t.Errorf("names keys the config moved: %s\n%s", strings.Join(named, "; "), h.screen())
				}
			})
		}
	}
	t.Run("too_small", func(t *testing.T) {
		withKeys(t, config, remappedPress)
		h := newHarness(t, 39, 12)
		if named := keyMentions(h.screen(), builtIn); len(named) > 0 {
			t.Errorf("names keys the config moved: %s\n%s", strings.Join(named, "; "), h.screen())
		}
		h.expect("x quits")
		h.keys("x")
		if !h.m.quitting {
			t.Error("x did not quit where the screen says it does")
		}
	})
}

// rebinds reports whether the config rebinds a screen's keys: the queue's,
// adjudication's and the flags' are their own (the earlier
// design), and so are the statistics' pager's.
func rebinds(name string) bool {
	return !strings.Contains(name, "adjudication") && name != "queue" && name != "statistics"
}

// The screens whose keys no config moves show them as they are with the
// built-in keys, each true there: the queue's q quits the queue, whatever
// quits the HIT screen.
func TestUnboundScreensKeepTheirKeys(t *testing.T) {
	config := parseKeys(t, remapped)
	for _, sc := range everyScreen() {
		if rebinds(sc.name) {
			continue
		}
		for _, size := range hintSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				want := sc.start(t, size.w, size.h)
				want.keys(sc.keys...)
				withKeys(t, config, remappedPress)
				h := sc.start(t, size.w, size.h)
				h.keys(sc.keys...)
				if got := h.screen(); got != want.screen() {
					t.Errorf("the config changed a screen it does not rebind:\n%s\nwith the built-in keys:\n%s", got, want.screen())
				}
			})
		}
	}
	withKeys(t, config, remappedPress)
	h := newHarness(t, 80, 24)
	h.keys("l")
	h.send(keyMsg("q"))
	if !h.m.quitting {
		t.Error("q did not quit the queue, whose footer says it does")
	}
}

// The screens without a HIT wrap their lines, never cut at the edge, and
// show every hint whole at every size: the queue's and quit's keys as the
// config binds them, or the built-in ones.
func TestNoWorkShowsEveryHint(t *testing.T) {
	for _, c := range []struct {
		name   string
		config string
		hints  []string
	}{
		{"built_in", "", []string{"l lists the requests to review or change a label", "q quits"}},
		{"remapped", remapped, []string{"L lists the requests to review or change a label", "x quits"}},
	} {
		for _, sc := range []struct {
			name  string
			start func(t *testing.T, w, h int) *harness
			hints []string
		}{
			{"all_done", allDoneHarness, c.hints},
			{"held_by_others", noWorkHarness, []string{strings.ReplaceAll(c.hints[0], "requests", "panes"), c.hints[1]}},
		} {
			for _, size := range everySize {
				t.Run(fmt.Sprintf("%s_%s_%dx%d", c.name, sc.name, size.w, size.h), func(t *testing.T) {
					if c.config != "" {
						withKeys(t, parseKeys(t, c.config), remappedPress)
					}
					h := sc.start(t, size.w, size.h)
					checkFits(t, h, size.w, size.h)
					if h.m.cuts > 0 {
						t.Errorf("%d lines cut at the edge:\n%s", h.m.cuts, h.screen())
					}
					body := strings.Split(h.screen(), "\n")
					words := strings.Join(strings.Fields(strings.Join(body[:len(body)-1], "\n")), " ")
					for _, hint := range sc.hints {
						if !strings.Contains(words, hint) {
							t.Errorf("%q is not on screen whole:\n%s", hint, h.screen())
						}
					}
				})
			}
		}
	}
}

// Two screens under the remapped config, whole: a MIMICS question at
// 80x24 and a ClariMM turn at 40x12.
func TestRemappedGolden(t *testing.T) {
	config := parseKeys(t, remapped)
	for _, c := range []struct {
		name  string
		start func(t *testing.T, w, h int) *harness
		keys  []string
		w, h  int
	}{
		{"mimics_question_80x24", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) }, []string{"enter"}, 80, 24},
		{"mimics_guideline_strip_120x40", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) }, []string{"enter", "2"}, 120, 40},
		{"conversation_turn_40x12", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoConversations, w, h) }, nil, 40, 12},
		{"necessity_facet_60x20", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoNecessity, w, h) }, []string{"1"}, 60, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			withKeys(t, config, remappedPress)
			h := c.start(t, c.w, c.h)
			h.keys(c.keys...)
			checkFits(t, h, c.w, c.h)
			golden.RequireEqual(t, h.screen())
		})
	}
}
