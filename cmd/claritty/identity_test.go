package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

// Who acts is the passwd entry of the uid; a uid without one is uid-N, and
// the environment ($USER, $LOGNAME) is never asked.
func TestIdentity(t *testing.T) {
	t.Setenv("USER", "root")
	t.Setenv("LOGNAME", "root")
	known := func(uid string) (*user.User, error) {
		if uid == "1000" {
			return &user.User{Uid: uid, Username: "ana"}, nil
		}
		return nil, user.UnknownUserIdError(54321)
	}
	if got := identity(1000, known); got != "ana" {
		t.Errorf("uid 1000 acts as %q, want ana", got)
	}
	if got := identity(54321, known); got != "uid-54321" {
		t.Errorf("a uid without a passwd entry acts as %q, want uid-54321", got)
	}
	broken := func(string) (*user.User, error) { return nil, errors.New("nsswitch down") }
	if got := identity(7, broken); got != "uid-7" {
		t.Errorf("with the passwd database unreadable: %q", got)
	}
}

// As other OS users, on one database: an annotator cannot act as the lead
// or read gold, and a uid with no passwd entry is uid-N whatever $USER
// says. It needs root (to run as other users) and setpriv.
func TestOtherOSUsers(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	me := osUser()
	if r := runBin(t, bin, db, "import", writePanes(t, dir, "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("the lead's import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "games", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add games: %+v", r)
	}
	shareDB(db)
	as := func(uid, gid string, args ...string) result {
		t.Helper()
		cmd := asUser(context.Background(), setpriv, uid, gid, dir, bin, db, args...)
		cmd.Env = append(cmd.Env, "USER="+me, "LOGNAME="+me)
		return run(t, cmd)
	}
	protocol := filepath.Join(dir, "games.toml")
	if err := os.WriteFile(protocol, []byte(strings.Replace(readmeProtocol(t), `"usefulness"`, `"games-use"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	questions := filepath.Join(dir, "questions.tsv")
	if err := os.WriteFile(questions, []byte("query\tquestion\trating\njaguar\tThe car?\t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", "--format", "gold"}, {"--as", me, "export", "--format", "labels"},
		{"policy", "--min", "1"}, {"annotators", "games", "--role", "lead"},
		{"protocols", "add", protocol}, {"import", "--protocol", protocol, questions}} {
		if r := as(games.Uid, games.Gid, args...); r.code == 0 || !strings.Contains(r.stderr, "not allowed") {
			t.Errorf("games %v: %+v", args, r)
		}
	}
	if r := runBin(t, bin, db, "protocols"); strings.Contains(r.stdout, "games-use") {
		t.Errorf("a refused protocol is kept:\n%s", r.stdout)
	}
	if r := as(games.Uid, games.Gid, "export", "--format", "labels"); r.code != 0 || strings.Contains(r.stdout, "mimics-release") {
		t.Errorf("games's own labels: %+v", r)
	}
	// uid 54321 has no passwd entry and says it is the lead in $USER.
	if r := as("54321", "54321", "policy", "--min", "1"); r.code == 0 || !strings.Contains(r.stderr, "uid-54321 is an annotator") {
		t.Errorf("an unknown uid changing the policy: %+v", r)
	}
	r := runBin(t, bin, db, "annotators")
	if !strings.Contains(r.stdout, "uid-54321") || !strings.Contains(r.stdout, "games") {
		t.Errorf("annotators after: %s", r.stdout)
	}
}

// otherUser is setpriv and the games user, to run the binary as someone
// else; the test is skipped without root, setpriv or that user.
func otherUser(t *testing.T) (setpriv string, games *user.User) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("needs root to run the binary as other users")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv not installed")
	}
	if games, err = user.Lookup("games"); err != nil {
		t.Skip("no games user")
	}
	return setpriv, games
}

// sharedPlace is a folder every user may write in, with a copy of the
// binary (its own folder may be closed to others) and where a database in
// it goes: where a test runs the binary as another OS user. It goes when
// the test ends.
func sharedPlace(t *testing.T) (dir, bin, db string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "claritty-users")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	bin = filepath.Join(dir, "claritty")
	placeBinary(t, bin)
	return dir, bin, filepath.Join(dir, "c.db")
}

// placeBinary puts the binary at bin, runnable by every user: a link, or
// a copy cp makes. A copy this process wrote could still be open for
// writing in a child another test forks meanwhile, and running it would
// then fail with "text file busy".
func placeBinary(t *testing.T, bin string) {
	t.Helper()
	if os.Link(binary(t), bin) != nil {
		if out, err := exec.Command("cp", binary(t), bin).CombinedOutput(); err != nil {
			t.Fatalf("copying the binary: %v %s", err, out)
		}
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
}

// shareDB lets every user read and write the database and its WAL.
func shareDB(db string) {
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		os.Chmod(f, 0o666)
	}
}

// asUser is the binary run on db as the user uid:gid (setpriv, from
// otherUser), with only HOME set.
func asUser(ctx context.Context, setpriv, uid, gid, home, bin, db string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, setpriv, append([]string{"--reuid=" + uid, "--regid=" + gid, "--clear-groups", bin, "--db", db}, args...)...)
	cmd.Env = []string{"HOME=" + home}
	return cmd
}
