//go:build unix

package store

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// ownerOf names who owns the file at path ("" when it cannot be told).
func ownerOf(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	id := strconv.FormatUint(uint64(st.Uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return u.Username
	}
	return "user " + id
}
