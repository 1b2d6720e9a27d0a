// Package guidelines holds the annotation protocols: task kinds, their steps
// and label scales, and the guideline text annotators read while labelling.
package guidelines

import (
	_ "embed"
	"regexp"
	"strings"
)

// Label is one point of a scale and the key that gives it.
type Label struct {
	Value int
	Key   string
	Name  string
}

// Step is one step of a HIT.
type Step struct {
	ID      string // serp, question, answer_set, landing
	Numeral string // I, II, III, IV
	Title   string
	Short   string // name in the step indicator
	Scale   []Label
}

// GoodFairBad is the MIMICS scale.
var GoodFairBad = []Label{{2, "2", "Good"}, {1, "1", "Fair"}, {0, "0", "Bad"}}

// MIMICSSteps are the four steps of a MIMICS-Manual HIT (Zamani et al. 2020,
// §3.3). Step IV repeats once per candidate answer.
var MIMICSSteps = []Step{
	{ID: "serp", Numeral: "I", Title: "Review the search results", Short: "SERP"},
	{ID: "question", Numeral: "II", Title: "Label the clarifying question", Short: "question", Scale: GoodFairBad},
	{ID: "answer_set", Numeral: "III", Title: "Label the candidate answer set", Short: "answers", Scale: GoodFairBad},
	{ID: "landing", Numeral: "IV", Title: "Label each answer's landing page", Short: "landing", Scale: GoodFairBad},
}

// GenericQuestion is the template question that has no label of its own.
const GenericQuestion = "Select one to refine your search"

// IsGeneric reports whether a pane's (display) question is the generic
// template, whose question step is skipped and whose question label is N/A.
func IsGeneric(question string) bool {
	q := strings.TrimSpace(question)
	q = strings.TrimRight(q, ".")
	return strings.EqualFold(q, GenericQuestion)
}

//go:embed mimics.md
var mimicsText string

// MIMICSText is the whole MIMICS guideline as markdown.
func MIMICSText() string { return mimicsText }

var (
	sectionHeading = regexp.MustCompile(`(?m)^## (.*) \{#([a-z_]+)\}$`)
	anchor         = regexp.MustCompile(` \{#[a-z_]+\}`)
	emphasis       = regexp.MustCompile(`\*([^*\n]+)\*`)
)

// Section returns the guideline section for a step id (its heading line
// without the anchor, then its body), or "" when there is none.
func Section(stepID string) string {
	locs := sectionHeading.FindAllStringSubmatchIndex(mimicsText, -1)
	for i, l := range locs {
		if mimicsText[l[4]:l[5]] != stepID {
			continue
		}
		end := len(mimicsText)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		return mimicsText[l[2]:l[3]] + "\n" + strings.TrimSpace(mimicsText[l[1]:end])
	}
	return ""
}

// Plain strips the markdown marks a terminal would show literally (anchors,
// emphasis, code ticks) and keeps the text.
func Plain(md string) string {
	md = anchor.ReplaceAllString(md, "")
	md = strings.NewReplacer("**", "", "`", "").Replace(md)
	return emphasis.ReplaceAllString(md, "$1")
}

// Summary is the guideline of a step in a few lines for the HIT screen: one
// line per label of the scale, or the opening paragraph of a step without
// labels. Each line is whole; the screen cuts it to its width.
func Summary(stepID string) []string {
	sec := Section(stepID)
	if sec == "" {
		return nil
	}
	_, body, _ := strings.Cut(sec, "\n")
	var out []string
	for _, para := range strings.Split(body, "\n\n") {
		for _, item := range strings.Split(para, "\n- ") {
			item = strings.TrimPrefix(strings.TrimSpace(item), "- ")
			if strings.HasPrefix(item, "**") && len(item) > 2 && item[2] >= '0' && item[2] <= '9' {
				text, _, _ := strings.Cut(item, "\n  *Example:*")
				out = append(out, Plain(strings.Join(strings.Fields(text), " ")))
			}
		}
	}
	if len(out) == 0 {
		first, _, _ := strings.Cut(body, "\n\n")
		out = append(out, Plain(strings.Join(strings.Fields(first), " ")))
	}
	return out
}
