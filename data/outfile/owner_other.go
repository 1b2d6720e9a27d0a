//go:build !unix

package outfile

import "io/fs"

// Without unix owners there is no one else's link to refuse.
func owner(fs.FileInfo) (uid int, ok bool) { return 0, false }

const noFollow = 0
