package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/claritty/claritty/store"
)

// LabelsHeader is the header of a labels TSV.
const LabelsHeader = "item\tunit\tannotator\tlabel\tcreated_at\tupdated_at\tseconds"

// WriteLabels writes every label of a dataset (all datasets for id 0) as a
// labels TSV. Annotator names are cleaned so a tab or newline in one cannot
// break the file.
func WriteLabels(ctx context.Context, st *store.Store, datasetID int64, w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, LabelsHeader)
	err := st.EachLabel(ctx, datasetID, func(r store.LabelRow) error {
		secs := ""
		if r.Seconds != nil {
			secs = strconv.FormatFloat(*r.Seconds, 'f', 1, 64)
		}
		_, err := fmt.Fprintf(bw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n",
			r.Item, r.Unit, Clean(r.Annotator), r.Value, r.CreatedAt, r.UpdatedAt, secs)
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// WriteFileAtomic writes a file through a temporary file in the same folder
// and a rename, so readers see the old file or the whole new one, never half.
func WriteFileAtomic(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
