package data

import (
	"context"
	"io"
	"slices"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// builtInFormats are the formats data reads, as the built-in kinds'
// descriptors name them (package kinds, which data's own tests cannot
// import).
func builtInFormats() []Format {
	return []Format{ManualFormat(), ClickFormat(), SERPFormat(), LabelsFormat(),
		NuggetsFormat(), CandidatesFormat(), PairsFormat()}
}

// testFormats are what claritty import offers st: the built-in formats
// and the protocol files it keeps or claritty ships.
func testFormats(st *store.Store) []Format {
	out := builtInFormats()
	files, err := st.Kinds().Files()
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		out = append(out, ProtocolFormat(f))
	}
	return out
}

// testImport is Import offering testFormats, unless opt names its own.
func testImport(ctx context.Context, st *store.Store, who store.Annotator, r io.Reader, name string, opt Options) (Result, error) {
	if opt.Formats == nil {
		opt.Formats = testFormats(st)
	}
	return Import(ctx, st, who, r, name, opt)
}

// testImportFile is ImportFile offering testFormats, unless opt names its
// own.
func testImportFile(ctx context.Context, st *store.Store, who store.Annotator, path string, opt Options) (Result, error) {
	if opt.Formats == nil {
		opt.Formats = testFormats(st)
	}
	return ImportFile(ctx, st, who, path, opt)
}

// Every format import reads is among guidelines.FormatNames, the names a
// protocol file's kind may not take: a kind of a format's name would be
// imported under the format, never under the kind (--format NAME).
func TestImportFormatsAreNoKindNames(t *testing.T) {
	t.Parallel()
	for _, f := range builtInFormats() {
		if !slices.Contains(guidelines.FormatNames, string(f.name)) {
			t.Errorf("import format %q is not in guidelines.FormatNames: a protocol could take its name", f.name)
		}
		if guidelines.IsFileKindName(guidelines.Kind(f.name)) {
			t.Errorf("import format %q could name a protocol file's kind", f.name)
		}
	}
}
