package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func modeOf(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// export --out and backup --out leave a FIFO, a device and a symlink what
// they were: the FIFO's reader gets the file, a link's target is
// replaced, a folder is refused; a killed write's temporary file is noted
// by check and removed by the next write.
func TestOutputPathsStayWhatTheyWere(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	want := tm.run(t, "", "", "export", "--format", "labels")
	if want.code != 0 || !strings.Contains(want.stdout, "\tana\t") {
		t.Fatalf("export to stdout: %+v", want)
	}
	fifo := filepath.Join(tm.dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// read starts the FIFO's reader; the function it returns, called once
	// the writer has ended, says what the reader got. The test holds a
	// write end of its own meanwhile, so a writer that never opened the
	// FIFO (or renamed over it) still lets the reader end.
	read := func() func() string {
		keep, err := os.OpenFile(fifo, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() { b, _ := os.ReadFile(fifo); got <- string(b) }()
		return func() string { keep.Close(); return <-got }
	}
	got := read()
	if r := tm.run(t, "", "", "export", "--format", "labels", "--out", fifo); r.code != 0 {
		t.Fatalf("export into a FIFO: %+v", r)
	}
	if s := got(); s != want.stdout || modeOf(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO's reader got %d bytes of %d; the FIFO is now %v", len(s), len(want.stdout), modeOf(t, fifo))
	}
	got = read()
	if r := tm.run(t, "", "", "backup", "--out", fifo); r.code != 0 {
		t.Fatalf("backup into a FIFO: %+v", r)
	}
	if s := got(); !strings.HasPrefix(s, "SQLite format 3\x00") || modeOf(t, fifo)&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO's reader got %.20q; the FIFO is now %v", s, modeOf(t, fifo))
	}

	// /dev/stdout is a link to /proc/self/fd/1: so is this one.
	stdout := filepath.Join(tm.dir, "stdout")
	os.Symlink("/proc/self/fd/1", stdout)
	r := tm.run(t, "", "", "export", "--format", "labels", "--out", stdout)
	if r.code != 0 || r.stdout != want.stdout || modeOf(t, stdout)&fs.ModeSymlink == 0 {
		t.Fatalf("export through a link to standard output: %d %d bytes, now %v", r.code, len(r.stdout), modeOf(t, stdout))
	}
	if os.Geteuid() == 0 {
		null := filepath.Join(tm.dir, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"export", "--format", "labels", "--out", null}, {"backup", "--out", null}} {
			if r := tm.run(t, "", "", args...); r.code != 0 || modeOf(t, null)&fs.ModeCharDevice == 0 {
				t.Fatalf("%v: %+v, the device is now %v", args, r, modeOf(t, null))
			}
		}
	}

	real := filepath.Join(tm.dir, "real.tsv")
	os.WriteFile(real, []byte("old\n"), 0o640)
	link := filepath.Join(tm.dir, "link.tsv")
	os.Symlink("real.tsv", link)
	stale := filepath.Join(tm.dir, ".real.tsv.0123456789ab.tmp")
	os.WriteFile(stale, []byte("half an export"), 0o644)
	if r := tm.run(t, "", "", "export", "--format", "labels", "--out", link); r.code != 0 {
		t.Fatalf("export through a link: %+v", r)
	}
	b, _ := os.ReadFile(real)
	if string(b) != want.stdout || modeOf(t, link)&fs.ModeSymlink == 0 || modeOf(t, real).Perm() != 0o640 {
		t.Fatalf("through a link: %d bytes, link %v, target %v", len(b), modeOf(t, link), modeOf(t, real))
	}
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("a killed export's temporary file is still there")
	}
	if r := tm.run(t, "", "", "export", "--format", "labels", "--out", tm.dir); r.code == 0 || !strings.Contains(r.stderr, "is a folder") {
		t.Fatalf("export onto a folder: %+v", r)
	}

	stale = filepath.Join(tm.dir, "."+filepath.Base(tm.db)+"-backup.0123456789ab.tmp")
	os.WriteFile(stale, []byte("half a backup"), 0o600)
	if r := tm.run(t, "", "", "check"); r.code != 0 || !strings.Contains(r.stdout, stale+" was left by a killed backup") {
		t.Fatalf("check with a killed backup's file beside the database: %+v", r)
	}
	if r := tm.run(t, "", "", "backup", "--out", "-"); r.code != 0 {
		t.Fatalf("backup: %d %s", r.code, r.stderr)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("a killed backup's temporary file is still there")
	}
}

// --out does not follow a link another user planted in a sticky folder
// anyone may write to (as /tmp), as the kernel's fs.protected_symlinks
// would not: the games user plants links there to the lead's file, and
// the lead's export, backup and report through them are refused, saying
// why, the file untouched. The lead's own link there, --out /dev/stdout
// and --out - still write. games plants them through setpriv, so it needs
// root.
func TestOutRefusesAnotherUsersLinkInAStickyFolder(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	tm := newTeam(t)
	sticky, err := os.MkdirTemp("", "claritty-sticky")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(sticky)
	if err := os.Chmod(sticky, fs.ModeSticky|0o777); err != nil {
		t.Fatal(err)
	}
	precious := filepath.Join(tm.dir, "labels.tsv")
	if err := os.WriteFile(precious, []byte("the lead's own file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", "--format", "labels"}, {"backup"}, {"report"}} {
		link := filepath.Join(sticky, args[0]+".out")
		plant := exec.Command(setpriv, "--reuid="+games.Uid, "--regid="+games.Gid, "--clear-groups", "ln", "-s", precious, link)
		if r := run(t, plant); r.code != 0 {
			t.Fatalf("games plants %s: %+v", link, r)
		}
		r := tm.run(t, "", "", append(args, "--out", link)...)
		want := link + " is a symbolic link of another user's (uid " + games.Uid + ") in " + sticky + ", a sticky folder anyone may write to"
		if msg := strings.TrimRight(r.stderr, "\n"); r.code == 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, want) {
			t.Errorf("%v --out %s: %+v; want one line with %q", args, link, r, want)
		}
		if b, _ := os.ReadFile(precious); string(b) != "the lead's own file\n" || modeOf(t, link)&fs.ModeSymlink == 0 {
			t.Fatalf("%v --out %s: the file now holds %.40q; the link is %v", args, link, b, modeOf(t, link))
		}
	}
	want := tm.run(t, "", "", "export", "--format", "labels")
	mine := filepath.Join(sticky, "mine.tsv")
	if err := os.Symlink(precious, mine); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "", "", "export", "--format", "labels", "--out", mine); r.code != 0 {
		t.Fatalf("export through the lead's own link: %+v", r)
	}
	if b, _ := os.ReadFile(precious); want.code != 0 || string(b) != want.stdout {
		t.Fatalf("through the lead's own link the file holds %d bytes of %d", len(b), len(want.stdout))
	}
	for _, out := range []string{"/dev/stdout", "-"} {
		if r := tm.run(t, "", "", "export", "--format", "labels", "--out", out); r.code != 0 || r.stdout != want.stdout {
			t.Errorf("--out %s: %d, %d bytes of %d: %s", out, r.code, len(r.stdout), len(want.stdout), r.stderr)
		}
	}
}
