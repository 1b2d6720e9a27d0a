package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The ClariMM study from the command line: import conversations, merge
// ratings, print Table 1 as JSON and check it against a computation of
// its own; refusals exit non-zero with file:line and change nothing.
func TestClariMMCommands(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	convs := `{"id": "a", "topic": "jaguar", "facet": "the car", "turns": [{"question": "Animal or car?", "answer": "Car."}, {"question": "New or used?", "answer": "Used."}]}
{"id": "b", "topic": "python", "facet": "the snake", "turns": [{"question": "Language or snake?", "answer": "Snake."}]}
`
	path := filepath.Join(dir, "convs.jsonl")
	os.WriteFile(path, []byte(convs), 0o644)
	if r := runBin(t, bin, db, "import", path); r.code != 0 || !strings.Contains(r.stderr, "2 conversations added") {
		t.Fatalf("import: %d %q", r.code, r.stderr)
	}
	ratings := map[string][]float64{}
	var b strings.Builder
	b.WriteString("conversation\tunit\tannotator\trating\n")
	add := func(c, u, who string, v int) {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%d\n", c, u, who, v)
		ratings[u] = append(ratings[u], float64(v))
	}
	for i, who := range []string{"ana", "bo", "cy"} {
		for j, u := range []string{"relevance_1", "relevance_2", "coherence", "diversity", "intent_reveal"} {
			add("a", u, who, 1+(i*3+j*2)%5)
		}
		for j, u := range []string{"relevance_1", "coherence", "diversity", "intent_reveal"} {
			add("b", u, who, 1+(i+j*4)%5)
		}
	}
	rpath := filepath.Join(dir, "ratings.tsv")
	os.WriteFile(rpath, []byte(b.String()), 0o644)
	if r := runBin(t, bin, db, "import", rpath); r.code != 0 {
		t.Fatalf("ratings: %q", r.stderr)
	}
	r := runBin(t, bin, db, "stats", "--json")
	var got struct {
		Metrics []struct {
			Metric            string
			N                 int
			Mean, Std, Median *float64
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("stats --json: %v %q %q", err, r.stdout, r.stderr)
	}
	for _, m := range got.Metrics {
		xs := ratings[m.Metric]
		if len(xs) == 0 {
			if m.N != 0 || m.Mean != nil {
				t.Errorf("%s: %+v without ratings", m.Metric, m)
			}
			continue
		}
		mean, std, med := summarise(xs)
		if m.N != len(xs) || math.Abs(*m.Mean-mean) > 1e-12 || math.Abs(*m.Std-std) > 1e-12 || *m.Median != med {
			t.Errorf("%s: %d %v %v %v, want %d %v %v %v", m.Metric, m.N, *m.Mean, *m.Std, *m.Median, len(xs), mean, std, med)
		}
	}
	// The ratings come back out exactly as they went in.
	r = runBin(t, bin, db, "export", "--format", "clarimm-ratings")
	var back []string
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
		f := strings.Split(l, "\t")
		back = append(back, strings.Join(f[:4], "\t"))
	}
	in := strings.Split(strings.TrimSpace(b.String()), "\n")[1:]
	slices.Sort(back)
	slices.Sort(in)
	if !slices.Equal(back, in) {
		t.Fatalf("export differs:\n%v\n%v", back, in)
	}
	// The report says the ratings are ordinal.
	if r := runBin(t, bin, db, "agree", "--bootstrap", "0"); !strings.Contains(r.stdout, "ordinal, not nominal") ||
		!strings.Contains(r.stdout, "quadratic-weighted κ") {
		t.Fatalf("agree: %q %q", r.stdout, r.stderr)
	}
	// A ratings file is on the whole 1-5 scale even where nobody used a point.
	narrow := filepath.Join(dir, "narrow.tsv")
	os.WriteFile(narrow, []byte("conversation\tunit\tannotator\trating\na\tcoherence\tana\t3\na\tcoherence\tbo\t4\n"), 0o644)
	if r := runBin(t, bin, db, "agree", "--ratings", narrow, "--bootstrap", "0"); !strings.Contains(r.stdout, "1 < 2 < 3 < 4 < 5") {
		t.Fatalf("agree --ratings: %q %q", r.stdout, r.stderr)
	}

	before := dbBytes(t, db)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Split(convs, "\n")[0]+"\n"+`{"id": "c", "topic": "t", "facet": "f", "turns": [{"question": "q", "images": ["../../etc/passwd"], "answer": "a"}]}`+"\n"), 0o644)
	r = runBin(t, bin, db, "import", bad)
	if r.code == 0 || !strings.Contains(r.stderr, bad+`:2: turn 1: image "../../etc/passwd" leaves the file's folder`) {
		t.Fatalf("escaping path: %d %q", r.code, r.stderr)
	}
	if dbBytes(t, db) != before {
		t.Fatal("a refused import changed the database")
	}
}

// summarise is the textbook mean, population standard deviation and median.
func summarise(xs []float64) (mean, std, med float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	for _, x := range s {
		mean += x / float64(len(s))
	}
	for _, x := range s {
		std += (x - mean) * (x - mean) / float64(len(s))
	}
	n := len(s)
	med = (s[(n-1)/2] + s[n/2]) / 2
	return mean, math.Sqrt(std), med
}

// dbBytes hashes the rows of every table of the database at path (as
// team.fingerprint does), so a refusal that changed any of them shows.
func dbBytes(t *testing.T, path string) string {
	t.Helper()
	return team{db: path}.fingerprint(t)
}
