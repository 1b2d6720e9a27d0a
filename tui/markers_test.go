package tui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// marker is a window's "↑ 4 more (…)" or "↓ 3 more (…)" line.
var marker = regexp.MustCompile(`^   ([↑↓]) (\d+) more \(`)

// frameWindow is what one frame's window shows of the step's content:
// the number on each marker (-1: no marker), and where in the content
// the lines between them stand, found by their text.
type frameWindow struct {
	up, down       int
	from, to, rows int // content[from:to] on screen, in rows screen lines with the markers
}

// windowOf finds the frame's window in the step's content, laid out as
// the frame lays it out: the lines under the step's title (after the ↑
// marker, if any) that are the content's lines in order, up to the ↓
// marker or to the first line that is not the content's.
func windowOf(t *testing.T, h *harness) (frameWindow, []string) {
	t.Helper()
	m := h.m.hit
	top := m.hitTop(m.height)
	var content []string
	for _, l := range m.stepContent(m.height - len(top)).lines {
		content = append(content, strings.TrimRight(ansi.Strip(l), " "))
	}
	screen := strings.Split(h.screen(), "\n")
	for i := range screen {
		screen[i] = strings.TrimRight(screen[i], " ")
	}
	w := frameWindow{up: -1, down: -1}
	at := 1 + len(top) + 1 // the header, the HIT's top, the step's title
	if mk := marker.FindStringSubmatch(screen[at]); mk != nil && mk[1] == "↑" {
		w.up, _ = strconv.Atoi(mk[2])
		at++
	}
	// Where the first line shown stands: the test's texts make every
	// line of text one of a kind, so a match that runs on to the ↓
	// marker or to the end of the content's lines is the one.
	var found []frameWindow
	for from := range content {
		n := 0
		for at+n < len(screen) && from+n < len(content) && screen[at+n] == content[from+n] {
			n++
		}
		if n == 0 {
			continue
		}
		f := frameWindow{up: w.up, down: -1, from: from, to: from + n, rows: n}
		if mk := marker.FindStringSubmatch(screen[at+n]); at+n < len(screen) && mk != nil && mk[1] == "↓" {
			f.down, _ = strconv.Atoi(mk[2])
			f.rows++
		}
		if w.up >= 0 {
			f.rows++
		}
		found = append(found, f)
	}
	// The longest match, whole, is where the window stands.
	slices.SortStableFunc(found, func(a, b frameWindow) int { return (b.to - b.from) - (a.to - a.from) })
	if len(found) == 0 {
		t.Fatalf("no line of the step's content under its title:\n%s", h.screen())
	}
	if len(found) > 1 && found[1].to-found[1].from == found[0].to-found[0].from {
		t.Fatalf("the window's lines are at more than one place in the content (the test's text repeats a line):\n%s", h.screen())
	}
	return found[0], content
}

// checkMarkers checks a frame's markers against the content's lines it
// hides: each marker's number is the lines hidden on its side, and where
// lines are hidden on a side a marker says so, unless the window is too
// short to hold it (one row; or two, the other marker shown).
func checkMarkers(t *testing.T, h *harness, what string) {
	t.Helper()
	w, content := windowOf(t, h)
	above, below := w.from, len(content)-w.to
	for _, side := range []struct {
		name          string
		number, lines int
		other         int
	}{{"↑", w.up, above, w.down}, {"↓", w.down, below, w.up}} {
		switch {
		case side.number >= 0 && side.number != side.lines:
			t.Fatalf("%s: %s says %d more, %d lines are hidden that side:\n%s", what, side.name, side.number, side.lines, h.screen())
		case side.number < 0 && side.lines > 0 && w.rows >= 3:
			t.Fatalf("%s: %d lines are hidden %s with no marker:\n%s", what, side.lines, side.name, h.screen())
		case side.number < 0 && side.lines > 0 && w.rows == 2 && side.other < 0:
			t.Fatalf("%s: lines are hidden and no marker says so:\n%s", what, h.screen())
		}
	}
}

// markerCase is a step of one kind whose window, as it opens, has lines
// of the content above it (the topic the header shortened, a turn or a
// row before the one labelled, the conversation before a request) and
// a focus longer than the window.
type markerCase struct {
	name string
	open func(t *testing.T, w, h int) *harness
}

func markerCases() []markerCase {
	return []markerCase{
		// The issue's own: the demo's first answer, its query shortened
		// in the header.
		{"nuggets_demo", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoNuggets, w, h) }},
		{"nuggets", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "nug", data.FormatNuggets, `{"id": "q1", "query": "`+focusWords("sz", 30)+`", "nuggets": [`+
				`{"id": "n1", "text": "a passport", "weight": 2}, {"id": "n2", "text": "a photograph", "weight": 1}]}`+"\n")
			importCandidates(t, st, "nug", `{"id": "q1", "answer": "`+focusWords("nz", 120)+`"}`+"\n")
			return openAs(t, st, "nug", w, h)
		}},
		{"mimics_question", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			tsv := data.ManualHeader() + "\n" + focusWords("sz", 30) + "\t" + focusWords("qz", 120) + "\tone\ttwo" + strings.Repeat("\t", 10) + "\n"
			importText(t, st, "long", data.FormatAuto, tsv)
			hs := openAs(t, st, "long", w, h)
			hs.keys("enter")
			hs.expect("Step II")
			return hs
		}},
		{"clarimm_turn2", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "conv", "clarimm", `{"id": "c1", "topic": "lighthouses", "facet": "`+focusWords("iz", 20)+`", "turns": [`+
				`{"question": "`+focusWords("pz", 12)+`", "answer": "`+focusWords("bz", 12)+`"}, {"question": "`+focusWords("kz", 12)+`", "answer": "`+focusWords("az", 120)+`"}]}`+"\n")
			hs := openAs(t, st, "conv", w, h)
			hs.readThen("4")
			hs.expect("turn 2 of 2")
			return hs
		}},
		{"necessity", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "nec", formatNecessity, `{"id": "r1", "request": "`+focusWords("rz", 120)+`", "context": [{"role": "user", "text": "`+
				focusWords("cz", 40)+`"}], "facets": ["where", "when"]}`+"\n")
			return openAs(t, st, "nec", w, h)
		}},
		{"compare", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "cmp", data.FormatPairs, `{"id": "p1", "request": "plan it", "context": [{"role": "user", "text": "`+
				focusWords("cz", 40)+`"}], "outputs": {"x": "`+focusWords("oz", 60)+`", "y": "`+focusWords("yz", 60)+`"}}`+"\n")
			return openAs(t, st, "cmp", w, h)
		}},
		{"file_flat_need", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\n"+focusWords("fz", 120)+"\tWhich city?\n")
			return openAs(t, st, "need", w, h)
		}},
		{"file_grouped_row2", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importProtocol(t, st, "grouped", groupedProtocol, "request\tquestion\nplan a trip\t"+focusWords("uz", 60)+"\nplan a trip\t"+focusWords("vz", 60)+"\n")
			hs := openAs(t, st, "grouped", w, h)
			hs.readThen("3", "2")
			hs.expect("question 2")
			return hs
		}},
	}
}

// Issue 43 (recount): at 40x12 the window's ↑ and ↓ count the lines of
// what scrolls, the same way in every kind: as a step opens (with the
// topic the header shortened, or what comes before the focus, above
// it), then paged down to the end and up to the top, each marker's
// number is the lines hidden on its side, and no side hides lines
// without one.
func TestMarkersCountWhatIsHidden(t *testing.T) {
	_ = guidelines.Nuggets // the nugget kind's steps, as the demo opens them
	for _, c := range markerCases() {
		t.Run(c.name, func(t *testing.T) {
			h := c.open(t, 40, 12)
			checkMarkers(t, h, "as the step opens")
			for _, key := range []string{"pgdown", "pgup"} {
				before := ""
				for i := 0; h.screen() != before; i++ {
					if i == 200 {
						t.Fatalf("200 × %s and the window still moves", key)
					}
					before = h.screen()
					h.keys(key)
					checkMarkers(t, h, "after "+key)
				}
			}
		})
	}
}

// A window of two rows on text hidden both above and below says both:
// one marker with each count, over the one line that shows.
func TestTwoRowWindowMarksBothWays(t *testing.T) {
	ss := &session{styles: DefaultStyles(false)}
	lines := []string{"l0", "l1", "l2", "l3", "l4", "l5"}
	v := ss.scrolled(lines, [2]int{0, 1}, 2, 3, "k", "j")
	if len(v.lines) != 2 || !strings.Contains(v.lines[0], "↑ 3 ↓ 2 more (k, j)") || v.lines[1] != "l3" {
		t.Errorf("two rows at line 3 of 6: %q", v.lines)
	}
	if v := ss.scrolled(lines, [2]int{0, 1}, 2, 0, "k", "j"); !strings.Contains(v.lines[1], "↓ 5 more") {
		t.Errorf("two rows at the top: %q", v.lines)
	}
}
