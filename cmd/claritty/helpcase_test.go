package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
)

// helpEntry is one line of a command's --help that fang draws in its own
// case: a flag's usage, or a subcommand's short text.
type helpEntry struct {
	what  string         // "--name" or the subcommand's name, for messages
	line  *regexp.Regexp // finds the line in the help; its last group is the text as drawn
	usage string         // the text as written
}

// helpEntries are the flags and subcommands c's --help lists.
func helpEntries(c *cobra.Command) []helpEntry {
	var out []helpEntry
	flags := func(fs *pflag.FlagSet) {
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden || slices.ContainsFunc(out, func(e helpEntry) bool { return e.what == "--"+f.Name }) {
				return
			}
			out = append(out, helpEntry{"--" + f.Name,
				regexp.MustCompile(`(?m)^ +(?:-\S )?--` + regexp.QuoteMeta(f.Name) + ` {2,}(.*)$`), f.Usage})
		})
	}
	flags(c.LocalFlags())
	flags(c.InheritedFlags())
	for _, sc := range c.Commands() {
		if sc.Hidden || !sc.IsAvailableCommand() && sc.Name() != "help" {
			continue
		}
		out = append(out, helpEntry{sc.Name(),
			regexp.MustCompile(`(?m)^ +` + regexp.QuoteMeta(sc.Name()) + `(?: \S+)* {2,}(.*)$`), sc.Short})
	}
	return out
}

// formatNames are the names claritty reads and writes files by (import's
// and export's formats, bench's run kinds, the shipped protocol files'):
// a user types each as it is written.
func formatNames(t *testing.T) []string {
	t.Helper()
	names := append(namesOf(kinds.BuiltinFormats()), exportNames(nil)...)
	for _, k := range data.RunKinds {
		names = append(names, string(k))
	}
	files, err := guidelines.Builtins().Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range files {
		names = append(names, string(p.File.Name))
	}
	return names
}

// firstWord is s's first word, and the rest.
func firstWord(s string) (string, string) {
	s = strings.TrimLeftFunc(strings.SplitN(s, "\n", 2)[0], unicode.IsSpace)
	w, rest, _ := strings.Cut(s, " ")
	return w, rest
}

// titled is what fang may make of a first word and still leave it as
// typed: its first letter upper-cased, nothing else.
func titled(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// capitalisedNames finds, anywhere in a help text, a format's or a run
// kind's name with its first letter made upper-case ("Trec runs:",
// "Labels"): a name is typed as it is written, so help writes it so, at
// the start of a sentence too.
func capitalisedNames(names []string) *regexp.Regexp {
	var alts []string
	for _, n := range names {
		if titled(n) != n && !slices.Contains(alts, regexp.QuoteMeta(titled(n))) {
			alts = append(alts, regexp.QuoteMeta(titled(n)))
		}
	}
	return regexp.MustCompile(`(?:^|[^\w-])(` + strings.Join(alts, "|") + `)(?:$|[^\w-])`)
}

// dbDefault finds --db's default in a command's help.
var dbDefault = regexp.MustCompile(`(?m)^ +--db {2,}.*\((.*)\)$`)

// fang draws each flag's usage and each subcommand's short text with its
// first word title-cased (cases.Title: "--ratings:" became "--Ratings:",
// "arena-judgments:" "Arena-Judgments:", "HITs" "Hits"). Over every
// command's --help, the built binary's and one over SSH, no such word
// changes but for its first letter, and no format's or run kind's name
// (what --format and --kind take) is capitalised, there or anywhere else
// in the help. Each local command's help gives --db's default as the
// command takes it: $CLARITTY_DB's path.
func TestHelpKeepsNamesAsTyped(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	db := filepath.Join(t.TempDir(), "c.db")
	formats := formatNames(t)
	capitalised := capitalisedNames(formats)
	checkText := func(route string, path []string, help string) {
		t.Helper()
		for _, line := range strings.Split(help, "\n") {
			if m := capitalised.FindStringSubmatch(line); m != nil {
				t.Errorf("%s %v --help: the name %q capitalised (%q): %s", route, path, strings.ToLower(m[1]), m[1], strings.TrimSpace(line))
			}
		}
	}
	check := func(route string, path []string, help string, e helpEntry) {
		t.Helper()
		m := e.line.FindStringSubmatch(help)
		if m == nil {
			t.Errorf("%s %v --help lists no %s:\n%s", route, path, e.what, help)
			return
		}
		w, rest := firstWord(e.usage)
		drawn, _ := firstWord(m[1])
		if !strings.HasPrefix(m[1], drawn+" "+rest) && rest != "" {
			t.Errorf("%s %v --help: %s reads %q; want %q", route, path, e.what, m[1], e.usage)
		}
		switch bare := strings.TrimRight(drawn, ":,;."); {
		case drawn != w && drawn != titled(w):
			t.Errorf("%s %v --help: %s starts %q, written %q", route, path, e.what, drawn, w)
		case slices.Contains(formats, strings.ToLower(bare)) && bare != strings.ToLower(bare):
			t.Errorf("%s %v --help: %s starts with the name %q capitalised (%q)", route, path, e.what, strings.ToLower(bare), drawn)
		}
	}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		// With $CLARITTY_DB set, which every command uses for --db's
		// default, and its help says so.
		help := runEnv(t, bin, []string{"CLARITTY_DB=" + db}, append(slices.Clone(path), "--help")...)
		if help.code != 0 {
			t.Fatalf("%v --help: %+v", path, help)
		}
		if m := dbDefault.FindStringSubmatch(help.stdout); m == nil || m[1] != db {
			t.Errorf("%v --help: --db's default is %q, and the command uses $CLARITTY_DB, %s", path, m, db)
		}
		for _, e := range helpEntries(c) {
			check("claritty", path, help.stdout, e)
		}
		checkText("claritty", path, help.stdout)
		for _, sc := range c.Commands() {
			if !sc.Hidden && sc.Name() != "help" {
				walk(sc, append(slices.Clone(path), sc.Name()))
			}
		}
	}
	walk(newRootCmd(&globals{}), nil)
	// help and completion, which cobra adds as it runs.
	for _, path := range [][]string{{"help"}, {"completion"}, {"completion", "bash"},
		{"completion", "zsh"}, {"completion", "fish"}, {"completion", "powershell"}} {
		help := runEnv(t, bin, []string{"CLARITTY_DB=" + db}, append(slices.Clone(path), "--help")...)
		if m := dbDefault.FindStringSubmatch(help.stdout); help.code != 0 || m == nil || m[1] != db {
			t.Errorf("%v --help: --db's default is %q, and the command uses $CLARITTY_DB, %s: %+v", path, m, db, help)
		}
		checkText("claritty", path, help.stdout)
	}

	// Over SSH the commands are the same tree, drawn by fang the same way.
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	root := newRootCmd(&globals{remote: &remote{}})
	for _, path := range [][]string{{"agree"}, {"bench", "add"}, {"export"}, {"import"}, {"policy"}} {
		c, _, err := root.Find(path)
		if err != nil {
			t.Fatal(err)
		}
		r := sshRun(t, lead, "", strings.Join(path, " ")+" --help")
		if r.code != 0 {
			t.Fatalf("ssh %v --help: %+v", path, r)
		}
		for _, e := range helpEntries(c) {
			check("ssh", path, r.stdout, e)
		}
		checkText("ssh", path, r.stdout)
	}
}
