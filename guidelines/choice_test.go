package guidelines

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// choiceToml is a protocol file with a list of five options and a choice
// step picking one, after a scale step.
const choiceToml = `name = "pick-facet"
title = "Pick the facet"
items = "requests"

[item]
header = ["request", "f1", "f2", "f3", "f4", "f5", "best"]
id = ["request"]
text = ["request"]
list = ["f1", "f2", "f3", "f4", "f5"]
list_name = "facet"

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Is it ambiguous?"
unit = "ambiguous"
show = ["request"]
scale = "yn"

[[step]]
title = "Which facet should be asked about?"
unit = "facet"
kind = "choice"
show = ["request", "list"]
column = "best"
`

func parseChoice(t *testing.T, text string) *ProtocolFile {
	t.Helper()
	f, err := ParseProtocolFile("pick.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A choice step's label is an element's number: 1..n of the list, on no
// scale of the file's; it fits an item only up to the item's own
// elements, and the kind reads it as a category.
func TestChoiceStepValuesAreTheItemsElements(t *testing.T) {
	p := parseChoice(t, choiceToml).Protocol()
	if !p.IsChoice("facet") || p.IsChoice("ambiguous") {
		t.Fatalf("IsChoice: facet %v, ambiguous %v", p.IsChoice("facet"), p.IsChoice("ambiguous"))
	}
	var values []int
	for _, l := range p.ScaleOf("facet") {
		values = append(values, l.Value)
	}
	if want := []int{5, 4, 3, 2, 1}; !slices.Equal(values, want) {
		t.Errorf("facet's values %v, want %v", values, want)
	}
	if p.Valid("facet", 0) || p.Valid("facet", 6) || !p.Valid("facet", 5) {
		t.Error("facet's values are not 1-5")
	}
	three := Shape{Answers: 3}
	for v, want := range map[int]bool{0: false, 1: true, 3: true, 4: false, 5: false} {
		if got := p.Fits(three, "facet", v); got != want {
			t.Errorf("Fits(3 facets, facet %d) = %v, want %v", v, got, want)
		}
	}
	if !p.NominalOf("facet") || p.NominalOf("ambiguous") {
		t.Errorf("NominalOf: facet %v, ambiguous %v", p.NominalOf("facet"), p.NominalOf("ambiguous"))
	}
	if got := p.Holds(three, "facet"); got != "the item has 3 facets" {
		t.Errorf("Holds = %q", got)
	}
	if got := p.Describe("facet", 2); got != "2 facet 2" {
		t.Errorf("Describe(facet, 2) = %q", got)
	}
	if v, ok := p.ValueOfKey("facet", "4"); !ok || v != 4 {
		t.Errorf("key 4 picks %d %v", v, ok)
	}
	// An item with no facet has nothing to pick: no choice step.
	if got := p.Units(Shape{}); !slices.Equal(got, []string{"ambiguous"}) {
		t.Errorf("units of an item with no facet: %v", got)
	}
	if got := p.Units(three); !slices.Equal(got, []string{"ambiguous", "facet"}) {
		t.Errorf("units of an item with 3 facets: %v", got)
	}
	if !strings.Contains(p.Text(), "pick one facet") {
		t.Errorf("the guideline does not say how to pick:\n%s", p.Text())
	}
}

// A grouped item's choice picks one of its rows.
func TestChoiceStepOverGroupedRows(t *testing.T) {
	text := `name = "pick-row"
title = "Pick"
items = "topics"

[item]
header = ["topic", "question"]
id = ["topic"]
group = "topic"
text = ["topic", "question"]
row_name = "question"

[[step]]
title = "Best question"
unit = "best"
kind = "choice"
show = ["topic", "question"]
`
	p := parseChoice(t, text).Protocol()
	if !p.Nominal {
		t.Error("a kind of choices alone is not nominal")
	}
	if !p.Fits(Shape{Rows: 4}, "best", 4) || p.Fits(Shape{Rows: 4}, "best", 5) {
		t.Error("a choice over 4 rows does not take 1-4 alone")
	}
	if got := len(p.ScaleOf("best")); got != MaxChoice {
		t.Errorf("a choice over rows has %d values, want %d", got, MaxChoice)
	}
	// Past 9 the keys are letters, as the first page keys them.
	for _, ck := range ChoicePage(MaxChoice, 0) {
		if v, ok := p.ValueOfKey("best", ck.Key); !ok || v != ck.Element {
			t.Errorf("key %s picks %d %v, want %d", ck.Key, v, ok, ck.Element)
		}
	}
}

// A choice step that will not do is refused at its line, in the file's
// words: a scale given, a list not shown, a per, no list or rows, a
// condition on a choice.
func TestChoiceStepProblems(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"scale", "kind = \"choice\"\n", "kind = \"choice\"\nscale = \"yn\"\n", `pick.toml:28: step 2: kind = "choice" takes no scale`},
		{"list not shown", `show = ["request", "list"]`, `show = ["request"]`, `pick.toml:28: step 2: kind = "choice" picks one element of the list: show it`},
		{"per", "kind = \"choice\"\n", "kind = \"choice\"\nper = \"element\"\n", `step 2: kind = "choice" picks one element of the whole item: per = "element"`},
		{"label text", "kind = \"choice\"\n", "kind = \"choice\"\nlabel_text = [\"a\", \"b\"]\n", `step 2: kind = "choice" takes 1 text in label_text: an element's`},
		{"none on a scale", "scale = \"yn\"\n", "scale = \"yn\"\nnone = \"none fits\"\n", `none is a choice step's`},
		{"no list", "list = [\"f1\", \"f2\", \"f3\", \"f4\", \"f5\"]\nlist_name = \"facet\"\n", "", `step 2: kind = "choice" picks one element of the item's list or one of its rows, but the item has neither`},
		{"when", "", "\n[[step]]\ntitle = \"Why\"\nunit = \"why\"\nscale = \"yn\"\nwhen = { unit = \"facet\", value = 1 }\n", `step 3: asked after unit "facet", a choice`},
		{"kind", "kind = \"choice\"", "kind = \"pick\"", `step 2: kind = "pick": want scale, choice or text`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := choiceToml + c.to
			if c.from != "" {
				text = strings.Replace(choiceToml, c.from, c.to, 1)
			}
			_, err := ParseProtocolFile("pick.toml", []byte(text))
			var pe *ProtocolError
			if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			if strings.Contains(err.Error(), "Go") || strings.Contains(err.Error(), "struct") {
				t.Errorf("err names Go's types: %v", err)
			}
		})
	}
}

// The keys of a choice step: the digits then letters no screen keeps,
// none twice, and pages of them over more elements than keys: 12 elements
// on one page, 25 on two, each element keyed once.
func TestChoicePages(t *testing.T) {
	for i, k := range ChoiceKeys {
		switch {
		case slices.Index(ChoiceKeys, k) != i:
			t.Errorf("choice key %q twice", k)
		case slices.Contains(ReservedKeys, k), slices.Contains(AdjudicationKeys, k):
			t.Errorf("choice key %q is a screen's own", k)
		case !typeable(k):
			t.Errorf("choice key %q is not typeable", k)
		}
	}
	for _, k := range ChoicePageKeys {
		if slices.Contains(ChoiceKeys, k) || slices.Contains(ReservedKeys, k) || slices.Contains(AdjudicationKeys, k) {
			t.Errorf("page key %q is taken", k)
		}
	}
	page := func(n, p int) string {
		var out []string
		for _, ck := range ChoicePage(n, p) {
			out = append(out, fmt.Sprintf("%s=%d", ck.Key, ck.Element))
		}
		return strings.Join(out, " ")
	}
	if got, want := page(12, 0), "1=1 2=2 3=3 4=4 5=5 6=6 7=7 8=8 9=9 b=10 c=11 e=12"; got != want {
		t.Errorf("12 elements: %s, want %s", got, want)
	}
	if ChoicePages(12) != 1 || ChoicePages(19) != 1 || ChoicePages(20) != 2 || ChoicePages(25) != 2 || ChoicePages(0) != 1 {
		t.Errorf("pages: 12 %d, 19 %d, 20 %d, 25 %d, 0 %d", ChoicePages(12), ChoicePages(19), ChoicePages(20), ChoicePages(25), ChoicePages(0))
	}
	if got, want := page(25, 1), "1=20 2=21 3=22 4=23 5=24 6=25"; got != want {
		t.Errorf("25 elements, page 2: %s, want %s", got, want)
	}
	if got := page(25, 7); got != page(25, 1) {
		t.Errorf("a page past the last is %s, want the last's", got)
	}
	seen := map[int]bool{}
	for p := range ChoicePages(40) {
		for _, ck := range ChoicePage(40, p) {
			if seen[ck.Element] {
				t.Errorf("element %d keyed twice", ck.Element)
			}
			seen[ck.Element] = true
		}
	}
	if len(seen) != 40 {
		t.Errorf("40 elements: %d keyed", len(seen))
	}
}

// A choice over a JSONL list path (answers[].text) picks among as many
// elements as a choice may (MaxChoice), not the one path that names
// them: an item of 14 answers takes a pick of 2 or 11.
func TestChoiceOverAJSONLListPath(t *testing.T) {
	f := parseChoice(t, `name = "best-answer"
title = "Best answer"
items = "questions"

[item]
format = "jsonl"
keys = ["question", "answers"]
id = ["question"]
text = ["question"]
list = ["answers[].text"]
list_name = "answer"

[[step]]
title = "Which answer is best?"
unit = "best"
kind = "choice"
show = ["question", "list"]
`)
	p := f.Protocol()
	if !p.Valid("best", 2) || !p.Valid("best", MaxChoice) || p.Valid("best", MaxChoice+1) {
		t.Errorf("best's values %v; want 1-%d", p.ScaleOf("best"), MaxChoice)
	}
	if !p.Fits(Shape{Answers: 14}, "best", 11) || p.Fits(Shape{Answers: 3}, "best", 4) {
		t.Error("a pick is not held to the item's own answers")
	}
}

// A step of an unknown kind is one problem, said once: not also a scale
// it lacks, nor a max_chars it may have meant for a written answer.
func TestUnknownStepKindSaidOnce(t *testing.T) {
	text := strings.Replace(choiceToml, "kind = \"choice\"\n", "kind = \"txt\"\nmax_chars = 80\n", 1)
	_, err := ParseProtocolFile("pick.toml", []byte(text))
	if err == nil {
		t.Fatal("an unknown kind was taken")
	}
	if lines := strings.Split(err.Error(), "\n"); len(lines) != 1 || !strings.Contains(lines[0], `kind = "txt": want scale, choice or text`) {
		t.Errorf("problems:\n%v", err)
	}
}
