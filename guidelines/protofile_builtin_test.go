package guidelines

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// kindFile is a built-in kind's shipped file, or the test stops.
func kindFile(t *testing.T, k Kind) ProtocolText {
	t.Helper()
	f, ok := KindFile(k)
	if !ok {
		t.Fatalf("no shipped file of %s", k)
	}
	return f
}

// Each built-in kind that keeps Go parts has its shipped file, and the
// file says what the Go protocol does wherever the language reaches: its
// name, items and title, its steps in order (their titles, units, scales'
// values and names, and keys where the Go scale has keys), its units, its
// attention question and its guideline. What the language cannot say is
// the Go protocol's alone, each named here: Step I (no unit), a
// comparison's keys (drawn per pair), labels written by name, a nugget
// list past RowUnits elements.
func TestBuiltInKindFilesSayTheirKinds(t *testing.T) {
	for _, k := range []Kind{"mimics", "compare", "nuggets"} {
		p, _ := Builtins().Protocol(k)
		f := kindFile(t, k).File
		fp := f.Protocol()
		if fp.Kind != p.Kind || fp.Items != p.Items || fp.Title != p.Title {
			t.Errorf("%s: the file's kind, items and title %q %q %q; Go's %q %q %q", k, fp.Kind, fp.Items, fp.Title, p.Kind, p.Items, p.Title)
		}
		var goSteps []Step
		for _, st := range p.StepTypes {
			if st.Scale != nil { // Step I labels nothing: no file step can be it
				goSteps = append(goSteps, st)
			}
		}
		if len(goSteps) != len(fp.StepTypes) {
			t.Errorf("%s: the file has %d labelling steps, Go %d", k, len(fp.StepTypes), len(goSteps))
			continue
		}
		for i, st := range goSteps {
			got := fp.StepTypes[i]
			if got.ID != st.ID || got.Title != st.Title {
				t.Errorf("%s: step %d is %q %q in the file, %q %q in Go", k, i+1, got.ID, got.Title, st.ID, st.Title)
			}
			if len(got.Scale) != len(st.Scale) {
				t.Errorf("%s: step %s's scale %v in the file, %v in Go", k, st.ID, got.Scale, st.Scale)
				continue
			}
			for j, l := range st.Scale {
				g := got.Scale[j]
				if g.Value != l.Value || g.Name != l.Name || l.Key != "" && g.Key != l.Key {
					t.Errorf("%s: step %s's label %d is %+v in the file, %+v in Go", k, st.ID, j, g, l)
				}
			}
		}
		if !slices.Equal(fp.Types, p.Types) {
			t.Errorf("%s: unit types %q in the file, %q in Go", k, fp.Types, p.Types)
		}
		want := p.AllUnits
		if k == "nuggets" {
			want = want[:RowUnits] // a list path's units: RowUnits at the least, MaxNuggets in Go
		}
		if !slices.Equal(fp.AllUnits, want) {
			t.Errorf("%s: units %q in the file, %q in Go", k, fp.AllUnits, want)
		}
		if (fp.Attention == nil) != (p.Attention == nil) || p.Attention != nil && fp.Attention.Ask != p.Attention.Ask {
			t.Errorf("%s: attention %+v in the file, %+v in Go", k, fp.Attention, p.Attention)
		}
		if p.Text() == "" || p.Text() != f.Guideline {
			t.Errorf("%s: the Go guideline is not the file's:\n%s\n---\n%s", k, p.Text(), f.Guideline)
		}
		if p.Code == "" {
			t.Errorf("%s: no Code: what of it still needs code", k)
		}
	}
}

// A MIMICS pane's HIT as the file lays it out is the Go one without Step
// I, for a pane of each size; and the generic template, written exactly,
// leaves out the question step in both.
func TestMIMICSFileStepsAreTheKinds(t *testing.T) {
	fp := kindFile(t, "mimics").File.Protocol()
	for _, q := range []string{"Which jaguar?", GenericQuestion} {
		for n := 0; n <= MaxAnswers; n++ {
			s := Shape{Question: q, Answers: n, Fields: `{"fields":{"question":"` + q + `"}}`}
			var want []string
			for _, st := range MIMICS.Steps(s) {
				if st.Unit != "" {
					want = append(want, st.Unit)
				}
			}
			if got := fp.Units(s); !slices.Equal(got, want) {
				t.Errorf("question %q, %d answers: the file asks %q, Go %q", q, n, got, want)
			}
		}
	}
}

// A built-in kind's name and parts are its shipped file's alone: the same
// text as a lead's file, or as a kept one, is refused at its name's line
// and at each part that reads the kind's own tables; a lead's file naming
// one of those parts is refused at its line; and the built-in kinds'
// files are none of the kinds a database imports under (ShippedProtocols).
func TestBuiltInKindFileIsItsKindsAlone(t *testing.T) {
	for _, k := range []Kind{"mimics", "compare", "nuggets"} {
		text := kindFile(t, k).Text
		for _, parse := range []func(string, []byte) (*ProtocolFile, error){ParseProtocolFile, ParseKeptProtocolFile} {
			_, err := parse("own.toml", text)
			if err == nil || !strings.Contains(err.Error(), "name \""+string(k)+"\" is a built-in task kind's") ||
				!strings.Contains(err.Error(), "is the "+string(k)+" kind's own: it reads that kind's tables") {
				t.Errorf("%s's file as a lead's own: %v", k, err)
			}
		}
		if _, err := parseProtocolFile(string(k)+".toml", text, true, k); err != nil {
			t.Errorf("%s's file as its kind's: %v", k, err)
		}
	}
	if _, err := parseProtocolFile("mimics.toml", kindFile(t, "compare").Text, true, "mimics"); err == nil ||
		!strings.Contains(err.Error(), `name "compare": the shipped file of mimics names it`) ||
		!strings.Contains(err.Error(), `parts.screen = "sides" is the compare kind's own`) {
		t.Errorf("compare's file shipped as mimics': %v", err)
	}
	duo, err := FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	lead := strings.Replace(string(duo.Text), `name = "mimics-duo-quality"`, `name = "my-quality"`, 1)
	line := strings.Count(lead, "\n") + 3
	if _, err := ParseProtocolFile("q.toml", []byte(lead+"\n[parts]\nscreen = \"sides\"\n")); err == nil ||
		err.Error() != fmt.Sprintf(`q.toml:%d: parts.screen = "sides" is the compare kind's own: it reads that kind's tables`, line) {
		t.Errorf("a lead's file naming compare's screen: %v", err)
	}
	if _, err := ParseProtocolFile("q.toml", []byte(lead+"\n[parts]\nstats = \"bench\"\nruns = [\"labels\", \"questions\"]\n")); err != nil {
		t.Errorf("a lead's file naming parts any file may: %v", err)
	}
	shipped, err := ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range shipped {
		if isBuiltInKind(s.File.Name) {
			t.Errorf("%s is a kind a database would import under", s.File.Name)
		}
	}
}
