//go:build !unix

package store

// ownerOf names who owns the file at path: not told here.
func ownerOf(string) string { return "" }
