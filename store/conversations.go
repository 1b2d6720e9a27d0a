package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Conversation is one ClariMM clarification conversation as its file gives
// it: an id, the topic the user started from, the facet they had in mind
// (hidden from the system), and one to four turns.
type Conversation struct {
	ID, Topic, Facet string
	Turns            []Turn
}

// Turn is one clarifying question, its images and the user's answer.
type Turn struct {
	Question, Answer string
	Images           []Image
}

// Image is one image of a turn: a local file or a URL. Preview is a small
// PNG made at import (nil for a URL, or a file that would not decode, and
// then Problem says why).
type Image struct {
	Src      string // as written in the file
	Location string // the absolute path of a local file, or the URL
	Preview  []byte
	Problem  string
}

// IsURL reports whether the image is a web address rather than a file.
func (im Image) IsURL() bool { return isWebURL(im.Location) }

func isWebURL(s string) bool {
	return len(s) > 8 && (s[:7] == "http://" || s[:8] == "https://")
}

// fingerprint identifies a conversation's content, so a second import of
// the same id is recognised as the same conversation or refused as a
// different one. Previews are left out: they follow from the images.
func (c Conversation) fingerprint() string {
	type img struct{ Src string }
	type turn struct {
		Q, A string
		I    []img
	}
	v := struct {
		ID, Topic, Facet string
		Turns            []turn
	}{ID: c.ID, Topic: c.Topic, Facet: c.Facet}
	for _, t := range c.Turns {
		tt := turn{Q: t.Question, A: t.Answer}
		for _, i := range t.Images {
			tt.I = append(tt.I, img{i.Src})
		}
		v.Turns = append(v.Turns, tt)
	}
	return contentPrint(v)
}

// ErrConflict means an import holds a different version of something the
// database already has.
var ErrConflict = errors.New("conflicts with what the database holds")

// AddConversation adds a conversation unless the dataset already has it
// (same id, same content); the same id with other content is ErrConflict.
func (im *Importer) AddConversation(c Conversation) (added bool, err error) {
	id, err := im.addKeyed("conversation", c.ID, c.fingerprint(), c.Topic, c.Facet)
	if err != nil || id == 0 {
		return false, err
	}
	if err := im.writeTurns(id, c.Turns); err != nil {
		return false, fmt.Errorf("add conversation %q: %w", c.ID, err)
	}
	return true, nil
}

func (im *Importer) writeTurns(itemID int64, turns []Turn) error {
	for ti, t := range turns {
		_, err := im.w.ExecContext(im.ctx, `INSERT INTO turns (item_id, turn, question, answer) VALUES (?, ?, ?, ?)`,
			itemID, ti+1, t.Question, t.Answer)
		if err != nil {
			return err
		}
		for pi, img := range t.Images {
			_, err := im.w.ExecContext(im.ctx, `INSERT INTO images (item_id, turn, pos, src, location, preview, problem)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, itemID, ti+1, pi+1, img.Src, img.Location, img.Preview, img.Problem)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// Turns loads a conversation's turns with their images, in order; none for
// an item that is not a conversation.
func (s *Store) Turns(ctx context.Context, itemID int64) ([]Turn, error) {
	turns, err := collect(ctx, s.prepared(), "load turns", `SELECT turn, question, answer FROM turns WHERE item_id = ? ORDER BY turn`,
		[]any{itemID}, func(rows *sql.Rows) (t Turn, err error) {
			var n int
			return t, rows.Scan(&n, &t.Question, &t.Answer)
		})
	if err != nil {
		return nil, err
	}
	return turns, s.loadImages(ctx, itemID, turns)
}

func (s *Store) loadImages(ctx context.Context, itemID int64, turns []Turn) error {
	err := eachRow(ctx, s.prepared(), `SELECT turn, src, location, preview, problem FROM images
		WHERE item_id = ? ORDER BY turn, pos`, []any{itemID}, func(rows *sql.Rows) error {
		var n int
		var img Image
		if err := rows.Scan(&n, &img.Src, &img.Location, &img.Preview, &img.Problem); err != nil {
			return err
		}
		if n < 1 || n > len(turns) {
			return fmt.Errorf("image of turn %d, which item %d lacks", n, itemID)
		}
		turns[n-1].Images = append(turns[n-1].Images, img)
		return nil
	})
	if err != nil {
		return fmt.Errorf("load images: %w", err)
	}
	return nil
}
