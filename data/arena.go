package data

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// KindArenaJudgments is bench add's kind for an LLM judge's verdicts in
// arena-hard-auto's judgment files (lmarena/arena-hard-auto): one JSON line
// per question and model, {"uid", "model", "baseline", "games": [game 1, game
// 2]}, game 1 showing the baseline as A and the model as B, game 2 the
// other way round, each {"score": "A>B" | "A>>B" | "A=B" | "B>A" | "B>>A" |
// … | null} or null; other fields are not read. gen_judgment.py writes both
// games always, so "games" of any other length is refused. Each line is a compare pair of the
// dataset (its request id uid, its systems model and baseline). The run's
// verdict is the two games' together: the model's mean score over the
// games scored (1 better, ½ tie, 0 worse; arena-hard's heavier weight for
// ">>" aside), a win above ½, a tie at ½. A line counts only when both its
// games are scored, as arena-hard-auto's show_result reads judgments since
// v2.0 (a judgment with either game null is dropped); RunOptions.OneGame
// takes the older rule, a line with one game scored counting by that game
// (show_result before v2.0 weighed an unscored game 0). How many pairs
// were judged in both orders, and in how many the verdict changed with the
// order, are kept with the run: its flip rate; so are the rule that read
// the file and how many lines it dropped.
const KindArenaJudgments store.RunKind = "arena-judgments"

type arenaLine struct {
	UID      json.RawMessage `json:"uid"`
	Model    *string         `json:"model"`
	Baseline *string         `json:"baseline"`
	Games    *[]*arenaGame   `json:"games"`
}

// arenaGame is one game of a judgment: null, or its score (null when the
// judge gave none).
type arenaGame struct {
	Score *string `json:"score"`
}

// arenaA is each score's verdict for A: 1 A better, ½ a tie, 0 B better.
var arenaA = map[string]float64{"A>B": 1, "A>>B": 1, "B<A": 1, "B<<A": 1, "A=B": 0.5, "B=A": 0.5,
	"A<B": 0, "A<<B": 0, "B>A": 0, "B>>A": 0}

// arenaVerdict is one line's pair and the model's score in each game
// scored (game 1 with the baseline as A, game 2 with the model as A; -1
// when a game has no score).
type arenaVerdict struct {
	request, model, baseline string
	scores                   [2]float64
}

func parseArena(line []byte) (arenaVerdict, error) {
	var v arenaVerdict
	var l arenaLine
	if err := json.Unmarshal(line, &l); err != nil {
		return v, fmt.Errorf("not an arena-hard judgment: %s", jsonProblem(err))
	}
	var err error
	if v.request, err = idText(l.UID, "uid"); err != nil {
		return v, err
	}
	switch {
	case l.Model == nil || l.Baseline == nil:
		return v, fmt.Errorf("request %q: model and baseline name the pair; one is missing", v.request)
	case *l.Model == *l.Baseline:
		return v, fmt.Errorf("request %q: model and baseline are both %q", v.request, *l.Model)
	case l.Games == nil || len(*l.Games) != 2:
		return v, fmt.Errorf("request %q: %s; a judgment has two games, the baseline as A and then the model as A "+
			"(a game the judge did not score is null, or has \"score\": null)", v.request, gamesGiven(l.Games))
	}
	v.model, v.baseline = *l.Model, *l.Baseline
	v.scores = [2]float64{-1, -1}
	for i, g := range *l.Games {
		if g == nil || g.Score == nil {
			continue // the judge gave no score: arena-hard drops it too
		}
		a, ok := arenaA[strings.TrimSpace(*g.Score)]
		if !ok {
			return v, fmt.Errorf("request %q: game %d: score %q is none of arena-hard's (A>B, A>>B, A=B, B>A, B>>A …)", v.request, i+1, *g.Score)
		}
		if i == 0 {
			v.scores[0] = 1 - a // the model is B
		} else {
			v.scores[1] = a
		}
	}
	return v, nil
}

// gamesGiven says what a judgment's "games" is when it is not two games.
func gamesGiven(games *[]*arenaGame) string {
	switch {
	case games == nil:
		return `it has no "games"`
	case len(*games) == 0:
		return `its "games" is empty`
	case len(*games) == 1:
		return `its "games" has one game`
	}
	return fmt.Sprintf(`its "games" has %d games`, len(*games))
}

// scored is how many of the line's games have a score.
func (v arenaVerdict) scored() int {
	n := 0
	for _, s := range v.scores {
		if s >= 0 {
			n++
		}
	}
	return n
}

// verdict is the pair's label from its first system's side, from the
// games scored; ok false when the rule drops the line: neither game
// scored, or one only without oneGame. flipped says both were scored and
// they differ.
func (v arenaVerdict) verdict(first string, oneGame bool) (label int, ok, both, flipped bool) {
	sum, n := 0.0, v.scored()
	for _, s := range v.scores {
		if s >= 0 {
			sum += s
		}
	}
	if n == 0 || n == 1 && !oneGame {
		return 0, false, false, false
	}
	m := sum / float64(n)
	if first != v.model {
		m = 1 - m
	}
	switch {
	case m > 0.5:
		label = guidelines.PreferWin
	case m < 0.5:
		label = guidelines.PreferLose
	default:
		label = guidelines.PreferTie
	}
	both = n == 2
	return label, true, both, both && v.scores[0] != v.scores[1]
}

// addArena registers an arena-hard judgment file as a labels run of the
// compare dataset whose pairs it names, with its flip rate.
func addArena(ctx context.Context, st *store.Store, who store.Annotator, body []byte, name string, opt RunOptions) (RunResult, error) {
	var verdicts []arenaVerdict
	var lines []int
	lr := newLineReader(bytes.NewReader(body), name).limit(opt.MaxLine)
	first, err := lr.next()
	if err != nil {
		return RunResult{}, lineErr(name, 0, "the run is empty")
	}
	err = eachJSONLine(lr, first, func(line []byte, n int) error {
		v, err := parseArena(line)
		if err != nil {
			return lineErr(name, n, "%v", err)
		}
		verdicts, lines = append(verdicts, v), append(lines, n)
		return nil
	})
	if err != nil {
		return RunResult{}, err
	}
	if len(verdicts) == 0 {
		return RunResult{}, lineErr(name, 0, "the run is empty")
	}
	d, err := arenaDataset(ctx, st, verdicts[0], name, lines[0], opt)
	if err != nil {
		return RunResult{}, err
	}
	res := RunResult{Dataset: d.Name}
	im, err := st.BeginImport(ctx, who, d.Name, d.Kind, d.Format)
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	pairs, err := im.PairSystems()
	if err != nil {
		return res, err
	}
	// The older rule makes other verdicts of the same file: registered
	// under it, the file is another run's.
	fingerprint := runFingerprint(body)
	if opt.OneGame {
		fingerprint = runFingerprint(body, "\x00one-game")
	}
	w, err := im.AddRun(opt.Name, store.RunLabels, "", fingerprint)
	if errors.Is(err, store.ErrRunExists) {
		return res, lineErr(name, 0, "%v: pick another --name", err)
	}
	if err != nil {
		return res, err
	}
	if res.Known = w.Known(); res.Known {
		res.ImportStats, err = im.Commit()
		return res, err
	}
	var orders store.Orders
	seen := map[int64]int{}
	dropped := [2]int{} // lines dropped with no game scored, with one
	for i, v := range verdicts {
		item, ok, err := arenaItem(ctx, st, d.ID, v)
		if err != nil {
			return res, err
		}
		if p := pairs[item]; !ok || min(p.First, p.Second) != min(v.model, v.baseline) || max(p.First, p.Second) != max(v.model, v.baseline) {
			return res, lineErr(name, lines[i], "dataset %q has no pair of %q and %q for request %q", d.Name, v.model, v.baseline, v.request)
		}
		if prev, dup := seen[item]; dup {
			return res, lineErr(name, lines[i], "this pair is already judged on line %d", prev)
		}
		seen[item] = lines[i]
		label, ok, both, flipped := v.verdict(pairs[item].First, opt.OneGame)
		if !ok {
			dropped[v.scored()]++
			continue
		}
		if both {
			orders.Pairs++
		}
		if flipped {
			orders.Flips++
		}
		if err := w.Label(item, guidelines.PreferenceUnit, label); err != nil {
			return res, lineErr(name, lines[i], "%v", err)
		}
	}
	if err := w.SetOrders(orders); err != nil {
		return res, err
	}
	read := arenaRead(opt.OneGame, len(verdicts), dropped)
	if err := w.SetArenaRead(read); err != nil {
		return res, err
	}
	res.Rule = report.ArenaJudgmentsOf(&read).Text()
	res.ImportStats, err = im.Commit()
	return res, err
}

// arenaRead is the rule that read the judgments and how many of the
// lines it dropped, with no game scored and with one.
func arenaRead(oneGame bool, lines int, dropped [2]int) store.ArenaRead {
	rule := store.ArenaBothGames
	if oneGame {
		rule = store.ArenaOneGame
	}
	return store.ArenaRead{Rule: rule, Lines: lines, DroppedNoGame: dropped[0], DroppedOneGame: dropped[1]}
}

// arenaItem is the compare item a judgment names: its uid is the request's
// id, or, where a request set more than two systems against each other,
// the id and the two systems ("q1/m1/base", in either order).
func arenaItem(ctx context.Context, st *store.Store, datasetID int64, v arenaVerdict) (int64, bool, error) {
	for _, uid := range []string{v.request, v.request + "/" + v.model + "/" + v.baseline, v.request + "/" + v.baseline + "/" + v.model} {
		it, err := st.ItemByUID(ctx, datasetID, uid)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		return it.ID, err == nil, err
	}
	return 0, false, nil
}

// arenaDataset is the compare dataset the judgments are over: the one
// named, else the first that has the first line's pair, else the first
// that has its request, with other pairs: then the first line is refused
// as any other line is, for the pair the dataset lacks.
func arenaDataset(ctx context.Context, st *store.Store, v arenaVerdict, name string, line int, opt RunOptions) (store.Dataset, error) {
	all, err := st.Datasets(ctx)
	if err != nil {
		return store.Dataset{}, err
	}
	var withRequest []store.Dataset
	for _, d := range all {
		if d.Kind != guidelines.Compare.Kind || opt.Dataset != "" && d.Name != opt.Dataset {
			continue
		}
		if _, ok, err := arenaItem(ctx, st, d.ID, v); ok || err != nil {
			return d, err
		}
		withRequest = append(withRequest, d)
	}
	for _, d := range withRequest {
		has, err := hasRequest(ctx, st, d.ID, v.request)
		if has || err != nil {
			return d, err
		}
	}
	return store.Dataset{}, lineErr(name, line, "no compare dataset%s has request %q", inDataset(opt.Dataset), v.request)
}

// hasRequest says whether a compare dataset has a pair of the request
// whose id is request: the pair's uid is the id, or, where the request
// set more than two systems against each other, the id and two systems
// (whose names have no slash). errFound stops the walk.
func hasRequest(ctx context.Context, st *store.Store, datasetID int64, request string) (bool, error) {
	err := st.EachItem(ctx, datasetID, func(it store.Item) error {
		rest, ok := strings.CutPrefix(it.UID, request+"/")
		if it.UID == request || ok && strings.Count(rest, "/") == 1 {
			return errFound
		}
		return nil
	})
	if errors.Is(err, errFound) {
		return true, nil
	}
	return false, err
}
