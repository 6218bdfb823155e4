package syncmsg

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
)

var rawSeeds = []string{
	`{"v":8,"type":"versions","versions":[{"id":"x","collection":"app.a","body":{"a":[1,2,{"b":"\u00e9\n"}]}},1,"s",null,[]]}`,
	`{"v":8,"type":"versions","id":8,"versions":[{"id":"x"},{"id":"x"}]}`,
	`{"v":8,"type":"versions","versions":[{"a":1,"a":2}]}`,
	`{"v":8,"type":"versions","versions":[{"a":1,"\u0061":2}]}`,
	`{"v":8,"type":"versions","versions":[],"v":8}`,
	`{"v":8,"type":"versions","id":-0,"versions":[]}`,
	`{"v":8,"type":"versions","id":1.0,"versions":[] }`,
	`{"v":8,"type":"versions","id":9007199254740992,"versions":[]}`,
	`{"v":8,"type":"versions","versions":[1e400]}`,
	`{"v":8,"type":"versions","versions":[1e-400, 0.5E+3, -0]}`,
	`{"v":8,"type":"versions","versions":["\ud800","\ud800\udc00","` + "\xed\xa0\x80" + `"]}`,
	`{"v":8,"type":"versions","versions":[{"collection":"app.\"x","id":"a\\b"}]}`,
	`{"v":8,"type":"versions","versions":{}}`,
	`{"v":8,"type":"versions","x":[[[[]]]],"versions":[ { "id" : "y" } ]}`,
	`{"v":8,"type":"versionsx","versions":[]}`,
	`{"v":8,"type":"versions","versions":[tru]}`,
	`{"v":8,"type":"versions","versions":["` + "\x01" + `"]}`,
	`{"v":8,"type":"versions","versions":[]}x`,
	`{"v":8,"type":"versions","versions":[{"q":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"a":19}}]}`,
	`{"v":8,"type":"versions","versions":[` + strings.Repeat("[", 97) + strings.Repeat("]", 97) + `]}`,
	`{"v":8,"type":"versions","versions":[` + strings.Repeat("[", 98) + strings.Repeat("]", 98) + `]}`,
}

// oldParse is Parse as it was: cjson's maps, then ParseValue.
func oldParse(b []byte) (Message, error) {
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, drop("not JSON: %v", err)
	}
	return ParseValue(val)
}

// FuzzVersionsRawAgainstMaps: a versions message read by the scanner, its
// entries kept as bytes, is the message cjson's maps give, entry by entry
// in canonical form; what the scanner gives up on, Parse reads the old way.
func FuzzVersionsRawAgainstMaps(f *testing.F) {
	for _, s := range rawSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		want, wantErr := oldParse(b)
		_, gotErr := Parse(b)
		if (wantErr == nil) != (gotErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
			t.Fatalf("%q: error %v, the maps' %v", b, gotErr, wantErr)
		}
		raw, ok := parseVersionsRaw(b)
		if !ok {
			return
		}
		old, isV := want.(*Versions)
		if wantErr != nil || !isV {
			t.Fatalf("%q: scanner read %v, the maps %v (%v)", b, raw, want, wantErr)
		}
		if raw.ID != old.ID || raw.HasID != old.HasID || len(raw.Versions) != len(old.Versions) {
			t.Fatalf("%q: %d %v %d entries, the maps %d %v %d", b, raw.ID, raw.HasID, len(raw.Versions), old.ID, old.HasID, len(old.Versions))
		}
		for i, e := range raw.Versions {
			canon, err := cjson.Canonicalize(e.(RawJSON))
			if err != nil || !bytes.Equal(canon, old.Versions[i].(RawJSON)) {
				t.Fatalf("%q: entry %d %s, the maps' %s (%v)", b, i, canon, old.Versions[i], err)
			}
			head, val := EntryHead(e.(RawJSON)), mustParse(t, e.(RawJSON))
			if len(raw.Heads) != len(raw.Versions) || raw.Heads[i] != head {
				t.Fatalf("%q: entry %d head %+v on the way, %+v after", b, i, raw.Heads, head)
			}
			m, isObj := val.(map[string]any)
			id, hasID := m["id"].(string)
			c, hasC := m["collection"].(string)
			if head != (Head{Object: isObj, ID: id, HasID: hasID, Collection: c, HasCollection: hasC}) {
				t.Fatalf("%q: entry %d head %+v", b, i, head)
			}
		}
	})
}

func mustParse(t *testing.T, b []byte) any {
	v, err := cjson.Parse(b)
	if err != nil {
		t.Fatalf("entry %q: %v", b, err)
	}
	return v
}

// FuzzScanAgainstCjson: the scanner never accepts what cjson.Parse refuses,
// and refuses nothing it accepts unless a member name holds an escape;
// EntryHead answers any bytes without panicking.
func FuzzScanAgainstCjson(f *testing.F) {
	for _, s := range rawSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		EntryHead(b)
		s := scanner{b: b}
		s.skipSpace()
		ok := s.value(0)
		s.skipSpace()
		ok = ok && s.i == len(b)
		_, err := cjson.Parse(b)
		if ok && err != nil {
			t.Fatalf("%q: scanner accepts, cjson: %v", b, err)
		}
		if !ok && err == nil && !escapedName(b) {
			t.Fatalf("%q: scanner refuses, cjson accepts", b)
		}
	})
}

// escapedName says roughly whether b may hold a member name with an
// escape: a backslash before a colon.
func escapedName(b []byte) bool {
	i := bytes.IndexByte(b, '\\')
	return i >= 0 && bytes.IndexByte(b[i:], ':') >= 0
}

// TestVersionsRawRefusals: what cjson refuses inside an entry drops the
// whole message, with cjson's error.
func TestVersionsRawRefusals(t *testing.T) {
	for _, s := range rawSeeds {
		_, err := Parse([]byte(s))
		_, cerr := cjson.Parse([]byte(s))
		if cerr != nil && !errors.Is(err, ErrDrop) {
			t.Errorf("%s: %v, cjson %v", s, err, cerr)
		}
	}
}
