package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A system with no finite Bradley–Terry strength has no interval either:
// the HTML report's row for the unbeaten x gives none (not "[ –, – ]")
// and says why, as stats does; y, fitted in its group, keeps its own.
func TestReportGivesNoIntervalWithoutAStrength(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := unbeatenPairs(t, bin, dir)
	text := flat(runBin(t, bin, db, "stats").stdout)
	if !strings.Contains(text, "x no finite strength: lost none of its 10 games") || !strings.Contains(text, "y 0.600 [") {
		t.Fatalf("test is void: stats gives x no strength and y one with an interval:\n%s", text)
	}
	out := filepath.Join(dir, "report.html")
	if r := runBin(t, bin, db, "report", "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, m := range regexp.MustCompile(`<tr><td>([xyz])</td>(.*?)</tr>`).FindAllStringSubmatch(string(b), -1) {
		rows[m[1]] = pageText(m[2])
	}
	if x := rows["x"]; !strings.Contains(x, "no finite strength: lost none of its 10 games") || !strings.Contains(x, "no interval") ||
		strings.Contains(x, "[") {
		t.Errorf("the report's row for x reads %q; want no strength, why, and no interval", x)
	}
	if y := rows["y"]; !regexp.MustCompile(`(^| )0\.600 \[0\.\d{3}, 0\.\d{3}\]`).MatchString(y) || strings.Contains(y, "no interval") {
		t.Errorf("the report's row for y reads %q; want 0.600 with its interval", y)
	}
}

// stats --csv keys Bradley–Terry's groups by the numbers the text and the
// ranking give them, from 1: x's group is group 1 in stats, in the
// ranking's "group" (JSON and CSV) and in the CSV's paths, which once
// named it groups/0.
func TestStatsCSVNumbersGroupsAsTheText(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := unbeatenPairs(t, bin, dir)
	if text := flat(runBin(t, bin, db, "stats").stdout); !strings.Contains(text, "group 1: x") || !strings.Contains(text, "group 2: y, z") {
		t.Fatalf("test is void: stats does not put x in group 1, y and z in group 2:\n%s", text)
	}
	var doc struct {
		Ranking []struct {
			System string
			Group  int
		}
		BradleyTerry struct {
			Groups []struct {
				Group   int
				Systems []string
			}
		} `json:"bradley_terry"`
	}
	r := runBin(t, bin, db, "stats", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err, r.stderr)
	}
	groupOf := map[string]int{}
	for _, s := range doc.Ranking {
		groupOf[s.System] = s.Group
	}
	for i, g := range doc.BradleyTerry.Groups {
		if g.Group != i+1 {
			t.Errorf("bradley_terry.groups[%d] says group %d, want %d", i, g.Group, i+1)
		}
		for _, s := range g.Systems {
			if groupOf[s] != g.Group {
				t.Errorf("%s is in group %d of bradley_terry.groups, group %d of the ranking", s, g.Group, groupOf[s])
			}
		}
	}
	csv := runBin(t, bin, db, "stats", "--csv").stdout
	inCSV := map[string]int{}
	path := regexp.MustCompile(`(?m)^bradley_terry,,groups/(\d+)/systems/\d+,(\w+)$`)
	for _, m := range path.FindAllStringSubmatch(csv, -1) {
		inCSV[m[2]], _ = strconv.Atoi(m[1])
	}
	for _, s := range []string{"x", "y", "z"} {
		if !strings.Contains(csv, "ranking,"+s+",group,"+strconv.Itoa(groupOf[s])+"\n") {
			t.Errorf("stats --csv does not give %s the ranking's group %d", s, groupOf[s])
		}
		if inCSV[s] != groupOf[s] {
			t.Errorf("stats --csv puts %s under groups/%d, the ranking in group %d:\n%s", s, inCSV[s], groupOf[s], csv)
		}
	}
	if groupOf["x"] != 1 {
		t.Errorf("x is in group %d, the text's group 1", groupOf["x"])
	}
}
