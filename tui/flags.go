package tui

import (
	"cmp"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// flagsScreen lists the flags the annotator may see (every one for a lead
// or an adjudicator, else their own), standing ones only unless all is
// set; a reviewer upholds or clears the selected one with a reason, its
// author withdraws it. The store checks who may do which.
type flagsScreen struct {
	*session
	keys          flagsKeys
	width, height int

	rows      []store.FlagRow
	cursor    int
	all       bool
	ready     bool
	step      string // "uphold" or "clear" while its reason prompt is open
	reasoning bool
}

// flagsKeys are the keys of the flags screen.
type flagsKeys struct {
	Up, Down, Uphold, Clear, Withdraw, All, Close key.Binding
	sharedKeys
}

func defaultFlagsKeys() flagsKeys {
	return flagsKeys{
		Up:         bind([]string{"up", "k"}, "↑/k", "up"),
		Down:       bind([]string{"down", "j"}, "↓/j", "down"),
		Uphold:     bind([]string{"u"}, "u", "uphold"),
		Clear:      bind([]string{"c"}, "c", "clear"),
		Withdraw:   bind([]string{"w"}, "w", "withdraw mine"),
		All:        bind([]string{"a"}, "a", "all / standing"),
		Close:      bind([]string{"esc", "F"}, "esc", "back"),
		sharedKeys: defaultSharedKeys(),
	}
}

// boundBy is the flags' key map with the global actions where the config
// binds them (bindGlobal): quitting, help and moving the cursor.
func (k flagsKeys) boundBy(c *KeyConfig) flagsKeys {
	own := []key.Binding{k.Uphold, k.Clear, k.Withdraw, k.All, k.Close}
	c.bindGlobal(own, append(k.globals(), action{"up", &k.Up}, action{"down", &k.Down})...)
	return k
}

func newFlagsScreen(s *session) *flagsScreen {
	return &flagsScreen{session: s, keys: defaultFlagsKeys().boundBy(s.cfg.Keys)}
}

func (f *flagsScreen) SetSize(width, height int) tea.Cmd {
	f.width, f.height = width, height
	return nil
}

func (f *flagsScreen) ShortHelp() []key.Binding {
	if f.reasoning {
		return f.promptKeys.ShortHelp()
	}
	k := f.keys
	return []key.Binding{k.Up, k.Down, k.Uphold, k.Clear, k.Withdraw, k.All, k.Close, k.Help, k.Quit}
}

func (f *flagsScreen) FullHelp() [][]key.Binding {
	k := f.keys
	return [][]key.Binding{{k.Up, k.Down, k.All}, {k.Uphold, k.Clear, k.Withdraw}, {k.Close, k.Help, k.Quit}}
}

// Update takes the screen's keys and the results of its reads and writes.
func (f *flagsScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case flagsLoadedMsg:
		f.loaded(msg)
	case flagReviewedMsg:
		return f.reviewed(msg)
	case tea.KeyPressMsg:
		return f.key(msg)
	}
	return nil
}

// flagsLoadedMsg carries the flags list.
type flagsLoadedMsg struct {
	rows []store.FlagRow
	err  error
}

// flagReviewedMsg says a review step committed (or why not).
type flagReviewedMsg struct {
	id   int64
	step string
	err  error
}

// open shows the flags from the first.
func (f *flagsScreen) open() tea.Cmd {
	f.cursor = 0
	return f.load()
}

func (f *flagsScreen) load() tea.Cmd {
	f.ready = false
	st, who, ctx, filter := f.cfg.Store, f.cfg.Annotator, f.ctx, store.FlagFilter{DatasetID: f.cfg.Dataset.ID, All: f.all}
	return f.work.do(func() tea.Msg {
		rows, err := st.ListFlags(ctx, who, filter)
		return flagsLoadedMsg{rows: rows, err: err}
	})
}

func (f *flagsScreen) loaded(msg flagsLoadedMsg) {
	if msg.err != nil {
		f.setStatus(msg.err.Error(), true)
		return
	}
	f.rows, f.ready = msg.rows, true
	f.cursor = min(f.cursor, max(0, len(f.rows)-1))
}

func (f *flagsScreen) reviewed(msg flagReviewedMsg) tea.Cmd {
	if msg.err != nil {
		text := msg.err.Error()
		if errors.Is(msg.err, store.ErrNotAllowed) {
			text = "not allowed: " + text
		}
		f.setStatus(text, true)
		return nil
	}
	f.setStatus(fmt.Sprintf("flag %d: %s", msg.id, store.FlagStatusAfter(msg.step)), false)
	return f.load()
}

func (f *flagsScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	k := f.keys
	if f.reasoning {
		return f.reasonKey(msg)
	}
	if cmd := screenKey(msg, k.sharedKeys, k.Close); cmd != nil {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Down):
		f.cursor = min(f.cursor+1, max(0, len(f.rows)-1))
	case key.Matches(msg, k.Up):
		f.cursor = max(f.cursor-1, 0)
	case key.Matches(msg, k.All):
		f.all = !f.all
		return f.load()
	case key.Matches(msg, k.Uphold), key.Matches(msg, k.Clear):
		if len(f.rows) == 0 {
			return nil
		}
		f.step, f.reasoning = "uphold", true
		if key.Matches(msg, k.Clear) {
			f.step = "clear"
		}
		f.input.Reset()
		f.input.Placeholder = "why " + f.step + " it? (enter saves, esc cancels)"
		return f.input.Focus()
	case key.Matches(msg, k.Withdraw):
		if len(f.rows) == 0 {
			return nil
		}
		return f.review(f.rows[f.cursor].ID, "withdraw", "")
	}
	return nil
}

// reasonKey edits the reason of an uphold or clear; enter applies it.
func (f *flagsScreen) reasonKey(msg tea.KeyPressMsg) tea.Cmd {
	return f.promptKey(msg, func(reason string) tea.Cmd {
		if reason == "" {
			f.setStatus("say why: a review needs a reason", true)
			return nil
		}
		f.reasoning = false
		f.input.Blur()
		return f.review(f.rows[f.cursor].ID, f.step, reason)
	}, func() tea.Cmd {
		f.reasoning = false
		f.setStatus("nothing changed", false)
		return nil
	})
}

func (f *flagsScreen) review(id int64, step, reason string) tea.Cmd {
	st, who, ctx := f.cfg.Store, f.cfg.Annotator, f.ctx
	return f.work.do(func() tea.Msg {
		return flagReviewedMsg{id: id, step: step, err: st.ReviewFlag(ctx, who, id, step, reason)}
	})
}

// View draws the list, the selected flag's note and review below it.
func (f *flagsScreen) Layout() []string {
	s := f.styles
	which := "standing"
	if f.all {
		which = "all"
	}
	lines := []string{display.FitWords(s.Title.Render(fmt.Sprintf(" Flags · %d %s", len(f.rows), which))+
		s.Dim.Render("  u upholds · c clears (leads, adjudicators) · w withdraws your own"), f.width)}
	switch {
	case !f.ready && len(f.rows) == 0:
		return append(lines, s.Dim.Render("loading…"))
	case len(f.rows) == 0:
		return append(lines, "", "No flags.")
	}
	if f.reasoning {
		lines = append(lines, f.input.View())
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf("  %5s  %-9s  %-13s  %-12s  %s", "id", "status", "reason", "by", f.kind().topic())))
	for i, r := range f.rows {
		line := fmt.Sprintf("%5d  %-9s  %-13s  %-12s  %s", r.ID, r.Status, r.Reason, ansi.Truncate(display.Clean(r.Author), 12, "…"), display.Field(r.Query))
		if i == f.cursor {
			lines = append(lines, display.FitWords(s.Cursor.Render("▸ ")+s.Title.Render(line), f.width))
			continue
		}
		lines = append(lines, display.FitWords("  "+line, f.width))
	}
	r := f.rows[f.cursor]
	lines = append(lines, "")
	lines = append(lines, wrap(s.Dim.Render("note: ")+display.Clean(cmp.Or(r.Note, "—")), f.width, "")...)
	if r.Reviewer != "" {
		lines = append(lines, wrap(s.Dim.Render(r.Status+" by ")+display.Clean(r.Reviewer)+s.Dim.Render(": ")+display.Clean(r.Review)+
			s.Dim.Render(" ("+r.Reviewed+")"), f.width, "")...)
	}
	return lines
}
