//go:build unix

package outfile

import (
	"os"
	"syscall"
)

// lock takes an exclusive flock on a temporary file for as long as this
// process has it open: the kernel drops it when the process dies, so a
// temporary file nobody locks was left by a killed write.
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// unlocked says whether no process holds path's lock.
func unlocked(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return false
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return true
}
