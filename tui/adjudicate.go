package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/agreement"
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
		if len(a.units) > 0 {
			m.openGuide(stepOf(a.units[a.cur].Unit))
		} else {
			m.openGuide("")
		}
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
