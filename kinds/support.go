package kinds

import (
	"context"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// HasSupport says whether datasets of kind k are support judgments of
// runs' answers (a protocol file with a step per nested pair and
// item.run: trec-rag-support), which bench scores per run.
func (s *Set) HasSupport(k guidelines.Kind) bool {
	p, ok := s.Protocol(k)
	f := p.FileOf()
	return ok && f != nil && f.Nested() && f.Item.Run != ""
}

// Support is a support dataset's runs' weighted support precision and
// recall (report.SupportOfDataset); false for a dataset of another kind.
func (s *Set) Support(ctx context.Context, r *store.Reading, d store.Dataset) (report.DatasetSupport, bool, error) {
	if !s.HasSupport(d.Kind) {
		return report.DatasetSupport{}, false, nil
	}
	p, _ := s.Protocol(d.Kind)
	return report.SupportOfDataset(ctx, r, d, p.FileOf())
}
