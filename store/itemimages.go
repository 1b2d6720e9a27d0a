package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Image is one image of a conversation's turn (a protocol file's
// item.conversation): a local file or a URL. Preview is a small PNG made
// at import (nil for a URL, or a file that would not decode, and then
// Problem says why). Element is its turn (from 1), Pos its place among the
// turn's images (from 1).
type Image struct {
	Element, Pos int
	Src          string // as written in the file
	Location     string // the absolute path of a local file, or the URL
	Preview      []byte
	Problem      string
}

// IsURL reports whether the image is a web address rather than a file.
func (im Image) IsURL() bool { return isWebURL(im.Location) }

func isWebURL(s string) bool {
	return len(s) > 8 && (s[:7] == "http://" || s[:8] == "https://")
}

// ErrConflict means an import holds a different version of something the
// database already has.
var ErrConflict = errors.New("conflicts with what the database holds")

// writeImages keeps a new item's images (item_images).
func (im *Importer) writeImages(itemID int64, imgs []Image) error {
	for _, img := range imgs {
		_, err := im.w.ExecContext(im.ctx, `INSERT INTO item_images (item_id, element, pos, src, location, preview, problem)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, itemID, img.Element, img.Pos, img.Src, img.Location, img.Preview, img.Problem)
		if err != nil {
			return fmt.Errorf("add item: image %d of %d: %w", img.Pos, img.Element, err)
		}
	}
	return nil
}

// ItemImages are an item's images, turn by turn in order (none for an item
// whose file names no images).
func (s *Store) ItemImages(ctx context.Context, itemID int64) ([]Image, error) {
	return collect(ctx, s.prepared(), "load images", `SELECT element, pos, src, location, preview, problem FROM item_images
		WHERE item_id = ? ORDER BY element, pos`, []any{itemID}, func(rows *sql.Rows) (img Image, err error) {
		return img, rows.Scan(&img.Element, &img.Pos, &img.Src, &img.Location, &img.Preview, &img.Problem)
	})
}
