package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// Pseudonyms returns the database's stable pseudonym for each name: the
// same name always gets the same pseudonym in exports of this database, and
// without the database's secret salt a pseudonym cannot be traced back by
// trying likely names.
func (s *Store) Pseudonyms(ctx context.Context) (func(string) string, error) {
	salt, err := s.Setting(ctx, "pseudonym_salt", func() (string, error) {
		b := make([]byte, 16)
		_, err := rand.Read(b)
		return hex.EncodeToString(b), err
	})
	if err != nil {
		return nil, err
	}
	return func(name string) string {
		sum := sha256.Sum256([]byte(salt + "\x00" + name))
		return "annotator-" + hex.EncodeToString(sum[:5])
	}, nil
}
