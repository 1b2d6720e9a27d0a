package outfile

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func write(t *testing.T, path string, mode Mode, text string) error {
	t.Helper()
	return Write(path, mode, func(w io.Writer) error { _, err := io.WriteString(w, text); return err })
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lmode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// A new name and a regular file are written whole; a replaced file keeps
// its mode, a private one is 0600; a link is followed and stays a link.
func TestFilesAndLinks(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "new.tsv")
	if err := write(t, fresh, Shared, "a\n"); err != nil || read(t, fresh) != "a\n" || lmode(t, fresh).Perm() != 0o644 {
		t.Fatalf("a new file: %v %q %v", err, read(t, fresh), lmode(t, fresh))
	}
	os.Chmod(fresh, 0o640)
	if err := write(t, fresh, Shared, "b\n"); err != nil || read(t, fresh) != "b\n" || lmode(t, fresh).Perm() != 0o640 {
		t.Fatalf("a replaced file: %v %q %v", err, read(t, fresh), lmode(t, fresh))
	}
	if err := write(t, fresh, Private, "c\n"); err != nil || lmode(t, fresh).Perm() != 0o600 {
		t.Fatalf("a private file: %v %v", err, lmode(t, fresh))
	}

	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	real := filepath.Join(dir, "real", "out.tsv")
	os.WriteFile(real, []byte("old\n"), 0o644)
	link := filepath.Join(dir, "link.tsv")
	os.Symlink("real/out.tsv", link)
	chain := filepath.Join(dir, "chain.tsv")
	os.Symlink(link, chain)
	if err := write(t, chain, Shared, "new\n"); err != nil {
		t.Fatal(err)
	}
	if lmode(t, link)&fs.ModeSymlink == 0 || lmode(t, chain)&fs.ModeSymlink == 0 || read(t, real) != "new\n" {
		t.Fatalf("through links: %v %v %q", lmode(t, link), lmode(t, chain), read(t, real))
	}
	dangling := filepath.Join(dir, "dangling.tsv")
	os.Symlink("real/made.tsv", dangling)
	if err := write(t, dangling, Shared, "made\n"); err != nil || lmode(t, dangling)&fs.ModeSymlink == 0 ||
		read(t, filepath.Join(dir, "real", "made.tsv")) != "made\n" {
		t.Fatalf("a dangling link: %v", err)
	}
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	if err := write(t, loop, Shared, "x"); err == nil || !strings.Contains(err.Error(), "too many symbolic links") {
		t.Fatalf("a link loop: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "real"))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("a temporary file is left: %s", e.Name())
		}
	}
}

// A FIFO and character devices are written in place and stay what they
// were; a folder, a missing folder and a socket are refused.
func TestSpecialFilesStayWhatTheyWere(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := write(t, fifo, Shared, "through the pipe\n"); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe\n" || lmode(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO's reader got %q; it is now %v", s, lmode(t, fifo))
	}
	// A device node of our own where we may make one; /dev/null where a
	// broken rename could not replace it (not root).
	null := "/dev/null"
	if os.Geteuid() == 0 {
		null = filepath.Join(dir, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Fatal(err)
		}
	}
	if err := write(t, null, Private, "gone\n"); err != nil || lmode(t, null)&fs.ModeCharDevice == 0 {
		t.Fatalf("%s: %v %v", null, err, lmode(t, null))
	}
	// A link into /proc, as /dev/stdout is: written through, left a link.
	out := filepath.Join(dir, "stdout")
	os.Symlink("/proc/self/fd/"+strconv.Itoa(int(nullFD(t))), out)
	if err := write(t, out, Shared, "x\n"); err != nil || lmode(t, out)&fs.ModeSymlink == 0 {
		t.Fatalf("a link to /proc/self/fd: %v %v", err, lmode(t, out))
	}
	for path, want := range map[string]string{
		dir:                               "is a folder",
		filepath.Join(dir, "no", "x.tsv"): "does not exist",
	} {
		if err := write(t, path, Shared, "x"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}

func nullFD(t *testing.T) uintptr {
	f, err := os.OpenFile("/dev/null", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Fd()
}

// A temporary file a killed write left is removed by the next write to
// the same name; one a live write holds is not.
func TestStaleTemporariesAreSwept(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tsv")
	stale := filepath.Join(dir, ".out.tsv.0123456789ab.tmp")
	os.WriteFile(stale, []byte("half"), 0o644)
	other := filepath.Join(dir, ".other.tsv.0123456789ab.tmp")
	os.WriteFile(other, []byte("half"), 0o644)
	live, err := Create(target, Shared)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("a killed write's temporary file is still there")
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatal("another target's temporary file was removed")
	}
	if s := Stale(target); len(s) != 0 {
		t.Fatalf("a live write's temporary file counts as stale: %v", s)
	}
	if err := write(t, target, Shared, "second\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live.Name()); err != nil {
		t.Fatal("a live write's temporary file was removed")
	}
	io.WriteString(live, "first\n")
	if err := live.Commit(); err != nil || read(t, target) != "first\n" {
		t.Fatalf("the live write: %v %q", err, read(t, target))
	}
}

// A target that became something else during the write is left as it is.
func TestCommitLeavesWhatAppeared(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.tsv")
	f, err := Create(target, Shared)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "x\n")
	syscall.Mkfifo(target, 0o600)
	if err := f.Commit(); err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Fatalf("commit over a FIFO: %v", err)
	}
	if lmode(t, target)&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left %d files", len(entries))
	}
}

// A write that fails leaves neither the file nor its temporary; a new
// file's mode follows the umask.
func TestFailedWriteLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o077)
	p := filepath.Join(dir, "private.tsv")
	err := write(t, p, Shared, "x\n")
	syscall.Umask(old)
	if err != nil || lmode(t, p).Perm() != 0o600 {
		t.Fatalf("under umask 077: %v %v", err, lmode(t, p))
	}
	os.Remove(p)
	stop := io.ErrUnexpectedEOF
	err = Write(filepath.Join(dir, "half.tsv"), Shared, func(w io.Writer) error {
		io.WriteString(w, "half a file\n")
		return stop
	})
	if entries, _ := os.ReadDir(dir); err != stop || len(entries) != 0 {
		t.Fatalf("after a failed write: %v, %d files left", err, len(entries))
	}
}

// protected_symlinks' rule: in a sticky folder anyone may write to, only
// the follower's own links and the folder owner's are followed.
func TestMayFollow(t *testing.T) {
	const me, owner, other = 1000, 0, 5
	for _, c := range []struct {
		dir       fs.FileMode
		linkOwner int
		want      bool
	}{
		{fs.ModeSticky | 0o777, other, false},
		{fs.ModeSticky | 0o777, me, true},
		{fs.ModeSticky | 0o777, owner, true},
		{fs.ModeSticky | 0o775, other, true}, // only the group writes, not anyone
		{fs.ModeSticky | 0o755, other, true},
		{0o777, other, true}, // not sticky: anyone could replace any link anyway
		{fs.ModeDir | fs.ModeSticky | 0o777, other, false},
	} {
		if got := mayFollow(c.dir, owner, c.linkOwner, me); got != c.want {
			t.Errorf("a link of uid %d in a folder %v of uid %d, followed by uid %d: %v, want %v", c.linkOwner, c.dir, owner, me, got, c.want)
		}
	}
}

// Another user's link in a sticky folder anyone may write to (as /tmp)
// is not followed, at the end of the path or in a folder of it, and
// what it points at is untouched; one's own links there, and the folder
// owner's, are followed, as are others' links in other folders. It needs
// root, to make links of another user's.
func TestOthersLinkInAStickyFolder(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a link of another user's")
	}
	const other = 5
	dir := t.TempDir()
	private := filepath.Join(dir, "private")
	os.Mkdir(private, 0o700)
	secret := filepath.Join(private, "secret.tsv")
	os.WriteFile(secret, []byte("keep\n"), 0o600)
	folder := func(name string, mode fs.FileMode, uid int) string {
		p := filepath.Join(dir, name)
		if err := os.Mkdir(p, 0o700); err != nil || os.Chmod(p, mode) != nil || os.Chown(p, uid, uid) != nil {
			t.Fatal(name, err)
		}
		return p
	}
	link := func(dir, name, to string, uid int) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(to, p); err != nil || os.Lchown(p, uid, uid) != nil {
			t.Fatal(name, err)
		}
		return p
	}
	sticky := folder("tmp", fs.ModeSticky|0o777, 0)
	for _, path := range []string{link(sticky, "out.tsv", secret, other), filepath.Join(link(sticky, "d", private, other), "secret.tsv")} {
		err := write(t, path, Shared, "planted\n")
		if err == nil || !strings.Contains(err.Error(), "is a symbolic link of another user's (uid 5) in "+sticky+", a sticky folder anyone may write to") {
			t.Errorf("%s: %v", path, err)
		}
		if read(t, secret) != "keep\n" {
			t.Fatalf("%s: the file it points at was written", path)
		}
	}
	theirs := folder("theirs", fs.ModeSticky|0o777, other)
	open := folder("open", 0o777, 0)
	for _, path := range []string{link(sticky, "mine.tsv", secret, 0), link(theirs, "owners.tsv", secret, other),
		link(open, "other.tsv", secret, other)} {
		if err := write(t, path, Shared, path+"\n"); err != nil || read(t, secret) != path+"\n" {
			t.Errorf("%s: %v; the file holds %q", path, err, read(t, secret))
		}
	}
}

// A path is walked as the kernel walks it: ".." after a link is the
// parent of where the link points, as a shell's > would have it.
func TestDotDotAfterALink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "real", "sub")
	os.MkdirAll(sub, 0o755)
	os.Symlink(sub, filepath.Join(dir, "link"))
	if err := write(t, dir+"/link/../out.tsv", Shared, "x\n"); err != nil || // not Join, which cleans ".." away
		read(t, filepath.Join(dir, "real", "out.tsv")) != "x\n" {
		t.Fatalf("link/../out.tsv: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.tsv")); err == nil {
		t.Fatal("written beside the link, not beside its target")
	}
}
