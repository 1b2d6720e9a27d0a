package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data/outfile"
	"github.com/claritty/claritty/store"
)

func newBackupCmd(g *globals) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "backup --out FILE",
		Short: "Copy the whole database while people work (leads)",
		Long: "Writes a consistent snapshot of the database, taken online: it holds every label\n" +
			"committed before the backup began, and opens as a claritty database (claritty --db\n" +
			"FILE). Nobody has to stop keying. The file is created mode 0600, through a temporary\n" +
			"file and a rename, so FILE is never half written; a symlink is followed and what it\n" +
			"names replaced (not another user's link in a sticky folder such as /tmp); a FIFO or a\n" +
			"device is written in place and stays what it was.\n" +
			"--out - streams it to standard output (over SSH, the only way: ssh HOST backup\n" +
			"--out - > claritty-backup.db). A killed backup's temporary file is removed by the next.",
		Example: "  claritty backup --out claritty-2026-11-23.db\n  ssh -p 23234 host backup --out - > backup.db",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return fmt.Errorf("give --out FILE (or --out - for standard output)")
			}
			if err := g.checkOutput(out); err != nil {
				return err
			}
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			began := time.Now()
			if out != "-" {
				f, err := outfile.Create(out, outfile.Private)
				if err != nil {
					return err
				}
				var p *progressLine
				if !f.InPlace {
					// VACUUM INTO fills the empty temporary file by name.
					if p, err = backupWithProgress(cmd, g, st, me, f.Name(), true); err != nil {
						f.Abort()
						return err
					}
				} else {
					defer f.Abort()
					if p, err = streamBackup(cmd, g, st, me, f, false); err != nil {
						return err
					}
				}
				if err := f.Commit(); err != nil {
					return err
				}
				p.finish("backup", out, began)
				return nil
			}
			p, err := streamBackup(cmd, g, st, me, cmd.OutOrStdout(), g.outputTerminal(cmd))
			if err != nil {
				return err
			}
			p.finish("backup", "standard output", began)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "file to write, or - for standard output")
	return cmd
}

// streamBackup writes a backup to a stream (standard output, a FIFO, a
// device): SQLite writes a file, so it is made beside the database, where
// there is room for a copy, then copied out and removed.
// toTerminal: w is the terminal, which a progress line would break into.
// The line it returns (stopped; nil when none was drawn) is the copy's.
func streamBackup(cmd *cobra.Command, g *globals, st *store.Store, me store.Annotator, w io.Writer, toTerminal bool) (*progressLine, error) {
	outfile.Sweep(st.Path() + "-backup") // what a killed backup left
	tmp, err := outfile.Temp(st.Path() + "-backup")
	if err != nil {
		return nil, err
	}
	defer tmp.Abort()
	if err := tmp.Chmod(0o600); err != nil {
		return nil, err
	}
	if _, err := backupWithProgress(cmd, g, st, me, tmp.Name(), !toTerminal); err != nil {
		return nil, err
	}
	cw := &countingWriter{w: w}
	var p *progressLine // none: nil draws nothing
	if !toTerminal {
		p = g.newProgress(cmd, "backup: copying", fileSize(tmp.Name()), cw.n.Load)
	}
	defer p.stop()
	_, err = io.Copy(cw, tmp)
	return p, err
}

// backupWithProgress writes the backup into the file at path, a progress
// line following its size toward the database's (SQLite writes it in one
// statement, and the copy is at most as large as the database), when show.
// The line it returns is stopped; nil when none was drawn.
func backupWithProgress(cmd *cobra.Command, g *globals, st *store.Store, me store.Annotator, path string, show bool) (*progressLine, error) {
	// Asked first, so a refusal draws no line (the backup asks again).
	if err := st.Require(cmd.Context(), me, store.ActBackup); err != nil {
		return nil, err
	}
	var p *progressLine
	if show {
		p = g.newProgress(cmd, "backup", fileSize(st.Path()), func() int64 { return fileSize(path) })
	}
	defer p.stop()
	return p, st.Backup(cmd.Context(), me, path)
}
