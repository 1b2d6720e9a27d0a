package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// groupedChoiceToml is a good grouped file whose choice step (one of an
// item's rows) waits for an earlier unit: it has no list.
const groupedChoiceToml = `name = "g"
title = "t"
items = "queries"

[item]
header = ["query", "x"]
id = ["query"]
group = "query"

[[scale]]
name = "yn"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Any good?"
unit = "good"
scale = "yn"

[[step]]
title = "Which row?"
unit = "row"
kind = "choice"
when = { unit = "good", value = 1 }
`

// twoScales adds to usefulToml a second ordered scale, 1-3, and a step
// rating on it.
const twoScales = `
[[scale]]
name = "three"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["low", "mid", "high"]

[[step]]
title = "Clarity"
unit = "clarity"
scale = "three"
`

// A named part is refused, at its line, where the file does not give what
// its code reads: choice statistics and the choice gold a list and a
// choice step of it waiting for a unit (a grouped file has no list: the
// gold would index one), ratings an ordered scale of three or more points,
// the dialogue screen a conversation, the request screen a list path; and
// two exports writing one file.
func TestPartsNeedWhatTheyRead(t *testing.T) {
	if _, err := ParseProtocolFile("u.toml", []byte(usefulToml+twoScales)); err != nil {
		t.Fatalf("the file of two rating scales: %v", err)
	}
	if _, err := ParseProtocolFile("g.toml", []byte(groupedChoiceToml)); err != nil {
		t.Fatalf("the good grouped file: %v", err)
	}
	for _, c := range []struct {
		what, base, parts, want string
	}{
		{"choice gold of a grouped file", groupedChoiceToml, `exports = ["choice-gold"]`,
			`g.toml:29: parts.exports = "choice-gold" writes a choice step's pick of the item's list`},
		{"choice statistics of a grouped file", groupedChoiceToml, `stats = "choice"`,
			`g.toml:29: parts.stats = "choice" counts a choice step's picks`},
		{"choice gold of a file with no choice", usefulToml, `exports = ["choice-gold"]`,
			`u.toml:24: parts.exports = "choice-gold" writes a choice step's pick`},
		{"ratings on yes and no", groupedChoiceToml, `stats = "ratings"`,
			`g.toml:29: parts.stats = "ratings" summarises ratings on one scale`},
		{"ratings on two scales (a 1-5 and a 1-3: one table cannot name both)", usefulToml + twoScales, `stats = "ratings"`,
			`u.toml:35: parts.stats = "ratings" summarises ratings on one scale (its table names it once)`},
		{"a dialogue with no conversation", usefulToml, `screen = "dialogue"`,
			`u.toml:24: parts.screen = "dialogue" draws a conversation: give item.conversation`},
		{"a request with no list", usefulToml, `screen = "request"`,
			`u.toml:24: parts.screen = "request" draws a request's list`},
		{"two gold files", usefulToml, `exports = ["ratings", "gold-table", "choice-gold"]`,
			`parts.exports: "gold-table" and "choice-gold" both write usefulness-gold: name one`},
		{"one part twice", usefulToml, `exports = ["ratings", "ratings"]`,
			`parts.exports: "ratings" and "ratings" both write usefulness-ratings: name one`},
	} {
		src := c.base + "\n[parts]\n" + c.parts + "\n"
		name := "u.toml"
		if c.base == groupedChoiceToml {
			name = "g.toml"
		}
		_, err := ParseProtocolFile(name, []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.what, err, c.want)
		}
	}
	// What each needs, given, is not refused.
	for _, parts := range []string{`stats = "ratings"` + "\n" + `exports = ["ratings", "gold-table"]`} {
		if _, err := ParseProtocolFile("u.toml", []byte(usefulToml+"\n[parts]\n"+parts+"\n")); err != nil {
			t.Errorf("%s: %v", parts, err)
		}
	}
}

// A kind's labels are ratings only when every scale step rates on an
// ordered scale of three or more points, not when the first alone does;
// its rated units are then those steps' (ClariMM's every unit), and none
// for another kind.
func TestRatingsAreEveryScaleStepsRule(t *testing.T) {
	mixed := usefulToml + `
[[scale]]
name = "ok"
values = [0, 1]
keys = ["0", "1"]
names = ["not ok", "ok"]

[[step]]
title = "Acceptable"
unit = "acceptable"
show = ["query", "question"]
scale = "ok"
`
	f, err := ParseProtocolFile("m.toml", []byte(mixed))
	if err != nil {
		t.Fatal(err)
	}
	if p := f.Protocol(); p.Ratings || p.RatedUnits() != nil {
		t.Errorf("a 1-5 step then an ordered yes/no: ratings %v, rated units %q", p.Ratings, p.RatedUnits())
	}
	u, err := ParseProtocolFile("u.toml", []byte(usefulToml))
	if err != nil {
		t.Fatal(err)
	}
	if p := u.Protocol(); !p.Ratings || !slices.Equal(p.RatedUnits(), []string{"usefulness"}) {
		t.Errorf("a 1-5 step: ratings %v, rated units %q", p.Ratings, p.RatedUnits())
	}
	c, err := FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"relevance_1", "relevance_2", "relevance_3", "relevance_4", "coherence", "diversity", "intent_reveal"}
	if p := c.File.Protocol(); !p.Ratings || !slices.Equal(p.RatedUnits(), want) {
		t.Errorf("clarimm: ratings %v, rated units %q", p.Ratings, p.RatedUnits())
	}
}

// A conversation refusing a turn past its own counts its turns in their
// noun's plural as claritty forms it (2 replies, not 2 replys; 1 reply).
func TestConversationHoldsItsTurnsInPlural(t *testing.T) {
	c, err := FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(c.Text), `conversation = "turns"`, "conversation = \"turns\"\nlist_name = \"reply\"", 1)
	f, err := ParseProtocolFile("r.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	if got := p.Holds(Shape{Answers: 2}, "relevance_3"); got != "the conversation has 2 replies" {
		t.Errorf("2 turns: %q", got)
	}
	if got := p.Holds(Shape{Answers: 1}, "relevance_2"); got != "the conversation has 1 reply" {
		t.Errorf("1 turn: %q", got)
	}
}
