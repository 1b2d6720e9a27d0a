package report

import (
	"strings"
	"testing"
)

// Names a spreadsheet would run are quoted, control characters are not
// written, numbers are written as the JSON has them, and each list's rows
// are named by the first text field that tells them apart.
func TestFiguresCSV(t *testing.T) {
	doc := `{"runs": [{"dataset": "d", "name": "=HYPERLINK(\"x\")", "delta": -0.5},
		{"dataset": "d", "name": "b\u001b[31m", "delta": null}], "n": 3, "t": {"a": [1, 2]}}`
	var b strings.Builder
	if err := FiguresCSV(&b, strings.NewReader(doc)); err != nil {
		t.Fatal(err)
	}
	want := `table,row,column,value
runs,"'=HYPERLINK(""x"")",dataset,d
runs,"'=HYPERLINK(""x"")",name,"'=HYPERLINK(""x"")"
runs,"'=HYPERLINK(""x"")",delta,-0.5
runs,b␛[31m,dataset,d
runs,b␛[31m,name,b␛[31m
runs,b␛[31m,delta,
n,,,3
t,,a/0,1
t,,a/1,2
`
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
}
