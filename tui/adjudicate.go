package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// adjState is the adjudication screen: the queue of disputed units, one
// shown at a time with every annotator's label, note, flag and time. The
// store checks the role on every read and write; the screen only reports
// a refusal.
type adjState struct {
	units     []store.Disputed
	cur       int
	decided   bool // the queue includes decided units, to revisit them
	pseudonym func(string) string
	detail    *adjDetail // of units[cur]; nil while loading
	reasoning bool       // the reason prompt is open
	reasonFor int        // the unit the reason is for
	last      int        // the unit decided last (the screen has moved on from it); -1 none
	// scroll moves the unit's item from where its answer shows; the last
	// frame's bounds clamp the keys.
	scroll, scrollLo, scrollHi int
}

// adjDetail is what the adjudicator sees of one unit besides the pane.
type adjDetail struct {
	itemID int64
	unit   string
	turns  []store.Turn    // a conversation's
	intent *store.IntentOf // an answer's, with its nuggets
	labels []store.UnitLabelView
	notes  []store.Note
	flags  []store.Flag
}

type adjQueueMsg struct {
	units     []store.Disputed
	pseudonym func(string) string
	err       error
}

type adjDetailMsg struct {
	detail *adjDetail
	err    error
}

// adjKeys are the keys of the adjudication screen.
type adjKeys struct {
	Good, Fair, Bad, Reason, Withdraw, Next, Prev, Decided, Guide, Help, Back, Quit key.Binding
	PageUp, PageDown                                                                key.Binding
}

func defaultAdjKeys() adjKeys {
	return adjKeys{
		Good:     bind([]string{"2"}, "2", "good"),
		Fair:     bind([]string{"1"}, "1", "fair"),
		Bad:      bind([]string{"0"}, "0", "bad"),
		Reason:   bind([]string{"r"}, "r", "reason"),
		Withdraw: bind([]string{"x"}, "x", "withdraw"),
		Next:     bind([]string{"j", "down", "right"}, "j", "next unit"),
		Prev:     bind([]string{"k", "up", "left"}, "k", "previous"),
		Decided:  bind([]string{"d"}, "d", "show decided"),
		Guide:    bind([]string{"g"}, "g", "guideline"),
		Help:     bind([]string{"?"}, "?", "help"),
		PageUp:   bind([]string{"pgup", "ctrl+u"}, "pgup", "scroll up"),
		PageDown: bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "scroll down"),
		Back:     bind([]string{"esc"}, "esc", "back to HITs"),
		Quit:     bind([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

func (k adjKeys) shortHelp(p guidelines.Protocol) []key.Binding {
	return append(k.decideKeys(p), k.Next, k.Prev, k.Reason, k.Withdraw, k.Decided, k.Guide, k.Back, k.Help, k.Quit)
}

func (k adjKeys) fullHelp(p guidelines.Protocol) [][]key.Binding {
	return [][]key.Binding{
		append(k.decideKeys(p), k.Reason, k.Withdraw),
		{k.Next, k.Prev, k.Decided, k.PageDown, k.PageUp},
		{k.Guide, k.Help, k.Back, k.Quit},
	}
}

// decideKeys are the keys that decide a unit: the scale's.
func (k adjKeys) decideKeys(p guidelines.Protocol) []key.Binding {
	decide := []key.Binding{k.Good, k.Fair, k.Bad}
	switch p.Kind {
	case guidelines.ClariMM.Kind:
		cats := p.Categories()
		decide = []key.Binding{bind(cats, cats[0]+"-"+cats[len(cats)-1], "decide")}
	case guidelines.Nuggets.Kind:
		decide = nil
		for _, l := range p.Scale {
			decide = append(decide, bind([]string{l.Key, strconv.Itoa(l.Value)}, l.Key, l.Name))
		}
	}
	return decide
}

// openAdjudication loads the queue; the store refuses those not allowed.
func (m *Model) openAdjudication() tea.Cmd {
	st, ds, me, withDecided := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator, m.adj.decided
	return m.work.do(func() tea.Msg {
		units, err := st.AdjudicationQueue(m.ctx, ds, me, withDecided)
		if err != nil {
			return adjQueueMsg{err: err}
		}
		show, err := st.SettingOr(m.ctx, "adjudication_names", "names")
		if err != nil {
			return adjQueueMsg{err: err}
		}
		name := func(s string) string { return s }
		if show == "pseudonyms" {
			if name, err = st.Pseudonyms(m.ctx); err != nil {
				return adjQueueMsg{err: err}
			}
		}
		return adjQueueMsg{units: units, pseudonym: name}
	})
}

func (m *Model) adjQueueLoaded(msg adjQueueMsg) tea.Cmd {
	if msg.err != nil {
		if errors.Is(msg.err, store.ErrNotAllowed) {
			m.setStatus("adjudication is for adjudicators and leads (claritty annotators)", true)
		} else {
			m.setStatus(msg.err.Error(), true)
		}
		if m.hit == nil && !m.allDone && !m.loading {
			return m.loadNext(0) // started on this screen: fall back to HITs
		}
		return nil
	}
	m.screen = screenAdjudicate
	a := &m.adj
	a.units, a.pseudonym, a.detail, a.last = msg.units, msg.pseudonym, nil, -1
	a.cur = min(a.cur, max(0, len(a.units)-1))
	return m.loadAdjDetail()
}

func (m *Model) loadAdjDetail() tea.Cmd {
	a := &m.adj
	a.detail = nil
	if len(a.units) == 0 {
		return nil
	}
	d := a.units[a.cur]
	st, me := m.cfg.Store, m.cfg.Annotator
	return m.work.do(func() tea.Msg {
		det := &adjDetail{itemID: d.Item.ID, unit: d.Unit}
		var err error
		if det.labels, err = st.UnitLabels(m.ctx, d.Item.ID, d.Unit, me); err != nil {
			return adjDetailMsg{err: err}
		}
		if det.notes, err = st.Notes(m.ctx, d.Item.ID, me); err != nil {
			return adjDetailMsg{err: err}
		}
		if det.flags, err = st.Flags(m.ctx, d.Item.ID, me); err != nil {
			return adjDetailMsg{err: err}
		}
		if m.protocol().Kind == guidelines.Nuggets.Kind {
			in, err := st.AnswerIntent(m.ctx, d.Item.ID)
			det.intent = &in
			return adjDetailMsg{detail: det, err: err}
		}
		det.turns, err = st.Turns(m.ctx, d.Item.ID)
		return adjDetailMsg{detail: det, err: err}
	})
}

func (m *Model) adjDetailLoaded(msg adjDetailMsg) {
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return
	}
	a := &m.adj
	if len(a.units) > 0 && a.units[a.cur].Item.ID == msg.detail.itemID && a.units[a.cur].Unit == msg.detail.unit {
		a.detail = msg.detail
	}
}

// adjKey handles a key on the adjudication screen.
func (m *Model) adjKey(msg tea.KeyPressMsg) tea.Cmd {
	a, k := &m.adj, m.adjKeys
	if a.reasoning {
		return m.reasonKey(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Back):
		m.screen = screenHIT
		m.setStatus("", false)
		if m.hit == nil && !m.allDone && !m.loading {
			return m.loadNext(0) // started on this screen: no HIT yet
		}
		return nil
	case key.Matches(msg, k.Guide):
		m.openPager(overlayGuide)
		return nil
	case key.Matches(msg, k.Help):
		m.openPager(overlayHelp)
		return nil
	case key.Matches(msg, k.Decided):
		a.decided = !a.decided
		return m.openAdjudication()
	}
	if len(a.units) == 0 {
		return nil
	}
	if v, ok := m.protocol().ValueOfKey(msg.String()); ok {
		return m.decide(a.cur, intPtr(v), "")
	}
	if _, ok := digit(msg); ok {
		m.setStatus("not a point of this scale: "+scaleKeys(m.protocol()), false)
		return nil
	}
	switch {
	case key.Matches(msg, k.Withdraw):
		return m.decide(a.cur, nil, "")
	case key.Matches(msg, k.Reason):
		return m.openReason()
	case key.Matches(msg, k.PageDown), key.Matches(msg, k.PageUp):
		d := scrollDelta(msg, key.Binding{}, key.Binding{}, k.PageUp, k.PageDown, max(1, m.height/2))
		a.scroll = min(max(a.scrollLo, a.scroll+d), a.scrollHi)
		return nil
	case key.Matches(msg, k.Next):
		return m.moveAdj(a.cur + 1)
	case key.Matches(msg, k.Prev):
		return m.moveAdj(a.cur - 1)
	}
	return nil
}

func intPtr(v int) *int { return &v }

func (m *Model) moveAdj(i int) tea.Cmd {
	a := &m.adj
	if i < 0 || i >= len(a.units) {
		m.setStatus("no more units that way", false)
		return nil
	}
	a.cur, a.scroll = i, 0
	m.setStatus("", false)
	return m.loadAdjDetail()
}

// openReason opens the reason prompt for the current unit if it is
// decided, else for the unit just decided (the screen has moved on to the
// next one by then).
func (m *Model) openReason() tea.Cmd {
	a := &m.adj
	a.reasonFor = a.cur
	if a.units[a.cur].Decided == nil {
		a.reasonFor = a.last
	}
	if a.reasonFor < 0 || a.units[a.reasonFor].Decided == nil {
		m.setStatus("decide first ("+scaleKeys(m.protocol())+"), then r adds a reason", false)
		return nil
	}
	a.reasoning = true
	d := a.units[a.reasonFor]
	m.input.Reset()
	m.input.Placeholder = fmt.Sprintf("why %s for %s of %s %d (enter saves, esc cancels)",
		m.labelName(*d.Decided), d.Unit, m.itemNoun(), d.Item.Seq)
	return m.input.Focus()
}

// decide stores the decision on unit i (nil withdraws it); a new decision
// moves on to the next unit still waiting.
func (m *Model) decide(i int, value *int, reason string) tea.Cmd {
	a := &m.adj
	d := &a.units[i]
	d.Decided = value
	st, me, item, unit := m.cfg.Store, m.cfg.Annotator, d.Item.ID, d.Unit
	save := m.work.do(func() tea.Msg {
		return savedMsg{what: "decision", err: st.Adjudicate(m.ctx, item, unit, value, me, reason)}
	})
	switch {
	case value == nil:
		m.setStatus("decision withdrawn: the unit waits again", false)
		return save
	case reason != "":
		m.setStatus("reason saved", false)
		return save
	}
	a.last = i
	m.setStatus(fmt.Sprintf("%s of %s %d: %s (r adds a reason)", unit, m.itemNoun(), d.Item.Seq, m.labelName(*value)), false)
	for j := i + 1; j < len(a.units); j++ {
		if a.units[j].Decided == nil {
			a.cur, a.scroll = j, 0
			return tea.Sequence(save, m.loadAdjDetail())
		}
	}
	m.setStatus("decided; no unit after this one waits (k goes back, d shows decided units)", false)
	return save
}

// reasonKey edits the reason for the current decision.
func (m *Model) reasonKey(msg tea.KeyPressMsg) tea.Cmd {
	a := &m.adj
	return m.promptKey(msg, func(reason string) tea.Cmd {
		a.reasoning = false
		m.input.Blur()
		if reason == "" {
			return nil
		}
		return m.decide(a.reasonFor, a.units[a.reasonFor].Decided, reason)
	}, func() tea.Cmd {
		a.reasoning = false
		return nil
	})
}

// labelName is "2 Good", or "4 Good" on a rating scale.
func (m *Model) labelName(v int) string {
	return fmt.Sprintf("%d %s", v, m.protocol().LabelName(v))
}

// scaleKeys lists the keys of a scale, best first: "2 1 0".
func scaleKeys(p guidelines.Protocol) string {
	var keys []string
	for _, l := range p.Scale {
		keys = append(keys, l.Key)
	}
	return strings.Join(keys, " ")
}

// itemNoun names the dataset's items.
func (m *Model) itemNoun() string {
	switch m.protocol().Kind {
	case guidelines.ClariMM.Kind:
		return "conversation"
	case guidelines.Nuggets.Kind:
		return "answer"
	}
	return "pane"
}

// stepOf is the guideline step of a unit.
func stepOf(unit string) string { return agreement.UnitType(unit) }

// renderAdjudication draws the current disputed unit in the rows under
// the header: its title and unit on top, the decision (and an open reason
// prompt) always at the bottom, the pane as the annotators saw it with
// everyone's labels between them, scrolled (pgdn, pgup) to the unit's
// answer, and the step's guidance where there is room.
func (m *Model) renderAdjudication() []string {
	a, s, w := &m.adj, m.styles, m.width
	rows := m.bodyRows
	waiting := 0
	for _, u := range a.units {
		if u.Decided == nil {
			waiting++
		}
	}
	title := s.Title.Render(fmt.Sprintf(" Adjudication · %d waiting", waiting))
	if a.decided {
		title += s.Dim.Render(fmt.Sprintf(" · %d listed with decided ones", len(a.units)))
	}
	if len(a.units) == 0 {
		return append([]string{title, ""}, append(wrap(s.OK.Render("Nothing waits for adjudication in "+display.Clean(m.cfg.Dataset.Name)+"."), w, " "),
			s.Dim.Render(fitWords(" d lists decided units too · esc goes back", w)))...)
	}
	d := a.units[a.cur]
	title = fitWords(title+s.Dim.Render(fmt.Sprintf("   unit %d of %d", a.cur+1, len(a.units))), w)
	top := []string{title}
	top = append(top, capLines(labelled(wrap(s.Title.Render(display.Field(d.Item.Query)), w, "        "), s.Dim.Render(fmt.Sprintf(" %-6s ", kindFor(m.protocol().Kind).topic()))), 2, w)...)
	head := fmt.Sprintf("%s %d · %s · %s", m.itemNoun(), d.Item.Seq, d.Unit, m.votesText(d.Votes))
	if d.Referred != "" {
		head += " · sent by a lead"
	}
	top = append(top, wrap(s.Accent.Render(head), w, " ")...)
	pane, focus := m.adjPane(d)
	middle := append(append(pane, "", s.Title.Render(" labels")), m.adjLabels()...)
	dec := s.Dim.Render(" decision: none yet: " + scaleKeys(m.protocol()) + " decides")
	if d.Decided != nil {
		dec = s.Chosen.Render(" decision: "+m.labelName(*d.Decided)+" ") + s.Dim.Render("  r adds a reason · x withdraws")
	}
	bottom := []string{fitWords(dec, w)}
	if a.reasoning {
		bottom = append(bottom, " "+m.input.View())
	}
	avail := rows - len(top) - len(bottom)
	var guide []string
	// The labels come before the guidance: g reads all of it.
	if room := avail - len(middle); room >= 3 {
		guide = append([]string{s.Dim.Render(strings.Repeat("─", max(0, w)))}, m.guidance(m.protocol(), stepOf(d.Unit), w)...)
		if len(guide) > room {
			guide = append(guide[:room-1], s.Dim.Render(fitWords(" … g reads the rest of this step's guidance", w)))
		}
	}
	v := m.scrolled(middle, focus, max(1, avail-len(guide)), a.scroll, "pgup", "pgdn")
	a.scroll, a.scrollLo, a.scrollHi = v.scroll, v.lo, v.hi
	out := append(append(top, v.lines...), bottom...)
	return append(fitLines(out, rows-len(guide)), guide...)
}

func (m *Model) votesText(votes []int) string {
	var parts []string
	for v := len(votes) - 1; v >= 0; v-- {
		if votes[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d× %s", votes[v], m.labelName(v)))
		}
	}
	if len(parts) == 0 {
		return "no labels"
	}
	return strings.Join(parts, ", ")
}

// adjPane shows the item as the annotators saw it at this unit's step
// and which of its lines the unit is about. For a pane: the question, and
// the answers from Step III on, the unit's answer marked.
func (m *Model) adjPane(d store.Disputed) (lines []string, focus [2]int) {
	s, w := m.styles, m.width
	switch m.itemNoun() {
	case "conversation":
		return m.adjConversation(d)
	case "answer":
		return m.adjAnswer(d)
	}
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), w, "   ")
	focus = [2]int{0, len(lines)}
	if d.Unit == "question" {
		return append(lines, s.Dim.Render("   (the answers were hidden at this step)")), focus
	}
	n := 0
	for _, o := range d.Item.Options {
		if o == "" {
			continue
		}
		n++
		mark, style := "     ", s.Text
		current := d.Unit == fmt.Sprintf("landing_%d", n)
		if current {
			mark, style = "   ▸ ", s.Title
		}
		answer := labelled(wrap(style.Render(fmt.Sprintf("%d. %s", n, display.Field(o))), w, "        "), s.Cursor.Render(mark))
		if current || d.Unit == "answer_set" && n == 1 {
			focus = [2]int{len(lines), len(lines) + len(answer)}
		}
		lines = append(lines, answer...)
	}
	if d.Unit == "answer_set" {
		focus[1] = len(lines)
	}
	return lines, focus
}

// adjLabels lists every annotator's label with their time, and the pane's
// notes and flags.
func (m *Model) adjLabels() []string {
	a, s := &m.adj, m.styles
	if a.detail == nil {
		return []string{s.Dim.Render("   loading…")}
	}
	name := func(n string) string { return display.Clean(a.pseudonym(n)) }
	labelWidth := 0
	for _, l := range m.protocol().Scale {
		labelWidth = max(labelWidth, len(m.labelName(l.Value)))
	}
	var lines []string
	for _, l := range a.detail.labels {
		secs := ""
		if l.Seconds != nil {
			secs = fmt.Sprintf("%.0fs", *l.Seconds)
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf("   %-20s %-*s %6s", name(l.Annotator), labelWidth, m.labelName(l.Value), secs)))
	}
	for _, n := range a.detail.notes {
		lines = append(lines, wrap(s.Dim.Render(fmt.Sprintf("note by %s at %s: %s", name(n.Annotator), n.Step, display.Clean(n.Body))), m.width, "   ")...)
	}
	for _, f := range a.detail.flags {
		lines = append(lines, s.Error.Render(fmt.Sprintf("   flagged %s by %s %s", f.Reason, name(f.Annotator), display.Clean(f.Note))))
	}
	return lines
}

// adjConversation shows a conversation as its annotators saw it: the
// facet, then the turn of a relevance unit, or every turn for a unit of the
// whole dialogue (images by name: o on the HIT screen opens them).
func (m *Model) adjConversation(d store.Disputed) (lines []string, focus [2]int) {
	s := m.styles
	lines = wrap(s.Dim.Render("intent ")+s.Accent.Render(display.Field(d.Item.Question)), m.width, "   ")
	if m.adj.detail == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	for i, t := range m.adj.detail.turns {
		unit := fmt.Sprintf("relevance_%d", i+1)
		if strings.HasPrefix(d.Unit, "relevance_") && d.Unit != unit {
			continue
		}
		lines = append(lines, s.Dim.Render(fmt.Sprintf("   Turn %d", i+1)))
		lines = append(lines, labelled(wrap(s.Title.Render(display.Clean(t.Question)), m.width, "        "), s.Accent.Render("   Q    "))...)
		for j, img := range t.Images {
			lines = append(lines, s.Dim.Render(fmt.Sprintf("        [%d] %s", j+1, display.Clean(img.Src))))
		}
		lines = append(lines, labelled(wrap(s.Text.Render(display.Clean(t.Answer)), m.width, "        "), s.Accent.Render("   A    "))...)
	}
	return lines, focus
}

// adjAnswer shows an answer as its judges saw it, with the disputed
// nugget whole and marked among the others (the system stays hidden here
// too: an adjudicator judges the text).
func (m *Model) adjAnswer(d store.Disputed) (lines []string, focus [2]int) {
	s := m.styles
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), m.width, "   ")
	det := m.adj.detail
	if det == nil || det.intent == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	lines = append(lines, "")
	for i, n := range det.intent.Nuggets {
		head := fmt.Sprintf("%2d  w %-4s ", i+1, strconv.FormatFloat(n.Weight, 'g', 4, 64))
		if guidelines.NuggetUnit(i+1) == d.Unit {
			nugget := labelled(wrap(s.Title.Render(display.Field(n.Text)), m.width, "     "+strings.Repeat(" ", len(head))),
				s.Cursor.Render("   ▸ ")+s.Title.Render(head))
			focus = [2]int{len(lines), len(lines) + len(nugget)}
			lines = append(lines, nugget...)
			continue
		}
		lines = append(lines, fitWords(s.Dim.Render("     "+head+display.Field(n.Text)), m.width))
	}
	return lines, focus
}
