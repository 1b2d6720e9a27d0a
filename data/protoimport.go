package data

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// MaxProtocolData bounds a grouped file imported under a protocol file:
// its items are gathered whole before any is stored (a group's rows may
// be anywhere in it), so what a client sends is bounded before it is
// held. An ungrouped file streams, as the built-in formats do.
const MaxProtocolData = 64 << 20

// protocolFor is the protocol file a file is imported under, or nil for a
// built-in format: the one opt.Protocol gives (--protocol FILE), the one
// --format names, or, with no format asked for, the one whose header is
// the file's first line.
func protocolFor(br *bufio.Reader, name string, opt Options, kinds *guidelines.Set) (*guidelines.ProtocolText, error) {
	if opt.Protocol != nil {
		if opt.Format != FormatAuto && opt.Format != store.Format(opt.Protocol.File.Name) {
			return nil, fmt.Errorf("--protocol imports under its own kind (%s): leave out --format", opt.Protocol.File.Name)
		}
		return opt.Protocol, nil
	}
	if isFormat(opt.Format) {
		return nil, nil
	}
	all, err := kinds.Files()
	if err != nil {
		return nil, err
	}
	if opt.Format != FormatAuto {
		for i := range all {
			if store.Format(all[i].File.Name) == opt.Format {
				return &all[i], nil
			}
		}
		return nil, fmt.Errorf("unknown format %q (want one of %s, or a protocol: %s)",
			opt.Format, strings.Join(Formats, ", "), strings.Join(protocolNames(all), ", "))
	}
	first := firstLine(br)
	if sniffFormat([]byte(first), FormatAuto) != "" {
		return nil, nil
	}
	var found []*guidelines.ProtocolText
	for i := range all {
		if strings.Join(all[i].File.Item.Header, "\t") == first {
			found = append(found, &all[i])
		}
	}
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	var names []string
	for _, p := range found {
		names = append(names, string(p.File.Name))
	}
	return nil, lineErr(name, 1, "the header of several protocols (%s): say which with --format NAME", strings.Join(names, ", "))
}

// firstLine is the file's first line without its line end or a byte order
// mark, read ahead without taking it from br ("" when it is longer than
// br's buffer: no protocol's header is).
func firstLine(br *bufio.Reader) string {
	b, _ := br.Peek(br.Size())
	line, _, found := bytes.Cut(b, []byte{'\n'})
	if !found && len(b) == br.Size() {
		return ""
	}
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	return string(bytes.TrimSuffix(line, []byte{'\r'}))
}

func protocolNames(all []guidelines.ProtocolText) []string {
	out := make([]string, len(all))
	for i, p := range all {
		out[i] = string(p.File.Name)
	}
	return out
}
