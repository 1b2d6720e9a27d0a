package guidelines

import (
	"strings"
	"testing"
)

// What a file writes is what it means: a first = 0 or max_list = 0
// written out is refused (0 is "not given" to the decoder), as are a
// text name twice and a list name a terminal would act on.
func TestWrittenZerosAndNames(t *testing.T) {
	capped := strings.Replace(contextToml, `labels = "names"`, "labels = \"names\"\nmax_list = 9", 1)
	for _, c := range []struct{ from, to, want string }{
		{`none = "none fits"`, "none = \"none fits\"\nfirst = 0", `step 2: first = 0: want the value the first element is stored as, at least 1`},
		{`max_list = 9`, `max_list = 0`, `item.max_list = 0: want 1 to 20`},
		{`list_name = "facet"`, `list_name = "fa\u001b[31mcet"`, `item.list_name: "fa\x1b[31mcet" holds a control character`},
		{`list_name = "facet"`, "list_name = \"facet\"\ntext_names = [\"ask\", \"ask\"]", `item.text_names: "ask" is twice`},
	} {
		text := strings.Replace(capped, c.from, c.to, 1)
		if text == capped {
			t.Fatalf("%q is not in the file", c.from)
		}
		_, err := ParseProtocolFile("ask.toml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.to, err, c.want)
		}
	}
	// first = 3 and no first at all are as before.
	for _, text := range []string{capped, strings.Replace(capped, `none = "none fits"`, "none = \"none fits\"\nfirst = 3", 1)} {
		if _, err := ParseProtocolFile("ask.toml", []byte(text)); err != nil {
			t.Error(err)
		}
	}
}
