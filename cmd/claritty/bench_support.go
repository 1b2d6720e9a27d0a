package main

import (
	"context"

	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// supportAll is each support dataset's runs' weighted support precision
// and recall (report.SupportOfDataset), of the named dataset or of every
// one, as me reads them.
func supportAll(ctx context.Context, st *store.Store, me store.Annotator, name string) ([]report.DatasetSupport, error) {
	var ds []store.Dataset
	if name != "" {
		d, err := st.DatasetByName(ctx, name)
		if err != nil {
			return nil, err
		}
		ds = []store.Dataset{d}
	} else {
		var err error
		if ds, err = st.Datasets(ctx); err != nil {
			return nil, err
		}
	}
	set, err := kinds.Open(ctx, st)
	if err != nil {
		return nil, err
	}
	var out []report.DatasetSupport
	for _, d := range ds {
		if !set.HasSupport(d.Kind) {
			continue
		}
		err := withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
			s, ok, err := set.Support(ctx, r, d)
			if ok && err == nil {
				out = append(out, s)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
