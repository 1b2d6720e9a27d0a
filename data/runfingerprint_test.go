package data

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// A rule's fingerprint is the body's and the rule's bytes hashed in turn,
// as the file with the rule appended was hashed before: runs registered
// under --one-game keep theirs, and the upload is not copied to make it.
func TestRunFingerprintOfARule(t *testing.T) {
	t.Parallel()
	body := []byte("{\"uid\": \"q1\"}\n")
	sum := sha256.Sum256(append(append([]byte{}, body...), "\x00one-game"...))
	if got, want := runFingerprint(body, "\x00one-game"), hex.EncodeToString(sum[:16]); got != want {
		t.Errorf("one-game fingerprint %s, want %s", got, want)
	}
	if runFingerprint(body, "\x00one-game") == runFingerprint(body) {
		t.Error("the rule does not change the fingerprint")
	}
}
