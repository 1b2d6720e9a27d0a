//go:build !unix

package main

// private does nothing where there is no umask; makePrivate still fixes
// the database's mode.
func private() {}
