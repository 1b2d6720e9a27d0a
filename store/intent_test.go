package store

import "testing"

// An intent without graded nuggets keeps the fingerprint it had before
// nuggets could be graded (migration 0019), so a Clarify-Then-Search gold
// file imported then imports again as the same intents.
func TestIntentFingerprintBeforeGrades(t *testing.T) {
	type oldNugget struct {
		ID, Text string
		Weight   float64
	}
	type oldIntent struct {
		ID, Query, Blurred string
		Nuggets            []oldNugget
	}
	in := Intent{ID: "q1", Query: "golden gate", Nuggets: []Nugget{{ID: "n1", Text: "1937", Weight: 3}}}
	old := oldIntent{ID: "q1", Query: "golden gate", Nuggets: []oldNugget{{ID: "n1", Text: "1937", Weight: 3}}}
	if in.fingerprint() != contentPrint(old) {
		t.Error("an ungraded intent's fingerprint changed")
	}
	in.Nuggets[0].Importance = Vital
	if in.fingerprint() == contentPrint(old) {
		t.Error("a graded intent has an ungraded one's fingerprint")
	}
}
