package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// A TREC RAG answer whose first sentence cites two segments and whose
// second cites one: three support units, support_1_1, support_1_2 and
// support_2_1, each showing its sentence and the segment it cites.
func TestNestedPairsAreUnits(t *testing.T) {
	s, err := FindShipped("trec-rag-support")
	if err != nil {
		t.Fatal(err)
	}
	f := s.File
	line := `{"run_id":"r1","topic_id":"t1","topic":"what is ir","references":["d1","d2"],"response_length":9,` +
		`"answer":[{"text":"IR is search.","citations":[0,1]},{"text":"It ranks.","citations":[1]},{"text":"No cite.","citations":[]}]}`
	meta := f.ItemMeta(line, map[string]map[string]map[string]string{"segment": {
		"d1": {"segment": "first segment text", "title": "One"},
		"d2": {"segment": "second segment text", "title": "Two"},
	}})
	units := f.Protocol().Units(Shape{Fields: meta})
	if want := []string{"support_1_1", "support_1_2", "support_2_1"}; !slices.Equal(units, want) {
		t.Fatalf("units %v, want %v", units, want)
	}
	want := map[string][2]string{
		"support_1_1": {"IR is search.", "first segment text"},
		"support_1_2": {"IR is search.", "second segment text"},
		"support_2_1": {"It ranks.", "second segment text"},
	}
	for u, w := range want {
		p, ok := f.ShownPair(line, meta, u)
		if !ok {
			t.Fatalf("%s: no pair", u)
		}
		var texts []string
		for _, c := range p.Cells {
			texts = append(texts, c.Text)
		}
		got := strings.Join(texts, "|")
		if !strings.Contains(got, w[0]) || !strings.Contains(got, w[1]) {
			t.Errorf("%s shows %q; want its sentence %q and segment %q", u, got, w[0], w[1])
		}
	}
	if p, _ := f.ShownPair(line, meta, "support_1_2"); p.Where() != "sentence 1 of 3 · citation 2 of 2" {
		t.Errorf("where = %q", p.Where())
	}
	if got := f.Protocol().Step(unitType("support_2_1")).ID; got != "support" {
		t.Errorf("unit type of support_2_1 = %q", got)
	}
	if !f.Protocol().HasUnit("support_20_20") || f.Protocol().HasUnit("support_21_1") {
		t.Error("the kind lists pairs up to its extent, 20 at the least")
	}
	if n, ok := f.RowUnit("support_3_7"); !ok || n != 7 {
		t.Errorf("RowUnit(support_3_7) = %d, %v; want 7 (its extent)", n, ok)
	}
}

// A nested per over a TSV item, or a join from a path that is no list,
// is refused at its line.
func TestNestedChecks(t *testing.T) {
	bad := `name = "x"
items = "answers"
[item]
format = "jsonl"
keys = ["a", "refs"]
id = ["a"]
[[join]]
name = "seg"
key = "docid"
from = "refs"
fields = ["text"]
[[scale]]
name = "s"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]
[[step]]
unit = "support"
per = "b[].c[]"
show = ["seg.text"]
scale = "s"
`
	_, err := ParseProtocolFile("x.toml", []byte(bad))
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{`x.toml:10: join 1: from = "refs": want a list of keys`, `x.toml:19: step 1: per = "b[].c[]" does not start with one of item.keys`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
