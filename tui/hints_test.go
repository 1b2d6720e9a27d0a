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
passage_up = "{"
passage_down = "}"
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
// its text or, for a pager, any of its lines (off screen too), its
// markers and its footer.
func defaultKeysNamed(h *harness) []string {
	screen := h.screen()
	var found []string
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
	text := strings.Join(lines[:len(lines)-1], "\n")
	if h.m.pagerOpen() {
		_, all := h.m.pagerLines()
		text += "\n" + ansi.Strip(strings.Join(all, "\n"))
	} else if h.m.hit.prompt != overlayNone { // the text input's placeholder names the prompt's own keys
		text = regexp.MustCompile(`(?m)^ *› .*$`).ReplaceAllString(text, "")
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
		{name: "all_done", start: allDoneHarness},
		// A pager's keys are pressed as the config binds them: the
		// harness moves only the HIT screen's.
		{name: "help_scrolled_bound", start: demo, keys: []string{"?", "m", "m", "]"}},
		{name: "guideline_scrolled_bound", start: demo, keys: []string{"g", "m", "]"}},
	}
}

// allDoneHarness is ana on a one-request dataset she has just finished:
// no more HITs for her.
func allDoneHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	st := storetest.Open(t)
	importText(t, st, "nec", formatNecessity, `{"id": "r1", "request": "Book it"}`+"\n")
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

// rebinds reports whether a screen's keys are the HIT screen's, which
// the config rebinds whole: the queue, adjudication, the flags and the
// statistics' pager have actions of their own, and only their global
// ones follow the config (TestEveryScreenFollowsTheGlobalKeys).
func rebinds(name string) bool {
	return !strings.Contains(name, "adjudication") && name != "queue" && name != "statistics"
}

// ownScreen is a screen with actions of its own, reached under remapped by
// pressing keys as it binds them, and the keys its own actions keep.
type ownScreen struct {
	name  string
	start func(t *testing.T, w, h int) *harness
	keys  []string
	own   []string
	// works presses the global actions' keys as the config binds them,
	// and their built-in keys, and checks that only the bound ones act.
	works func(t *testing.T, h *harness)
}

// Keys each screen with actions of its own keeps (they are not the
// config's to move): the queue's, the flags', adjudication's, and the
// statistics' panning.
var (
	queueOwn = []string{"g", "G", ":", "f", "/", "esc", "enter", "l"}
	flagsOwn = []string{"u", "c", "w", "a", "esc", "F"}
	adjOwn   = []string{"2", "1", "0", "r", "x", "j", "k", "d", "g", "esc", "←", "→"}
	panOwn   = []string{"h", "l", "←", "→"}
)

// ownScreens are the screens with actions of their own, under remapped.
func ownScreens() []ownScreen {
	demo := func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) }
	adj := func(t *testing.T, w, h int) *harness {
		st, lead := disputedDemo(t)
		return startAs(t, st, lead, w, h, true)
	}
	lead := func(t *testing.T, w, h int) *harness {
		st, lead := disputedDemo(t)
		return startAs(t, st, lead, w, h, false)
	}
	return []ownScreen{
		{name: "queue", start: demo, keys: []string{"L"}, own: queueOwn, works: queueWorks},
		{name: "queue_moved", start: demo, keys: []string{"L", "m", "m", "]", "i"}, own: queueOwn},
		{name: "queue_filtered", start: demo, keys: []string{"L", "f"}, own: queueOwn},
		{name: "queue_help", start: demo, keys: []string{"L", "H"}, own: append(slices.Clone(queueOwn), panOwn...), works: pagerWorks},
		{name: "flags", start: demo, keys: []string{"I"}, own: flagsOwn, works: quitWorks},
		{name: "flags_help", start: demo, keys: []string{"I", "H"}, own: append(slices.Clone(flagsOwn), panOwn...)},
		{name: "adjudication", start: adj, own: adjOwn, works: adjWorks},
		{name: "adjudication_moved", start: adj, keys: []string{"j", "j", "]"}, own: adjOwn},
		{name: "adjudication_decided", start: adj, keys: []string{"2", "k"}, own: adjOwn},
		{name: "adjudication_help", start: adj, keys: []string{"H"}, own: append(slices.Clone(adjOwn), panOwn...), works: pagerWorks},
		{name: "adjudication_guideline", start: adj, keys: []string{"g"}, own: append(slices.Clone(adjOwn), panOwn...), works: pagerWorks},
		{name: "duo_adjudication", start: duoDisputed, own: adjOwn},
		{name: "statistics", start: demo, keys: []string{"S"}, own: panOwn, works: pagerWorks},
		{name: "statistics_scrolled", start: demo, keys: append([]string{"S"}, strings.Split(strings.Repeat("m", 30), "")...), own: panOwn},
		{name: "quality", start: lead, keys: []string{"Y"}, own: panOwn},
		{name: "help", start: demo, keys: []string{"H"}, own: panOwn, works: pagerWorks},
		{name: "guideline", start: demo, keys: []string{"G"}, own: panOwn, works: pagerWorks},
		{name: "all_done", start: allDoneHarness, works: quitWorks},
		{name: "no_work", start: noWorkHarness, works: quitWorks},
	}
}

// With quit on x and every other global action (help, up, down, page up,
// page down) moved, no screen with actions of its own names a built-in key
// of an action the config moved, at any size, and the bound keys work
// there while the built-in ones do not: x quits the queue, q does not.
// Where the bound key is the screen's own (x withdraws on the adjudication
// screen) the screen keeps it and names ctrl+c for quitting.
func TestEveryScreenFollowsTheGlobalKeys(t *testing.T) {
	config := parseKeys(t, remapped)
	for _, sc := range ownScreens() {
		for _, size := range hintSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				withKeys(t, config, remappedPress)
				h := sc.start(t, size.w, size.h)
				for _, k := range sc.keys {
					h.send(keyMsg(k))
				}
				checkFits(t, h, size.w, size.h)
				if named := globalDefaultsNamed(h, sc.own); len(named) > 0 {
					t.Errorf("names keys the config moved: %s\n%s", strings.Join(named, "; "), h.screen())
				}
				if sc.works != nil && size.w == 80 {
					sc.works(t, h)
				}
			})
		}
	}
}

// globalDefaultsNamed is every built-in key of an action remapped moves
// that a screen names in a hint, but those its own actions keep there.
func globalDefaultsNamed(h *harness, own []string) []string {
	keys := slices.DeleteFunc(slices.Clone(builtIn), func(k string) bool { return slices.Contains(own, k) })
	screen := h.screen()
	var found []string
	for _, k := range footerKeys(screen) {
		if slices.Contains(keys, k) {
			found = append(found, fmt.Sprintf("%q in the footer", k))
		}
	}
	text := screen
	if h.m.pagerOpen() {
		_, lines := h.m.pagerLines()
		text += "\n" + ansi.Strip(strings.Join(lines, "\n"))
	}
	if h.m.overlay == overlayStats { // the tables' columns are figures, not keys ("n  answer set")
		lines := strings.Split(text, "\n")
		text = strings.Join(slices.DeleteFunc(lines, isTableRow), "\n")
	}
	return append(found, keyMentions(withoutFixed(text), keys)...)
}

// quitWorks: q does nothing, x quits.
func quitWorks(t *testing.T, h *harness) {
	t.Helper()
	before := h.screen()
	h.send(keyMsg("q"))
	if h.m.quitting || h.screen() != before {
		t.Fatalf("q, which the config moved to x, acted:\n%s", h.screen())
	}
	h.send(keyMsg("x"))
	if !h.m.quitting {
		t.Errorf("x, quit's key in the config, did not quit:\n%s", h.screen())
	}
}

// queueWorks: j and ? do nothing in the queue, m moves down, H opens the
// help, and x quits where q does not.
func queueWorks(t *testing.T, h *harness) {
	t.Helper()
	at := h.m.queue.cursor
	h.send(keyMsg("j"))
	h.send(keyMsg("?"))
	if h.m.queue.cursor != at || h.m.pagerOpen() {
		t.Fatalf("j or ?, moved to m and H, acted in the queue:\n%s", h.screen())
	}
	h.send(keyMsg("m"))
	if h.m.queue.cursor != at+1 {
		t.Fatalf("m, down's key in the config, did not move the cursor (%d, was %d)", h.m.queue.cursor, at)
	}
	h.send(keyMsg("H"))
	if h.m.overlay != overlayHelp {
		t.Fatalf("H, help's key in the config, did not open the help:\n%s", h.screen())
	}
	h.send(keyMsg("esc"))
	quitWorks(t, h)
}

// pagerWorks: j and pgdown do not scroll a pager, m and ] do (where it
// has more than a line more to show); q does not close it, x does, and
// nothing quits.
func pagerWorks(t *testing.T, h *harness) {
	t.Helper()
	top := h.m.pagerTop
	h.send(keyMsg("j"))
	h.send(keyMsg("pgdown"))
	h.send(keyMsg("q"))
	if h.m.pagerTop != top || !h.m.pagerOpen() || h.m.quitting {
		t.Fatalf("j, pgdn or q, which the config moved, acted in the pager:\n%s", h.screen())
	}
	if h.m.pagerMaxTop() > top+1 {
		h.send(keyMsg("m"))
		if h.m.pagerTop != top+1 {
			t.Fatalf("m, down's key in the config, did not scroll the pager:\n%s", h.screen())
		}
		h.send(keyMsg("]"))
		if h.m.pagerTop <= top+1 {
			t.Fatalf("], page_down's key in the config, did not scroll the pager:\n%s", h.screen())
		}
	}
	h.send(keyMsg("x"))
	if h.m.pagerOpen() || h.m.quitting {
		t.Errorf("x, quit's key in the config, did not close the pager (and only that):\n%s", h.screen())
	}
}

// adjWorks: on the adjudication screen x keeps withdrawing a decision,
// its keys (H) name ctrl+c for quitting, q does nothing, and ctrl+c quits.
func adjWorks(t *testing.T, h *harness) {
	t.Helper()
	h.send(keyMsg("H"))
	h.expect("ctrl+c quit")
	h.send(keyMsg("esc"))
	h.send(keyMsg("2"))
	h.send(keyMsg("k"))
	h.expect("decision: 2 Good")
	h.send(keyMsg("x"))
	if h.m.quitting {
		t.Fatal("x quit the adjudication screen, where it withdraws a decision")
	}
	h.expect("decision withdrawn")
	h.send(keyMsg("q"))
	if h.m.quitting {
		t.Fatal("q, which the config moved to x, quit the adjudication screen")
	}
	h.send(keyMsg("ctrl+c"))
	if !h.m.quitting {
		t.Error("ctrl+c did not quit the adjudication screen, whose footer says it does")
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
