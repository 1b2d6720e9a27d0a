package tui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// conversation is a ClariMM conversation ready for the screen: its text
// cleaned for the terminal, each image's stored preview decoded once.
type conversation struct {
	turns  []convTurn
	opened int // o presses on this step, to open its images in turn
}

type convTurn struct {
	question, answer string
	images           []convImage
}

type convImage struct {
	name     string // the file's base name, or the URL
	location string // absolute path or URL, for o
	url      bool
	preview  image.Image // nil: a placeholder is drawn
	problem  string      // why there is no preview
}

func newConversation(turns []store.Turn) *conversation {
	c := &conversation{}
	for _, t := range turns {
		ct := convTurn{question: display.Clean(t.Question), answer: display.Clean(t.Answer)}
		for _, img := range t.Images {
			ci := convImage{location: img.Location, url: img.IsURL(), problem: img.Problem}
			ci.name = display.Clean(img.Src)
			if !ci.url {
				ci.name = display.Clean(filepath.Base(filepath.FromSlash(img.Src)))
			}
			if img.Preview != nil {
				p, err := png.Decode(bytes.NewReader(img.Preview))
				if err != nil {
					ci.problem = "stored preview is damaged"
				} else {
					ci.preview = p
				}
			}
			ct.images = append(ct.images, ci)
		}
		c.turns = append(c.turns, ct)
	}
	return c
}

// newConversationState is the HIT of one conversation: the relevance of
// each turn, then coherence, diversity and intent reveal of the whole.
func newConversationState(it store.Item, h store.HIT, turns []store.Turn) *hitState {
	s := &hitState{
		proto:    guidelines.ClariMM,
		item:     it,
		query:    display.Field(it.Query),
		question: display.Field(it.Question),
		labels:   h.Labels,
		reviewed: true, // no search results to review
		finished: h.Finished,
		flagged:  h.Flagged,
		conv:     newConversation(turns),
	}
	if s.labels == nil {
		s.labels = map[string]int{}
	}
	s.steps = stepsOf(guidelines.ClariMM, guidelines.Shape{Turns: len(turns)})
	return s
}

// stepImages are the images o opens on the current step: the turn's on a
// relevance step, every image of the dialogue on the others.
func (s *hitState) stepImages() (imgs []convImage, turn []int) {
	for i, t := range s.conv.turns {
		if st := s.step(); st.id == "relevance" && st.answer != i {
			continue
		}
		for _, img := range t.images {
			imgs, turn = append(imgs, img), append(turn, i+1)
		}
	}
	return imgs, turn
}

// openImage opens the step's next image: the full file, or the URL, with
// the same opener as the search results.
func (m *Model) openImage() tea.Cmd {
	h := m.hit
	imgs, turns := h.stepImages()
	if len(imgs) == 0 {
		m.setStatus("no images on this step", false)
		return nil
	}
	i := h.conv.opened % len(imgs)
	h.conv.opened++
	img, opener := imgs[i], m.cfg.Open
	m.setStatus(fmt.Sprintf("opening image %d of %d (turn %d): %s", i+1, len(imgs), turns[i], img.name), false)
	return func() tea.Msg {
		if !img.url {
			if _, err := os.Stat(img.location); err != nil {
				return openedMsg{url: img.location, err: fmt.Errorf("the image is no longer there")}
			}
		}
		return openedMsg{url: img.location, err: opener(img.location)}
	}
}

// previewRows is how many rows an image preview takes: a third of the
// body, between 3 and 8, so a whole turn fits on a 24-row terminal.
func (m *Model) previewRows() int { return min(8, max(3, (m.bodyHeight()-2)/3)) }

// convContent is the body of a conversation step: its title, the dialogue
// (scrolled to the turn being rated), and the scale.
func (m *Model) convContent(avail int) []string {
	h, s := m.hit, m.styles
	st := h.step()
	title := h.proto.Step(st.id).Title
	if st.id == "relevance" {
		title = fmt.Sprintf("Relevance of turn %d of %d to the topic", st.answer+1, len(h.conv.turns))
	}
	head := []string{s.Title.Render(" " + title)}
	tail := []string{"", m.scaleLine(st.unit)}
	rows := max(1, avail-len(head)-len(tail))
	lines, anchor := m.dialogueLines()
	return append(append(head, m.window(lines, anchor+h.scroll, rows)...), tail...)
}

// window shows rows lines of lines from top (clamped), with a marker line
// above where lines are hidden above, and one at the bottom where more
// lie below; the line at top is always shown.
func (m *Model) window(lines []string, top, rows int) []string {
	top = min(max(0, top), max(0, len(lines)-rows+1))
	var out []string
	if top > 0 {
		out = append(out, m.styles.Dim.Render(fmt.Sprintf("   ↑ %d lines above (k)", top)))
		rows--
	}
	rest := lines[top:]
	if len(rest) > rows && rows > 0 {
		return append(append(out, rest[:rows-1]...), m.styles.Dim.Render(fmt.Sprintf("   ↓ %d more lines (j)", len(rest)-rows+1)))
	}
	return append(out, rest[:min(len(rest), max(0, rows))]...)
}

// maxConvScroll is how far j can move the dialogue from its anchor.
func (m *Model) maxConvScroll() int {
	lines, anchor := m.dialogueLines()
	return max(0, len(lines)-anchor)
}

// dialogueLines is the whole conversation as screen lines, and the line
// where the turn being rated starts (0 on whole-dialogue steps).
func (m *Model) dialogueLines() (lines []string, anchor int) {
	h, s := m.hit, m.styles
	w := m.mainWidth()
	st := h.step()
	for i, t := range h.conv.turns {
		current := st.id == "relevance" && st.answer == i
		if current {
			anchor = len(lines)
		}
		head := s.Dim.Render(fmt.Sprintf("   Turn %d", i+1))
		if current {
			head = s.Cursor.Render(fmt.Sprintf(" ▸ Turn %d", i+1))
		}
		if v, ok := h.labels[fmt.Sprintf("relevance_%d", i+1)]; ok {
			head += s.Dim.Render(fmt.Sprintf("  · relevance %d %s", v, h.proto.LabelName(v)))
		}
		lines = append(lines, head)
		lines = append(lines, labelled(wrap(s.Title.Render(t.question), w, "        "), s.Accent.Render("   Q    "))...)
		lines = append(lines, m.imageRows(t.images, w-8, "        ")...)
		lines = append(lines, labelled(wrap(s.Text.Render(t.answer), w, "        "), s.Accent.Render("   A    "))...)
		lines = append(lines, "")
	}
	return lines, anchor
}

// labelled puts a label in the indent of a wrapped block's first line.
func labelled(lines []string, label string) []string {
	lines[0] = label + strings.TrimLeft(lines[0], " ")
	return lines
}

// imageRows lays a turn's images side by side, as many as fit in width,
// each with a caption numbering it for o.
func (m *Model) imageRows(imgs []convImage, width int, indent string) []string {
	var out, row []string
	rowWidth := 0
	flush := func() {
		for _, l := range row {
			out = append(out, indent+strings.TrimRight(l, " "))
		}
		row, rowWidth = nil, 0
	}
	for i, img := range imgs {
		block := m.imageBlock(img, i+1, max(8, width))
		bw := lipgloss.Width(block[0])
		if rowWidth > 0 && rowWidth+2+bw > width {
			flush()
		}
		row = sideBySide(row, block, rowWidth)
		rowWidth += bw + 2
	}
	flush()
	return out
}

// sideBySide appends block to the right of rows, which are all left cells
// wide plus a two-space gap.
func sideBySide(rows, block []string, left int) []string {
	bw := lipgloss.Width(block[0])
	for len(rows) < len(block) {
		rows = append(rows, strings.Repeat(" ", left+2*min(left, 1)))
	}
	for i := range rows {
		cell := strings.Repeat(" ", bw)
		if i < len(block) {
			cell = block[i]
		}
		if left > 0 {
			rows[i] += "  "
		}
		rows[i] += cell
	}
	return rows
}

// imageBlock is one image's preview (or placeholder) and its caption, all
// lines the same width.
func (m *Model) imageBlock(img convImage, n, maxWidth int) []string {
	var body []string
	if img.preview != nil {
		b := img.preview.Bounds()
		pw, ph := display.FitBox(b.Dx(), b.Dy(), min(maxWidth, 40), 2*m.previewRows())
		body = halfBlocks(display.Resize(img.preview, pw, ph+ph%2), m.mono())
	} else {
		body = m.placeholder(img, min(maxWidth, 26))
	}
	bw := lipgloss.Width(body[0])
	caption := fmt.Sprintf("[%d] %s", n, img.name)
	width := max(bw, min(maxWidth, lipgloss.Width(caption)))
	out := make([]string, 0, len(body)+1)
	for _, l := range body {
		out = append(out, l+strings.Repeat(" ", width-bw))
	}
	caption = ansi.Truncate(caption, width, "…")
	return append(out, m.styles.Dim.Render(caption)+strings.Repeat(" ", width-lipgloss.Width(caption)))
}

// placeholder stands in for an image without a preview: a web address
// (claritty fetches nothing) or a file that would not decode.
func (m *Model) placeholder(img convImage, width int) []string {
	s := m.styles
	text := []string{"web image", "o opens it"}
	if !img.url {
		text = append([]string{"no preview:"}, strings.Split(ansi.Wrap(img.problem, width-4, ""), "\n")...)
		text = text[:min(len(text), 3)]
	}
	lines := []string{s.Dim.Render("┌" + strings.Repeat("─", width-2) + "┐")}
	for _, t := range text {
		t = ansi.Truncate(t, width-4, "…")
		lines = append(lines, s.Dim.Render("│ ")+s.Text.Render(t)+strings.Repeat(" ", width-4-lipgloss.Width(t))+s.Dim.Render(" │"))
	}
	return append(lines, s.Dim.Render("└"+strings.Repeat("─", width-2)+"┘"))
}

// halfBlocks draws an image two pixels per cell: '▀' in the upper pixel's
// colour over the lower pixel's. The program's renderer brings the colours
// down to what the terminal supports; mono draws brightness with
// characters instead, for a terminal without colours.
func halfBlocks(img *image.RGBA, mono bool) []string {
	b := img.Bounds()
	var lines []string
	for y := 0; y+1 < b.Dy(); y += 2 {
		var sb strings.Builder
		for x := range b.Dx() {
			top, bottom := img.RGBAAt(x, y), img.RGBAAt(x, y+1)
			if mono {
				sb.WriteByte(ramp[brightness(top, bottom)*(len(ramp)-1)/255])
				continue
			}
			sb.WriteString(ansi.Style{}.ForegroundColor(top).BackgroundColor(bottom).String())
			sb.WriteString("▀")
		}
		if !mono {
			sb.WriteString(ansi.ResetStyle)
		}
		lines = append(lines, sb.String())
	}
	return lines
}

// ramp runs from dark to bright.
const ramp = " .:-=+*#%@"

// brightness is the mean luma (Rec. 601) of two pixels, 0-255.
func brightness(a, b interface{ RGBA() (r, g, b, a uint32) }) int {
	luma := func(c interface{ RGBA() (r, g, b, a uint32) }) int {
		r, g, bl, _ := c.RGBA()
		return int(299*(r>>8)+587*(g>>8)+114*(bl>>8)) / 1000
	}
	return (luma(a) + luma(b)) / 2
}
