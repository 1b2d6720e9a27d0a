//go:build unix

package outfile

import (
	"io/fs"
	"syscall"
)

// owner is the uid that owns what fi describes.
func owner(fi fs.FileInfo) (uid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// noFollow opens the last name itself, never a link there.
const noFollow = syscall.O_NOFOLLOW
