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

// The dialogue screen ([parts] screen = "dialogue") draws a protocol
// file's conversation (item.conversation) as ClariMM's was always drawn:
// each turn headed, each text it says with who says it in the margin
// (item.turn's roles: Q and A), its images as previews under its first
// text (made at import, item_images) that o opens, the turn being rated
// in focus on a step per turn, and the item's second text field under
// its first for the whole HIT (ClariMM's hidden intent). Everything it
// names comes from the file: its step per turn, its text fields' names,
// its scale.

// conversation is a conversation ready for the screen: its text cleaned
// for the terminal, each image's stored preview decoded once.
type conversation struct {
	turns  []convTurn
	opened int // o presses on this step, to open its images in turn
}

type convTurn struct {
	said   []string // each text the turn says, in order
	role   string   // who says it, as the turn gives it (its role), cut to roleCells
	images []convImage
	srcs   []string // the images as the file names them
}

type convImage struct {
	name     string // the file's base name, or the URL
	location string // absolute path or URL, for o
	url      bool
	preview  image.Image // nil: a placeholder is drawn
	problem  string      // why there is no preview
}

// newConversation is the item's conversation from its row (its turns'
// texts) and its images as the import kept them.
func newConversation(row guidelines.ShownRow, imgs []store.Image) *conversation {
	c := &conversation{}
	for i := range row.List {
		var ct convTurn
		said := []string{row.List[i]}
		if i < len(row.Said) && len(row.Said[i]) > 0 {
			said = row.Said[i]
		}
		for _, t := range said {
			ct.said = append(ct.said, display.Clean(t))
		}
		if i < len(row.Roles) {
			ct.role = display.FitWords(display.Field(row.Roles[i]), roleCells)
		}
		c.turns = append(c.turns, ct)
	}
	for _, img := range imgs {
		if img.Element < 1 || img.Element > len(c.turns) {
			continue // an image of no turn the row has
		}
		t := &c.turns[img.Element-1]
		t.images = append(t.images, convImageOf(img))
		t.srcs = append(t.srcs, display.Clean(img.Src))
	}
	return c
}

// convImageOf is a kept image as the screen draws it.
func convImageOf(img store.Image) convImage {
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
	return ci
}

// loadDialogue reads an item's conversation: its row and its images.
func loadDialogue(ctx context.Context, st *store.Store, itemID int64) (*conversation, int, error) {
	rows, err := st.ShownRows(ctx, itemID)
	if err != nil {
		return nil, 0, err
	}
	imgs, err := st.ItemImages(ctx, itemID)
	if err != nil {
		return nil, 0, err
	}
	var row guidelines.ShownRow
	if len(rows) > 0 {
		row = rows[0]
	}
	return newConversation(row, imgs), len(rows), nil
}

// convKind is a conversation of a protocol file's kind, rated turn by turn
// and then as a whole (ClariMM §3.2, Appendix B).
type convKind struct {
	proto guidelines.Protocol
	file  *guidelines.ProtocolFile // never nil: only a file names the dialogue screen
	conv  *conversation
}

// DialogueScreen is the HIT screen of a conversation file's kind p: each
// turn, with its images, then the dialogue as a whole.
func DialogueScreen(p guidelines.Protocol) Screen {
	return Screen{blank: func() hitKind { return &convKind{proto: p, file: p.FileOf()} }, load: func(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
		conv, rows, err := loadDialogue(ctx, st, it.ID)
		if err != nil {
			return nil, err
		}
		k := &convKind{proto: p, file: p.FileOf(), conv: conv}
		s := newHITState(p, k, it, h, it.Shape(rows))
		s.reviewed = true // no search results to review
		return s, nil
	}}
}

// perTurn is the unit type of the step asked once per turn ("" for none).
func (k *convKind) perTurn() string {
	for _, st := range k.file.Steps {
		if st.Per == guidelines.PerElement {
			return st.Unit
		}
	}
	return ""
}

// turnUnit is the unit turn n (from 1) is rated under.
func (k *convKind) turnUnit(n int) string { return fmt.Sprintf("%s_%d", k.perTurn(), n) }

// turnNoun is what one turn is called (turn).
func (k *convKind) turnNoun() string {
	if k.file.Item.ListName == "" {
		return "turn"
	}
	return display.Clean(k.file.Item.ListName)
}

// roles are who says each of a turn's texts (Q, A), "" each when the
// file names none.
func (k *convKind) roles(n int) []string {
	out := make([]string, n)
	copy(out, k.file.SaidRoles())
	return out
}

// saidBy are who says each of turn t's texts: the file's roles
// (item.turn.roles), and where it names none for the first, the turn's
// own role, as the file screen draws it (turnLines).
func (k *convKind) saidBy(t convTurn) []string {
	roles := k.roles(len(t.said))
	if len(roles) > 0 && roles[0] == "" {
		roles[0] = t.role
	}
	return roles
}

func (k *convKind) noun() string {
	return guidelines.Singular(k.proto.Items)
}

func (k *convKind) topic() string {
	return k.file.TextName(0)
}

func (*convKind) keys() hitKeys { return conversationHITKeys() }

// contextName is what the screen calls the second text field (intent).
func (k *convKind) contextName() string {
	return k.file.TextName(1)
}

// context is the second text field (ClariMM's facet, the user's hidden
// intent): the annotator judges against it, the system in the
// conversation never saw it.
func (k *convKind) context(m *hitScreen, h *hitState, width int) textRows {
	s := m.styles
	return sourced(h.question, s.Accent.Render(h.question), width, "        ").labelled(s.Dim.Render(" " + k.contextName() + " "))
}

func (k *convKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.OpenImage) {
		return m.openImage(h, k.conv, k.perTurn()), true
	}
	return nil, false
}

// conversationHITKeys rate with the scale's keys and open images with o.
func conversationHITKeys() hitKeys {
	k := defaultHITKeys()
	k.OpenImage = bind([]string{"o"}, "o", "open image")
	k.Open = k.OpenImage
	return k
}

func (k *convKind) shortHelp(keys hitKeys, _ *hitState) []key.Binding {
	return []key.Binding{k.rateKeys(), keys.Back, keys.Undo, keys.Down, keys.OpenImage, keys.Note, keys.Flag, keys.Guide, keys.Queue, keys.Pane, keys.Help, keys.Quit}
}

func (k *convKind) fullHelp(keys hitKeys) [][]key.Binding {
	return [][]key.Binding{
		{k.rateKeys(), keys.Next, keys.Back, keys.Undo},
		{keys.OpenImage, keys.Flag, keys.Later, keys.GiveBack, keys.Note, keys.Guide, keys.Queue, keys.Pane, keys.Adjudicate, keys.Stats, keys.Quality, keys.Flags},
		{keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.GuideDown, keys.GuideUp, keys.Help, keys.Quit},
	}
}

// turnTitle is a step per turn's title for turn n of all, and its short
// form: "the turn" in the step's title made "turn n of all" (Relevance of
// turn 2 of 3 to the topic; short, Relevance of turn 2 of 3), else the
// turn said after the title.
func (k *convKind) turnTitle(title string, n, all int) (full, short string) {
	noun := k.turnNoun()
	which := fmt.Sprintf("%s %d of %d", noun, n, all)
	if i := strings.Index(title, "the "+noun); i >= 0 {
		full = title[:i] + which + title[i+len("the "+noun):]
		return full, full[:i+len(which)]
	}
	full = fmt.Sprintf("%s (%s)", title, which)
	return full, full
}

// build is the step's title, the dialogue with the turn being rated in
// focus (the whole dialogue from its start on the other steps), and the
// scale.
func (k *convKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	title := h.proto.Step(st.id).Title
	short := title
	turnStep := st.id == k.perTurn()
	if turnStep {
		title, short = k.turnTitle(title, st.answer+1, len(k.conv.turns))
	}
	c, focus := k.dialogueLines(m, h, width, rows)
	v := stepView{title: s.Title.Render(" " + title), short: s.Title.Render(" " + short), textRows: c, focus: focus,
		choices: []string{m.scaleLine(h, st.unit, width)}}
	if !turnStep { // a turn's shows beside its head
		v.given = m.givenLabel(h, st.unit)
	}
	return v
}

// stepImages are the images o opens on the current step: the turn's on a
// relevance step, every image of the dialogue on the others.
func (c *conversation) stepImages(st stepRef, perTurn string) (imgs []convImage, turn []int) {
	for i, t := range c.turns {
		if st.id == perTurn && st.answer != i {
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
func (m *hitScreen) openImage(h *hitState, c *conversation, perTurn string) tea.Cmd {
	imgs, turns := c.stepImages(h.step(), perTurn)
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
	short := h.proto.Step(k.perTurn()).Short
	for i, t := range k.conv.turns {
		current := st.id == k.perTurn() && st.answer == i
		if current {
			focus[0] = len(c.lines)
		}
		head := turnHead(s, i+1, current)
		if v, ok := h.labels[k.turnUnit(i+1)]; ok {
			head += s.Dim.Render("  · " + short + " " + m.cfg.Keys.describe(h.proto, k.turnUnit(i+1), v))
		}
		c.lines = append(c.lines, head)
		roles := k.saidBy(t)
		margin := dialogueMargin(roles)
		for j, text := range t.said {
			style := s.Text
			if j == 0 {
				style = s.Title
			}
			c.add(turnSaid(s, roles[j], margin, text, style, w))
			if j == 0 { // its pictures sit under what the turn asks
				c.lines = append(c.lines, m.imageRows(t.images, w-margin, strings.Repeat(" ", margin), previewRows(rows))...)
			}
		}
		if current {
			focus[1] = len(c.lines)
		}
		c.lines = append(c.lines, "")
	}
	return c, focus
}

// dialogueMargin is how wide the roles' margin is: eight cells, wider for
// a longer role (cut at roleCells).
func dialogueMargin(roles []string) int {
	margin := 8
	for _, r := range roles {
		margin = max(margin, 3+min(roleCells, ansi.StringWidth(r))+1)
	}
	return margin
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

// sideBySide appends block to the right of rows, two spaces after them:
// left is the blocks' width so far with that gap (0 for none), so a row
// added under shorter blocks is left-2 spaces before its gap.
func sideBySide(rows, block []string, left int) []string {
	bw := lipgloss.Width(block[0])
	for len(rows) < len(block) {
		rows = append(rows, strings.Repeat(" ", max(left-2, 0)))
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

// disputed shows a conversation as its annotators saw it: the second
// text field (the facet), then the turn of a unit per turn, or every turn
// for a unit of the whole dialogue (images by name: o on the HIT screen
// opens them).
func (k *convKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	lines = wrap(s.Dim.Render(k.contextName()+" ")+s.Accent.Render(display.Field(d.Item.Question)), a.width, "   ")
	if det == nil || det.dialogue == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	for i, t := range det.dialogue.turns {
		if strings.HasPrefix(d.Unit, k.perTurn()+"_") && d.Unit != k.turnUnit(i+1) {
			continue
		}
		lines = append(lines, s.Dim.Render(fmt.Sprintf("   %s %d", display.Capitalised(k.turnNoun()), i+1)))
		roles := k.saidBy(t)
		margin := dialogueMargin(roles)
		pad := strings.Repeat(" ", margin)
		for j, text := range t.said {
			style := s.Text
			if j == 0 {
				style = s.Title
			}
			lines = append(lines, labelled(wrap(style.Render(text), a.width, pad), s.Accent.Render(fmt.Sprintf("   %-*s", margin-3, roles[j])))...)
			if j == 0 {
				for n, src := range t.srcs {
					lines = append(lines, s.Dim.Render(fmt.Sprintf("%s[%d] %s", pad, n+1, src)))
				}
			}
		}
	}
	return lines, focus
}

// loadDisputed reads the conversation's turns and images.
func (*convKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) (err error) {
	det.dialogue, _, err = loadDialogue(ctx, st, itemID)
	return err
}

// rateKeys are the scale's keys as one entry: 1-5 rate.
func (k *convKind) rateKeys() key.Binding {
	return keyRange(k.proto.Scale, "rate", func(guidelines.Label) bool { return true })
}
