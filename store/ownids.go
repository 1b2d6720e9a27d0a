package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// An item of a protocol file's kind has the uid of its id columns' text
// (FileItemUID), which nothing shows a lead before the item has labels to
// export. Its file names it otherwise: ClariQ's topic_id 101. So where a
// file or a prompt names an item (a bench run's line, a labels merge's
// row, the queue's ":"), its own id is taken too, when its kind's
// [item] id is one column (several columns' texts have no one name): the
// name is looked up as a uid and as such an id, and a name that is one
// item's uid and another item's id is refused (ErrUIDOrID), never guessed.

// FileItemUID is the uid of a protocol file's item whose id columns hold
// cells: their text joined by tabs, hashed as a pane's fields are.
func FileItemUID(cells ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(cells, "\t")))
	return hex.EncodeToString(sum[:8])
}

// OwnIDUID is the uid of the item of p's kind whose own id (its one id
// column's text) is id, or "" when kind's items have no such id: a
// built-in kind's, or a protocol file's with several id columns.
func OwnIDUID(p guidelines.Protocol, id string) string {
	if _, ok := p.OwnIDColumn(); !ok {
		return ""
	}
	if p.UIDIsID() {
		return id // item.uid = "id": the uid is the id as written
	}
	return FileItemUID(id)
}

// ErrUIDOrID means a name is one item's uid and another item's own id.
var ErrUIDOrID = errors.New("is one item's uid and another item's own id")

// UIDOrIDError refuses a name that is one item's uid and the own id of
// the item whose uid is idItem, naming that one, so the item meant can be
// named by its uid.
func UIDOrIDError(name, idItem string) error {
	return fmt.Errorf("item %q %w (uid %s): write the uid of the one you mean, as exports give it", name, ErrUIDOrID, idItem)
}
