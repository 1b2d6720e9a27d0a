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

// A spreadsheet trims leading blanks before it reads a formula, so text
// with = + - @ after spaces, a no-break space, a tab or CR, or an
// invisible format character is quoted too; text that only holds one
// later is not.
func TestCSVCellFormulaAfterBlanks(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1":              "'=1+1",
		" =1+1":             "' =1+1",
		"\u00a0=1+1":        "'\u00a0=1+1",
		"\u2007\u3000+1":    "'\u2007\u3000+1",
		"\t-1":              "' -1", // Clean makes the tab a space
		"\r\n@SUM(A1)":      "'  @SUM(A1)",
		"\u200b=1":          "'\u200b=1",
		"\ufeff =HYPERLINK": "'\ufeff =HYPERLINK",
		"a =1":              "a =1",
		"  ":                "  ",
		"":                  "",
		"1937":              "1937",
	} {
		if got := csvCell(in); got != want {
			t.Errorf("csvCell(%q) = %q, want %q", in, got, want)
		}
	}
}
