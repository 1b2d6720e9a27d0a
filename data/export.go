package data

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// LabelsHeader is the header of a labels TSV.
const LabelsHeader = "item\tunit\tannotator\tlabel\tcreated_at\tupdated_at\tseconds"

// ClariMMRatingsExportHeader is the header of a clarimm-ratings export: one
// row per conversation, unit and annotator. It reads back as a labels TSV.
const ClariMMRatingsExportHeader = "conversation\tunit\tannotator\trating\tcreated_at\tupdated_at\tseconds"

// WriteLabels writes the labels of the reading (a dataset, or all datasets
// for id 0; everyone's for a lead, else the reader's own) as a labels TSV.
// Annotator names go through rename (nil keeps them; see Pseudonyms) and
// are cleaned so a tab or newline in one cannot break the file.
func WriteLabels(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
	return writeLabels(ctx, r, w, rename, LabelsHeader)
}

// WriteClariMMRatings writes a conversation dataset's ratings, one row per
// conversation, unit and annotator, in import order, then HIT order.
func WriteClariMMRatings(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
	kind, err := r.Store().DatasetKind(ctx, r.DatasetID())
	if err != nil {
		return err
	}
	if kind != guidelines.ClariMM.Kind {
		return fmt.Errorf("dataset holds %s items, not conversations: export --format labels", kind)
	}
	return writeLabels(ctx, r, w, rename, ClariMMRatingsExportHeader)
}

func writeLabels(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string, header string) error {
	if rename == nil {
		rename = func(s string) string { return s }
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, header)
	err := r.EachLabel(ctx, func(l store.LabelRow) error {
		secs := ""
		if l.Seconds != nil {
			secs = strconv.FormatFloat(*l.Seconds, 'f', 1, 64)
		}
		p, _ := guidelines.ForUnit(l.Unit) // the store holds no other units
		_, err := fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			display.Clean(l.Item), l.Unit, display.Clean(rename(l.Annotator)), p.LabelString(l.Value), l.CreatedAt, l.UpdatedAt, secs)
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
	tmp, err := createTemp(path)
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

// createTemp creates a new file beside path, ".NAME.RANDOM.tmp", with mode
// 0666 less the umask, as any file the user makes (os.CreateTemp's 0600
// would make every export private whatever the umask says).
func createTemp(path string) (*os.File, error) {
	for range 100 {
		var b [6]byte
		rand.Read(b[:])
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("write %s: could not find a free temporary name beside it", path)
}
