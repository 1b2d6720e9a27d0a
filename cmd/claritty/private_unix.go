//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
)

// private makes every file this process creates from now on mode 0600 (or
// 0700 for folders): claritty serve's database, WAL and host key.
func private() { syscall.Umask(0o077) }

// readOnlyFile says whether a database exists at path that this process
// may not write, or whose folder it may not write in (SQLite makes its
// WAL and index files there).
func readOnlyFile(path string) bool {
	if _, err := os.Stat(path); err != nil {
		return false
	}
	return syscall.Access(path, 2) != nil || syscall.Access(filepath.Dir(path), 2|1) != nil // W_OK, X_OK
}
