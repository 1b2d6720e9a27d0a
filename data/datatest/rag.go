package datatest

import (
	"encoding/json"
	"testing"
)

// RAGAnswer is one line of a TREC RAG answers file (ragnarok's shape):
// sentence i's citations index refs; the topic's text is "question "
// and its id.
func RAGAnswer(t testing.TB, run, topic string, refs []string, sentences []string, cites [][]int) string {
	t.Helper()
	type sentence struct {
		Text      string `json:"text"`
		Citations []int  `json:"citations"`
	}
	ans := make([]sentence, len(sentences))
	for i, s := range sentences {
		ans[i] = sentence{Text: s, Citations: cites[i]}
	}
	return jsonLine(t, map[string]any{"run_id": run, "topic_id": topic, "topic": "question " + topic,
		"references": refs, "response_length": 10, "answer": ans})
}

// Segment is one record of a segment corpus (MS MARCO v2.1 segmented's
// fields), titled "Title " and its docid.
func Segment(t testing.TB, docid, segment string) string {
	t.Helper()
	return jsonLine(t, map[string]any{"docid": docid, "segment": segment, "title": "Title " + docid,
		"url": "https://example.org/" + docid, "headings": "", "start_char": 0, "end_char": len(segment)})
}

func jsonLine(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}
