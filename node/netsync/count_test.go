package netsync

import (
	"bytes"
	"encoding/json"
	"testing"

	"minca.dev/desktop/core/syncmsg"
)

// decodedLen is memberLen the slow way, for valid JSON.
func decodedLen(msg []byte, name string) (int, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(msg, &m) != nil {
		return 0, false
	}
	var list []json.RawMessage
	if json.Unmarshal(m[name], &list) != nil {
		return 0, true
	}
	return len(list), true
}

var countCases = []string{
	`{"v":8,"type":"versions","versions":[]}`,
	`{"v":8,"type":"versions","versions":[{"id":"a","x":[1,{"y":"]}"}]},"s\"]",3,null,true]}`,
	` { "versions" : [ 1 , [ 2 , 3 ] , { } ] , "id" : 7 } `,
	`{"a":{"versions":[1,2]},"versions":[1]}`,
	`{"versions":[1,2],"versions":[3]}`,
	`{"versions":{"a":[1]}}`,
	`{"ids":["b1","b2","b3"],"v":8}`,
	`{"k\"ey":"[","versions":["\\",{}]}`,
	`[1,2]`,
	`{"versions":[1,2`,
	`{"versions":["a]`,
	``,
}

// TestMemberLen: the count agrees with decoding for valid JSON and is 0 for
// text that breaks off.
func TestMemberLen(t *testing.T) {
	for _, c := range countCases {
		for _, name := range []string{"versions", "ids"} {
			got := memberLen([]byte(c), name)
			want, valid := decodedLen([]byte(c), name)
			if valid && got != want || !valid && got != 0 {
				t.Errorf("%s in %q: %d, decoded %d (valid %v)", name, c, got, want, valid)
			}
		}
	}
	msg, err := syncmsg.Marshal(&syncmsg.Want{ID: 3, IDs: []string{"x", "y"}})
	if err != nil || wanted(msg) != 2 || answered(msg) != 0 {
		t.Fatalf("want: %d ids, %d versions (%v)", wanted(msg), answered(msg), err)
	}
	msg, err = syncmsg.Marshal(&syncmsg.Versions{Versions: []any{map[string]any{"id": "x"}, 1.0, "s"}})
	if err != nil || answered(msg) != 3 || wanted(msg) != 0 {
		t.Fatalf("versions: %d versions, %d ids (%v)", answered(msg), wanted(msg), err)
	}
}

func FuzzMemberLen(f *testing.F) {
	for _, c := range countCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		if bytes.IndexByte(msg, '\\') >= 0 {
			t.Skip("keys are compared as written, escapes and all")
		}
		got := memberLen(msg, "versions")
		if want, valid := decodedLen(msg, "versions"); valid && got != want {
			t.Fatalf("%q: %d, decoded %d", msg, got, want)
		}
	})
}
