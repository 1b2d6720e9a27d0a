package data

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var updateDemo = flag.Bool("update-demo", false, "draw the demo conversations' images again")

// The demo conversations' pictures are drawn here, by the project, not
// taken from anywhere: simple scenes in a few colours, 96 × 64 pixels.
var demoPictures = map[string]func(x, y float64) color.RGBA{
	"lighthouse.png": lighthouse,
	"mountain.png":   mountain,
	"apple.png":      apple,
	"skyline.png":    skyline,
	"orchard.png":    orchard,
	"hut.png":        hut,
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

var (
	sky   = color.RGBA{110, 170, 230, 255}
	haze  = color.RGBA{200, 225, 245, 255}
	sea   = color.RGBA{30, 80, 140, 255}
	grass = color.RGBA{70, 150, 60, 255}
	white = color.RGBA{245, 245, 245, 255}
	red   = color.RGBA{200, 40, 40, 255}
	grey  = color.RGBA{120, 120, 130, 255}
	night = color.RGBA{15, 20, 50, 255}
	lamp  = color.RGBA{250, 210, 90, 255}
	wood  = color.RGBA{120, 80, 40, 255}
)

// Each scene maps a point (x, y in 0-1, y down) to its colour.
func lighthouse(x, y float64) color.RGBA {
	switch {
	case y > 0.7:
		return mix(sea, night, (y-0.7)*2)
	case x > 0.45 && x < 0.58 && y > 0.2:
		if int(y*10)%2 == 0 {
			return red
		}
		return white
	case x > 0.43 && x < 0.6 && y > 0.12 && y <= 0.2:
		return lamp
	}
	return mix(haze, sky, 1-y)
}

func mountain(x, y float64) color.RGBA {
	peak := 0.25 + math.Abs(x-0.55)*1.3
	switch {
	case math.Hypot(x-0.18, y-0.2) < 0.09:
		return lamp
	case y > 0.8:
		return grass
	case y > peak && y < peak+0.08:
		return white
	case y > peak:
		return grey
	}
	return mix(sky, haze, y)
}

func apple(x, y float64) color.RGBA {
	switch {
	case math.Hypot((x-0.5)*1.5, y-0.58) < 0.3:
		return mix(red, color.RGBA{120, 10, 20, 255}, x-0.3)
	case x > 0.5 && x < 0.66 && y > 0.14 && y < 0.26 && math.Abs(y-0.2-(x-0.58)*0.4) < 0.05:
		return grass
	case x > 0.48 && x < 0.52 && y > 0.16 && y < 0.32:
		return wood
	}
	return white
}

func skyline(x, y float64) color.RGBA {
	heights := []float64{0.5, 0.3, 0.6, 0.2, 0.45, 0.35, 0.55, 0.25}
	h := heights[int(x*8)%8]
	if y > h {
		cx, cy := int(x*96)%4, int(y*64)%5
		if cx == 1 && cy == 2 && int(x*37+y*53)%3 != 0 {
			return lamp
		}
		return color.RGBA{30, 30, 45, 255}
	}
	return mix(night, color.RGBA{60, 40, 90, 255}, y*1.5)
}

func orchard(x, y float64) color.RGBA {
	for _, cx := range []float64{0.2, 0.5, 0.8} {
		if math.Hypot((x-cx)*1.4, y-0.38) < 0.17 {
			if math.Hypot(x-cx-0.04, y-0.42) < 0.03 {
				return red
			}
			return color.RGBA{50, 120, 50, 255}
		}
		if math.Abs(x-cx) < 0.025 && y > 0.5 && y < 0.75 {
			return wood
		}
	}
	if y > 0.72 {
		return grass
	}
	return mix(haze, sky, 1-y)
}

func hut(x, y float64) color.RGBA {
	roof := 0.3 + math.Abs(x-0.5)*0.9
	switch {
	case y > 0.78:
		return white
	case x > 0.3 && x < 0.7 && y > roof && y < roof+0.07 && y < 0.5:
		return red
	case x > 0.33 && x < 0.67 && y >= 0.5:
		if x > 0.45 && x < 0.55 && y > 0.6 {
			return wood
		}
		return color.RGBA{190, 160, 110, 255}
	}
	return mix(sky, haze, y)
}

func drawPicture(f func(x, y float64) color.RGBA) []byte {
	const w, h = 96, 64
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for py := range h {
		for px := range w {
			img.SetRGBA(px, py, f((float64(px)+0.5)/w, (float64(py)+0.5)/h))
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// The shipped pictures are the ones this file draws (run with -update-demo
// to draw them again after a change).
func TestDemoPicturesAreOurs(t *testing.T) {
	t.Parallel()
	for name, f := range demoPictures {
		path := filepath.Join("demo", "conversations", name)
		want := drawPicture(f)
		if *updateDemo {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from its drawing (err %v); run go test ./data -run TestDemoPicturesAreOurs -update-demo", path, err)
		}
	}
}
