package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"html"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
)

// figureRe finds each figure the report carries with its place in a JSON
// document; Chromium's DOM keeps the attributes in this order and quoting.
var figureRe = regexp.MustCompile(`data-src="(\w+)" data-path="([^"]*)" data-value="([^"]*)"`)

// jsonAt is the value at a "/"-separated path in a decoded JSON document.
func jsonAt(doc any, path string) (any, bool) {
	for _, k := range strings.Split(path, "/") {
		switch v := doc.(type) {
		case map[string]any:
			x, ok := v[k]
			if !ok {
				return nil, false
			}
			doc = x
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			doc = v[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

func decodeJSON(t *testing.T, what, s string) any {
	t.Helper()
	var doc any
	if err := json.Unmarshal([]byte(s), &doc); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, s)
	}
	return doc
}

// checkFigures holds every figure of page to the JSON documents by source
// and returns how many it checked of each.
func checkFigures(t *testing.T, what, page string, docs map[string]any) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, m := range figureRe.FindAllStringSubmatch(page, -1) {
		src, path, val := m[1], m[2], m[3]
		doc, ok := docs[src]
		if !ok {
			t.Errorf("%s: a figure from %s, which this reader has no JSON of (%s)", what, src, path)
			continue
		}
		want, ok := jsonAt(doc, path)
		if !ok {
			t.Errorf("%s: %s has nothing at %s", what, src, path)
			continue
		}
		n[src]++
		if val == "null" {
			if want != nil {
				t.Errorf("%s: %s %s is undefined in the report, %v in the JSON", what, src, path, want)
			}
			continue
		}
		got, err := strconv.ParseFloat(val, 64)
		w, isNum := want.(float64)
		if err != nil || !isNum || math.Abs(got-w) > 1e-12*math.Max(1, math.Abs(w)) {
			t.Errorf("%s: %s %s is %s in the report, %v in the JSON", what, src, path, val, want)
		}
	}
	return n
}

// teamReport writes the report of a dataset as who and reads it.
func teamReport(t *testing.T, tm team, who, dataset string) (page, path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "report.html")
	if r := tm.run(t, who, "", "report", "--dataset", dataset, "--out", path); r.code != 0 {
		t.Fatalf("report %s as %q: %+v", dataset, who, r)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), path
}

// reportDocs are the JSON documents the report's figures come from, as
// who sees them.
func reportDocs(t *testing.T, tm team, who, dataset string, quality bool) map[string]any {
	t.Helper()
	docs := map[string]any{}
	for src, args := range map[string][]string{
		"agree": {"agree", "--dataset", dataset, "--json"},
		"bench": {"bench", "--dataset", dataset, "--json"},
	} {
		r := tm.run(t, who, "", args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		docs[src] = decodeJSON(t, src, r.stdout)
	}
	if quality {
		r := tm.run(t, who, "", "annotators", "--quality", "--dataset", dataset, "--json")
		if r.code != 0 {
			t.Fatalf("quality: %+v", r)
		}
		docs["quality"] = decodeJSON(t, "quality", r.stdout)
	}
	return docs
}

// Every figure of the lead's report of each demo dataset is the one agree
// --json, bench --json and annotators --quality --json give, at the path
// it names; every part has figures; the label counts add up to agree's
// ratings, and the throughput to the finished HITs quality counts.
func TestReportFiguresAreTheJSONs(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, d := range []string{"demo", "demo-conversations", "demo-necessity", "demo-pairs", "demo-nuggets"} {
		page, _ := teamReport(t, tm, "", d)
		docs := reportDocs(t, tm, "", d, true)
		n := checkFigures(t, d, page, docs)
		b := docs["bench"].(map[string]any)
		runs, _ := b["runs"].([]any)
		comps, _ := b["comparisons"].([]any)
		if n["agree"] < 5 || n["quality"] < 5 || (len(runs)+len(comps) > 0 && n["bench"] < 2) {
			t.Errorf("%s: figures checked %v: a part of the report is missing", d, n)
		}
		for _, m := range regexp.MustCompile(`class="labels-total" data-type="([^"]*)">(\d+)<`).FindAllStringSubmatch(page, -1) {
			found := false
			for _, ty := range docs["agree"].(map[string]any)["types"].([]any) {
				if ty := ty.(map[string]any); ty["type"] == m[1] {
					found = true
					if strconv.Itoa(int(ty["ratings"].(float64))) != m[2] {
						t.Errorf("%s: %s has %s labels in the report, %v ratings in agree", d, m[1], m[2], ty["ratings"])
					}
				}
			}
			if !found {
				t.Errorf("%s: label counts of %s, a type agree does not have", d, m[1])
			}
		}
		days, hits := 0, 0
		for _, m := range regexp.MustCompile(`data-hits="(\d+)"`).FindAllStringSubmatch(page, -1) {
			k, _ := strconv.Atoi(m[1])
			days, hits = days+1, hits+k
		}
		want := 0
		for _, a := range docs["quality"].(map[string]any)["annotators"].([]any) {
			want += int(a.(map[string]any)["hits"].(float64))
		}
		if days == 0 || hits != want {
			t.Errorf("%s: throughput of %d HITs over %d days, quality counts %d finished HITs", d, hits, days, want)
		}
		checkSelfContained(t, d, page)
	}
}

// An annotator's report has what agree and bench give them, and none of
// the quality, adjudication or others' throughput.
func TestReportBelowTheLead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	page, _ := teamReport(t, tm, "ana", "demo")
	n := checkFigures(t, "ana", page, reportDocs(t, tm, "ana", "demo", false))
	if n["agree"] == 0 {
		t.Errorf("ana's report has no agreement figures: %v", n)
	}
	for _, want := range []string{"Each annotator's quality is for adjudicators and leads.",
		"Adjudication is for adjudicators and leads.", "Your finished HITs per day"} {
		if !strings.Contains(page, want) {
			t.Errorf("ana's report lacks %q", want)
		}
	}
	if strings.Contains(page, "demo-kai") {
		t.Error("ana's report names another annotator")
	}
	// ana has one finished HIT (buildTeam): her throughput is that one.
	if got := regexp.MustCompile(`data-hits="(\d+)"`).FindAllStringSubmatch(page, -1); len(got) != 1 || got[0][1] != "1" {
		t.Errorf("ana's throughput: %v", got)
	}
	// Each run and pair of systems bench withholds from her says why in
	// the report too, and what it shows is hers to see.
	for _, d := range []string{"demo-nuggets", "demo-necessity", "demo-pairs"} {
		page, _ := teamReport(t, tm, "ana", d)
		docs := reportDocs(t, tm, "ana", d, false)
		checkFigures(t, "ana "+d, page, docs)
		whys := withheldWhys(docs["bench"])
		if len(whys) == 0 {
			t.Errorf("%s: bench withholds nothing from ana; the test needs a dataset that does", d)
		}
		for _, why := range whys {
			if !strings.Contains(page, `<span class="withheld">`+html.EscapeString(why)+`</span>`) {
				t.Errorf("%s: bench withholds %q, the report does not say so", d, why)
			}
		}
	}
}

// withheldWhys are the reasons a bench --json document gives for what it
// withholds: runs', pairs' and rankings'.
func withheldWhys(doc any) []string {
	var out []string
	switch v := doc.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && (k == "withheld" || k == "ranking_withheld") {
				out = append(out, s)
			}
			out = append(out, withheldWhys(x)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, withheldWhys(x)...)
		}
	}
	return out
}

// checkSelfContained: nothing in the page is fetched when it opens.
func checkSelfContained(t *testing.T, what, page string) {
	t.Helper()
	for _, bad := range []string{"<script", " src=", "href=", "url(", "@import", "<link", "<iframe", "<img"} {
		if strings.Contains(strings.ToLower(page), bad) {
			t.Errorf("%s: the report holds %q: it must open with no network", what, bad)
		}
	}
}

// chromium is Debian's Chromium, which .ci/run installs; without it the
// rendering test cannot run, and says so (CLARITTY_CHROMIUM=required, as
// .ci/run sets, makes its absence a failure).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CLARITTY_CHROMIUM") == "required" {
		t.Fatal("chromium is not installed (apt-get install chromium)")
	}
	t.Skip("chromium is not installed: the report's rendering is tested where it is (.ci/run installs it)")
	return ""
}

// headless runs Chromium on the file with the probe's flags (no sandbox as
// root, nothing reached over the network). A Chromium that exits with an
// error is started once more (on a loaded machine it can fail to start);
// the second failure ends the test with what it said.
func headless(t *testing.T, bin string, args ...string) string {
	t.Helper()
	var stderr bytes.Buffer
	for try := 1; ; try++ {
		base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
			"--user-data-dir=" + t.TempDir()}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
		stderr.Reset()
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		cancel()
		if err == nil {
			return string(out)
		}
		if try == 2 {
			t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
		}
		t.Logf("chromium %v: %v (trying once more)\n%s", args, err, stderr.String())
	}
}

// The lead's report renders in headless Chromium: the DOM it builds holds
// the same figures as the JSON, and the picture it draws has the tables'
// text and the charts' colours on it.
func TestReportRendersInChromium(t *testing.T) {
	t.Parallel()
	bin := chromium(t)
	tm := newTeam(t)
	page, path := teamReport(t, tm, "", "demo")
	dom := headless(t, bin, "--dump-dom", "file://"+path)
	docs := reportDocs(t, tm, "", "demo", true)
	inPage, inDOM := checkFigures(t, "page", page, docs), checkFigures(t, "dom", dom, docs)
	if inDOM["agree"] == 0 || inDOM["agree"] != inPage["agree"] || inDOM["bench"] != inPage["bench"] || inDOM["quality"] != inPage["quality"] {
		t.Errorf("Chromium's DOM has figures %v, the file %v", inDOM, inPage)
	}
	if n := strings.Count(dom, "<svg"); n < 5 {
		t.Errorf("Chromium's DOM has %d charts", n)
	}
	shot := filepath.Join(t.TempDir(), "report.png")
	headless(t, bin, "--window-size=1000,6000", "--screenshot="+shot, "file://"+path)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	ink, blue, green := pixelCounts(img)
	total := img.Bounds().Dx() * img.Bounds().Dy()
	// Text and rules on white: a blank or failed page has next to none.
	if ink < total/50 {
		t.Errorf("the rendered report is %d of %d pixels ink: blank?", ink, total)
	}
	// Each colour covers about the area of the bars the DOM draws in it
	// (the legend's squares add a little): the charts were painted.
	for _, c := range []struct {
		fill   string
		pixels int
	}{{"#4c78a8", blue}, {"#54a24b", green}} {
		area := rectArea(dom, c.fill)
		if area < 2000 || float64(c.pixels) < 0.8*area || float64(c.pixels) > 1.5*area+2000 {
			t.Errorf("%s covers %d pixels of the picture; the DOM's bars in it, %.0f", c.fill, c.pixels, area)
		}
	}
}

// rectArea adds up the areas of the SVG rectangles filled with fill.
func rectArea(dom, fill string) float64 {
	area := 0.0
	for _, m := range regexp.MustCompile(`<rect[^>]* width="([\d.]+)" height="([\d.]+)" fill="`+fill+`"`).FindAllStringSubmatch(dom, -1) {
		w, _ := strconv.ParseFloat(m[1], 64)
		h, _ := strconv.ParseFloat(m[2], 64)
		area += w * h
	}
	return area
}

// pixelCounts counts pixels that are not near white, and those of the
// report's first and third palette colours (#4c78a8, #54a24b).
func pixelCounts(img image.Image) (ink, blue, green int) {
	near := func(r, g, b uint32, R, G, B int) bool {
		d := func(x uint32, y int) int { return int(x>>8) - y }
		return abs(d(r, R)) < 12 && abs(d(g, G)) < 12 && abs(d(b, B)) < 12
	}
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 < 230 || g>>8 < 230 || b>>8 < 230 {
				ink++
			}
			if near(r, g, b, 0x4c, 0x78, 0xa8) {
				blue++
			}
			if near(r, g, b, 0x54, 0xa2, 0x4b) {
				green++
			}
		}
	}
	return ink, blue, green
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// stats --csv holds every figure of stats --json, each at the place its
// table, row and column name, and nothing else.
func TestStatsCSVIsTheJSON(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, d := range []string{"demo", "demo-conversations", "demo-necessity", "demo-pairs", "demo-nuggets"} {
		js := tm.run(t, "", "", "stats", "--dataset", d, "--json")
		cs := tm.run(t, "", "", "stats", "--dataset", d, "--csv")
		if js.code != 0 || cs.code != 0 {
			t.Fatalf("%s: %+v %+v", d, js, cs)
		}
		doc := decodeJSON(t, d, js.stdout).(map[string]any)
		recs, err := csv.NewReader(strings.NewReader(cs.stdout)).ReadAll()
		if err != nil || len(recs) < 2 || strings.Join(recs[0], ",") != "table,row,column,value" {
			t.Fatalf("%s: CSV %v %v", d, recs, err)
		}
		for _, r := range recs[1:] {
			v, ok := csvPlace(doc, r[0], r[1], r[2])
			if !ok {
				t.Errorf("%s: no figure at %v in the JSON", d, r)
				continue
			}
			if got := jsonText(v); got != r[3] {
				t.Errorf("%s: %v is %q in the JSON", d, r, got)
			}
		}
		if n := scalars(doc); n != len(recs)-1 {
			t.Errorf("%s: the JSON has %d figures, the CSV %d lines", d, n, len(recs)-1)
		}
	}
}

// stats --csv of runs whose names (dataset text) hold a formula after
// blanks a spreadsheet trims (a space, a no-break space, a zero-width
// space): every such cell starts with ', so it reads as text.
// (Figures are numbers, and a negative one is meant as one.)
func TestStatsCSVFormulaAfterBlanks(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	gold := write("gold.jsonl", `{"id": "q1", "query": "golden gate", "nuggets": [{"id": "n1", "text": "1937", "weight": 3}]}`+"\n")
	if r := runBin(t, bin, db, "import", gold); r.code != 0 {
		t.Fatalf("gold: %+v", r)
	}
	answers := write("a.jsonl", `{"id": "q1", "answer": "1937"}`+"\n")
	names := []string{" =1+1", "\u00a0=HYPERLINK(\"http://x.example\")", "\u200b+SUM(A1)", "  -2+3"}
	for _, name := range names {
		if r := runBin(t, bin, db, "bench", "add", "--kind", "nuggets", "--name", name, answers); r.code != 0 {
			t.Fatalf("run %q: %+v", name, r)
		}
	}
	r := runBin(t, bin, db, "stats", "--csv")
	recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if r.code != 0 || err != nil {
		t.Fatalf("stats --csv: %v %+v", err, r)
	}
	seen := map[string]bool{}
	for _, rec := range recs {
		for _, cell := range rec {
			seen[cell] = true
			if _, err := strconv.ParseFloat(cell, 64); err == nil {
				continue // a figure: -0.5 is meant as a number
			}
			if t2 := strings.TrimLeftFunc(cell, func(r rune) bool { return unicode.IsSpace(r) || r == '\u200b' }); t2 != "" &&
				strings.ContainsRune("=+-@", rune(t2[0])) && !strings.HasPrefix(cell, "'") {
				t.Errorf("a spreadsheet reads %q as a formula", cell)
			}
		}
	}
	for _, name := range names {
		if !seen["'"+name] {
			t.Errorf("no cell %q:\n%s", "'"+name, r.stdout)
		}
	}
}

// csvPlace finds a CSV line's figure in the JSON: table, then the list
// element whose first field is row (or at place row), then the column's
// path.
func csvPlace(doc map[string]any, table, row, column string) (any, bool) {
	v, ok := doc[table]
	if !ok {
		return nil, false
	}
	if list, isList := v.([]any); isList {
		v = nil
		at := -1
		for i, el := range list { // a text field names the row, else its place
			if m, isObj := el.(map[string]any); isObj {
				for _, f := range m {
					if f == row && at >= 0 && at != i {
						return nil, false // the name is not the row's alone
					}
					if f == row {
						at = i
					}
				}
			}
		}
		if i, err := strconv.Atoi(row); at < 0 && err == nil && i < len(list) {
			at = i
		}
		if at >= 0 {
			v = list[at]
		}
	}
	if column == "" {
		return v, v != nil
	}
	return jsonAt(v, column)
}

// jsonText is a JSON scalar as the CSV writes it.
func jsonText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	}
	return "?"
}

// scalars counts the figures of a JSON value.
func scalars(v any) int {
	switch x := v.(type) {
	case map[string]any:
		n := 0
		for _, f := range x {
			n += scalars(f)
		}
		return n
	case []any:
		n := 0
		for _, el := range x {
			n += scalars(el)
		}
		return n
	}
	return 1
}
