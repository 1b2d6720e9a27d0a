package guidelines

import (
	"slices"
	"strings"
)

// Named parts ([parts]): Go code a protocol file refers to by name, for what the
// language does not say (issue 47). A shipped kind whose screen, reader,
// statistics or scorers need code names them; the rest of it (items,
// steps, scales, guideline text, label columns) is the file's, as any
// protocol file's. Package kinds resolves each name; this file only says
// which names there are, so a file naming another is refused where it is
// read.
type FileParts struct {
	// Reader reads the kind's files where the item's own reader cannot
	// (one line that becomes several items: compare's pairs).
	Reader string `toml:"reader"`
	// Screen draws its HIT where the file screen cannot.
	Screen string `toml:"screen"`
	// Stats are its statistics table in place of each step's and unit's.
	Stats string `toml:"stats"`
	// Runs are the kinds of benchmark run it takes, each with its scorer;
	// a system's labels when not given.
	Runs []string `toml:"runs"`
	// Exports are the release files it writes besides its own shape's.
	Exports []string `toml:"exports"`
	// Own, one of Exports, is what export --format KIND writes in place
	// of the items in the file's own shape (ClariMM's gold table, as
	// export --format clarimm always wrote).
	Own string `toml:"own"`
}

// PartNames are the names each part may take. Package kinds has one Go
// part for each (kinds_test holds the two lists equal).
var PartNames = map[string][]string{
	"reader":  {},
	"screen":  {"dialogue", "request"},
	"stats":   {"ratings", "choice"},
	"runs":    {"labels", "questions"},
	"exports": {"ratings", "gold-table", "choice-gold"},
}

// checkParts refuses a part named by a name claritty has no code for.
func (c *fileCheck) checkParts() {
	p := c.f.Parts
	one := func(part, name string) {
		if name != "" && !slices.Contains(PartNames[part], name) {
			c.at("parts."+part, "parts.%s = %q: claritty has no such %s (it has %s)", part, name, part, partList(part))
		}
	}
	one("reader", p.Reader)
	one("screen", p.Screen)
	one("stats", p.Stats)
	for _, r := range p.Runs {
		one("runs", r)
	}
	for _, e := range p.Exports {
		one("exports", e)
	}
	if p.Own != "" && !slices.Contains(p.Exports, p.Own) {
		c.at("parts.own", "parts.own = %q is not one of parts.exports", p.Own)
	}
}

// partList names a part's names for a message.
func partList(part string) string {
	if len(PartNames[part]) == 0 {
		return "none"
	}
	return strings.Join(PartNames[part], ", ")
}
