package data

import "fmt"

// LineError locates a problem in an input file.
type LineError struct {
	File string
	Line int
	Msg  string
}

func (e *LineError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

func lineErr(file string, line int, format string, args ...any) error {
	return &LineError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}
