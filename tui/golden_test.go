package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"
)

// checkFits asserts the frame is exactly the terminal's size: height lines,
// none wider than width cells.
func checkFits(t *testing.T, h *harness, w, hgt int) {
	t.Helper()
	lines := strings.Split(h.screen(), "\n")
	if len(lines) != hgt {
		t.Fatalf("%d lines on a %d-line terminal", len(lines), hgt)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Fatalf("line %d is %d cells wide on a %d-cell terminal: %q", i+1, ansi.StringWidth(l), w, l)
		}
	}
}

func TestGoldenScreens(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		steps := []struct {
			name string
			keys []string
		}{
			{"serp", nil},
			{"question", []string{"enter"}},
			{"answers", []string{"enter", "2"}},
			{"landing", []string{"enter", "2", "1", "2"}},
			{"queue", []string{"enter", "2", "1", "2", "l"}},
			{"guideline", []string{"g"}},
			{"help", []string{"?"}},
			{"flag", []string{"enter", "!"}},
			{"pane", []string{"enter", "2", "tab"}},
		}
		for _, s := range steps {
			t.Run(s.name+"_"+itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
				h := newHarness(t, size.w, size.h)
				h.keys(s.keys...)
				checkFits(t, h, size.w, size.h)
				golden.RequireEqual(t, h.screen())
			})
		}
	}
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + func() string {
		b := []byte{}
		for n > 0 {
			b = append([]byte{byte('0' + n%10)}, b...)
			n /= 10
		}
		return string(b)
	}())
}

// hostile is a pane whose text tries to drive the terminal, plus long and
// wide text: it must show as harmless, visible characters and fit.
func hostileHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	long := strings.Repeat("very long query words ", 12)
	tsv := data.ManualHeader() + "\n" +
		"evil\x1b]0;owned\x07 \x1b[2Jquery\tWhich \x1b[31mred\x1b[0m one do you mean?\t東京タワー 展望台 チケット 料金\tcafé crème brûlée\t\u202eevil\t\t\t\t\t\t\t\t\t\n" +
		long + "\t\"Which \"\"long\"\" thing, " + long + "?\"\t" + long + "\tb\t\t\t\t\t\t\t\t\t\t\n"
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(tsv), "hostile.tsv", data.Options{Dataset: "hostile"}); err != nil {
		t.Fatal(err)
	}
	return startHarness(t, st, "ana", w, h)
}

func TestHostileAndWideText(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
			h := hostileHarness(t, size.w, size.h)
			h.keys("enter", "2")
			raw := h.m.View().Content
			for _, bad := range []string{"\x1b]0", "\x1b[2J", "\x07", "\x1b[31mred", "\u202e"} {
				if strings.Contains(raw, bad) {
					t.Fatalf("dataset text reached the terminal raw: %q", bad)
				}
			}
			checkFits(t, h, size.w, size.h)
			golden.RequireEqual(t, h.screen())
			h.keys("2", "2", "2", "2", "enter") // the second pane: long, quoted text
			h.expect(`Which "long" thing`)
			checkFits(t, h, size.w, size.h)
		})
	}
}

// A resize re-lays the screen at the new size, both smaller and larger.
func TestResize(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.keys("enter", "2", "1")
	for _, s := range []struct{ w, h int }{{80, 24}, {60, 15}, {200, 50}, {80, 24}} {
		h.send(tea.WindowSizeMsg{Width: s.w, Height: s.h})
		checkFits(t, h, s.w, s.h)
		h.expect("Landing page of answer 1 of 4")
	}
	h.keys("l")
	h.send(tea.WindowSizeMsg{Width: 100, Height: 12})
	checkFits(t, h, 100, 12)
	h.expect("▸")
	h.send(tea.WindowSizeMsg{Width: 100, Height: 10})
	checkFits(t, h, 100, 10)
	h.expect("make the window larger")
}
