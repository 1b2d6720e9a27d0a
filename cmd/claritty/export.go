package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
)

func newExportCmd(g *globals) *cobra.Command {
	var format, out, dataset string
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write labels to stdout or a file",
		Long: "Write every label as a labels TSV (item unit annotator label created_at updated_at\n" +
			"seconds), the file another database merges with claritty import --format labels.\n" +
			"With --out the file is written atomically: readers never see half of it.",
		Example: "  claritty export --format labels --out labels.tsv",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "labels" {
				return fmt.Errorf("unknown export format %q (want labels)", format)
			}
			st, err := g.open(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			var id int64
			if dataset != "" {
				d, err := st.DatasetByName(cmd.Context(), dataset)
				if err != nil {
					return err
				}
				id = d.ID
			}
			write := func(w io.Writer) error { return data.WriteLabels(cmd.Context(), st, id, w) }
			if out == "" || out == "-" {
				return write(cmd.OutOrStdout())
			}
			return data.WriteFileAtomic(out, write)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "labels", "export format: labels")
	f.StringVarP(&out, "out", "o", "", "file to write (default: stdout)")
	f.StringVar(&dataset, "dataset", "", "only this dataset (default: all)")
	return cmd
}
