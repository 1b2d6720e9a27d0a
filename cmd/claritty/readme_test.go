package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README is a front page (issue 33): at most 150 lines, the two set-up
// commands near its top, a real screen (the golden file the tests hold the
// screen to, line for line), and every link of it and of the manual in
// docs/ resolves: the file is there, and so is the heading an anchor names.
func TestREADMEIsAFrontPage(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	if len(lines) > 150 {
		t.Errorf("README.md has %d lines; a front page has 150 at most", len(lines))
	}
	top := strings.Join(lines[:min(len(lines), 15)], "\n")
	for _, cmd := range []string{"go run ./cmd/claritty", "go test ./..."} {
		if !strings.Contains(top, cmd) {
			t.Errorf("README.md's first 15 lines lack %q", cmd)
		}
	}
	golden, err := os.ReadFile(filepath.Join(root, "tui", "testdata", "TestGoldenScreens", "answers_80x24.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var shot []string
	for _, l := range strings.Split(strings.TrimRight(string(golden), "\n"), "\n") {
		shot = append(shot, strings.TrimRight(l, " "))
	}
	if !strings.Contains(string(readme), "```text\n"+strings.Join(shot, "\n")+"\n```") {
		t.Error("README.md's screen is not the golden screen answers_80x24 (tui's tests hold the screen to it)")
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("docs: %v %v", docs, err)
	}
	link := regexp.MustCompile(`\]\(([^)#\s]*)(#[^)\s]*)?\)`)
	for _, page := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		body, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(body), -1) {
			target, anchor := m[1], strings.TrimPrefix(m[2], "#")
			if strings.Contains(target, "://") {
				continue
			}
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), target)
			}
			text, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: link %q: %v", page, m[0], err)
				continue
			}
			if anchor != "" && !hasAnchor(string(text), anchor) {
				t.Errorf("%s: link %q: %s has no heading %q", page, m[0], target, anchor)
			}
		}
	}
}

// hasAnchor says whether a markdown file has a heading whose GitHub
// anchor is anchor: lower case, spaces to hyphens, punctuation dropped.
func hasAnchor(md, anchor string) bool {
	drop := regexp.MustCompile(`[^\p{L}\p{N} _-]`)
	for _, l := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
			slug := strings.ReplaceAll(drop.ReplaceAllString(strings.ToLower(strings.TrimSpace(h)), ""), " ", "-")
			if slug == anchor {
				return true
			}
		}
	}
	return false
}
