package guidelines

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claritty/claritty/display"
)

// A written answer's length (a text step's max_chars), in characters.
const (
	DefaultMaxChars = 500
	MaxMaxChars     = 4000
)

// TextMax is the most characters the step's written answer may have.
func (st FileStep) TextMax() int {
	if st.MaxChars == 0 {
		return DefaultMaxChars
	}
	return st.MaxChars
}

// checkText checks a text step: a written answer on no scale, of at most
// max_chars characters, which is at least 1 and at most MaxMaxChars.
func (c *fileCheck) checkText(key string, i int, st FileStep) {
	if st.Scale != "" {
		c.at(key+".scale", "step %d: kind = \"text\" is a written answer: it takes no scale (scale = %q)", i+1, st.Scale)
	}
	if len(st.LabelText) > 0 {
		c.at(key+".label_text", "step %d: kind = \"text\" has no values to give label_text for", i+1)
	}
	if st.MaxChars < 0 || st.MaxChars > MaxMaxChars {
		c.at(key+".max_chars", "step %d: max_chars = %d: want 1 to %d (default %d)", i+1, st.MaxChars, MaxMaxChars, DefaultMaxChars)
	}
}

// checkMaxChars refuses max_chars on a step that is not written.
func (c *fileCheck) checkMaxChars(key string, i int, st FileStep) {
	if st.MaxChars != 0 && (st.Kind == "" || st.Kind == StepScale || st.Kind == StepChoice) {
		c.at(key+".max_chars", "step %d: max_chars is for kind = \"text\" only", i+1)
	}
}

// TextMax is the most characters a unit's written answer may have; 0
// when the unit is labelled on a scale.
func (p Protocol) TextMax(unit string) int { return p.Step(unitType(unit)).MaxChars }

// CheckAnswer says what is wrong with a written answer of at most max
// characters, or nil: it says something (not only spaces), is one line
// and holds no control character (a tab, an escape sequence) nor a
// direction control (U+202E), since it is shown on terminals and written
// to TSV files.
func CheckAnswer(text string, max int) error {
	switch n := utf8.RuneCountInString(text); {
	case !utf8.ValidString(text):
		return fmt.Errorf("a written answer is not valid UTF-8")
	case strings.TrimSpace(text) == "":
		return fmt.Errorf("a written answer is empty")
	case n > max:
		return fmt.Errorf("a written answer has %d characters, at most %d", n, max)
	}
	for _, r := range text {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("a written answer holds control character %U", r)
		}
		if display.IsDirectionControl(r) {
			return fmt.Errorf("a written answer holds direction control %U, which would turn the text round on screen", r)
		}
	}
	return nil
}

// TextTypes are the protocol's written unit types (its steps of kind =
// "text"), in HIT order.
func (p Protocol) TextTypes() []string {
	var out []string
	for _, st := range p.StepTypes {
		if st.MaxChars > 0 {
			out = append(out, st.ID)
		}
	}
	return out
}

// TextTypeOf is the written unit type a unit belongs to ("ask" of ask_2),
// or "" when the unit is on a scale.
func (p Protocol) TextTypeOf(unit string) string {
	if p.TextMax(unit) == 0 {
		return ""
	}
	return unitType(unit)
}
