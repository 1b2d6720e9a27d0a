package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

func newBackupCmd(g *globals) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "backup --out FILE",
		Short: "Copy the whole database while people work (leads)",
		Long: "Writes a consistent snapshot of the database, taken online: it holds every label\n" +
			"committed before the backup began, and opens as a claritty database (claritty --db\n" +
			"FILE). Nobody has to stop keying. The file is created mode 0600, through a temporary\n" +
			"file and a rename, so FILE is never half written. --out - streams it to standard\n" +
			"output (over SSH, the only way: ssh HOST backup --out - > claritty-backup.db).",
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
			dir := filepath.Dir(out)
			if out == "-" {
				dir = filepath.Dir(st.Path()) // beside the database: room for a copy of it
			}
			tmp, err := os.CreateTemp(dir, ".claritty-backup-*.tmp") // mode 0600
			if err != nil {
				return err
			}
			tmp.Close()
			defer os.Remove(tmp.Name())
			if err := st.Backup(ctx, me, tmp.Name()); err != nil {
				return err
			}
			if out != "-" {
				if err := syncFile(tmp.Name()); err != nil {
					return err
				}
				return os.Rename(tmp.Name(), out)
			}
			f, err := os.Open(tmp.Name())
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(cmd.OutOrStdout(), f)
			return err
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "file to write, or - for standard output")
	return cmd
}

// syncFile makes a file's content durable before it is renamed into place.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
