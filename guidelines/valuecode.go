package guidelines

// ValueCode is what the kind's file writes for a unit's value where its
// step's scale has codes (CLAMBER's category 1 is MC), so a count reads
// as the release's; "" for a scale without codes, or a kind built into
// the code.
func (p Protocol) ValueCode(unit string, v int) string {
	f := p.file
	if f == nil {
		return ""
	}
	st, ok := f.StepOf(unitType(unit))
	if !ok {
		return ""
	}
	scale, ok := f.ScaleOf(st)
	if !ok || len(scale.Codes) == 0 {
		return ""
	}
	return scale.Code(v)
}
