//go:build !unix

package main

import "os"

// private does nothing where there is no umask; makePrivate still fixes
// the database's mode.
func private() {}

// readOnlyFile says whether a database exists at path that this process
// may not write.
func readOnlyFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().Perm()&0o200 == 0
}
