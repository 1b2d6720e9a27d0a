package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
)

func newProtocolsCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "protocols",
		Short: "List the task kinds: built in, shipped as protocol files, or kept in the database",
		Long: "Lists every protocol (task kind) this claritty and this database know: the kinds built\n" +
			"into its code (MIMICS-Manual, compare, nuggets: they need code for the SERP review,\n" +
			"blinded pairs and nugget scoring, and their shipped files name it: protocols show\n" +
			"mimics), the protocol files it ships (ClariMM, necessity, MIMICS-Duo's three tasks,\n" +
			"ClariQ, CLAMBER, TREC RAG support) and those a lead added to the database (claritty\n" +
			"protocols add, or claritty import --protocol). A protocol file is TOML;\n" +
			"docs/protocols.md documents it field by field.",
		Example: "  claritty protocols\n  claritty protocols show mimics-duo-quality > my-quality.toml\n" +
			"  claritty protocols add usefulness.toml",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, _, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			set, err := kinds.Open(cmd.Context(), st)
			if err != nil {
				return err
			}
			return listProtocols(cmd.OutOrStdout(), set)
		},
	}
	cmd.AddCommand(newProtocolsShowCmd(g), newProtocolsAddCmd(g))
	return cmd
}

// listProtocols writes a line per protocol: its name, where it comes
// from, its items and its steps.
func listProtocols(w io.Writer, set *kinds.Set) error {
	for _, k := range kinds.Builtins() {
		p := k.Protocol
		fmt.Fprintf(w, "%-20s built in   %-14s %s\n", p.Kind, p.Items, stepList(p))
	}
	files, err := set.Protocols().Files()
	if err != nil {
		return err
	}
	for _, f := range files {
		// A shipped file is shipped whether or not a database keeps it
		// yet (it keeps one on first use); a file of the database's own
		// is the database's.
		where := "shipped"
		if kept := set.Protocols().Text(f.File.Name); kept != nil {
			if s, err := guidelines.FindShipped(f.File.Name); err != nil || !bytes.Equal(s.Text, kept) {
				where = "database"
			}
		}
		p := f.File.Protocol()
		fmt.Fprintf(w, "%-20s %-10s %-14s %s\n", display.Clean(string(p.Kind)), where, display.Clean(p.Items), stepList(p))
	}
	return nil
}

// stepList names a protocol's units in HIT order, with how often each is
// asked: "answer_quality ×5, pane_quality".
func stepList(p guidelines.Protocol) string {
	var out []string
	for _, t := range p.Types {
		n, side := 0, 0
		for _, u := range p.AllUnits {
			if agreement.UnitType(u) == t {
				n++
				if i, _, ok := guidelines.PairOf(u); ok && u == guidelines.PairUnit(t, i, 1) {
					side++ // a nested list's pairs: support_i_j, i and j to the extent
				}
			}
		}
		switch {
		case side > 0:
			out = append(out, fmt.Sprintf("%s ×%d×%d", t, side, n/side))
		case n > 1:
			out = append(out, fmt.Sprintf("%s ×%d", t, n))
		default:
			out = append(out, t)
		}
	}
	return display.Clean(strings.Join(out, ", "))
}

func newProtocolsShowCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "Print a protocol file: change it, rename it, and add it as a kind of your own",
		Long: "Prints the protocol file of a database's or a shipped protocol as written. Saved,\n" +
			"given a new name and changed, it is a new kind: claritty protocols add FILE, or\n" +
			"claritty import --protocol FILE DATA. A kind built into claritty's code that keeps Go\n" +
			"parts (mimics, compare, nuggets) prints its shipped file, whose [parts] name them: it\n" +
			"says what the language reaches, and a file under its name or naming its parts is\n" +
			"refused. Another built-in kind says why it is built in, then its units, scales and\n" +
			"guideline.",
		Example: "  claritty protocols show mimics-duo-quality > my-quality.toml",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, _, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			name := guidelines.Kind(args[0])
			set, err := kinds.Open(cmd.Context(), st) // the database's file, as it stands now
			if err != nil {
				return err
			}
			files, err := set.Protocols().Files()
			if err != nil {
				return err
			}
			for _, f := range files {
				if f.File.Name == name {
					_, err := cmd.OutOrStdout().Write(f.Text)
					return err
				}
			}
			for _, k := range kinds.Builtins() {
				if k.Protocol.Kind != name {
					continue
				}
				if f, ok := guidelines.KindFile(name); ok {
					_, err := cmd.OutOrStdout().Write(f.Text)
					return err
				}
				return describeBuiltIn(cmd.OutOrStdout(), k.Protocol)
			}
			return fmt.Errorf("no protocol %q: claritty protocols lists them", display.Clean(args[0]))
		},
	}
}

// describeBuiltIn is protocols show for a kind built into the code: why
// it is (a comment block no protocol file would parse), its units with how
// often each is asked and their labels, then its guideline.
func describeBuiltIn(w io.Writer, p guidelines.Protocol) error {
	var b strings.Builder
	why := fmt.Sprintf("%s is built into claritty's code, not a protocol file: %s. Its items are %s; "+
		"its units, in HIT order, and their labels (key name):", p.Kind, p.Code, p.Items)
	for _, l := range strings.Split(ansi.Wrap(why, 76, ""), "\n") {
		b.WriteString("# " + l + "\n")
	}
	for _, t := range p.Types {
		n, first := 0, ""
		for _, u := range p.AllUnits {
			if agreement.UnitType(u) == t {
				n, first = n+1, cmp.Or(first, u)
			}
		}
		asked := "once an item"
		if n > 1 {
			asked = fmt.Sprintf("up to %d an item", n)
		}
		var labels []string
		for _, l := range p.ScaleOf(first) {
			switch {
			case l.Key == "": // a side's key: the screen draws them per pair
				labels = append(labels, l.Name)
			case l.Key == l.Name: // a facet's number
				labels = append(labels, l.Key)
			default:
				labels = append(labels, l.Key+" "+l.Name)
			}
		}
		fmt.Fprintf(&b, "#   %-14s %-17s %s\n", t, asked, strings.Join(labels, " · "))
	}
	if p.Attention != nil {
		ask := "Its attention question (policy --attention-rate): " + p.Attention.Ask
		for _, l := range strings.Split(ansi.Wrap(ask, 76, ""), "\n") {
			b.WriteString("# " + l + "\n")
		}
	}
	b.WriteString("# Its guideline, as the TUI's g shows it:\n\n")
	b.WriteString(p.Text())
	_, err := io.WriteString(w, b.String())
	return err
}

func newProtocolsAddCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "add FILE",
		Short: "Keep a protocol file in the database, so every session and SSH user has its kind",
		Long: "Checks a protocol file (every problem at its line) and keeps it in the database, as\n" +
			"claritty import --protocol does with its data. Adding the same file again changes\n" +
			"nothing. A changed file under a name the database keeps replaces the kept one when\n" +
			"nothing stored would be orphaned: titles, guideline text, label names and keys may\n" +
			"change; a unit or value that holds labels, the [item] columns, a condition (while\n" +
			"labels are stored), or the order of a scale's names or values (while it holds labels)\n" +
			"may not. Give such a file a name of its own. A file that drops [attention] finishes\n" +
			"the HITs that waited only for its answer. Every session and SSH user reads the change\n" +
			"at its next look. Only a lead may. FILE - reads standard input (over SSH, the only\n" +
			"way).",
		Example: "  claritty protocols add usefulness.toml\n  ssh -p 2222 HOST protocols add - < usefulness.toml",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, me, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			// Refused before a byte of the file is read or parsed.
			if err := st.Require(cmd.Context(), me, store.ActImport); err != nil {
				return err
			}
			p, err := g.readProtocol(cmd.InOrStdin(), args[0])
			if err != nil {
				return err
			}
			if err := st.AddProtocol(cmd.Context(), me, p.File, p.Text); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "protocol %s is in the database\n", p.File.Name)
			return nil
		},
	}
}

// readProtocol reads and checks a protocol file (- for standard input),
// bounded before it is held.
func (g *globals) readProtocol(stdin io.Reader, path string) (*guidelines.ProtocolText, error) {
	f, err := g.inputFile(stdin, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, guidelines.MaxProtocolFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pf, err := guidelines.ParseProtocolFile(path, b)
	if err != nil {
		return nil, err
	}
	return &guidelines.ProtocolText{File: pf, Text: b}, nil
}

// errProtocolStdin refuses a protocol and its data both on standard input.
var errProtocolStdin = errors.New("--protocol - and data on standard input: send the protocol first (claritty protocols add -), then import the data with --format NAME")
