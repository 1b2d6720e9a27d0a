package store

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lockByte takes a lock on r of f without waiting: exclusive, or shared.
// It is an open file description's lock (F_OFD_SETLK), not a process's: a
// process's POSIX locks all go when it closes any descriptor of the file,
// which SQLite's connections do as they come and go, and these must stay
// for as long as the store is open. They still conflict with SQLite's
// (POSIX) locks of other processes.
func lockByte(f *os.File, r byteRange, exclusive bool) error {
	lk := unix.Flock_t{Type: unix.F_RDLCK, Start: r.start, Len: r.len}
	if exclusive {
		lk.Type = unix.F_WRLCK
	}
	err := unix.FcntlFlock(f.Fd(), unix.F_OFD_SETLK, &lk)
	if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EACCES) {
		return errLocked
	}
	return err
}

// discardOpen opens the path Discard would remove as the file itself: a
// symlink put there is not followed (it is another file, not this
// process's), and a FIFO or device does not block the open.
func discardOpen(path string) (*os.File, error) {
	fd, err := os.OpenFile(path, os.O_RDWR|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0)
	if errors.Is(err, unix.ELOOP) {
		return nil, errNotOurs
	}
	return fd, err
}
