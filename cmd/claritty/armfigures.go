package main

import (
	"bytes"
	"context"
	"io"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// readArms is the reading's per-arm figures, nil below the lead or on a
// dataset without arms (nothing of arms is then shown).
func readArms(ctx context.Context, r *store.Reading, opt agreement.Options) (*report.ArmFigures, error) {
	f, ok, err := report.ReadArmFigures(ctx, r, opt)
	if err != nil || !ok {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err // stopped early: unfinished
	}
	return &f, nil
}

// withArmsJSON writes the JSON document doc with the arms' figures added
// as its last key, "arms", or doc as it is when arms is nil: every
// command's --json keeps its document and gains the figures beside it.
func withArmsJSON(w io.Writer, doc []byte, arms *report.ArmFigures) error {
	if arms == nil {
		_, err := w.Write(doc)
		return err
	}
	var a bytes.Buffer
	if err := arms.WriteJSON(&a); err != nil {
		return err
	}
	return report.WriteJSONWithMember(w, doc, "arms", a.Bytes())
}
