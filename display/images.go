package display

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // the preview formats: PNG, JPEG, GIF (its first frame)
	_ "image/jpeg"
	"image/png"
	"io/fs"
	"os"
)

// PreviewSize bounds a stored preview: at most this many pixels on each
// side, which is already more than a terminal preview draws (one column and
// half a row per pixel).
const PreviewSize = 64

// maxPixels refuses to decode an image larger than this (width × height):
// a few bytes of a crafted file can claim a picture that would take
// gigabytes to decode.
const maxPixels = 50_000_000

// MakePreview reads an image file and returns a small PNG of it, or why it
// cannot: a missing or unreadable file, a format that is not PNG, JPEG or
// GIF, a picture that does not decode or is too large.
func MakePreview(path string) (preview []byte, problem string) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, "no such file"
		}
		return nil, "cannot be read"
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil {
		return nil, "not a PNG, JPEG or GIF image, or damaged"
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return nil, fmt.Sprintf("%d × %d pixels is too large to preview", cfg.Width, cfg.Height)
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil, "cannot be read"
	}
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, "damaged: " + err.Error()
	}
	w, h := FitBox(cfg.Width, cfg.Height, PreviewSize, PreviewSize)
	var buf bytes.Buffer
	if err := png.Encode(&buf, Resize(img, w, h)); err != nil {
		return nil, "cannot be previewed"
	}
	return buf.Bytes(), ""
}

// FitBox scales w × h to fit a maxW × maxH box, keeping the aspect ratio
// and at least one pixel each way.
func FitBox(w, h, maxW, maxH int) (int, int) {
	if w <= 0 || h <= 0 || maxW <= 0 || maxH <= 0 {
		return 0, 0
	}
	if w <= maxW && h <= maxH {
		return w, h
	}
	if w*maxH > h*maxW { // wider than the box
		return maxW, max(1, h*maxW/w)
	}
	return max(1, w*maxH/h), maxH
}

// Resize scales img to w × h by averaging the source pixels each target
// pixel covers (a box filter), so a photo shrinks to its colours rather than
// to a few sampled pixels. Transparent pixels count as white, like a page.
func Resize(img image.Image, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || sw <= 0 || sh <= 0 {
		return out
	}
	for y := range h {
		y0, y1 := b.Min.Y+y*sh/h, b.Min.Y+max((y+1)*sh/h, y*sh/h+1)
		for x := range w {
			x0, x1 := b.Min.X+x*sw/w, b.Min.X+max((x+1)*sw/w, x*sw/w+1)
			out.SetRGBA(x, y, average(img, x0, y0, x1, y1))
		}
	}
	return out
}

func average(img image.Image, x0, y0, x1, y1 int) color.RGBA {
	var r, g, bl, n uint64
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			// Composite over white: premultiplied colour plus the white
			// showing through.
			r += uint64(cr + 0xffff - ca)
			g += uint64(cg + 0xffff - ca)
			bl += uint64(cb + 0xffff - ca)
			n++
		}
	}
	return color.RGBA{uint8(r / n >> 8), uint8(g / n >> 8), uint8(bl / n >> 8), 0xff}
}
