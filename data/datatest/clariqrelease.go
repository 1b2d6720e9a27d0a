package datatest

import (
	"fmt"
	"strings"
)

// ClariQHeader is ClariQ's header, as its released train.tsv, dev.tsv and
// test_with_labels.tsv have it.
const ClariQHeader = "topic_id\tinitial_request\ttopic_desc\tclarification_need\tfacet_id\tfacet_desc\tquestion_id\tquestion\tanswer"

// ClariQRelease is a small file in the shape of ClariQ's releases, one
// row per (topic, facet, question): topic 201 (need 2) asks 27 distinct
// questions, each under two facets (so a question's rows are apart), its
// request quoted as ClariQ quotes some ("Find the ""X""."); 202 (need 1)
// asks 3; 203 (need 4) asks 2.
func ClariQRelease() string {
	var b strings.Builder
	b.WriteString(ClariQHeader + "\n")
	row := func(topic, request, need, facet, q, question, answer string) {
		fmt.Fprintf(&b, "%s\t%s\tthe person's intent\t%s\t%s\tfacet %s\t%s\t%s\t%s\n", topic, request, need, facet, facet, q, question, answer)
	}
	for _, facet := range []string{"F0001", "F0002"} {
		for i := 1; i <= 27; i++ {
			row("201", `"Find the ""X""."`, "2", facet, fmt.Sprintf("Q%05d", 100+i), fmt.Sprintf("do you mean X number %d?", i), "no, "+facet)
		}
	}
	for i := 1; i <= 3; i++ {
		row("202", "dinosaurs", "1", "F0003", fmt.Sprintf("Q%05d", 200+i), fmt.Sprintf("which dinosaur %d?", i), "")
	}
	row("203", "tell me about sun", "4", "F0004", "Q00301", "the star or the newspaper?", "the star")
	row("203", "tell me about sun", "4", "F0005", "Q00302", "do you want its size?", "yes")
	return b.String()
}

// ClariQNeeds counts the topics of a file in ClariQ's shape by their
// clarification_need, read from its text: each topic once.
func ClariQNeeds(file string) map[int]int {
	out := map[int]int{}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(file, "\n"), "\n")[1:] {
		cells := strings.Split(line, "\t")
		if seen[cells[0]] {
			continue
		}
		seen[cells[0]] = true
		var need int
		fmt.Sscan(cells[3], &need)
		out[need]++
	}
	return out
}
