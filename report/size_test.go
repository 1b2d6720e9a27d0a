package report

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The limits every function of package report keeps (issue 44): a
// function above them mixed scoring with its text, or grew one branch
// per kind, and is split into smaller ones before it grows further.
const (
	maxComplexity = 15 // cyclomatic, counted as gocyclo counts it
	maxLines      = 60 // from its func line to its closing brace
)

// funcSize is one function's figures and where it is.
type funcSize struct {
	name, pos         string
	complexity, lines int
}

// TestFunctionsStaySmall fails for each function of the package (test
// files aside) above maxComplexity or maxLines, naming it, its file:line
// and its figures.
func TestFunctionsStaySmall(t *testing.T) {
	t.Parallel()
	sizes, err := packageSizes(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) == 0 {
		t.Fatal("no functions found: is the test run in the package's folder?")
	}
	for _, s := range sizes {
		if s.complexity > maxComplexity || s.lines > maxLines {
			t.Errorf("%s: %s has cyclomatic complexity %d (at most %d) and %d lines (at most %d)",
				s.pos, s.name, s.complexity, maxComplexity, s.lines, maxLines)
		}
	}
}

// TestComplexityCountsAsGocyclo checks the count on functions whose
// complexity gocyclo gives: 1, plus one per if, for, range, case but
// default, select case but default, && and ||, func literals included.
func TestComplexityCountsAsGocyclo(t *testing.T) {
	t.Parallel()
	src := `package p
func flat() {}
func branches(a, b bool, xs []int, c chan int) {
	if a && b || a {}
	for i := 0; i < 1; i++ {}
	for range xs {}
	switch { case a: case b: default: }
	select { case <-c: default: }
	f := func() { if b {} }
	f()
}
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	sizes, err := packageSizes(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{"flat": {1, 1}, "branches": {10, 9}}
	for _, s := range sizes {
		if w := want[s.name]; s.complexity != w[0] || s.lines != w[1] {
			t.Errorf("%s: complexity %d, lines %d; want %d, %d", s.name, s.complexity, s.lines, w[0], w[1])
		}
	}
	if len(sizes) != len(want) {
		t.Errorf("%d functions measured, want %d", len(sizes), len(want))
	}
}

// packageSizes measures every function declared in dir's non-test Go
// files, in file and line order.
func packageSizes(dir string) ([]funcSize, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []funcSize
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
				out = append(out, funcSize{name: funcName(fn), pos: fmt.Sprintf("%s:%d", filepath.Base(name), start.Line),
					complexity: complexity(fn), lines: end.Line - start.Line + 1})
			}
		}
	}
	return out, nil
}

// funcName is a function's name, a method's with its receiver type as
// gocyclo writes it: (T).M or (*T).M.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	star := ""
	if s, ok := typ.(*ast.StarExpr); ok {
		typ, star = s.X, "*"
	}
	if g, ok := typ.(*ast.IndexExpr); ok { // a generic type's receiver
		typ = g.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return "(" + star + id.Name + ")." + fn.Name.Name
	}
	return fn.Name.Name
}

// complexity is a function's cyclomatic complexity as gocyclo counts it.
func complexity(fn *ast.FuncDecl) int {
	n := 1
	ast.Inspect(fn, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			n++
		case *ast.CaseClause:
			if x.List != nil { // default adds no path
				n++
			}
		case *ast.CommClause:
			if x.Comm != nil {
				n++
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				n++
			}
		}
		return true
	})
	return n
}
