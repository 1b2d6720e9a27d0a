package report

import (
	"bytes"
	"encoding/json"
	"io"
)

// WriteJSONWithMember writes the JSON document doc with one member, key,
// added at its end (its own members stay in their order), indented as
// every --json is: a command's figures keep their document and gain
// others beside it (stats' triage and arms). A document that is no object
// (a table not made yet, null) goes under "table" beside the member.
func WriteJSONWithMember(w io.Writer, doc []byte, key string, member []byte) error {
	var body, value bytes.Buffer
	if err := json.Compact(&body, doc); err != nil {
		return err
	}
	if err := json.Compact(&value, member); err != nil {
		return err
	}
	name, err := json.Marshal(key)
	if err != nil {
		return err
	}
	b := body.Bytes()
	var out []byte
	switch {
	case len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}':
		out = append(append([]byte(`{"table":`), b...), ',')
	case len(b) == 2: // {}
		out = []byte{'{'}
	default:
		out = append(b[:len(b)-1:len(b)-1], ',')
	}
	out = append(append(append(append(out, name...), ':'), value.Bytes()...), '}')
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, out, "", "  "); err != nil {
		return err
	}
	pretty.WriteByte('\n')
	_, err = w.Write(pretty.Bytes())
	return err
}
