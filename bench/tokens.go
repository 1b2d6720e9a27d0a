package bench

import (
	"strings"
	"unicode"
)

// TokenF1 is ClariLM's token F1 (§4.3) of a generated clarifying question
// against the reference: both are lower-cased, cut into words at anything
// that is not a letter or a digit (so punctuation goes), and stripped of
// articles and stop words (StopWords); then, counting repeated words as
// many times as they occur in both, precision is the share of the
// generated words found in the reference, recall the share of the
// reference's found in the generated, and F1 their harmonic mean. Two
// texts with no content words are a perfect match; one alone scores 0.
func TokenF1(generated, reference string) float64 { return TokenOverlap(generated, reference).F1 }

// Tokens is the overlap of a generated question's content words with the
// reference's: Precision (the share of the generated words found in the
// reference), Recall (the share of the reference's found in the generated:
// ClariLM's TF, "the percentage of ground-truth clarification points
// addressed in generated questions") and their harmonic mean F1.
type Tokens struct{ Precision, Recall, F1 float64 }

// TokenOverlap is TokenF1's comparison with all three figures. Two texts
// with no content words match perfectly (1, 1, 1); one alone scores 0.
func TokenOverlap(generated, reference string) Tokens {
	g, r := ContentTokens(generated), ContentTokens(reference)
	if len(g) == 0 || len(r) == 0 {
		if len(g) == len(r) {
			return Tokens{1, 1, 1}
		}
		return Tokens{}
	}
	left := map[string]int{}
	for _, t := range r {
		left[t]++
	}
	common := 0
	for _, t := range g {
		if left[t] > 0 {
			left[t]--
			common++
		}
	}
	if common == 0 {
		return Tokens{}
	}
	p := float64(common) / float64(len(g))
	rec := float64(common) / float64(len(r))
	return Tokens{p, rec, 2 * p * rec / (p + rec)}
}

// ContentTokens are the words TokenF1 compares: lower-cased, split at
// every character that is not a letter or a digit, stop words removed.
func ContentTokens(s string) []string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := words[:0]
	for _, w := range words {
		if !StopWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// StopWords are the English words TokenF1 leaves out: articles, pronouns,
// auxiliary and modal verbs, prepositions, conjunctions, question words
// and a few adverbs that carry no content of their own, and the verbs
// clarifying questions are built from (like, want, know, look): such a
// question is mostly template ("What would you like to know about …?"),
// and comparing the template would reward it, not the facet asked about.
// Contractions split at the apostrophe (don't is don and t). The list is
// claritty's own; a word's being in it is the whole rule.
var StopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		a an the
		i me my mine myself we us our ours ourselves you your yours yourself yourselves
		he him his himself she her hers herself it its itself they them their theirs themselves
		this that these those there here
		am is are was were be been being have has had having do does did doing done
		will would shall should can could may might must
		of at by for with about against between into through during before after above below
		to from up down in out on off over under again further then once
		and but or nor if because as until while so than too very just only also
		what which who whom whose when where why how
		all any both each few more most other some such no not own same
		s t d ll m re ve don doesn didn isn aren wasn weren won wouldn shouldn couldn
		please like want wants wanted know looking look
	`) {
		m[w] = true
	}
	return m
}()
