package tui

import (
	"bytes"
	"flag"
	"fmt"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The README's picture is made by this test: go test ./tui -run
// TestScreenshot -screenshot $PWD/docs/screen.png draws the golden screen
// answers_80x24 (Step III of a MIMICS HIT) in its colours, as HTML, and
// has headless Chromium photograph it. Without the flag the test checks
// the picture the README shows is there and is that screen's size.
var screenshot = flag.String("screenshot", "", "write the README's screenshot (PNG) here, with chromium")

const shotW, shotH = 80, 24

func TestScreenshot(t *testing.T) {
	h := newHarness(t, shotW, shotH)
	h.keys("enter", "2")
	if *screenshot == "" {
		checkScreenshot(t, filepath.Join("..", "docs", "screen.png"))
		return
	}
	page := filepath.Join(t.TempDir(), "screen.html")
	if err := os.WriteFile(page, []byte(screenHTML(h.m.View().Content)), 0o644); err != nil {
		t.Fatal(err)
	}
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("chromium is needed to make the screenshot: apt-get install chromium")
	}
	pw, ph := shotPixels(shotW, shotH)
	out, err := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), fmt.Sprintf("--window-size=%d,%d", pw, ph),
		"--screenshot="+*screenshot, "file://"+page).CombinedOutput()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	checkScreenshot(t, *screenshot)
}

// The cell size the page draws (a 16px monospace line at 1.25).
const cellW, cellH, pad = 9.6, 20, 16

func shotPixels(cols, rows int) (int, int) {
	return int(float64(cols)*cellW) + 2*pad, rows*cellH + 2*pad
}

// checkScreenshot: a PNG of the screen's size, not blank.
func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the README's screenshot: %v (make it from the repository: go test ./tui -run TestScreenshot -screenshot $PWD/docs/screen.png)", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	w, hgt := shotPixels(shotW, shotH)
	if img.Bounds().Dx() != w || img.Bounds().Dy() != hgt {
		t.Errorf("screenshot is %v, want %d×%d", img.Bounds().Size(), w, hgt)
	}
	bg, lit := img.At(1, 1), 0
	for y := 0; y < img.Bounds().Dy(); y += 2 {
		for x := 0; x < img.Bounds().Dx(); x += 2 {
			if img.At(x, y) != bg {
				lit++
			}
		}
	}
	if lit < w*hgt/4/50 {
		t.Errorf("the screenshot is nearly all background (%d sampled pixels differ)", lit)
	}
}

// screenHTML is a frame as a page: each cell's colours and weight from the
// frame's SGR sequences, on a terminal's dark background.
func screenHTML(frame string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html><meta charset="utf-8"><style>body{margin:0;background:#1e1e2e}`+
		`pre{margin:0;padding:%dpx;font:16px/%dpx "DejaVu Sans Mono",monospace;color:#d8dee9;white-space:pre}</style><pre>`, pad, cellH)
	var st sgr
	p := ansi.NewParser()
	state := byte(0)
	for len(frame) > 0 {
		seq, _, n, newState := ansi.DecodeSequence(frame, state, p)
		state = newState
		switch {
		case ansi.HasCsiPrefix(seq) && p.Command() == 'm':
			st.apply(p.Params())
		case len(seq) == 0 || seq[0] == 0x1b:
			// another control sequence: nothing to draw
		default:
			b.WriteString(st.span(html.EscapeString(seq)))
		}
		frame = frame[n:]
	}
	b.WriteString("</pre>")
	return b.String()
}

// sgr is the drawing state SGR sequences set.
type sgr struct {
	fg, bg      string
	bold, faint bool
	italic, ul  bool
}

func (s *sgr) apply(params ansi.Params) {
	if len(params) == 0 {
		*s = sgr{}
		return
	}
	for i := 0; i < len(params); i++ {
		v := params[i].Param(0)
		switch {
		case v == 0:
			*s = sgr{}
		case v == 1:
			s.bold = true
		case v == 2:
			s.faint = true
		case v == 3:
			s.italic = true
		case v == 4:
			s.ul = true
		case v == 22:
			s.bold, s.faint = false, false
		case v == 23:
			s.italic = false
		case v == 24:
			s.ul = false
		case v == 39:
			s.fg = ""
		case v == 49:
			s.bg = ""
		case (v == 38 || v == 48) && i+4 < len(params) && params[i+1].Param(0) == 2:
			c := "#" + hex2(params[i+2].Param(0)) + hex2(params[i+3].Param(0)) + hex2(params[i+4].Param(0))
			if v == 38 {
				s.fg = c
			} else {
				s.bg = c
			}
			i += 4
		case (v == 38 || v == 48) && i+2 < len(params) && params[i+1].Param(0) == 5:
			i += 2 // 256 colours: the frames here are true colour
		}
	}
}

func hex2(v int) string {
	s := strconv.FormatInt(int64(v&0xff), 16)
	if len(s) == 1 {
		s = "0" + s
	}
	return s
}

func (s sgr) span(text string) string {
	var css []string
	if s.fg != "" {
		css = append(css, "color:"+s.fg)
	}
	if s.bg != "" {
		css = append(css, "background:"+s.bg)
	}
	if s.bold {
		css = append(css, "font-weight:bold")
	}
	if s.faint {
		css = append(css, "opacity:.6")
	}
	if s.italic {
		css = append(css, "font-style:italic")
	}
	if s.ul {
		css = append(css, "text-decoration:underline")
	}
	if len(css) == 0 {
		return text
	}
	return `<span style="` + strings.Join(css, ";") + `">` + text + "</span>"
}
