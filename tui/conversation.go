package tui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
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

// convKind is a ClariMM conversation (§3.2, Appendix B): the relevance of
// each turn, then coherence, diversity and intent reveal of the whole,
// each rated 1 to 5.
type convKind struct{ conv *conversation }

// ConversationScreen is a ClariMM conversation's HIT screen: each turn,
// with its images, then the dialogue as a whole.
func ConversationScreen() Screen {
	return Screen{blank: func() hitKind { return &convKind{} }, load: loadConversation}
}

func loadConversation(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
	turns, err := st.Turns(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	k := &convKind{conv: newConversation(turns)}
	s := newHITState(guidelines.ClariMM, k, it, h, guidelines.Shape{Turns: len(turns)})
	s.reviewed = true // no search results to review
	return s, nil
}

func (*convKind) noun() string  { return "conversation" }
func (*convKind) topic() string { return "topic" }
func (*convKind) keys() hitKeys { return conversationHITKeys() }

// context is the user's hidden intent: the annotator judges against it,
// the system in the conversation never saw it.
func (*convKind) context(m *hitScreen, h *hitState, width int) textRows {
	s := m.styles
	return sourced(h.question, s.Accent.Render(h.question), width, "        ").labelled(s.Dim.Render(" intent "))
}

func (k *convKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.OpenImage) {
		return m.openImage(h, k.conv), true
	}
	return nil, false
}

// conversationHITKeys rate with 1-5 and open images with o.
func conversationHITKeys() hitKeys {
	k := defaultHITKeys()
	k.OpenImage = bind([]string{"o"}, "o", "open image")
	k.Open = k.OpenImage
	return k
}

func (*convKind) shortHelp(k hitKeys, _ *hitState) []key.Binding {
	return []key.Binding{rateKeys(), k.Back, k.Undo, k.Down, k.OpenImage, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit}
}

func (*convKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		{rateKeys(), k.Next, k.Back, k.Undo},
		{k.OpenImage, k.Flag, k.Later, k.GiveBack, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// build is the step's title, the dialogue with the turn being rated in
// focus (the whole dialogue from its start on the other steps), and the
// scale.
func (k *convKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	title := h.proto.Step(st.id).Title
	short := title
	if st.id == "relevance" {
		title = fmt.Sprintf("Relevance of turn %d of %d to the topic", st.answer+1, len(k.conv.turns))
		short = fmt.Sprintf("Relevance of turn %d of %d", st.answer+1, len(k.conv.turns))
	}
	c, focus := k.dialogueLines(m, h, width, rows)
	v := stepView{title: s.Title.Render(" " + title), short: s.Title.Render(" " + short), textRows: c, focus: focus,
		choices: []string{m.scaleLine(h, st.unit, width)}}
	if st.id != "relevance" { // a turn's shows beside its head
		v.given = m.givenLabel(h, st.unit)
	}
	return v
}

// stepImages are the images o opens on the current step: the turn's on a
// relevance step, every image of the dialogue on the others.
func (c *conversation) stepImages(st stepRef) (imgs []convImage, turn []int) {
	for i, t := range c.turns {
		if st.id == "relevance" && st.answer != i {
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
func (m *hitScreen) openImage(h *hitState, c *conversation) tea.Cmd {
	imgs, turns := c.stepImages(h.step())
	if len(imgs) == 0 {
		m.setStatus("no images on this step", false)
		return nil
	}
	i := c.opened % len(imgs)
	c.opened++
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
// rows at hand, between 3 and 8, so a whole turn fits on a 24-row
// terminal; with fewer than 16 rows none, the images named only (o opens
// them), so the turn's answer still shows.
func previewRows(rows int) int {
	if rows < 16 {
		return 0
	}
	return min(8, max(3, (rows-2)/3))
}

// dialogueLines is the whole conversation as screen lines, and the turn
// being rated (none on whole-dialogue steps).
func (k *convKind) dialogueLines(m *hitScreen, h *hitState, w, rows int) (c textRows, focus [2]int) {
	s := m.styles
	st := h.step()
	for i, t := range k.conv.turns {
		current := st.id == "relevance" && st.answer == i
		if current {
			focus[0] = len(c.lines)
		}
		head := turnHead(s, i+1, current)
		if v, ok := h.labels[fmt.Sprintf("relevance_%d", i+1)]; ok {
			head += s.Dim.Render("  · relevance " + m.cfg.Keys.describe(h.proto, fmt.Sprintf("relevance_%d", i+1), v))
		}
		c.lines = append(c.lines, head)
		c.add(turnSaid(s, "Q", 8, t.question, s.Title, w))
		c.lines = append(c.lines, m.imageRows(t.images, w-8, "        ", previewRows(rows))...)
		c.add(turnSaid(s, "A", 8, t.answer, s.Text, w))
		if current {
			focus[1] = len(c.lines)
		}
		c.lines = append(c.lines, "")
	}
	return c, focus
}

// turnHead heads turn n of a conversation, marked when it is the one
// being labelled: ClariMM's and a protocol file's conversations alike.
func turnHead(s Styles, n int, current bool) string {
	if current {
		return s.Cursor.Render(fmt.Sprintf(" ▸ Turn %d", n))
	}
	return s.Dim.Render(fmt.Sprintf("   Turn %d", n))
}

// turnSaid is what one side of a turn says, who says it (Q, A, a role) in
// the margin, width cells wide, the text wrapped beside it.
func turnSaid(s Styles, who string, width int, text string, style lipgloss.Style, w int) textRows {
	pad := strings.Repeat(" ", width)
	return sourced(text, style.Render(text), w, pad).labelled(s.Accent.Render(fmt.Sprintf("   %-*s", width-3, who)))
}

// imageRows lays a turn's images side by side, as many as fit in width,
// each with a caption numbering it for o.
func (m *hitScreen) imageRows(imgs []convImage, width int, indent string, rows int) []string {
	var out, row []string
	rowWidth := 0
	flush := func() {
		for _, l := range row {
			out = append(out, indent+strings.TrimRight(l, " "))
		}
		row, rowWidth = nil, 0
	}
	for i, img := range imgs {
		block := m.imageBlock(img, i+1, max(8, width), rows)
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
func (m *hitScreen) imageBlock(img convImage, n, maxWidth, rows int) []string {
	var body []string
	switch {
	case rows == 0:
		caption := display.FitWords(fmt.Sprintf("[%d] %s (%s opens it)", n, img.name, hintKey(m.keys.OpenImage)), maxWidth)
		return []string{m.styles.Dim.Render(caption)}
	case img.preview != nil:
		b := img.preview.Bounds()
		pw, ph := display.FitBox(b.Dx(), b.Dy(), min(maxWidth, 40), 2*rows)
		body = halfBlocks(display.Resize(img.preview, pw, ph+ph%2), m.mono())
	default:
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
func (m *hitScreen) placeholder(img convImage, width int) []string {
	s := m.styles
	text := []string{"web image", hintKey(m.keys.OpenImage) + " opens it"}
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

// disputed shows a conversation as its annotators saw it: the
// facet, then the turn of a relevance unit, or every turn for a unit of the
// whole dialogue (images by name: o on the HIT screen opens them).
func (*convKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	lines = wrap(s.Dim.Render("intent ")+s.Accent.Render(display.Field(d.Item.Question)), a.width, "   ")
	if det == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	for i, t := range det.turns {
		unit := fmt.Sprintf("relevance_%d", i+1)
		if strings.HasPrefix(d.Unit, "relevance_") && d.Unit != unit {
			continue
		}
		lines = append(lines, s.Dim.Render(fmt.Sprintf("   Turn %d", i+1)))
		lines = append(lines, labelled(wrap(s.Title.Render(display.Clean(t.Question)), a.width, "        "), s.Accent.Render("   Q    "))...)
		for j, img := range t.Images {
			lines = append(lines, s.Dim.Render(fmt.Sprintf("        [%d] %s", j+1, display.Clean(img.Src))))
		}
		lines = append(lines, labelled(wrap(s.Text.Render(display.Clean(t.Answer)), a.width, "        "), s.Accent.Render("   A    "))...)
	}
	return lines, focus
}

// loadDisputed reads the conversation's turns.
func (*convKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) (err error) {
	det.turns, err = st.Turns(ctx, itemID)
	return err
}

// rateKeys are the Likert scale's keys as one entry: 1-5 rate.
func rateKeys() key.Binding {
	return keyRange(guidelines.ClariMM.Scale, "rate", func(guidelines.Label) bool { return true })
}
