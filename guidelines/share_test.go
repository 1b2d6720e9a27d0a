package guidelines

import (
	"strings"
	"testing"
)

// when.share's JSON word is a key of stats --json: one word a script
// reads (lower_snake_case), and none of the keys the statistics write
// besides it (the items, with_LISTs, judged, UNIT_judged, UNITs).
func TestShareJSONWord(t *testing.T) {
	share := func(json string) string {
		return strings.Replace(contextToml, `when = { unit = "need", value = 1 }`,
			`when = { unit = "need", value = 1, share = ["need it", "`+json+`", "needing it"] }`, 1)
	}
	if _, err := ParseProtocolFile("ask.toml", []byte(share("needs_it"))); err != nil {
		t.Fatalf("a snake_case word of its own: %v", err)
	}
	for json, want := range map[string]string{
		"needs it":     `the JSON word "needs it" is not lower_snake_case`,
		"NeedsIt":      `the JSON word "NeedsIt" is not lower_snake_case`,
		"requests":     `the JSON word "requests" is a key stats --json writes already`,
		"judged":       `the JSON word "judged" is a key stats --json writes already`,
		"with_facets":  `the JSON word "with_facets" is a key stats --json writes already`,
		"facet_judged": `the JSON word "facet_judged" is a key stats --json writes already`,
		"facets":       `the JSON word "facets" is a key stats --json writes already`,
	} {
		_, err := ParseProtocolFile("ask.toml", []byte(share(json)))
		if err == nil || !strings.Contains(err.Error(), "when.share: "+want) {
			t.Errorf("share %q: err = %v, want %q", json, err, want)
		}
	}
}
