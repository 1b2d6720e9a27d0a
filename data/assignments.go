package data

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// KindNuggetAssignments is bench add's kind for castorini/nuggetizer's
// assign output (an LLM's nugget assignments, TREC RAG): one JSON line per
// answer, {"qid", "run_id", "nuggets": [{"text", "importance", "assignment":
// "support" | "partial_support" | "not_support"}]}, other fields unread. It
// is kept as a labels run of the nuggets dataset, each assignment the label
// of its nugget's unit (support full, partial_support partial, not_support
// none), so it is scored against the people's gold as any labels run is,
// and by nuggetizer's four scores (report.Assignments).
const KindNuggetAssignments store.RunKind = "nugget-assignments"

type assignLine struct {
	QID     json.RawMessage `json:"qid"`
	RunID   *string         `json:"run_id"`
	Nuggets *[]struct {
		Text       *string `json:"text"`
		Importance *string `json:"importance"`
		Assignment *string `json:"assignment"`
	} `json:"nuggets"`
}

// assignmentLabel is a nuggetizer assignment as a nuggets label value.
var assignmentLabel = map[string]int{"support": int(bench.Full), "partial_support": int(bench.Partial), "not_support": int(bench.None)}

// assigned is one answer's labels, nugget by nugget.
type assigned struct {
	item   int64
	labels []int
}

// addAssignments reads an assign output file against a nuggets dataset's
// answers, every line checked against the answer it names (its nuggets in
// the dataset's order, text and importance alike), and registers it as a
// labels run.
func addAssignments(ctx context.Context, st *store.Store, who store.Annotator, body []byte, name string, opt RunOptions) (RunResult, error) {
	answers, d, err := assignmentDataset(ctx, st, body, name, opt)
	if err != nil {
		return RunResult{}, err
	}
	var all []assigned
	seen := map[string]int{}
	lr := newLineReader(bytes.NewReader(body), name).limit(opt.MaxLine)
	first, err := lr.next()
	if err != nil {
		return RunResult{}, lineErr(name, 0, "the run is empty")
	}
	err = eachJSONLine(lr, first, func(line []byte, n int) error {
		uid, labels, err := assignedLabels(line, answers)
		if err != nil {
			return lineErr(name, n, "%v", err)
		}
		if prev, dup := seen[uid]; dup {
			return lineErr(name, n, "answer %q is already assigned on line %d", uid, prev)
		}
		seen[uid] = n
		all = append(all, assigned{item: answers[uid].ItemID, labels: labels})
		return nil
	})
	if err != nil {
		return RunResult{}, err
	}
	return writeAssignments(ctx, st, who, d, all, body, name, opt)
}

// writeAssignments keeps the assignments as a labels run, in one
// transaction.
func writeAssignments(ctx context.Context, st *store.Store, who store.Annotator, d store.Dataset, all []assigned,
	body []byte, name string, opt RunOptions) (RunResult, error) {
	res := RunResult{Dataset: d.Name, Notes: nil}
	im, err := st.BeginImport(ctx, who, d.Name, d.Kind, d.Format)
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	w, err := im.AddRun(opt.Name, store.RunLabels, "", runFingerprint(body))
	if errors.Is(err, store.ErrRunExists) {
		return res, lineErr(name, 0, "%v: pick another --name", err)
	}
	if err != nil {
		return res, err
	}
	if res.Known = w.Known(); !res.Known {
		for _, a := range all {
			for i, v := range a.labels {
				if err := w.Label(a.item, guidelines.NuggetUnit(i+1), v); err != nil {
					return res, err
				}
			}
		}
	}
	res.ImportStats, err = im.Commit()
	return res, err
}

// assignmentDataset is the nuggets dataset the file's answers are in (the
// one named, else the first whose answers include the first line's), with
// its answers by item id.
func assignmentDataset(ctx context.Context, st *store.Store, body []byte, name string, opt RunOptions) (map[string]store.AnswerRow, store.Dataset, error) {
	lr := newLineReader(bytes.NewReader(body), name).limit(opt.MaxLine)
	first, err := lr.next()
	for err == nil && len(bytes.TrimSpace(first)) == 0 {
		first, err = lr.next()
	}
	if err != nil {
		return nil, store.Dataset{}, lineErr(name, 0, "the run is empty")
	}
	uid, err := assignedUID(first)
	if err != nil {
		return nil, store.Dataset{}, lineErr(name, lr.n, "%v", err)
	}
	all, err := st.Datasets(ctx)
	if err != nil {
		return nil, store.Dataset{}, err
	}
	for _, d := range all {
		if d.Kind != guidelines.Nuggets.Kind || opt.Dataset != "" && d.Name != opt.Dataset {
			continue
		}
		rows, err := st.AnswerRows(ctx, d.ID)
		if err != nil {
			return nil, d, err
		}
		answers := map[string]store.AnswerRow{}
		for _, r := range rows {
			answers[store.Answer{Intent: r.Intent, System: r.System}.UID()] = r
		}
		if _, ok := answers[uid]; ok {
			return answers, d, nil
		}
	}
	return nil, store.Dataset{}, lineErr(name, lr.n, "no nuggets dataset%s has run %q's answer to topic %q: import the answers first",
		inDataset(opt.Dataset), uidRun(uid), uidTopic(uid))
}

func uidTopic(uid string) string { return uid[:strings.LastIndexByte(uid, '@')] }
func uidRun(uid string) string   { return uid[strings.LastIndexByte(uid, '@')+1:] }

// assignedUID is the answer an assign output line names: qid@run_id.
func assignedUID(line []byte) (string, error) {
	var l assignLine
	if err := json.Unmarshal(line, &l); err != nil {
		return "", fmt.Errorf("not a nuggetizer assignment: %s", jsonProblem(err))
	}
	qid, err := idText(l.QID, "qid")
	if err != nil {
		return "", err
	}
	if l.RunID == nil {
		return "", fmt.Errorf("topic %q: run_id is missing (it names the system whose answer was assessed)", qid)
	}
	if err := CheckRunName(*l.RunID); err != nil {
		return "", err
	}
	return store.Answer{Intent: qid, System: *l.RunID}.UID(), nil
}

// assignedLabels reads a line's assignments as labels of the answer's
// nugget units, in order, each nugget checked against the dataset's.
func assignedLabels(line []byte, answers map[string]store.AnswerRow) (string, []int, error) {
	uid, err := assignedUID(line)
	if err != nil {
		return "", nil, err
	}
	a, ok := answers[uid]
	if !ok {
		return "", nil, fmt.Errorf("the dataset has no answer of run %q to topic %q", uidRun(uid), uidTopic(uid))
	}
	var l assignLine
	_ = json.Unmarshal(line, &l) // it parsed in assignedUID
	if l.Nuggets == nil || len(*l.Nuggets) != len(a.NuggetTexts) {
		have := 0
		if l.Nuggets != nil {
			have = len(*l.Nuggets)
		}
		return "", nil, fmt.Errorf("topic %q: %s assigned; the dataset has %d", a.Intent, display.Count(have, "nugget", "nuggets"), len(a.NuggetTexts))
	}
	var labels []int
	for i, n := range *l.Nuggets {
		switch {
		case n.Text == nil || *n.Text != a.NuggetTexts[i]:
			return "", nil, fmt.Errorf("topic %q: nugget %d is not the dataset's %q", a.Intent, i+1, display.Clean(a.NuggetTexts[i]))
		case n.Importance != nil && *n.Importance != a.Importances[i]:
			return "", nil, fmt.Errorf("topic %q: nugget %d is %s here and %s in the dataset", a.Intent, i+1,
				display.Clean(*n.Importance), cmp.Or(a.Importances[i], "not graded"))
		case n.Assignment == nil:
			return "", nil, fmt.Errorf("topic %q: nugget %d has no assignment", a.Intent, i+1)
		}
		label, ok := assignmentLabel[*n.Assignment]
		if !ok {
			return "", nil, fmt.Errorf("topic %q: nugget %d: assignment %q: want support, partial_support or not_support",
				a.Intent, i+1, display.Clean(*n.Assignment))
		}
		labels = append(labels, label)
	}
	return uid, labels, nil
}
