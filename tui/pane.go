package tui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// The side pane (tab) shows the dataset's agreement and progress and the
// annotator's own pace. It is computed off the UI thread, in its own
// command rather than on the write worker, so a big dataset's report never
// holds up a keyed label; one computation runs at a time, and a request
// made while one runs is served by another once it ends.
type paneState struct {
	visible   bool
	top       int  // the first line shown, where the pane covers the screen and is taller
	ticking   bool // a poll for others' changes is scheduled
	computing bool
	dirty     bool       // asked again while computing
	stats     *paneStats // nil until the first computation ends
}

// paneStats is one computation's result.
type paneStats struct {
	types    []agreement.TypeReport  // per unit type, then pooled
	ratings  *report.RatingStats     // a conversation dataset's Table 1
	bench    []report.RunScore       // the dataset's benchmark runs
	compare  *report.ComparisonScore // a compare dataset's gold verdicts
	hidden   int                     // runs left out: the annotator judges here
	hideComp bool                    // the systems' table left out, for the same reason
	mark     store.ChangeMark        // the labels and decisions it rests on
	progress store.DatasetProgress
	done     int           // the annotator's finished HITs
	perHIT   time.Duration // median time on screen per finished HIT; 0 if unknown
	at       time.Time
	err      error
}

// paneMsg carries a computed pane.
type paneMsg struct{ stats *paneStats }

// Pane widths: beside the HIT when the terminal is wide enough, else the
// pane takes the HIT's place until tab hides it again.
const (
	paneWidth     = 29
	paneMinMain   = 46 // narrowest HIT column the pane may leave
	paneSeparator = " │"
)

func (m *Model) togglePane() tea.Cmd {
	m.pane.visible = !m.pane.visible
	return tea.Batch(m.refreshPane(), m.schedulePoll())
}

type (
	paneTickMsg struct{}
	paneMarkMsg struct {
		mark store.ChangeMark
		err  error
	}
)

func (m *Model) schedulePoll() tea.Cmd {
	if !m.pane.visible || m.pane.ticking || m.cfg.PanePoll <= 0 {
		return nil
	}
	m.pane.ticking = true
	return tea.Tick(m.cfg.PanePoll, func(time.Time) tea.Msg { return paneTickMsg{} })
}

// paneTick reads the change mark off the UI thread.
func (m *Model) paneTick() tea.Cmd {
	m.pane.ticking = false
	if !m.pane.visible {
		return nil
	}
	ctx, st := m.ctx, m.cfg.Store
	return func() tea.Msg {
		mark, err := st.Changes(ctx)
		return paneMarkMsg{mark, err}
	}
}

// paneMarked recomputes the pane when something changed since it was
// computed, and schedules the next look.
func (m *Model) paneMarked(msg paneMarkMsg) tea.Cmd {
	var refresh tea.Cmd
	if p := m.pane.stats; msg.err == nil && p != nil && p.mark != msg.mark {
		refresh = m.refreshPane()
	}
	return tea.Batch(refresh, m.schedulePoll())
}

// refreshPane recomputes the pane if it is shown.
func (m *Model) refreshPane() tea.Cmd {
	p := &m.pane
	if !p.visible {
		return nil
	}
	if p.computing {
		p.dirty = true
		return nil
	}
	p.computing = true
	ctx, st, ds, an, now := m.ctx, m.cfg.Store, m.cfg.Dataset, m.cfg.Annotator, m.cfg.Now
	set := m.cfg.Kinds
	// The figures are read after every write queued before this request
	// (the HIT's last step event among them) has committed, but off the
	// worker, so a big dataset's report never delays a keyed label.
	writes := m.work.drained()
	return func() tea.Msg {
		<-writes
		return paneMsg{computePane(ctx, st, ds, set, an, now)}
	}
}

// paneDoneMoved says whether the annotator's finished HITs, as the store
// counts them now, are not what the pane shows: a changed answer or an
// undo opened a finished HIT again.
func (m *Model) paneDoneMoved(p *hitProgress) bool {
	return p != nil && m.pane.stats != nil && m.pane.stats.done != p.done
}

func (m *Model) paneComputed(msg paneMsg) tea.Cmd {
	p := &m.pane
	p.computing, p.stats = false, msg.stats
	if p.dirty {
		p.dirty = false
		return m.refreshPane()
	}
	return nil
}

// computePane gathers the pane's numbers from the store's reading for
// figures, which leaves out the items the annotator may still be given:
// others' labels on them must not reach the annotator in any form before
// they have finished. runs are those ds's kind takes, with their scorers.
func computePane(ctx context.Context, st *store.Store, ds store.Dataset, set Kinds, an store.Annotator, now func() time.Time) *paneStats {
	runs := set.Runs(ds.Kind)
	ps := &paneStats{}
	datasetID, annotatorID := ds.ID, an.ID
	mark, err := st.Changes(ctx)
	if err != nil {
		ps.err = err
		return ps
	}
	ps.mark = mark
	r, err := st.ReadFigures(ctx, an, datasetID)
	if err != nil {
		ps.err = err
		return ps
	}
	defer r.Close()
	// The kept table of count patterns, not every label: its cost grows
	// with the distinct patterns, so a refresh stays fast at millions.
	rep, err := report.KeptReport(ctx, r, agreement.Options{})
	if err != nil {
		ps.err = err
		return ps
	}
	ps.types = rep.Rows()
	if ps.ratings, err = set.Ratings(ctx, r, ds); err != nil {
		ps.err = err
		return ps
	}
	if ps.bench, ps.compare, err = report.ScoreDataset(ctx, r, ds, runs, report.ScoreOptions{}); err != nil {
		ps.err = err
		return ps
	}
	// A judge who sees the systems' running scores while judging their
	// outputs judges differently: while the reading leaves out items the
	// annotator may still be given (a lead: has open), the pane gives
	// progress only. So opening a HIT changes nothing the pane shows.
	if hides, err := r.HidesAny(ctx); err != nil {
		ps.err = err
		return ps
	} else if hides {
		ps.bench, ps.hidden = nil, len(ps.bench)
		ps.compare, ps.hideComp = nil, ps.compare != nil
	}
	if ps.progress, err = st.DatasetProgress(ctx, datasetID, annotatorID); err != nil {
		ps.err = err
		return ps
	}
	times, err := st.HITTimes(ctx, datasetID, annotatorID)
	if err != nil {
		ps.err = err
		return ps
	}
	ps.perHIT = median(times)
	ps.done, _, err = st.Progress(ctx, datasetID, annotatorID)
	ps.err, ps.at = err, now()
	return ps
}

// short writes a count so that it fits the pane's narrow columns whole
// rather than cut: exact below 10,000, then in thousands or millions,
// rounded down (305,638 is 305k, 1,377,402 is 1.3M), so a figure never
// shows more than there is.
func short(n int) string {
	switch {
	case n < 10_000:
		return fmt.Sprint(n)
	case n < 1_000_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprintf("%d.%dM", n/1_000_000, n/100_000%10)
}

// median of durations (the mean of the middle two for an even count), so a
// HIT left open over lunch does not make the pace meaningless.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// paneSide reports whether the pane sits beside the HIT (true) or, on a
// narrow terminal, in its place.
func (m *Model) paneSide() bool {
	return m.width >= paneWidth+lipgloss.Width(paneSeparator)+paneMinMain
}

// paneShown reports whether the current screen shows the pane.
func (m *Model) paneShown() bool {
	return m.pane.visible && m.screen == screenHIT && !m.pagerOpen()
}

// paneCovers reports whether the pane is shown in the HIT's place (a
// narrow terminal): the HIT's keys then do nothing.
func (m *Model) paneCovers() bool {
	return m.paneShown() && !m.paneSide()
}

// mainWidth is the width the HIT may use.
func (m *Model) mainWidth() int {
	if m.paneShown() && m.paneSide() {
		return m.width - paneWidth - lipgloss.Width(paneSeparator)
	}
	return m.width
}

// withPane lays the pane beside (or instead of) the screen's middle rows.
func (m *Model) withPane(rows []string) []string {
	if !m.paneShown() {
		return rows
	}
	pane := m.paneWindow(m.paneLines(), len(rows))
	if !m.paneSide() {
		return pane
	}
	w := m.mainWidth()
	sep := m.styles.Dim.Render(paneSeparator)
	out := make([]string, len(rows))
	for i, r := range rows {
		r = ansi.Truncate(r, w, "…")
		out[i] = r + strings.Repeat(" ", max(0, w-lipgloss.Width(r))) + sep + ansi.Truncate(pane[i], paneWidth, "…")
	}
	return out
}

// paneWindow is as much of the pane as rows show, with a marker line for
// what is hidden above or below: where the pane covers the screen, j, k,
// pgdn and pgup scroll it (paneKey); beside the HIT, a taller window or
// tab (the pane alone, on a narrow one) shows the rest.
func (m *Model) paneWindow(lines []string, rows int) []string {
	if len(lines) <= rows || rows < 3 {
		m.pane.top = 0
		return fitLines(lines, rows)
	}
	up, down := m.hit.scrollHints(false) // the HIT screen's scroll keys scroll it (paneKey)
	if m.paneSide() {
		m.pane.top = 0
		up, down = "a taller window", "a taller window"
	}
	m.pane.top = min(m.pane.top, pagerMaxTop(len(lines), rows))
	dim := func(s string) string { return m.styles.Dim.Render(ansi.Truncate(s, paneWidth, "…")) }
	var out []string
	room := rows
	if m.pane.top > 0 {
		out = append(out, dim(fmt.Sprintf(" ↑ %d more (%s)", m.pane.top, up)))
		room--
	}
	if m.pane.top+room >= len(lines) {
		return fitLines(append(out, lines[m.pane.top:]...), rows)
	}
	room--
	out = append(out, lines[m.pane.top:m.pane.top+room]...)
	return append(out, dim(fmt.Sprintf(" ↓ %d more (%s)", len(lines)-m.pane.top-room, down)))
}

// paneKey scrolls the pane where it covers the screen; ok is false for a
// key that is not a scroll key.
func (m *Model) paneKey(msg tea.KeyPressMsg) bool {
	k := m.hit.keys
	if !key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown) {
		return false
	}
	rows := max(1, m.bodyRows)
	m.pane.top = max(0, m.pane.top+scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, max(1, rows/2)))
	return true
}

// paneLines is the pane's text.
func (m *Model) paneLines() []string {
	s, p := m.styles, m.pane.stats
	lines := []string{s.Brand.Render(" agreement") + s.Dim.Render(" · live")}
	switch {
	case p == nil:
		return append(lines, s.Dim.Render(" computing…"))
	case p.err != nil:
		return append(lines, wrap(s.Error.Render(p.err.Error()), paneWidth, " ")...)
	}
	// A nominal kind's labels (yes, no, a facet) have no order to weigh.
	nominal, alphaName := m.protocol().Nominal, "ordinal"
	if nominal {
		alphaName = "nominal"
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-10s %5s %5s %5s", "labels", "κ", "α", "units")))
	withheld := false
	for _, t := range p.types {
		name := ansi.Truncate(strings.ReplaceAll(t.Type, "_", " "), 10, "")
		style := s.Text
		if t.Type == "pooled" {
			style = s.Title
		}
		alpha := t.AlphaOrdinal
		if nominal {
			alpha = t.AlphaNominal
		}
		if t.Withheld != "" {
			withheld = true
			lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-10s %5s %5s %5s", name, few(t.Withheld), "", short(t.Items))))
			continue
		}
		lines = append(lines, style.Render(fmt.Sprintf(" %-10s %5s %5s %5s", name, coef(t.FleissKappa), coef(alpha), short(t.Items))))
	}
	lines = append(lines, s.Dim.Render(" κ Fleiss · α Kripp. "+alphaName))
	lines = append(lines, undefinedNotes(s, p.types)...)
	if withheld {
		lines = append(lines, s.Dim.Render(" <n: too few items to show"))
	}
	lines = append(lines, "")
	items := m.kind().noun() + "s complete"
	if pn, ok := m.kind().(paneNouner); ok {
		items = pn.paneNoun() + " complete"
	}
	if p.ratings != nil {
		lines = append(append(lines, ratingLines(s, p.ratings)...), "")
		items = "convs complete"
	}
	if len(p.bench) > 0 {
		lines = append(append(lines, benchLines(s, p.bench)...), "")
	}
	if p.compare != nil {
		lines = append(append(lines, compareLines(s, p.compare)...), "")
	}
	if p.hidden > 0 || p.hideComp {
		what := []string{}
		if p.hidden > 0 {
			what = append(what, display.Count(p.hidden, "run", "runs"))
		}
		if p.hideComp {
			what = append(what, "systems")
		}
		lines = append(lines, s.Brand.Render(" benchmark")+s.Dim.Render(" · "+strings.Join(what, ", ")),
			s.Dim.Render(" scores show once you can"), s.Dim.Render(" be given no more HITs here"), "")
	}
	lines = append(lines,
		s.Text.Render(fmt.Sprintf(" %-14s %s / %s", items, short(p.progress.Complete), short(p.progress.Items))),
		s.Text.Render(fmt.Sprintf(" %-14s %s", "to adjudicate", display.Count(p.progress.Adjudication, "unit", "units"))),
		"", s.Title.Render(" you · "+display.Clean(m.cfg.Annotator.Name)),
		s.Text.Render(fmt.Sprintf(" %-14s %s / %s", "HITs done", short(p.done), short(p.progress.Items))))
	if p.perHIT >= time.Second {
		lines = append(lines,
			s.Text.Render(fmt.Sprintf(" %-14s %s", "time per HIT", p.perHIT.Round(time.Second))),
			s.Text.Render(fmt.Sprintf(" %-14s %.0f / hour", "pace", float64(time.Hour)/float64(p.perHIT))))
	}
	return append(lines, "", s.Dim.Render(" updated "+p.at.Format("15:04:05")+" · "+hintKey(m.hit.keys.Pane)+" hides"))
}

// undefinedNotes say under the pane's κ and α why a row's are "—", a line
// (wrapped) per reason, short (before its colon): "— need: no variation".
func undefinedNotes(s Styles, types []agreement.TypeReport) []string {
	var reasons []string
	rows := map[string][]string{}
	for _, t := range types {
		if t.Withheld != "" || t.Undefined == "" {
			continue
		}
		why, _, _ := strings.Cut(t.Undefined, ":")
		if rows[why] == nil {
			reasons = append(reasons, why)
		}
		rows[why] = append(rows[why], strings.ReplaceAll(display.Clean(t.Type), "_", " "))
	}
	var out []string
	for _, why := range reasons {
		for _, l := range labelled(wrap(strings.Join(rows[why], ", ")+": "+why, paneWidth, "   "), " — ") {
			out = append(out, s.Dim.Render(l))
		}
	}
	return out
}

// ratingLines is a ratings table (ClariMM's Table 1) in the pane's width:
// mean, population std and median of every rating of each unit, and their
// number, each unit by its step's short name.
func ratingLines(s Styles, r *report.RatingStats) []string {
	lines := []string{s.Brand.Render(" ratings") + s.Dim.Render(" · Table 1"),
		s.Dim.Render(fmt.Sprintf(" %-9s %4s %4s %3s %4s", "", "mean", "std", "med", "n"))}
	for _, m := range r.Metrics {
		name := ansi.Truncate(m.Short(), 9, "")
		if m.Withheld != "" {
			lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-9s %4s %4s %3s %4d", name, few(m.Withheld), "", "", m.N)))
			continue
		}
		if m.N == 0 || m.Mean == nil {
			lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-9s %4s %4s %3s %4d", name, "—", "—", "—", m.N)))
			continue
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf(" %-9s %4.2f %4.2f %3.1f %4d", name, *m.Mean, *m.Std, *m.Median, m.N)))
	}
	return lines
}

// coef prints a coefficient to two places (claritty agree gives more), or
// — when it is undefined.
func coef(v agreement.Value) string {
	if !v.Defined {
		return "—"
	}
	return fmt.Sprintf("%.2f", v.V)
}

// benchLines is the leaderboard in the pane's width: nugget runs as the
// Clarify-Then-Search table (best mean first), other runs two figures a
// line; n/total* marks figures that rest on items not wholly judged.
func benchLines(s Styles, runs []report.RunScore) []string {
	lines := []string{s.Brand.Render(" benchmark") + s.Dim.Render(" · gold so far")}
	var nuggets, others []report.RunScore
	for _, r := range runs {
		if r.Kind == store.RunNuggets {
			nuggets = append(nuggets, r)
		} else {
			others = append(others, r)
		}
	}
	if len(nuggets) > 0 {
		slices.SortStableFunc(nuggets, func(a, b report.RunScore) int { return report.CompareMean(b, a) })
		lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-7s%6s%6s%6s %s", "system", "mean", "p50", "p90", "n")))
		for _, r := range nuggets {
			row := fmt.Sprintf(" %-7s%6s%6s%6s %s", ansi.Truncate(display.Clean(r.Name), 7, "…"),
				r.Metric[0].Value.Format(1), r.Metric[1].Value.Format(1), r.Metric[2].Value.Format(1), paneN(r))
			if r.Withheld != "" {
				row = fmt.Sprintf(" %-7s%6s%6s%6s %s", ansi.Truncate(display.Clean(r.Name), 7, "…"), few(r.Withheld), "", "", paneN(r))
			}
			lines = append(lines, s.Text.Render(row))
			lines = append(lines, goldLine(s, r.Gold)...)
		}
	}
	for _, r := range others {
		lines = append(lines, s.Title.Render(" "+ansi.Truncate(display.Clean(r.Name), paneWidth-10, "…"))+s.Dim.Render(" n "+paneN(r)))
		if r.Withheld != "" {
			lines = append(lines, s.Dim.Render(" "+ansi.Truncate(r.Withheld, paneWidth-1, "…")))
			continue
		}
		lines = append(lines, metricLines(s, r.Metric)...)
		lines = append(lines, assignmentPaneLines(s, r.Name, r.Assignments)...)
		if len(r.Metric) == 0 { // no pooled figure (types of other scales): each type's own
			for _, t := range r.ByType {
				lines = append(lines, s.Dim.Render(" "+t.Type+" n "+t.NText()))
				if t.Withheld != "" {
					lines = append(lines, s.Dim.Render(" "+ansi.Truncate(t.Withheld, paneWidth-1, "…")))
					continue
				}
				lines = append(lines, metricLines(s, t.Metrics())...)
			}
		}
		lines = append(lines, baselinePaneLines(s, r.Baseline)...)
		if o := r.BothOrders; o != nil {
			lines = append(lines, s.Dim.Render(fmt.Sprintf(" order flips %d of %d", o.Flips, o.Pairs)))
		}
		lines = append(lines, arenaPaneLines(s, r.ArenaJudgments)...)
		lines = append(lines, goldLine(s, r.Gold)...)
	}
	for _, r := range runs {
		if !r.Complete {
			return append(lines, s.Dim.Render(" * some items not judged yet"))
		}
	}
	return lines
}

// arenaPaneLines say by which rule a judge run's arena judgments were
// read and how many lines it dropped, as bench's line does, short.
func arenaPaneLines(s Styles, a *report.ArenaJudgments) []string {
	if a == nil {
		return nil
	}
	var rule string
	switch store.ArenaRule(a.Rule) {
	case store.ArenaBothGames:
		rule = " rule: both games scored"
	case store.ArenaOneGame:
		rule = " rule: one game is enough"
	default:
		return []string{s.Dim.Render(" rule: not recorded")}
	}
	return []string{s.Dim.Render(rule), s.Dim.Render(fmt.Sprintf(" dropped %d of %s", *a.Dropped, display.Count(*a.Lines, "line", "lines")))}
}

// metricLines are figures two a line.
func metricLines(s Styles, ms []bench.Metric) []string {
	var lines []string
	for i := 0; i < len(ms); i += 2 {
		var cells []string
		for _, x := range ms[i:min(i+2, len(ms))] {
			cells = append(cells, fmt.Sprintf("%-6s%6s", shortMetric(x.Name), x.Value.Format(3)))
		}
		lines = append(lines, s.Text.Render(" "+strings.Join(cells, "  ")))
	}
	return lines
}

// goldLine says what a run's gold is, wrapped to the pane: settled,
// provisional (not scored here) and missing. A questions run has none.
func goldLine(s Styles, b *report.GoldBasis) []string {
	if b == nil {
		return nil
	}
	return wrap(s.Dim.Render("gold "+b.Short()), paneWidth, " ")
}

// shortMetric is a metric's name in six cells, so two fit a pane line with
// a space before each value ("accuracy" ran into its figure).
func shortMetric(name string) string {
	if s, ok := shortMetrics[name]; ok {
		return s
	}
	return ansi.Truncate(name, 6, "")
}

var shortMetrics = map[string]string{"accuracy": "acc", "macro_f1": "F1", "kappa": "κ", "token_f1": "tok F1",
	"token_precision": "tok P", "token_recall": "TF", "strict_vital": "sVital", "strict_all": "sAll"}

// baselinePaneLines say, per label type, where a run's kappa with the
// gold stands among the people's kappas with the others' majority; κw
// marks a quadratic-weighted kappa (an ordinal scale).
func baselinePaneLines(s Styles, bs []report.HumanBaseline) []string {
	var lines []string
	frac := func(v bench.Value) string { return strings.Replace(v.Format(2), "0.", ".", 1) }
	for _, b := range bs {
		standing := b.Standing
		if standing == "" {
			standing = "–"
		}
		kappa := "κ" // the leaderboard's κ above is unweighted; name a weighted one apart
		if b.Weighted {
			kappa = "κw"
		}
		lines = append(lines, s.Dim.Render(ansi.Truncate(" vs people: "+standing+" · "+b.Type, paneWidth, "…")),
			s.Text.Render(ansi.Truncate(fmt.Sprintf("  %s %s, people %s–%s", kappa, frac(b.Run), frac(b.Lowest), frac(b.Highest)), paneWidth, "…")))
	}
	return lines
}

// compareLines is a compare dataset's gold table in the pane's width:
// each pair of systems' win, tie and lose shares from the first's side,
// the left-hand position's share of decisive verdicts, and the
// Bradley–Terry order. The intervals are for claritty bench.
func compareLines(s Styles, c *report.ComparisonScore) []string {
	lines := []string{s.Brand.Render(" systems") + s.Dim.Render(" · gold so far")}
	if len(c.Pairs) > 0 {
		lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-11s %3s %3s %4s %3s", "pair", "win", "tie", "lose", "n")))
	}
	frac := func(v bench.Share) string { return strings.TrimPrefix(v.P.Format(2), "0") }
	for _, p := range c.Pairs {
		pair := ansi.Truncate(display.Clean(p.First)+"–"+display.Clean(p.Second), 11, "…")
		if why := c.Withheld.Pairs[[2]string{p.First, p.Second}]; why != "" {
			lines = append(lines, s.Dim.Render(fmt.Sprintf(" %-11s %3s %3s %4s %3s", pair, few(why), "", "", short(p.Comparisons))))
			continue
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf(" %-11s %3s %3s %4s %3s", pair, frac(p.Win), frac(p.Tie),
			frac(p.Lose), short(p.Comparisons))))
	}
	if why := c.Withheld.NoVerdicts; why != "" {
		lines = append(lines, wrap(s.Dim.Render("no verdicts: "+why), paneWidth, " ")...)
	}
	if c.Withheld.Bias != "" {
		lines = append(lines, s.Dim.Render(ansi.Truncate(" left-side share "+c.Withheld.Bias, paneWidth, "…")))
	} else if b := c.PositionBias; b.N > 0 {
		lines = append(lines, s.Dim.Render(fmt.Sprintf(" left won %s of %s (%s)", short(b.K), short(b.N), frac(b))))
	}
	return append(append(lines, rankingPaneLines(s, c.Comparison)...), goldLine(s, &c.Gold)...)
}

// rankingPaneLines are the Bradley–Terry ranking, best first, each
// strength with its 95% bootstrap interval, or, for a system with no
// finite strength, whether it won or lost every game; how many resamples
// the intervals rest on, and how many pairs of systems they separate.
func rankingPaneLines(s Styles, c bench.Comparison) []string {
	if len(c.Ranking) == 0 {
		return nil
	}
	lines := []string{s.Dim.Render(" Bradley–Terry, 95% CI")}
	if !c.Finite() {
		lines = append(lines, s.Dim.Render(" NO FINITE FIT: by group"))
	}
	for _, g := range c.Groups {
		if !g.Converged {
			lines = append(lines, s.Dim.Render(" NOT CONVERGED"))
			break
		}
	}
	frac2 := func(x float64) string { return strings.TrimPrefix(strconv.FormatFloat(x, 'f', 2, 64), "0") }
	for _, r := range c.Ranking {
		name := ansi.Truncate(display.Clean(r.System), 11, "…")
		if !c.Finite() {
			name = ansi.Truncate(fmt.Sprintf("%d %s", r.Group+1, display.Clean(r.System)), 11, "…")
		}
		var fig string
		switch {
		case !r.Score.Defined && r.Wins == float64(r.Games):
			fig = "won all"
		case !r.Score.Defined && r.Wins == 0:
			fig = "won none"
		case !r.Score.Defined:
			fig = "no fit"
		case r.Low.Defined:
			fig = frac2(r.Score.X) + " " + frac2(r.Low.X) + "–" + frac2(r.High.X)
		default: // every resample dropped: no interval
			fig = frac2(r.Score.X) + " –"
		}
		lines = append(lines, s.Text.Render(fmt.Sprintf(" %-11s %s", name, fig)))
	}
	if b := c.Bootstrap; b.Replicates > 0 {
		sep := c.Separability
		lines = append(lines, s.Dim.Render(fmt.Sprintf(" resamples %d of %d", b.Used, b.Replicates)),
			s.Dim.Render(fmt.Sprintf(" separable %d of %s", sep.Separated, display.Count(sep.Pairs, "pair", "pairs"))))
	}
	return lines
}

// few is a withheld figure in a pane's narrow column: "< 5 panes" is
// "< 5", and one waiting for the reader's first work is "–".
func few(why string) string {
	if f := strings.Fields(why); len(f) >= 2 && f[0] == "<" {
		return "<" + f[1]
	}
	return "–"
}

// paneN is a run's n, starred while some of it waits for gold.
func paneN(r report.RunScore) string {
	if r.Complete {
		return fmt.Sprint(r.Items)
	}
	return fmt.Sprint(r.Items, "*")
}
