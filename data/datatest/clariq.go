package datatest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// ProtocolUID is the uid of a protocol file's item whose one id column
// holds id, from its definition (docs/protocols.md): the first 8 bytes of
// the text's SHA-256, in hex.
func ProtocolUID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:8])
}

// ClariQ is a lab's ClariQ study written from docs/protocols.md, as
// protocol file NAME: each request's clarification need (1–4), then the
// usefulness of each of its clarifying questions (1–3), one grouped row
// per question. Its two scales differ in size, as ClariQ's do.
func ClariQ(name string) string {
	return clariq(name, false)
}

// ClariQByTopic is ClariQ with each request identified by its topic_id
// alone and each question by its question_id (item.row_id, on the file's
// line 12), as ClariQ's release names them.
func ClariQByTopic(name string) string {
	return clariq(name, true)
}

func clariq(name string, byTopic bool) string {
	id, rowID := `["topic_id", "initial_request"]`, ""
	if byTopic {
		id, rowID = `["topic_id"]`, "row_id = \"question_id\"\n"
	}
	return fmt.Sprintf(`name = %q
title = "ClariQ clarification need and question usefulness"
items = "requests"
guideline = "You see a search request and the clarifying questions a system could ask back."

[item]
header = ["topic_id", "initial_request", "question_id", "question", "clarification_need", "usefulness"]
group = "topic_id"
id = %s
text = ["initial_request", "question"]
row_name = "question"
%s
[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["not needed", "may help", "needed", "necessary"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "somewhat useful", "useful"]

[[step]]
title = "How much does the request need clarification?"
unit = "need"
show = ["initial_request"]
scale = "need"
column = "clarification_need"
guideline = "Would a search engine do better by asking back?"
label_text = ["no", "it may help", "yes", "it cannot answer without"]

[[step]]
title = "How useful is this question?"
unit = "usefulness"
per = "row"
show = ["initial_request", "question"]
scale = "use"
column = "usefulness"
guideline = "Would the answer help find what the person wants?"
label_text = ["it does not help", "it helps some", "it helps"]
`, name, id, rowID)
}

// ClariQAnnotators label every request of the ClariQ study, in the
// order of the labels in ClariQNeed and ClariQUse.
var ClariQAnnotators = []string{"ana", "bo", "cy"}

// ClariQNeed are the annotators' need labels (1–4) of each request.
var ClariQNeed = [][3]int{{3, 4, 3}, {4, 4, 4}, {2, 1, 2}, {2, 2, 1}, {4, 4, 4}, {2, 3, 3}, {1, 1, 1}, {1, 1, 1}, {3, 2, 3}, {4, 4, 4}}

// ClariQUse are the annotators' usefulness labels (1–3) of each
// request's two questions.
var ClariQUse = [][2][3]int{
	{{1, 2, 1}, {3, 3, 3}}, {{1, 1, 1}, {1, 1, 1}}, {{1, 2, 2}, {3, 3, 3}}, {{3, 3, 3}, {1, 3, 1}}, {{1, 1, 2}, {2, 3, 2}},
	{{2, 3, 3}, {1, 1, 1}}, {{3, 1, 1}, {1, 2, 1}}, {{2, 3, 2}, {3, 3, 2}}, {{2, 2, 3}, {1, 1, 1}}, {{3, 2, 1}, {3, 2, 3}},
}

// ClariQRows is the study's data file with annotator a's labels (an
// index into ClariQAnnotators) in its label columns: imported with
// --labels-as, the labels are theirs.
func ClariQRows(a int) string {
	var b strings.Builder
	b.WriteString("topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n")
	for t := range ClariQNeed {
		for q := range ClariQUse[t] {
			fmt.Fprintf(&b, "%d\trequest %d\tQ%02d%d\tquestion %d of request %d?\t%d\t%d\n",
				t+1, t+1, t+1, q+1, q+1, t+1, ClariQNeed[t][a], ClariQUse[t][q][a])
		}
	}
	return b.String()
}

// ClariQUnits are the study's units of each type as lists of labels,
// one per annotator: what an agreement coefficient is computed from.
func ClariQUnits() (need, usefulness [][]int) {
	for t := range ClariQNeed {
		need = append(need, ClariQNeed[t][:])
		for q := range ClariQUse[t] {
			usefulness = append(usefulness, ClariQUse[t][q][:])
		}
	}
	return need, usefulness
}

// GwetAC1 is Gwet's AC1 (Gwet 2008) of units each given as its labels
// (1 … q) on a scale of q categories, counted from scratch: observed
// agreement is the mean over units of the share of ordered pairs of
// labels that agree, π_k the mean over units of the share of its labels
// in category k, chance agreement Σ π_k (1 − π_k) / (q − 1). An
// independent reference for the figures tests check.
func GwetAC1(units [][]int, q int) float64 {
	pi := make([]float64, q+1)
	pa := 0.0
	for _, u := range units {
		agree, pairs := 0, 0
		for i := range u {
			pi[u[i]] += 1 / float64(len(u)) / float64(len(units))
			for j := range u {
				if i != j {
					pairs++
					if u[i] == u[j] {
						agree++
					}
				}
			}
		}
		pa += float64(agree) / float64(pairs) / float64(len(units))
	}
	pe := 0.0
	for k := 1; k <= q; k++ {
		pe += pi[k] * (1 - pi[k])
	}
	pe /= float64(q - 1)
	return (pa - pe) / (1 - pe)
}
