package tui

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/demotest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// convHarness opens the demo conversations for ana.
func convHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	return demoHarness(t, data.DemoConversations, w, h)
}

// demoHarness opens a dataset of the demo as ana.
func demoHarness(t *testing.T, dataset string, w, h int) *harness {
	t.Helper()
	st := demotest.Store(t) // the demo pairs' sides are the same every run: golden screens
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, dataset, w, h, false)
}

func TestConversationGolden(t *testing.T) {
	demoGoldens(t, data.DemoConversations, []keyedScreen{
		{"turn1", nil},
		{"turn2", []string{"5"}},
		{"coherence", []string{"5", "4", "3"}},
		{"scrolled", []string{"5", "4", "3", "j", "j", "j"}},
		{"pane", []string{"5", "tab"}},
		{"guideline", []string{"g"}},
	})
}

// keyedScreen is a golden screen: the keys pressed to reach it.
type keyedScreen struct {
	name string
	keys []string
}

// demoGoldens renders each screen of a demo dataset at 80×24 and 120×40
// against its golden file.
func demoGoldens(t *testing.T, dataset string, screens []keyedScreen) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, s := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", s.name, size.w, size.h), func(t *testing.T) {
				h := demoHarness(t, dataset, size.w, size.h)
				h.keys(s.keys...)
				checkFits(t, h, size.w, size.h)
				golden.RequireEqual(t, h.screen())
			})
		}
	}
}

// Rating a three-turn conversation keys six units and moves on; the
// labels are in the database, and back, undo and resume work as on a pane.
func TestRateConversation(t *testing.T) {
	h := convHarness(t, 80, 24)
	h.expect("topic  lighthouse")
	h.expect("Relevance of turn 1 of 3")
	h.keys("0") // not on the scale: nothing happens
	h.expect("ratings run from 1 (poor) to 5 (excellent)")
	h.keys("5", "4")
	h.expect("Relevance of turn 3 of 3")
	h.keys("left")
	h.expect("Relevance of turn 2 of 3")
	h.keys("2") // change turn 2
	h.keys("u") // and undo the change
	h.expect("Relevance of turn 2 of 3")
	if got := h.labels(1)["relevance_2"]; got != 4 {
		t.Fatalf("undo left relevance_2 = %d", got)
	}
	h.keys("right", "3", "4", "3", "5")
	h.expect("topic  apple")
	want := map[string]int{"relevance_1": 5, "relevance_2": 4, "relevance_3": 3, "coherence": 4, "diversity": 3, "intent_reveal": 5}
	if got := h.labels(1); !equalLabels(got, want) {
		t.Fatalf("labels %v, want %v", got, want)
	}
	// A new session resumes at the next unrated unit.
	h.keys("5")
	h2 := startOn(t, h.st, h.m.cfg.Annotator, data.DemoConversations, 80, 24, false)
	h2.expect("topic  apple")
	h2.expect("Relevance of turn 2 of 2")
}

// o opens the images of the turn in turn, then comes back to the first;
// an image file that has gone says so instead of failing silently.
func TestOpenImages(t *testing.T) {
	st := demotest.Fresh(t)
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, data.DemoConversations, 80, 24, false)
	h.keys("5") // turn 2: a file and a link
	h.keys("o", "o", "o")
	if len(h.opened) != 3 || !strings.HasSuffix(h.opened[0], "lighthouse.png") ||
		h.opened[1] != "https://example.org/lighthouses/brittany.jpg" || h.opened[2] != h.opened[0] {
		t.Fatalf("opened %q", h.opened)
	}
	if err := os.Remove(h.opened[0]); err != nil {
		t.Fatal(err)
	}
	h.keys("o", "o") // the link, then the removed file
	h.expect("no longer there")
	h.keys("5") // turn 3 has no images
	h.keys("o")
	h.expect("no images on this step")
}

// An image drawn in half blocks keeps its colours: the upper pixel as the
// foreground, the lower as the background. Without colours the same image
// is drawn by brightness.
func TestHalfBlocks(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.SetRGBA(0, 0, color.RGBA{255, 0, 0, 255})
	img.SetRGBA(0, 1, color.RGBA{0, 0, 255, 255})
	img.SetRGBA(1, 0, color.RGBA{255, 255, 255, 255})
	img.SetRGBA(1, 1, color.RGBA{255, 255, 255, 255})
	lines := halfBlocks(img, false)
	if len(lines) != 1 || !strings.Contains(lines[0], "38;2;255;0;0") || !strings.Contains(lines[0], "48;2;0;0;255") {
		t.Fatalf("colour cells %q", lines)
	}
	mono := halfBlocks(img, true)
	if len(mono) != 1 || mono[0][1] != '@' || strings.ContainsRune(mono[0], '\x1b') {
		t.Fatalf("mono cells %q", mono)
	}
}

// On a terminal without colours the previews are characters, not blank.
func TestMonoPreview(t *testing.T) {
	h := convHarness(t, 80, 24)
	h.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	if strings.Contains(h.screen(), "▀") {
		t.Fatal("half blocks on a terminal without colours")
	}
	checkFits(t, h, 80, 24)
	golden.RequireEqual(t, h.screen())
}

// Hostile conversation text and an undecodable image: harmless characters,
// a visible placeholder, a screen that fits.
func TestHostileConversation(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.gif"), []byte("GIF89a\x01\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("très long 東京タワー words ", 20)
	line := `{"id": "h", "topic": "evil\u001b]0;owned\u0007 topic", "facet": "` + long + `", "turns": [` +
		`{"question": "Which \u001b[31mred\u001b[0m one? ` + long + `", "images": ["bad.gif"], "answer": "\u202eevil"}]}`
	path := filepath.Join(dir, "h.jsonl")
	os.WriteFile(path, []byte(line+"\n"), 0o644)
	res, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), path, data.Options{})
	if err != nil || len(res.Warnings) != 1 {
		t.Fatalf("import %+v %v", res, err)
	}
	an, _ := st.EnsureAnnotator(ctx, "ana")
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}, {50, 16}} {
		h := startOn(t, st, an, "h", size.w, size.h, false)
		raw := h.m.View().Content
		for _, bad := range []string{"\x1b]0", "\x07", "\x1b[31mred", "\u202e"} {
			if strings.Contains(raw, bad) {
				t.Fatalf("dataset text reached the terminal raw: %q", bad)
			}
		}
		checkFits(t, h, size.w, size.h)
		h.keys(strings.Split(strings.Repeat("j", 30), "")...)
		checkFits(t, h, size.w, size.h)
		h.expect("[1] bad.gif")
		if size.h >= 24 {
			h.expect("└") // the placeholder of a picture that will not decode
		} else {
			h.expect("(o opens it)") // too few rows for pictures: named only
		}
	}
}

// A conversation unit still tied after the policy's annotators reaches the
// adjudication screen, which shows the turn and takes a 1-5 decision.
func TestAdjudicateConversation(t *testing.T) {
	ctx := context.Background()
	st, lead, ds := demoForLead(t, data.DemoConversations, 2)
	it, _ := st.ItemByUID(ctx, ds.ID, "demo-apple")
	for who, rel2 := range map[string]int{"ana": 4, "bo": 2} {
		an, _ := st.EnsureAnnotator(ctx, who)
		units := st.Protocol("clarimm").Units(guidelines.Shape{Answers: 2})
		for i, u := range units {
			v := 3
			if u == "relevance_2" {
				v = rel2
			}
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v,
				Finish: i == len(units)-1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	h := startOn(t, st, lead, data.DemoConversations, 80, 24, true)
	h.expect("conversation 2 · relevance_2 · 1× 4 Good, 1× 2 Weak")
	h.expect("Would you like recipes")
	h.expect("[1] orchard.png")
	checkFits(t, h, 80, 24)
	h.keys("0")
	h.expect("not a point of this scale")
	h.keys("3")
	gold := goldOf(t, st, ds.ID, "demo-apple", "relevance_2")
	if gold.Label != 3 || gold.Provenance != "adjudicated" {
		t.Fatalf("gold %+v", gold)
	}
}

func goldOf(t *testing.T, st *store.Store, datasetID int64, uid, unit string) report.UnitGold {
	t.Helper()
	var out report.UnitGold
	err := report.EachPaneGold(context.Background(), goldReading(t, st, datasetID), func(p *report.PaneGold) error {
		for _, u := range p.Units {
			if p.Item.UID == uid && u.Unit == unit {
				out = u
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A turn longer than a 40×12 screen's room is read before it is rated:
// scrolled up to the intent above it before its end was on screen, a
// rating key labels nothing and says what is left; read to its end, the
// key rates it wherever the window stands, scrolled above it again too.
func TestLongFocusScrolledAboveLabelsNothing(t *testing.T) {
	h := convHarness(t, 40, 12)
	h.keys("k", "k", "k", "k", "k", "k", "k", "k")
	h.expect("▸ Turn 1")
	h.keys("4")
	h.expect("read it all first")
	h.expect("read it all first: 4 lines below")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("a key labelled a turn not yet read: %v", got)
	}
	for i := 0; h.unread(); i++ {
		if i == 20 {
			t.Fatalf("20 lines down, turn 1 still unread:\n%s", h.screen())
		}
		h.keys("j")
	}
	h.keys("k", "k", "k", "k", "k", "k", "k", "k", "k", "k", "k", "k")
	h.keys("4")
	if got := h.labels(1); got["relevance_1"] != 4 {
		t.Fatalf("read, the key did not label: %v\n%s", got, h.screen())
	}
}
