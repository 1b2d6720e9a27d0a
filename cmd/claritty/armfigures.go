package main

import (
	"bytes"
	"context"
	"fmt"
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
// command's --json keeps its document and gains the figures beside it. A
// document that is no object (a table not made yet, null) goes under
// "table" beside them.
func withArmsJSON(w io.Writer, doc []byte, arms *report.ArmFigures) error {
	if arms == nil {
		_, err := w.Write(doc)
		return err
	}
	var a bytes.Buffer
	if err := arms.WriteJSON(&a); err != nil {
		return err
	}
	// Indented one level more, as the document's own keys are.
	figures := bytes.ReplaceAll(bytes.TrimRight(a.Bytes(), "\n"), []byte("\n"), []byte("\n  "))
	body := bytes.TrimSpace(doc)
	var out []byte
	switch {
	case len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}':
		out = fmt.Appendf(nil, "{\n  \"table\": %s,\n  \"arms\": %s\n}\n", body, figures)
	case len(bytes.TrimSpace(body[1:len(body)-1])) == 0: // {}
		out = fmt.Appendf(nil, "{\n  \"arms\": %s\n}\n", figures)
	default:
		out = fmt.Appendf(nil, "%s,\n  \"arms\": %s\n}\n", bytes.TrimRight(body[:len(body)-1], " \n"), figures)
	}
	_, err := w.Write(out)
	return err
}
