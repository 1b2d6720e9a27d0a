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

// lineErr builds a LineError; the message is cleaned, as it may quote text
// from the file and goes to a terminal.
func lineErr(file string, line int, format string, args ...any) error {
	return &LineError{File: file, Line: line, Msg: Clean(fmt.Sprintf(format, args...))}
}
