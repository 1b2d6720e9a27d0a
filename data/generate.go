package data

import (
	"bufio"
	"fmt"
	"os"
)

// ClickRows is the size of the MIMICS-Click release.
const ClickRows = 414362

// WriteClickFile writes n generated rows (for benchmarks) in MIMICS-Click format: distinct
// panes with 2–5 answers, a mix of generic and specific questions.
func WriteClickFile(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, clickHeader)
	levels := []string{"low", "medium", "high"}
	for i := 0; i < n; i++ {
		q := fmt.Sprintf("generated query %d", i)
		question := "Select one to refine your search"
		if i%3 != 0 {
			question = fmt.Sprintf("Which %s are you looking for?", q)
		}
		answers := 2 + i%4
		opts := make([]string, 5)
		cctr := make([]string, 5)
		for j := 0; j < answers; j++ {
			opts[j] = fmt.Sprintf("%s option %d", q, j+1)
			cctr[j] = fmt.Sprintf("%.3f", float64((i+j)%7)/7)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", q, question,
			opts[0], opts[1], opts[2], opts[3], opts[4], levels[i%3], i%11, cctr[0], cctr[1], cctr[2], cctr[3], cctr[4])
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
