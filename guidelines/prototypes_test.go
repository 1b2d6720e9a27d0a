package guidelines

import (
	"strings"
	"testing"
)

// The scan's types are the decoder's: what it took before is taken (one
// [step] table is a list of one step; a kept file may have one), and a
// key's value of another type is refused in the file's words, each at its
// line, with no Go type named.
func TestProtocolValueTypes(t *testing.T) {
	one := strings.Replace(usefulToml, "[[step]]", "[step]", 1)
	f, err := ParseKeptProtocolFile("u.toml", []byte(one))
	if err != nil || len(f.Steps) != 1 {
		t.Fatalf("one [step] table: %v", err)
	}
	for _, c := range []struct{ old, new, want string }{
		{`column = "useful"`, "column = \"useful\"\nwhen = { unit = \"x\", value = [2, 3] }", `u.toml:22: step 1: when.value is a list; for several values write in = [2, 3]`},
		{`column = "useful"`, "column = \"useful\"\nwhen = { unit = 3, value = 2.5 }", "u.toml:22: step 1: when.unit is the number 3; want text in quotes\n" +
			"u.toml:22: step 1: when.value is the number 2.5; want a whole number"},
		{`column = "useful"`, "column = \"useful\"\nwhen = 1", `u.toml:22: step 1: when is the number 1; want a table`},
		{`title = "Usefulness of clarifying questions"`, `title = 1979-05-27`, `u.toml:2: title is a date or time; want text in quotes`},
	} {
		src := strings.Replace(usefulToml, c.old, c.new, 1)
		if src == usefulToml {
			t.Fatalf("%q is not in the file", c.old)
		}
		_, err := ParseProtocolFile("u.toml", []byte(src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v; want %q", c.new, err, c.want)
		}
	}
}
