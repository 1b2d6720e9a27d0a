// Package outfile writes a command's output to a path the way a user means
// it: a new name or a regular file is written whole through a temporary
// file and a rename (a reader sees the old file or the new, never half);
// a FIFO, a character device (/dev/null), or what a link into /proc
// stands for (/dev/stdout) is opened and written in place; a symlink is
// followed and what it points at is treated the same way, unless it is
// another user's link in a sticky folder anyone may write to (/tmp),
// which the kernel's fs.protected_symlinks would not follow. Nothing is ever
// renamed over what is not a regular file: an atomic rename over
// /dev/stdout once replaced the system's symlink with a regular file.
package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// File is an output being written: its temporary file (Commit renames it
// into place) or the opened FIFO or device itself (InPlace).
type File struct {
	*os.File
	InPlace bool
	target  string // the regular file (or new name) the rename makes
	done    bool
}

// Private outputs (backups) are mode 0600; others take the mode of the
// file they replace, or 0666 less the umask when new.
type Mode int

const (
	Shared Mode = iota
	Private
)

// maxLinks bounds how many symlinks are followed, as the kernel does.
const maxLinks = 40

// Create opens path for writing as the package describes. Temporary
// files of earlier writes to the same target that were killed midway are
// removed first (a live write holds a lock on its own).
func Create(path string, mode Mode) (*File, error) {
	target, fi, magic, err := resolve(path)
	if err != nil {
		return nil, err
	}
	special := fi != nil && fi.Mode()&(fs.ModeNamedPipe|fs.ModeCharDevice|fs.ModeDevice) != 0
	if special || (magic && fi != nil && !fi.IsDir()) {
		if fi != nil && fi.Mode()&fs.ModeType == fs.ModeDevice {
			return nil, fmt.Errorf("--out %s: is a block device; claritty writes only files, FIFOs and character devices", path)
		}
		// Appending: a shell's ">" has emptied a file behind /dev/stdout
		// already, and ">>" means to add to it.
		return openInPlace(path, target, fi, magic)
	}
	if fi != nil && fi.IsDir() {
		return nil, fmt.Errorf("--out %s: is a folder; name a file", path)
	}
	if fi != nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("--out %s: is a %s; claritty writes only files, FIFOs and character devices", path, kind(fi))
	}
	dir := filepath.Dir(target)
	if d, err := os.Stat(dir); err != nil || !d.IsDir() {
		return nil, fmt.Errorf("--out %s: the folder %s does not exist", path, dir)
	}
	Sweep(target)
	tmp, err := Temp(target)
	if err != nil {
		return nil, err
	}
	perm := fs.FileMode(0)
	switch {
	case mode == Private:
		perm = 0o600
	case fi != nil:
		perm = fi.Mode().Perm()
	}
	if perm != 0 {
		if err := tmp.Chmod(perm); err != nil {
			tmp.Abort()
			return nil, err
		}
	}
	tmp.target = target
	return tmp, nil
}

// openInPlace opens the FIFO or device resolve found at target, and only
// it: the last name is opened itself, never a link put there since (a
// name in /proc is one), and what opened must be what was looked at.
func openInPlace(path, target string, fi fs.FileInfo, magic bool) (*File, error) {
	flag := os.O_WRONLY | os.O_APPEND
	if !magic {
		flag |= noFollow
	}
	f, err := os.OpenFile(target, flag, 0)
	if err != nil {
		return nil, err
	}
	if now, err := f.Stat(); err != nil || !os.SameFile(now, fi) {
		f.Close()
		return nil, fmt.Errorf("--out %s: changed while claritty opened it; left as it is", path)
	}
	return &File{File: f, InPlace: true}, nil
}

// Commit makes what was written the output: a temporary file is synced
// and renamed into place, unless something other than a regular file has
// appeared at its target meanwhile; a FIFO or device is closed.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if f.InPlace {
		return f.Close()
	}
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if fi, lerr := os.Lstat(f.target); lerr == nil && !fi.Mode().IsRegular() {
			err = fmt.Errorf("--out %s: became a %s while claritty wrote; left as it is", f.target, kind(fi))
		}
	}
	if err == nil {
		err = os.Rename(f.Name(), f.target)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Abort ends a write that failed: a temporary file is removed, the target
// stays as it was.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.Close()
	if !f.InPlace {
		os.Remove(f.Name())
	}
}

// Write writes path through write, committing only if it succeeds.
func Write(path string, mode Mode, write func(io.Writer) error) error {
	f, err := Create(path, mode)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// resolve follows symlinks from path to what they finally name, and says
// what is there (nil when nothing is). A link to a missing name resolves
// to that name, which the write then creates. A name inside /proc
// (/dev/stdout is a link to /proc/self/fd/1, which links to "pipe:[…]")
// names no file to rename: what opening it gives is what counts, and
// magic says so. The path is walked a name at a time, as the kernel walks
// it ("link/.." is the link's target's parent), and every link on the
// way, in a folder or at the end, must be followable.
func resolve(path string) (target string, fi fs.FileInfo, magic bool, err error) {
	cur, names := rootOf(path)
	if !filepath.IsAbs(path) {
		if cur, err = realWorkingDir(); err != nil {
			return "", nil, false, err
		}
	}
	links := 0
	for len(names) > 0 {
		name := names[0]
		names = names[1:]
		switch name {
		case ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, name)
		if underProc(next) { // the kernel's from here
			p := joinNames(next, names)
			fi, err := os.Stat(p)
			return p, fi, true, err
		}
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			// A new name, or a missing folder, which Create names.
			return joinNames(next, names), nil, false, nil
		}
		if err != nil {
			return "", nil, false, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if len(names) == 0 {
				return next, fi, false, nil
			}
			cur = next
			continue
		}
		if links++; links > maxLinks {
			return "", nil, false, fmt.Errorf("--out %s: too many symbolic links", path)
		}
		if err := followable(path, cur, next, fi); err != nil {
			return "", nil, false, err
		}
		link, err := os.Readlink(next)
		if err != nil {
			return "", nil, false, err
		}
		root, linkNames := rootOf(link)
		if filepath.IsAbs(link) {
			cur = root
		}
		names = append(linkNames, names...)
	}
	fi, err = os.Lstat(cur) // the path ended in a folder ("out/", "..")
	return cur, fi, false, err
}

// rootOf is the root an absolute path starts from (its volume's, on
// Windows) and the names after it.
func rootOf(p string) (root string, names []string) {
	vol := filepath.VolumeName(p)
	names = strings.FieldsFunc(p[len(vol):], func(r rune) bool { return r < utf8.RuneSelf && os.IsPathSeparator(uint8(r)) })
	return vol + string(filepath.Separator), names
}

// joinNames puts the names left after dir as they were: not cleaned,
// so "missing/../x" stays missing.
func joinNames(dir string, names []string) string {
	return strings.Join(append([]string{dir}, names...), string(filepath.Separator))
}

// realWorkingDir is the working folder without links in its name: what a
// relative path starts from.
func realWorkingDir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(wd)
}

// followable refuses a link the kernel's fs.protected_symlinks would not
// follow, whatever that switch is set to where claritty runs: in a sticky
// folder anyone may write to (/tmp), a link is followed only when its
// owner is the follower or the folder's owner. Anyone may plant a link
// there, at a name another user is about to write, pointing at any file
// that user may write.
func followable(path, dir, link string, fi fs.FileInfo) error {
	d, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	linkOwner, ok := owner(fi)
	dirOwner, dok := owner(d)
	if !ok || !dok || mayFollow(d.Mode(), dirOwner, linkOwner, os.Geteuid()) {
		return nil
	}
	return fmt.Errorf("--out %s: %s is a symbolic link of another user's (uid %d) in %s, a sticky folder anyone may write to; "+
		"claritty does not follow it (as the kernel's fs.protected_symlinks would not): remove it, or name another path",
		path, link, linkOwner, dir)
}

// mayFollow is protected_symlinks' rule: a link in a folder of mode dir,
// owned by dirOwner, may be followed by uid me unless the folder is
// sticky and world-writable and the link is neither me's nor the
// folder owner's.
func mayFollow(dir fs.FileMode, dirOwner, linkOwner, me int) bool {
	shared := dir&fs.ModeSticky != 0 && dir.Perm()&0o002 != 0
	return !shared || linkOwner == me || linkOwner == dirOwner
}

func underProc(p string) bool {
	abs, err := filepath.Abs(p)
	return err == nil && (abs == "/proc" || strings.HasPrefix(abs, "/proc/"))
}

func kind(fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m.IsDir():
		return "folder"
	}
	return "special file"
}

// Temp creates a new, locked file beside target, ".NAME.RANDOM.tmp", with
// mode 0666 less the umask. The lock lasts while the process holds it
// open; Sweep removes those whose process is gone.
func Temp(target string) (*File, error) {
	for range 100 {
		var b [6]byte
		rand.Read(b[:])
		name := filepath.Join(filepath.Dir(target), tempPrefix(target)+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("--out %s: %w", target, unwrapPath(err))
		}
		if err := lock(f); err != nil {
			f.Close()
			os.Remove(name)
			return nil, err
		}
		return &File{File: f}, nil
	}
	return nil, fmt.Errorf("--out %s: could not find a free temporary name beside it", target)
}

func tempPrefix(target string) string { return "." + filepath.Base(target) + "." }

// Stale lists the temporary files beside target that no live process
// holds: what an export or backup killed midway left behind.
func Stale(target string) []string {
	dir, prefix := filepath.Dir(target), tempPrefix(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var stale []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".tmp") {
			continue
		}
		hex := strings.TrimSuffix(strings.TrimPrefix(name, prefix), ".tmp")
		if len(hex) != 12 || strings.Trim(hex, "0123456789abcdef") != "" {
			continue
		}
		if p := filepath.Join(dir, name); unlocked(p) {
			stale = append(stale, p)
		}
	}
	return stale
}

// Sweep removes Stale(target).
func Sweep(target string) {
	for _, p := range Stale(target) {
		os.Remove(p)
	}
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
