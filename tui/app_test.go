package tui

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claritty/claritty/data/demotest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// harness is a root model over a fresh demo database, driven by hand:
// messages go into Update and every command is run to completion, in order.
type harness struct {
	t      testing.TB
	st     *store.Store
	m      *Model
	opened []string
	// press turns a built-in key pressed on the HIT screen into the one
	// the model's key config binds in its place (nil: the built-in keys).
	press map[string]string
}

// ownKeys is a key config a test started its models with, and the key
// each built-in key it moved is pressed as on the HIT screen.
type ownKeys struct {
	config *KeyConfig
	press  map[string]string
}

// testKeys holds the ownKeys of the tests that use one (withKeys): every
// model such a test starts reads that config, as claritty reads
// config.toml, and its keys are pressed as that config binds them.
var testKeys sync.Map // testing.TB → ownKeys

// withKeys starts every model of t with the key config c; press maps each
// built-in key it moves (on the HIT screen) to the key that does it now.
func withKeys(t testing.TB, c *KeyConfig, press map[string]string) {
	testKeys.Store(t, ownKeys{c, press})
	t.Cleanup(func() { testKeys.Delete(t) })
}

func newHarness(t testing.TB, w, h int) *harness {
	t.Helper()
	return startHarness(t, demotest.Store(t), "ana", w, h)
}

// startHarness opens a model on an existing database, as a new process would.
func startHarness(t testing.TB, st *store.Store, name string, w, h int) *harness {
	t.Helper()
	an, err := st.EnsureAnnotator(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return startAs(t, st, an, w, h, false)
}

// startAs opens a model for an annotator already resolved, on the HIT
// screen or (adjudicate) the adjudication screen.
func startAs(t testing.TB, st *store.Store, an store.Annotator, w, h int, adjudicate bool) *harness {
	t.Helper()
	return startOn(t, st, an, data.DemoDataset, w, h, adjudicate)
}

// startOn opens a model on the named dataset (the first one if there is no
// such dataset).
func startOn(t testing.TB, st *store.Store, an store.Annotator, dataset string, w, h int, adjudicate bool) *harness {
	t.Helper()
	ctx := context.Background()
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		ds = mustFirstDataset(t, st)
	}
	hs := &harness{t: t, st: st}
	var keys *KeyConfig
	if own, ok := testKeys.Load(t); ok {
		keys, hs.press = own.(ownKeys).config, own.(ownKeys).press
	}
	clock := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	hs.m, err = New(ctx, Config{Store: st, Dataset: ds, Annotator: an, Adjudicate: adjudicate, Keys: keys, Kinds: testKinds{st},
		Now:  func() time.Time { clock = clock.Add(1500 * time.Millisecond); return clock },
		Open: func(u string) error { hs.opened = append(hs.opened, u); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

func mustFirstDataset(t testing.TB, st *store.Store) store.Dataset {
	ds, err := st.Datasets(context.Background())
	if err != nil || len(ds) == 0 {
		t.Fatalf("no dataset: %v", err)
	}
	return ds[0]
}

func (h *harness) send(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// run executes a command and feeds its messages back, depth first, which is
// the order tea.Sequence gives.
func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	if msg == nil {
		return
	}
	if cmds, ok := asCmds(msg); ok {
		for _, c := range cmds {
			h.run(c)
		}
		return
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		return
	}
	h.send(msg)
}

// asCmds unpacks tea.BatchMsg and Bubble Tea's unexported sequence message,
// both slices of commands.
func asCmds(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeOf(tea.Cmd(nil)) {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

// keys presses each key in turn: named keys ("enter", "left") or single
// characters; with a key config (withKeys), a built-in key pressed on the
// HIT screen as the key that does the same there now.
func (h *harness) keys(ks ...string) {
	for _, k := range ks {
		if own, ok := h.press[k]; ok && h.onHITKeys(k) {
			k = own
		}
		h.send(keyMsg(k))
	}
}

// onHITKeys reports whether key k would go to the HIT screen's key map:
// no other screen, pager or prompt is on top, and k is not a digit of the
// attention step's count.
func (h *harness) onHITKeys(k string) bool {
	m := h.m
	if m.screen != screenHIT || m.pagerOpen() || m.tooSmall() || m.hit.prompt != overlayNone || m.hit.feedback != nil {
		return false
	}
	_, isDigit := digit(keyMsg(k))
	return !(isDigit && m.hit.hit != nil && m.hit.hit.step().id == attentionStep)
}

func keyMsg(k string) tea.KeyPressMsg {
	named := map[string]rune{"enter": tea.KeyEnter, "left": tea.KeyLeft, "right": tea.KeyRight,
		"backspace": tea.KeyBackspace, "esc": tea.KeyEscape, "down": tea.KeyDown, "up": tea.KeyUp,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp}
	if r, ok := named[k]; ok {
		return tea.KeyPressMsg{Code: r}
	}
	if k == "ctrl+c" {
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// screen is the rendered view without colours.
func (h *harness) screen() string { return ansi.Strip(h.m.View().Content) }

func (h *harness) labels(seq int) map[string]int {
	h.t.Helper()
	it := h.item(seq)
	l, err := h.st.Labels(context.Background(), it.ID, h.m.cfg.Annotator.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return l
}

func (h *harness) item(seq int) store.Item {
	h.t.Helper()
	var found store.Item
	h.st.EachItem(context.Background(), h.m.cfg.Dataset.ID, func(it store.Item) error {
		if it.Seq == seq {
			found = it
		}
		return nil
	})
	if found.ID == 0 {
		h.t.Fatalf("no item %d", seq)
	}
	return found
}

func (h *harness) hitState(seq int) store.HIT {
	h.t.Helper()
	s, err := h.st.LoadHIT(context.Background(), h.item(seq).ID, h.m.cfg.Annotator.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

func (h *harness) expect(substr string) {
	h.t.Helper()
	if s := h.screen(); !strings.Contains(s, substr) {
		h.t.Fatalf("screen lacks %q:\n%s", substr, s)
	}
}

func equalLabels(a, b map[string]int) bool { return reflect.DeepEqual(a, b) }

func TestLabelWholeHIT(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.expect("HIT 1 ·")
	h.expect("Step I · Review the search results")
	h.keys("2") // no label on Step I
	if len(h.labels(1)) != 0 {
		t.Fatal("a label key on Step I stored a label")
	}
	h.keys("enter")
	h.expect("Step II · Label the clarifying question")
	if strings.Contains(h.screen(), "new caledonia travel") {
		t.Fatal("Step II shows the candidate answers")
	}
	h.keys("2", "1")
	h.expect("Landing page of answer 1 of 4")
	h.keys("2", "1", "0", "2")
	h.expect("HIT 2 ·")
	h.expect("sourdough starter")
	want := map[string]int{"question": 2, "answer_set": 1, "landing_1": 2, "landing_2": 1, "landing_3": 0, "landing_4": 2}
	if got := h.labels(1); !equalLabels(got, want) {
		t.Fatalf("stored %v, want %v", got, want)
	}
	if s := h.hitState(1); !s.Finished || !s.SERPReviewed {
		t.Fatalf("HIT state %+v", s)
	}
	// Time per label comes from the injected clock: each step took at least one tick.
	var secs float64
	storetest.DB(t, h.st).QueryRow(`SELECT min(seconds) FROM labels`).Scan(&secs)
	if secs < 1.5 {
		t.Fatalf("seconds %v", secs)
	}
}

func TestGenericPaneSkipsQuestion(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("l", "down", "down", "down", "enter") // HIT 4: python, generic template
	h.expect("HIT 4 ·")
	h.expect("– II n/a")
	h.keys("enter")
	h.expect("Step III · Label the candidate answer set")
	h.expect("generic template: no question label")
	h.keys("1", "2", "2", "2")
	got := h.labels(4)
	if _, ok := got["question"]; ok || len(got) != 4 || !h.hitState(4).Finished {
		t.Fatalf("generic pane labels %v", got)
	}
}

func TestBackChangeAndHistory(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2", "1", "left", "backspace")
	h.expect("Step II · Label the clarifying question")
	h.keys("0")
	h.expect("Step III")
	if got := h.labels(1); got["question"] != 0 || got["answer_set"] != 1 {
		t.Fatalf("labels %v", got)
	}
	hist, _ := h.st.History(context.Background(), h.item(1).ID)
	if len(hist) != 3 || *hist[2].Old != 2 || *hist[2].New != 0 {
		t.Fatalf("history %+v", hist)
	}
	h.keys("left", "left")
	h.expect("Step I · Review the search results")
	h.expect("✓ reviewed")
}

// A lead acting as ana keys ana's labels; the history says the lead did.
func TestLabelsKeyedAsSomeoneElse(t *testing.T) {
	st := demotest.Store(t)
	ctx := context.Background()
	lead := storetest.Lead(t, st)
	storetest.Person(t, st, "ana", store.RoleAnnotator)
	asAna, err := st.Actor(ctx, lead.Name, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startAs(t, st, asAna, 80, 24, false)
	h.keys("enter", "2")
	h.expect("Step III")
	hist, _ := st.History(ctx, h.item(1).ID)
	if len(hist) != 1 || hist[0].Annotator != "ana" || hist[0].Actor != lead.Name {
		t.Fatalf("history %+v", hist)
	}
}

// Undo stays inside the HIT on screen: after a HIT is finished, u on the
// next one does not reach back into it; reopened (from the queue, or in
// a new session), a HIT can undo its own labels again, last first.
func TestUndoStaysInsideTheHIT(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2", "2", "2", "2", "2", "1")
	h.expect("HIT 2 ·")
	h.keys("u")
	h.expect("nothing to undo on this HIT")
	if !h.hitState(1).Finished || h.labels(1)["landing_4"] != 1 {
		t.Fatal("u on HIT 2 changed HIT 1")
	}
	h.keys("enter", "2", "u")
	h.expect("undid question")
	h.expect("Step II · Label the clarifying question")
	if _, ok := h.labels(2)["question"]; ok {
		t.Fatal("undo left HIT 2's question label")
	}
	// A new session on HIT 1 (the queue's first row) undoes its labels
	// from the history: landing_4, then landing_3.
	again := startHarness(t, h.st, "ana", 80, 24)
	again.keys("l", "g", "enter")
	again.expect("HIT 1 ·")
	again.keys("u")
	again.expect("Landing page of answer 4 of 4")
	if _, ok := again.labels(1)["landing_4"]; ok || again.hitState(1).Finished {
		t.Fatal("undo left the last label or the HIT finished")
	}
	again.keys("u")
	again.expect("Landing page of answer 3 of 4")
	again.keys("0", "0")
	if got := again.labels(1); got["landing_3"] != 0 || got["landing_4"] != 0 || !again.hitState(1).Finished {
		t.Fatalf("relabelled %v", got)
	}
}

func TestReopenResumesAtFirstUnfinishedStep(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2")
	h.keys("q")
	again := startHarness(t, h.st, "ana", 80, 24)
	again.expect("HIT 1 ·")
	again.expect("Step III · Label the candidate answer set")
	// Someone else starts at the beginning: labels are per annotator.
	other := startHarness(t, h.st, "ben", 80, 24)
	other.expect("Step I · Review the search results")
}

func TestKeysTypedWhileLoadingAreKept(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2", "2", "2", "2", "2")
	// The last landing label finishes the HIT; press the next keys before
	// the next HIT has loaded, as a fast annotator would.
	_, cmd := h.m.Update(keyMsg("2"))
	for _, k := range []string{"enter", "1"} {
		_, c := h.m.Update(keyMsg(k))
		if c != nil {
			t.Fatalf("key %q acted before the HIT loaded", k)
		}
	}
	h.run(cmd)
	h.expect("HIT 2 ·")
	if got := h.labels(2); got["question"] != 1 || !h.hitState(2).SERPReviewed {
		t.Fatalf("HIT 2 labels %v", got)
	}
}

// Keys typed while a HIT loads go where they would have gone: after l,
// to the queue.
func TestKeysAfterLeavingTheHITWhileLoading(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2", "2", "2", "2", "2")
	_, cmd := h.m.Update(keyMsg("2")) // finishes HIT 1; HIT 2 loads
	for _, k := range []string{"l", "j", "j"} {
		h.m.Update(keyMsg(k))
	}
	h.run(cmd)
	h.expect("Queue · 40 HITs")
	if h.m.queue.cursor != 4 {
		t.Fatalf("the queue's cursor is on %d, want 4 (HIT 2, then j j)", h.m.queue.cursor)
	}
	if got := h.labels(2); len(got) != 0 {
		t.Fatalf("keys meant for the queue labelled HIT 2: %v", got)
	}
}

func TestFlagNoteAndOpen(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("o")
	h.keys("n")
	h.typeText("unclear query — ünïcode")
	h.expect("Note on this pane (at serp)")
	h.keys("enter")
	notes, _ := h.st.Notes(context.Background(), h.item(1).ID, h.m.cfg.Annotator)
	if len(notes) != 1 || notes[0].Body != "unclear query — ünïcode" || notes[0].Step != "serp" {
		t.Fatalf("notes %+v", notes)
	}
	// The saved note shows under the step, and n opens it to edit; esc
	// keeps it as saved and says so.
	h.expect("✎ your note: unclear query — ünïcode")
	h.keys("n")
	h.expect("› unclear query — ünïcode")
	h.keys("esc")
	h.expect("note unchanged: your saved note is kept")
	h.expect("✎ your note: unclear query — ünïcode")
	h.keys("!", "b")
	h.typeText("dead links")
	h.keys("enter")
	flags, _ := h.st.Flags(context.Background(), h.item(1).ID, h.m.cfg.Annotator)
	if len(flags) != 1 || flags[0].Reason != "broken" || flags[0].Note != "dead links" {
		t.Fatalf("flags %+v", flags)
	}
	h.expect("HIT 2 ·")
	h.keys("enter", "2", "2") // sourdough starter: Step IV, answer "make"
	h.keys("o")
	want := []string{
		"https://www.bing.com/search?q=new+caledonia",
		"https://www.bing.com/search?q=sourdough+starter+make",
	}
	if !reflect.DeepEqual(h.opened, want) {
		t.Fatalf("opened %v, want %v", h.opened, want)
	}
	// The queue shows the flag; the flagged HIT is no longer next.
	h.keys("l")
	h.expect("flagged")
	h.keys("esc", "!", "esc")
	h.expect("flag cancelled")
}

func TestQuitWaitsForWrites(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2")
	_, cmd := h.m.Update(keyMsg("q"))
	h.run(cmd)
	if !h.m.quitting || h.labels(1)["question"] != 2 {
		t.Fatal("quit before the label was written")
	}
	_, cmd = h.m.Update(keyMsg("ctrl+c"))
	if !h.m.Interrupted() && cmd != nil {
		t.Fatal("ctrl+c after quitting")
	}
}

func TestScrollSearchResults(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.expect("more (j, pgdn)")
	if strings.Contains(h.screen(), "4. Map of New Caledonia") {
		t.Fatal("the last result fits already; the test needs a longer list")
	}
	for i := 0; i < 30; i++ {
		h.keys("down")
	}
	h.expect("4. Map of New Caledonia")
	if strings.Contains(h.screen(), "(j, pgdn)") || strings.Contains(h.screen(), "1. New Caledonia - travel guide") {
		t.Fatalf("scrolled to the end:\n%s", h.screen())
	}
	h.expect("more (k, pgup)")
	h.keys("up") // one line back up at once, however far down was pressed
	h.expect("more (j, pgdn)")
	for i := 0; i < 30; i++ {
		h.keys("k")
	}
	h.expect("1. New Caledonia - travel guide")
}

// g opens the guideline at the step on screen; it scrolls to its start
// and its end, and no further.
func TestGuidelinePagerScrollsToItsEnd(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter", "2", "g")
	lines := strings.Split(h.screen(), "\n")
	if !strings.Contains(lines[2], "↑ ") || !strings.Contains(lines[3], "Step III — Label the candidate answer set") {
		t.Fatalf("g did not open at Step III:\n%s", h.screen())
	}
	for i := 0; i < 200; i++ {
		h.keys("up")
	}
	h.expect("Judging MIMICS clarification panes")
	for i := 0; i < 200; i++ {
		h.keys("down")
	}
	h.expect("After the last landing page the HIT is done")
	h.keys("up")
	h.expect("↓ 2 more (j, pgdn)") // one line up from the end: the offset did not run past it
	h.keys("esc")
	h.expect("Step III · Label the candidate answer set")
}

// Two annotators on a one-pane dataset that wants one: the second is told
// the pane is held by someone else, and when it may come back.
func TestNoWorkSaysWhy(t *testing.T) {
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
	first := startHarness(t, st, "ana", 100, 24)
	first.expect("jaguar")
	second := startHarness(t, st, "bob", 100, 24)
	second.expect("No HIT for you right now in one (you finished 0).")
	second.expect("1 pane is held by other annotators; it comes back to you if left idle for 30m0s.")
	second.expect("0 panes have all the annotators they need; 0 units wait for adjudication.")
}

// goldReading is the lead's reading of everything in a dataset, closed
// when the test ends.
func goldReading(t testing.TB, st *store.Store, datasetID int64) *store.Reading {
	t.Helper()
	r, err := st.ReadGold(context.Background(), storetest.Lead(t, st), datasetID)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// A key on a HIT released to others while it sat idle is not saved, and
// the screen must say so even when nothing is left to give: the all-done
// screen that follows keeps the warning rather than clearing it.
func TestNotSavedOutlivesTheAllDoneScreen(t *testing.T) {
	st := storetest.Open(t)
	ctx := context.Background()
	im, err := st.BeginImport(ctx, storetest.Lead(t, st), "one", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	im.AddPane(store.Pane{Query: "jaguar", Question: "Which jaguar?", Options: [5]string{"car", "cat"}})
	im.SetPolicy(store.Policy{Min: 1, Max: 1, Lease: time.Second})
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	first := startHarness(t, st, "ana", 100, 24)
	first.expect("jaguar")
	first.keys("enter") // Step I read: the HIT is ana's
	first.expect("Step II")
	// ana leaves it idle past the lease, and bob takes its one place.
	if _, err := storetest.DB(t, st).ExecContext(ctx, `UPDATE hits SET touched_at = '2000-01-01T00:00:00Z'`); err != nil {
		t.Fatal(err)
	}
	second := startHarness(t, st, "bob", 100, 24)
	second.expect("jaguar")
	second.keys("enter")
	second.expect("Step II")
	first.keys("2")
	first.expect("No more HITs for you in one")
	first.expect("not saved: this HIT was released to others")
}
