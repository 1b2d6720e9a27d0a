package tui

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"
)

// A turn's images of different heights side by side: a 4x4 preview (two
// rows of half blocks) beside two placeholder boxes (files not there)
// taller than it; every row of the taller boxes starts where their first
// rows do, under their captions' columns.
func TestPreviewsOfDifferentHeights(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := range 4 {
		for y := range 4 {
			img.Set(x, y, color.RGBA{R: uint8(60 * x), G: uint8(60 * y), B: 200, A: 255})
		}
	}
	f, err := os.Create(filepath.Join(dir, "tiny.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	line := `{"id": "p", "topic": "tiny pictures", "facet": "the small one", "turns": [` +
		`{"question": "Which of these?", "images": ["tiny.png", "gone.png", "lost.png"], "answer": "The first."}]}`
	path := filepath.Join(dir, "p.jsonl")
	os.WriteFile(path, []byte(line+"\n"), 0o644)
	if _, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), path, data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, _ := st.EnsureAnnotator(ctx, "ana")
	h := startOn(t, st, an, "p", 100, 30, false)
	h.expect("[1] tiny.png")
	checkFits(t, h, 100, 30)
	golden.RequireEqual(t, h.screen())
}
