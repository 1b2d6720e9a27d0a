package main

import (
	"bytes"
	"io"

	"github.com/claritty/claritty/report"
)

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
