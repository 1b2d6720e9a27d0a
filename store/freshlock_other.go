//go:build !linux

package store

import (
	"errors"
	"os"
)

// lockByte cannot lock here: open file description locks are Linux's, and
// a process's own POSIX locks would go whenever SQLite closes a
// connection. A refused command keeps the database it created, and says
// so.
func lockByte(*os.File, byteRange, bool) error {
	return errors.New("no open-file-description locks on this system")
}

// discardOpen opens the path Discard would remove (here Discard keeps
// every file, having no lock to take).
func discardOpen(path string) (*os.File, error) { return os.OpenFile(path, os.O_RDWR, 0) }
