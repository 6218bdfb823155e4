package netsync

import (
	"slices"
	"testing"

	"minca.dev/desktop/core/syncmsg"
)

// TestVersionIDs: the ids of a versions message's entries, as syncmsg
// marshals it and as others may space it; nothing from other messages,
// entries without a string id, or past where the text breaks off.
func TestVersionIDs(t *testing.T) {
	b, err := syncmsg.Marshal(&syncmsg.Versions{HasID: true, ID: 7, Versions: []any{
		map[string]any{"id": "ba1", "collection": "app.x", "body": map[string]any{"id": "inner"}},
		map[string]any{"collection": "app.x"},
		map[string]any{"id": 3.0},
		"not an object",
		map[string]any{"key": "k", "id": "ba2"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		msg  string
		want []string
	}{
		{"marshalled", string(b), []string{"ba1", "ba2"}},
		{"spaced", ` { "type" : "versions", "versions" : [ { "id" : "x1" } , {"a":[1,{"id":"no"}],"id":"x2"} ] } `, []string{"x1", "x2"}},
		{"want", `{"v":8,"type":"want","id":1,"ids":["a","b"]}`, nil},
		{"broken", `{"v":8,"type":"versions","versions":[{"id":"x1"},{"id":"x2`, []string{"x1"}},
		{"not an array", `{"versions":{"id":"x"}}`, nil},
		{"empty", `{"versions":[]}`, nil},
	} {
		if got := versionIDs([]byte(c.msg)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
