package data

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// keysShaped is a JSONL protocol whose items keep their ids as uids, whose
// lines may lack the reference and the facets, and may carry keys it does
// not read.
const keysShaped = `name = "keys-test"
title = "Requests"
items = "requests"

[item]
format = "jsonl"
keys = ["id", "request", "facets", "reference"]
optional = ["facets", "reference"]
other_keys = "ignore"
uid = "id"
id = ["id"]
text = ["request", "reference"]
list = ["facets[]"]
list_name = "facet"

[[scale]]
name = "grade"
values = [0, 1, 2]
keys = ["0", "1", "2"]
names = ["bad", "fair", "good"]

[[step]]
title = "The request"
unit = "overall"
show = ["request", "list"]
scale = "grade"
`

func keysFormat(t *testing.T) []Format {
	t.Helper()
	f := parseTest(t, "keys.toml", keysShaped)
	return []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(keysShaped)})}
}

// A line may lack an optional key (an absent text is "", an absent list
// none) and have keys the file does not name; the item's uid is its id as
// written (a number's as its digits), not a hash, and importing the file
// again finds every item by it.
func TestImportOptionalKeysAndOwnUIDs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	body := `{"id": "r-1", "request": "cafés", "facets": ["open late", "cheap"], "reference": "which?"}` + "\n" +
		`{"id": 12, "request": "jaguar", "source": "log", "turn": 3}` + "\n"
	opt := Options{Dataset: "requests", Formats: keysFormat(t)}
	if _, err := testImport(ctx, st, who, strings.NewReader(body), "requests.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "requests")
	if err != nil {
		t.Fatal(err)
	}
	first, second := storetest.ItemAt(t, st, ds.ID, 1), storetest.ItemAt(t, st, ds.ID, 2)
	if first.UID != "r-1" || second.UID != "12" {
		t.Errorf("uids %q and %q, want the ids r-1 and 12 as written", first.UID, second.UID)
	}
	if first.Question != "which?" || !slices.Equal(first.Options[:2], []string{"open late", "cheap"}) {
		t.Errorf("the first item is %q with %q, want its reference and facets", first.Question, first.Options)
	}
	if second.Query != "jaguar" || second.Question != "" || second.Options != [5]string{} {
		t.Errorf("the second item is %q, %q, %q: want no reference and no facets", second.Query, second.Question, second.Options)
	}
	if got := store.OwnIDUID(st.Protocol("keys-test"), "12"); got != "12" {
		t.Errorf("the own id 12 names uid %q, want 12", got)
	}
	res, err := testImport(ctx, st, who, strings.NewReader(body), "requests.jsonl", opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Items != 0 || res.ItemsKnown != 2 {
		t.Errorf("the file again added %d items and knew %d, want 0 and 2", res.Items, res.ItemsKnown)
	}
}

// A line lacking a key every line has, or whose id could not be a uid, is
// refused at its line, and nothing of the file is kept.
func TestImportOwnUIDLinesRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	good := `{"id": "r-1", "request": "cafés"}` + "\n"
	for _, c := range []struct{ line, want string }{
		{`{"id": "r-2"}` + "\n", `x.jsonl:2: key "request" is missing`},
		{`{"id": "", "request": "x"}` + "\n", `x.jsonl:2: id "" is missing or empty`},
		{`{"id": "a\u001b[2Jb", "request": "x"}` + "\n", `x.jsonl:2: id "a␛[2Jb" has control characters`},
		{`{"id": "a\tb", "request": "x"}` + "\n", `x.jsonl:2: id "a b" has control characters`},
		{`{"id": "r-1", "request": "other"}` + "\n", `x.jsonl:2: request "r-1" is already on line 1`},
		{`{"id": "r-2", "request": "x", "facets": "one"}` + "\n", `x.jsonl:2: facets[]: facets is a string, not a list`},
	} {
		st := storetest.Open(t)
		who := lead(t, st)
		opt := Options{Dataset: "requests", Formats: keysFormat(t)}
		_, err := testImport(ctx, st, who, strings.NewReader(good+c.line), "x.jsonl", opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.line, err, c.want)
		}
		if ds, _ := st.Datasets(ctx); len(ds) != 0 {
			t.Errorf("%q: kept %d datasets", c.line, len(ds))
		}
	}
}
