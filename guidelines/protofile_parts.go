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
	"reader":  {"panes", "pairs", "nuggets"},
	"screen":  {"pane", "sides", "nuggets", "dialogue", "request"},
	"stats":   {"panes", "comparison", "bench", "ratings", "choice"},
	"runs":    {"labels", "trec", "questions", "verdicts", "nuggets", "assignments"},
	"exports": {"mimics-manual", "pairs-gold", "nugget-judgements", "nuggetizer", "ratings", "gold-table", "choice-gold"},
}

// ExportSuffixes are the export parts whose file is named after the
// kind that names them (KIND-ratings, KIND-gold): a file names at most
// one part a suffix, or two would write one file. The kind's file as the
// database keeps it says which of the two -gold parts KIND-gold is.
var ExportSuffixes = map[string]string{"ratings": "-ratings", "gold-table": "-gold", "choice-gold": "-gold"}

// kindParts are the parts that read a built-in kind's own tables (its
// panes and SERP, its pairs and blinded sides, its intents, nuggets and
// answers), by part and name: only that kind's shipped file may name one.
// Another file naming one would get a reader, a screen or a scorer over
// tables its items have no rows in.
var kindParts = map[string]Kind{
	"reader.panes": "mimics", "screen.pane": "mimics", "stats.panes": "mimics",
	"runs.trec": "mimics", "exports.mimics-manual": "mimics",
	"reader.pairs": "compare", "screen.sides": "compare", "stats.comparison": "compare",
	"runs.verdicts": "compare", "exports.pairs-gold": "compare",
	"reader.nuggets": "nuggets", "screen.nuggets": "nuggets", "runs.nuggets": "nuggets",
	"runs.assignments": "nuggets", "exports.nugget-judgements": "nuggets", "exports.nuggetizer": "nuggets",
}

// checkParts refuses a part named by a name claritty has no code for.
func (c *fileCheck) checkParts() {
	p := c.f.Parts
	one := func(part, name string) {
		switch owner, own := kindParts[part+"."+name]; {
		case name != "" && !slices.Contains(PartNames[part], name):
			c.at("parts."+part, "parts.%s = %q: claritty has no such %s (it has %s)", part, name, part, partList(part))
		case own && c.kindFile != owner:
			c.at("parts."+part, "parts.%s = %q is the %s kind's own: it reads that kind's tables", part, name, owner)
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
	c.checkPartsNeed()
}

// checkPartsNeed refuses a part the file does not give what it reads:
// its code would find nothing to draw or count, or index a list the item
// has not got.
func (c *fileCheck) checkPartsNeed() {
	f, p := c.f, c.f.Parts
	if p.Screen == "dialogue" && !f.IsConversation() {
		c.at("parts.screen", "parts.screen = \"dialogue\" draws a conversation: give item.conversation")
	}
	if p.Screen == "request" && !f.ListPath() {
		c.at("parts.screen", "parts.screen = \"request\" draws a request's list: give item.list as one JSONL path over a list (\"facets[]\")")
	}
	if p.Stats == "ratings" && (!f.rates() || !f.oneScale()) {
		c.at("parts.stats", "parts.stats = \"ratings\" summarises ratings on one scale (its table names it once): every scale step must rate on the same ordered scale of three or more points")
	}
	if p.Stats == "choice" && !f.waitingChoice() {
		c.at("parts.stats", "parts.stats = \"choice\" counts a choice step's picks: give a choice step of the item's list waiting for an earlier unit's label (when = { unit = ... })")
	}
	if slices.Contains(p.Exports, "choice-gold") && !f.waitingChoice() {
		c.at("parts.exports", "parts.exports = \"choice-gold\" writes a choice step's pick of the item's list: give a choice step of the list waiting for an earlier unit's label (when = { unit = ... })")
	}
	written := map[string]string{}
	for _, e := range p.Exports {
		file := e // a kind's own part: its file is its name
		if suffix, ok := ExportSuffixes[e]; ok {
			file = string(f.Name) + suffix
		}
		if other, twice := written[file]; twice {
			c.at("parts.exports", "parts.exports: %q and %q both write %s: name one", other, e, file)
		}
		written[file] = e
	}
}

// rates says whether the file's labels are ratings (Protocol.Ratings): it
// has a scale step, and every one rates on an ordered scale of three or
// more points.
func (f *ProtocolFile) rates() bool {
	scales := map[string]FileScale{}
	for _, s := range f.Scales {
		scales[s.Name] = s
	}
	rated := false
	for _, st := range f.Steps {
		if st.Kind != "" && st.Kind != StepScale {
			continue
		}
		if s := scales[st.Scale]; s.Nominal || len(s.Values) < 3 {
			return false
		}
		rated = true
	}
	return rated
}

// oneScale says whether every scale step of the file labels on one scale.
func (f *ProtocolFile) oneScale() bool {
	first := ""
	for _, st := range f.Steps {
		if st.Kind != "" && st.Kind != StepScale {
			continue
		}
		if first == "" {
			first = st.Scale
		} else if st.Scale != first {
			return false
		}
	}
	return true
}

// waitingChoice says whether a choice step of the file picks one element
// of the item's list and waits for an earlier unit's label: what choice
// statistics and the choice gold count.
func (f *ProtocolFile) waitingChoice() bool {
	return len(f.Item.List) > 0 && f.Item.Group == "" && slices.ContainsFunc(f.Steps, func(st FileStep) bool {
		return st.Kind == StepChoice && st.When != nil && st.When.Unit != ""
	})
}

// partList names the names a lead's file may give a part, for a message:
// not those a built-in kind's file alone may (kindParts).
func partList(part string) string {
	var names []string
	for _, n := range PartNames[part] {
		if _, own := kindParts[part+"."+n]; !own {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
