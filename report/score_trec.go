package report

import (
	"context"
	"strconv"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/store"
)

// ScoreTREC builds qrels from the gold landing labels (query = pane,
// document = answer position) or answer-set labels (query = query text,
// document = pane) and evaluates the run with trec_eval's conventions.
// A query is judged when any of its documents has a gold label, complete
// when all of them do.
func ScoreTREC(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	qrels, complete := trecQrels(g, r.Target)
	run := bench.Run{}
	err := rd.RunDocs(ctx, r.ID, func(d store.RunDoc) error {
		run[d.Query] = append(run[d.Query], bench.Doc{ID: d.Doc, Score: d.Score})
		return nil
	})
	if err != nil {
		return err
	}
	res, err := bench.Evaluate(run, qrels)
	if err != nil {
		return err
	}
	trecBasis(s, g, r.Target, qrels, run)
	s.Metric, s.Items, s.Total = res.Metrics, res.Queries, len(run)
	s.Complete = true
	for q := range run {
		s.Complete = s.Complete && complete[q]
	}
	return nil
}

// trecQrels are the qrels of the run's target from the gold, and for each
// query whether every one of its documents has a gold label.
func trecQrels(g *goldIndex, target string) (bench.Qrels, map[string]bool) {
	qrels, complete := bench.Qrels{}, map[string]bool{}
	for id, p := range g.items {
		if target == store.TargetLanding {
			landingQrels(g, id, p, qrels, complete)
		} else {
			answerSetQrels(g, id, p, qrels, complete)
		}
	}
	return qrels, complete
}

// landingQrels adds a pane's landing labels: the pane is the query, each
// answer position a document.
func landingQrels(g *goldIndex, id int64, p *PaneGold, qrels bench.Qrels, complete map[string]bool) {
	judged := map[string]int{}
	for pos := 1; pos <= p.Item.AnswerCount(); pos++ {
		if l, _ := g.gold(id, landingUnit(pos)); l >= 0 {
			judged[strconv.Itoa(pos)] = l
		}
	}
	if len(judged) > 0 {
		qrels[p.Item.UID] = judged
	}
	complete[p.Item.UID] = len(judged) == p.Item.AnswerCount()
}

// answerSetQrels adds a pane's answer-set label: the query text is the
// query, the pane a document.
func answerSetQrels(g *goldIndex, id int64, p *PaneGold, qrels bench.Qrels, complete map[string]bool) {
	q := store.RunQuery(p.Item.Query)
	if _, seen := complete[q]; !seen {
		complete[q] = true
	}
	l, _ := g.gold(id, "answer_set")
	if l < 0 {
		complete[q] = false
		return
	}
	if qrels[q] == nil {
		qrels[q] = map[string]int{}
	}
	qrels[q][p.Item.UID] = l
}

// landingUnit is the unit of the landing page of the answer at pos.
func landingUnit(pos int) string { return "landing_" + strconv.Itoa(pos) }

// trecBasis sets what a trec run's figures rest on: the panes whose gold
// the run's queries meet; the gold basis counts those panes' units the
// qrels come from.
func trecBasis(s *RunScore, g *goldIndex, target string, qrels bench.Qrels, run bench.Run) {
	s.Gold = g.basis()
	for id, p := range g.items {
		q, judged := store.RunQuery(p.Item.Query), false
		units := []string{"answer_set"}
		if target == store.TargetLanding {
			q = p.Item.UID
			judged = len(qrels[q]) > 0
			units = units[:0]
			for pos := 1; pos <= p.Item.AnswerCount(); pos++ {
				units = append(units, landingUnit(pos))
			}
		} else {
			_, judged = qrels[q][p.Item.UID]
		}
		if _, ran := run[q]; !ran {
			continue
		}
		for _, u := range units {
			_, st := g.gold(id, u)
			s.Gold.add(st)
		}
		if judged {
			s.rests = append(s.rests, p.Item.ID)
		}
	}
}
