package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// adjScreen is the adjudication screen: the queue of disputed units, one
// shown at a time with every annotator's label, note, flag and time. The
// store checks the role on every read and write; the screen only reports
// a refusal.
type adjScreen struct {
	*session
	keys          adjKeys
	width, height int

	units     []store.Disputed
	cur       int
	decided   bool // the queue includes decided units, to revisit them
	pseudonym func(string) string
	detail    *adjDetail // of units[cur]; nil while loading
	reasoning bool       // the reason prompt is open
	reasonFor int        // the unit the reason is for
	last      int        // the unit decided last (the screen has moved on from it); -1 none
	lastName  string     // its decision as the screen named it then (a pair's side is its item's)
	// writing: the prompt takes the adjudicator's own written answer
	// (kind_text.go), not a reason; answers are the written decisions
	// made here, by item and unit, for a reason added after.
	writing bool
	answers map[[2]any]string
	// scroll moves the unit's item from where its answer shows; the last
	// frame's bounds clamp the keys.
	scroll, scrollLo, scrollHi int
}

// adjDetail is what the adjudicator sees of one unit besides the pane.
type adjDetail struct {
	itemID   int64
	unit     string
	dialogue *conversation   // a conversation's (the dialogue screen's)
	intent   *store.IntentOf // an answer's, with its nuggets
	// A request's (the request screen's, compare's): the conversation
	// before it, its list's elements, and a pair's outputs as A and B.
	context []store.Message
	list    []string
	sides   *store.Sides
	rows    []guidelines.ShownRow // a protocol file's item's, as its HIT shows them, cleaned
	labels  []store.UnitLabelView
	notes   []store.Note
	flags   []store.Flag
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
	Good, Fair, Bad, Reason, Withdraw, Next, Prev, Decided, Guide, Back key.Binding
	PageUp, PageDown                                                    key.Binding
	sharedKeys
}

func defaultAdjKeys() adjKeys {
	return adjKeys{
		Good:       bind([]string{"2"}, "2", "good"),
		Fair:       bind([]string{"1"}, "1", "fair"),
		Bad:        bind([]string{"0"}, "0", "bad"),
		Reason:     bind([]string{"r"}, "r", "reason"),
		Withdraw:   bind([]string{"x"}, "x", "withdraw"),
		Next:       bind([]string{"j", "down", "right"}, "j", "next unit"),
		Prev:       bind([]string{"k", "up", "left"}, "k", "previous"),
		Decided:    bind([]string{"d"}, "d", "show decided"),
		Guide:      bind([]string{"g"}, "g", "guideline"),
		PageUp:     bind([]string{"pgup", "ctrl+u"}, "pgup", "scroll up"),
		PageDown:   bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "scroll down"),
		Back:       bind([]string{"esc"}, "esc", "back to HITs"),
		sharedKeys: defaultSharedKeys(),
	}
}

func (k adjKeys) shortHelp(kind hitKind, p guidelines.Protocol, unit string) []key.Binding {
	return append(k.decideKeys(kind, p, unit), k.Next, k.Prev, k.Reason, k.Withdraw, k.Decided, k.Guide, k.Back, k.Help, k.Quit)
}

func (k adjKeys) fullHelp(kind hitKind, p guidelines.Protocol, unit string) [][]key.Binding {
	return [][]key.Binding{
		append(k.decideKeys(kind, p, unit), k.Reason, k.Withdraw),
		{k.Next, k.Prev, k.Decided, k.PageDown, k.PageUp},
		{k.Guide, k.Help, k.Back, k.Quit},
	}
}

// decideKeys are the keys that decide a unit: its scale's (a facet's are
// not a yes or no's), one binding per label, or one for the whole of a long
// scale; a kind's own where its keys change from item to item.
func (k adjKeys) decideKeys(kind hitKind, p guidelines.Protocol, unit string) []key.Binding {
	if p.TextMax(unit) > 0 {
		return writtenDecideKeys
	}
	if kk, ok := kind.(adjKeyer); ok {
		return kk.decideKeys()
	}
	scale := p.ScaleOf(unit)
	if unit == "" {
		if keys, lo, hi, several := everyScaleKey(p); several {
			return []key.Binding{bind(keys, lo+"-"+hi, "decide")}
		}
	}
	if len(scale) > 3 {
		lo, hi := scale[len(scale)-1].Key, scale[0].Key
		var keys []string
		for _, l := range scale {
			keys = append(keys, l.Key)
		}
		return []key.Binding{bind(keys, lo+"-"+hi, "decide")}
	}
	var decide []key.Binding
	for _, l := range scale {
		decide = append(decide, bind([]string{l.Key}, l.Key, strings.ToLower(l.Name)))
	}
	return decide
}

// everyScaleKey are the keys of every scale the kind's units label on,
// their lowest and highest, when its units have several scales (a yes/no
// and a choice): with no unit in focus, the screen says a decision takes
// any of them, as it did when such a kind had one scale of all its labels.
func everyScaleKey(p guidelines.Protocol) (keys []string, lo, hi string, several bool) {
	seen := map[string]bool{}
	first := ""
	for _, u := range p.AllUnits {
		sc := p.ScaleOf(u)
		var ks []string
		for _, l := range sc {
			ks = append(ks, l.Key)
			if l.Key != "" && !seen[l.Key] {
				seen[l.Key] = true
				keys = append(keys, l.Key)
			}
		}
		if k := strings.Join(ks, " "); first == "" {
			first = k
		} else if k != first {
			several = true
		}
	}
	if !several || len(keys) == 0 {
		return nil, "", "", false
	}
	sorted := slices.Sorted(slices.Values(keys))
	return keys, sorted[0], sorted[len(sorted)-1], true
}

// boundBy is adjudication's key map with the global actions where the
// config binds them (bindGlobal): quitting, help and scrolling the item.
// Its own keys keep theirs: with quit = "x", x still withdraws a decision
// and ctrl+c quits. A scale's keys need no place among them: the config
// may not take a digit, nor (KeyConfig.Check) a protocol's own key.
func (k adjKeys) boundBy(c *KeyConfig) adjKeys {
	own := []key.Binding{k.Good, k.Fair, k.Bad, k.Reason, k.Withdraw, k.Next, k.Prev, k.Decided, k.Guide, k.Back}
	c.bindGlobal(own, append(k.globals(), action{"page_up", &k.PageUp}, action{"page_down", &k.PageDown})...)
	return k
}

func newAdjScreen(s *session) *adjScreen {
	return &adjScreen{session: s, keys: defaultAdjKeys().boundBy(s.cfg.Keys), last: -1}
}

// protocol is the task kind being adjudicated: the dataset's.
func (a *adjScreen) protocol() guidelines.Protocol { return a.proto }

func (a *adjScreen) SetSize(width, height int) tea.Cmd {
	a.width, a.height = width, height
	return nil
}

// Update takes the screen's keys and the results of its reads.
func (a *adjScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case adjQueueMsg:
		return a.queueLoaded(msg)
	case adjDetailMsg:
		a.detailLoaded(msg)
	case tea.KeyPressMsg:
		return a.key(msg)
	}
	return nil
}

func (a *adjScreen) Layout() []string { return a.render() }

func (a *adjScreen) ShortHelp() []key.Binding {
	if a.reasoning {
		return a.promptKeys.ShortHelp()
	}
	return a.keys.shortHelp(a.kind(), a.protocol(), a.unit())
}

func (a *adjScreen) FullHelp() [][]key.Binding {
	return a.keys.fullHelp(a.kind(), a.protocol(), a.unit())
}

// unit is the unit on screen, "" when there is none.
func (a *adjScreen) unit() string {
	if a.cur < len(a.units) {
		return a.units[a.cur].Unit
	}
	return ""
}

// load reads the queue; the store refuses those not allowed.
func (a *adjScreen) load() tea.Cmd {
	st, ds, me, withDecided := a.cfg.Store, a.cfg.Dataset.ID, a.cfg.Annotator, a.decided
	return a.work.do(func() tea.Msg {
		units, err := st.AdjudicationQueue(a.ctx, ds, me, withDecided)
		if err != nil {
			return adjQueueMsg{err: err}
		}
		show, err := st.SettingOr(a.ctx, "adjudication_names", "names")
		if err != nil {
			return adjQueueMsg{err: err}
		}
		name := func(s string) string { return s }
		if show == "pseudonyms" {
			if name, err = st.Pseudonyms(a.ctx); err != nil {
				return adjQueueMsg{err: err}
			}
		}
		return adjQueueMsg{units: units, pseudonym: name}
	})
}

// queueLoaded shows the queue read, or says why there is none and goes
// back to the HITs.
func (a *adjScreen) queueLoaded(msg adjQueueMsg) tea.Cmd {
	if msg.err != nil {
		if errors.Is(msg.err, store.ErrNotAllowed) {
			a.setStatus("adjudication is for adjudicators and leads (claritty annotators)", true)
		} else {
			a.setStatus(msg.err.Error(), true)
		}
		return ask(closeScreenMsg{})
	}
	a.units, a.pseudonym, a.detail, a.last = msg.units, msg.pseudonym, nil, -1
	for _, d := range a.units { // a written decision's words, as stored
		if d.DecidedText != "" {
			if a.answers == nil {
				a.answers = map[[2]any]string{}
			}
			a.answers[[2]any{d.Item.ID, d.Unit}] = d.DecidedText
		}
	}
	a.cur = min(a.cur, max(0, len(a.units)-1))
	return a.loadAdjDetail()
}

func (a *adjScreen) loadAdjDetail() tea.Cmd {
	a.detail = nil
	if len(a.units) == 0 {
		return nil
	}
	d := a.units[a.cur]
	st, me := a.cfg.Store, a.cfg.Annotator
	return a.work.do(func() tea.Msg {
		det := &adjDetail{itemID: d.Item.ID, unit: d.Unit}
		var err error
		if det.labels, err = st.UnitLabels(a.ctx, d.Item.ID, d.Unit, me); err != nil {
			return adjDetailMsg{err: err}
		}
		if det.notes, err = st.Notes(a.ctx, d.Item.ID, me); err != nil {
			return adjDetailMsg{err: err}
		}
		if det.flags, err = st.Flags(a.ctx, d.Item.ID, me); err != nil {
			return adjDetailMsg{err: err}
		}
		err = a.kind().loadDisputed(a.ctx, st, d.Item.ID, det)
		return adjDetailMsg{detail: det, err: err}
	})
}

func (a *adjScreen) detailLoaded(msg adjDetailMsg) {
	if msg.err != nil {
		a.setStatus(msg.err.Error(), true)
		return
	}
	if len(a.units) > 0 && a.units[a.cur].Item.ID == msg.detail.itemID && a.units[a.cur].Unit == msg.detail.unit {
		a.detail = msg.detail
	}
}

// key handles a key on the adjudication screen.
func (a *adjScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	k := a.keys
	if a.reasoning {
		return a.reasonKey(msg)
	}
	if key.Matches(msg, k.Back) {
		a.setStatus("", false)
	}
	if cmd := screenKey(msg, k.sharedKeys, k.Back); cmd != nil {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Guide):
		if len(a.units) > 0 {
			return ask(openGuideMsg{step: stepOf(a.units[a.cur].Unit)})
		}
		return ask(openGuideMsg{})
	case key.Matches(msg, k.Decided):
		a.decided = !a.decided
		return a.load()
	}
	if len(a.units) == 0 {
		return nil
	}
	if a.protocol().TextMax(a.unit()) > 0 {
		return a.writtenKey(msg)
	}
	if v, ok := a.valueOfKey(msg.String()); ok {
		return a.decide(a.cur, intPtr(v), "")
	}
	if _, ok := digit(msg); ok {
		a.setStatus("not a point of this scale: "+a.decideText(), false)
		return nil
	}
	switch {
	case key.Matches(msg, k.Withdraw):
		if d := a.units[a.cur]; d.Decided == nil { // the store refuses it too (store.ErrNoDecision)
			a.setStatus(fmt.Sprintf("nothing to withdraw: %s of %s %d has no decision", d.Unit, a.itemNoun(), d.Item.Seq), false)
			return nil
		}
		return a.decide(a.cur, nil, "")
	case key.Matches(msg, k.Reason):
		return a.openReason()
	case key.Matches(msg, k.PageDown), key.Matches(msg, k.PageUp):
		d := scrollDelta(msg, key.Binding{}, key.Binding{}, k.PageUp, k.PageDown, max(1, a.height/2))
		a.scroll = min(max(a.scrollLo, a.scroll+d), a.scrollHi)
		return nil
	case key.Matches(msg, k.Next):
		return a.moveAdj(a.cur + 1)
	case key.Matches(msg, k.Prev):
		return a.moveAdj(a.cur - 1)
	}
	return nil
}

func intPtr(v int) *int { return &v }

func (a *adjScreen) moveAdj(i int) tea.Cmd {
	if i < 0 || i >= len(a.units) {
		a.setStatus("no more units that way", false)
		return nil
	}
	a.cur, a.scroll = i, 0
	a.setStatus("", false)
	return a.loadAdjDetail()
}

// openReason opens the reason prompt for the current unit if it is
// decided, else for the unit just decided (the screen has moved on to the
// next one by then).
func (a *adjScreen) openReason() tea.Cmd {
	a.reasonFor = a.cur
	if a.units[a.cur].Decided == nil {
		a.reasonFor = a.last
	}
	if a.reasonFor < 0 || a.units[a.reasonFor].Decided == nil {
		a.setStatus("decide first ("+a.decideText()+"), then r adds a reason", false)
		return nil
	}
	a.reasoning = true
	d := a.units[a.reasonFor]
	name := a.labelName(d.Unit, *d.Decided)
	if a.reasonFor != a.cur { // the screen shows another unit, whose sides may not be this one's
		name = a.lastName
	}
	a.input.Reset()
	a.input.Placeholder = fmt.Sprintf("why %s for %s of %s %d (enter saves, esc cancels)",
		name, d.Unit, a.itemNoun(), d.Item.Seq)
	return a.input.Focus()
}

// decide stores the decision on unit i (nil withdraws it); a new decision
// moves on to the next unit still waiting.
func (a *adjScreen) decide(i int, value *int, reason string) tea.Cmd {
	d := &a.units[i]
	d.Decided = value
	st, me, item, unit := a.cfg.Store, a.cfg.Annotator, d.Item.ID, d.Unit
	answer, written := a.answers[[2]any{item, unit}]
	save := a.work.do(func() tea.Msg {
		if written && value != nil {
			return savedMsg{what: "decision", err: st.AdjudicateText(a.ctx, item, unit, answer, me, reason)}
		}
		return savedMsg{what: "decision", err: st.Adjudicate(a.ctx, item, unit, value, me, reason)}
	})
	switch {
	case value == nil:
		a.setStatus("decision withdrawn: the unit waits again", false)
		return save
	case reason != "":
		a.setStatus("reason saved", false)
		return save
	}
	a.last, a.lastName = i, a.labelName(unit, *value)
	a.setStatus(fmt.Sprintf("%s of %s %d: %s (r adds a reason)", unit, a.itemNoun(), d.Item.Seq, a.lastName), false)
	for j := i + 1; j < len(a.units); j++ {
		if a.units[j].Decided == nil {
			a.cur, a.scroll = j, 0
			return tea.Sequence(save, a.loadAdjDetail())
		}
	}
	a.setStatus("decided; no unit after this one waits (k goes back, d shows decided units)", false)
	return save
}

// reasonKey edits the reason for the current decision.
func (a *adjScreen) reasonKey(msg tea.KeyPressMsg) tea.Cmd {
	if a.writing {
		return a.ownAnswerKey(msg)
	}
	return a.promptKey(msg, func(reason string) tea.Cmd {
		a.reasoning = false
		a.input.Blur()
		if reason == "" {
			return nil
		}
		return a.decide(a.reasonFor, a.units[a.reasonFor].Decided, reason)
	}, func() tea.Cmd {
		a.reasoning = false
		return nil
	})
}

// labelName is how the screen names a label of the unit: "2 Good", "4 Good"
// on a rating scale, "facet 3", or what the kind says (a comparison's
// "A better", as the adjudicator sees the outputs).
func (a *adjScreen) labelName(unit string, v int) string {
	if answer, ok := a.answers[[2]any{a.curItem(), unit}]; ok && a.protocol().TextMax(unit) > 0 {
		return "“" + display.Clean(answer) + "”" // as written: quoting Go's way would escape its quotes and backslashes
	}
	if k, ok := a.kind().(adjKeyer); ok {
		det := a.detail
		if det != nil && (len(a.units) == 0 || det.itemID != a.units[a.cur].Item.ID) {
			det = nil // another item's: its A is not this one's
		}
		return k.adjLabel(det, v)
	}
	return a.protocol().Describe(unit, v)
}

// valueOfKey is the label a key decides for the current unit: by its
// scale, or by its kind where what the key means changes from item to item.
func (a *adjScreen) valueOfKey(k string) (int, bool) {
	if kk, ok := a.kind().(adjKeyer); ok {
		if a.detail == nil || a.detail.itemID != a.units[a.cur].Item.ID {
			return 0, false // still loading: what A is is not known yet
		}
		return kk.adjValue(a.detail, k)
	}
	return a.protocol().ValueOfKey(a.units[a.cur].Unit, k)
}

// adjKeyer is a kind whose decisions are keyed by what is on screen, not by
// value: a comparison's 1 means "A better", a win or a loss by item.
type adjKeyer interface {
	adjValue(det *adjDetail, k string) (int, bool)
	adjLabel(det *adjDetail, v int) string
	decideKeys() []key.Binding
}

// decideText lists the keys that decide the unit on screen: "2 1 0",
// "1-5", "1 2 3".
func (a *adjScreen) decideText() string {
	var keys []string
	for _, b := range a.keys.decideKeys(a.kind(), a.protocol(), a.unit()) {
		keys = append(keys, b.Help().Key)
	}
	return strings.Join(keys, " ")
}

// itemNoun names the dataset's items.
func (a *adjScreen) itemNoun() string { return a.kind().noun() }

// stepOf is the guideline step of a unit.
func stepOf(unit string) string { return agreement.UnitType(unit) }
