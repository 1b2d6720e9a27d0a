package report

import (
	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// valueCode is what a protocol file writes for a unit's value where its
// step's scale has codes (CLAMBER's category 1 is MC), so stats reads as
// the release counts; "" otherwise.
func valueCode(p guidelines.Protocol, unit string, v int) string {
	f := p.FileOf()
	if f == nil {
		return ""
	}
	st, ok := f.StepOf(agreement.UnitType(unit))
	if !ok {
		return ""
	}
	scale, ok := f.ScaleOf(st)
	if !ok || len(scale.Codes) == 0 {
		return ""
	}
	return scale.Code(v)
}
