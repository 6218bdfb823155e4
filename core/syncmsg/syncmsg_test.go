package syncmsg

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"minca.dev/desktop/core/negentropy"
)

// TestHelloExample reproduces the hello of 05 §4 byte for byte.
func TestHelloExample(t *testing.T) {
	raw, err := os.ReadFile("testdata/hello-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct {
		Inputs   struct{ JSON string }
		Expected map[string]string
	}
	if err := json.Unmarshal(raw, &vec); err != nil {
		t.Fatal(err)
	}
	m, err := Parse([]byte(vec.Inputs.JSON))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	h := m.(*Hello)
	if !h.Holds.All || h.Reply {
		t.Fatalf("holds/reply wrong: %+v", h)
	}
	if got := h.Sums["app.todo.item"].String(); got != vec.Expected["sum_app_todo_item"] {
		t.Errorf("app.todo.item sum %s", got)
	}
	if got := h.Sums["sys.role"].String(); got != vec.Expected["sum_sys_role"] {
		t.Errorf("sys.role sum %s", got)
	}
	out, err := Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != vec.Inputs.JSON {
		t.Fatalf("marshal:\n got %s\nwant %s", out, vec.Inputs.JSON)
	}
	// The app.todo.item value is the fingerprint of the single id 01 00…00.
	var id negentropy.ID
	id[0] = 1
	if negentropy.FingerprintOf([]negentropy.ID{id}) != h.Sums["app.todo.item"] {
		t.Error("app.todo.item is not the fingerprint of 01 00…00")
	}
}

const vid = "baeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" // 05 §2 example

// TestDropped checks every drop rule of 05 §4: the message is dropped whole.
func TestDropped(t *testing.T) {
	long := strings.Repeat("A", (MaxFrame*4+2)/3+4)
	many := func(n int, v string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"c` + strings.Repeat("x", 1) + string(rune('a'+i%26)) + itoa(i) + `":` + v)
		}
		return b.String()
	}
	cases := map[string]string{
		"not JSON":             `{"v":8,`,
		"not an object":        `[1]`,
		"string":               `"hello"`,
		"no v":                 `{"type":"hello","sums":{}}`,
		"v 7":                  `{"v":7,"type":"hello","sums":{}}`,
		"v string":             `{"v":"8","type":"hello","sums":{}}`,
		"type number":          `{"v":8,"type":1}`,
		"no type":              `{"v":8}`,
		"unknown type":         `{"v":8,"type":"want-file","id":1}`,
		"hello sums array":     `{"v":8,"type":"hello","sums":[]}`,
		"hello no sums":        `{"v":8,"type":"hello","holds":"all"}`,
		"hello 1001 sums":      `{"v":8,"type":"hello","sums":{` + many(1001, `"00"`) + `}}`,
		"reconcile no id":      `{"v":8,"type":"reconcile","collection":"app.x","message":"YQ"}`,
		"reconcile id -1":      `{"v":8,"type":"reconcile","id":-1,"collection":"app.x","message":"YQ"}`,
		"reconcile id 1.5":     `{"v":8,"type":"reconcile","id":1.5,"collection":"app.x","message":"YQ"}`,
		"reconcile id 2^53":    `{"v":8,"type":"reconcile","id":9007199254740992,"collection":"app.x","message":"YQ"}`,
		"reconcile id string":  `{"v":8,"type":"reconcile","id":"1","collection":"app.x","message":"YQ"}`,
		"reconcile bad b64":    `{"v":8,"type":"reconcile","id":1,"collection":"app.x","message":"YQ=="}`,
		"reconcile too long":   `{"v":8,"type":"reconcile","id":1,"collection":"app.x","message":"` + long + `"}`,
		"reconcile no coll":    `{"v":8,"type":"reconcile","id":1,"message":"YQ"}`,
		"reconcile bad coll":   `{"v":8,"type":"reconcile","id":1,"collection":"","message":"YQ"}`,
		"reconciled held true": `{"v":8,"type":"reconciled","id":1,"message":"","held":true}`,
		"reconciled no msg":    `{"v":8,"type":"reconciled","id":1}`,
		"want ids object":      `{"v":8,"type":"want","id":1,"ids":{}}`,
		"want no id":           `{"v":8,"type":"want","ids":[]}`,
		"versions not array":   `{"v":8,"type":"versions","versions":{}}`,
		"versions bad id":      `{"v":8,"type":"versions","id":null,"versions":[]}`,
		"push no version":      `{"v":8,"type":"push-update"}`,
		"stored no ids":        `{"v":8,"type":"stored"}`,
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			m, err := Parse([]byte(in))
			if !errors.Is(err, ErrDrop) || m != nil {
				t.Fatalf("got %v, %v; want a drop", m, err)
			}
		})
	}
}

func itoa(i int) string {
	return strings.TrimLeft(string([]byte{byte('0' + i/1000%10), byte('0' + i/100%10), byte('0' + i/10%10), byte('0' + i%10)}), "")
}

// TestLenient checks what 05 reads leniently instead of dropping.
func TestLenient(t *testing.T) {
	var ids []string
	for range 250 {
		ids = append(ids, `"`+vid+`"`)
	}
	cases := []struct {
		name, in string
		want     Message
	}{
		{"holds absent is all", `{"v":8,"type":"hello","sums":{}}`,
			&Hello{Holds: HoldsAll, Sums: map[string]negentropy.Fingerprint{}}},
		{"holds number is sys only", `{"v":8,"type":"hello","holds":3,"sums":{}}`,
			&Hello{Sums: map[string]negentropy.Fingerprint{}}},
		{"holds non-strings skipped", `{"v":8,"type":"hello","holds":["app.a",1,null],"sums":{},"reply":true}`,
			&Hello{Holds: Holds{Collections: []string{"app.a"}}, Sums: map[string]negentropy.Fingerprint{}, Reply: true}},
		{"bad sum entries left out", `{"v":8,"type":"hello","holds":"all","sums":{"app.a":"XX","":"7f9c9e31ac8256ca2f258583df262dbc","app.b":"7f9c9e31ac8256ca2f258583df262dbc"}}`,
			&Hello{Holds: HoldsAll, Sums: map[string]negentropy.Fingerprint{"app.b": negentropy.FingerprintOf(nil)}}},
		{"reply not true", `{"v":8,"type":"hello","sums":{},"reply":"yes"}`,
			&Hello{Holds: HoldsAll, Sums: map[string]negentropy.Fingerprint{}}},
		{"want first 200, non-ids skipped", `{"v":8,"type":"want","id":3,"ids":[1,"x",` + strings.Join(ids, ",") + `]}`,
			&Want{ID: 3, IDs: strings.Split(strings.Repeat(vid+" ", 198)[:len(vid)*198+197], " ")}},
		{"not held", `{"v":8,"type":"reconciled","id":0,"message":"","held":false}`,
			&Reconciled{ID: 0, Message: []byte{}, NotHeld: true}},
		{"stored skips non-strings", `{"v":8,"type":"stored","ids":[1,"a"]}`, &Stored{IDs: []string{"a"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Parse([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m, c.want) {
				t.Fatalf("got %#v\nwant %#v", m, c.want)
			}
		})
	}
}

// TestVersionsCap: a versions without id is cut to its first 200 entries;
// one answering a want is kept whole for the engine to filter (05 §8).
func TestVersionsCap(t *testing.T) {
	entries := strings.TrimSuffix(strings.Repeat(`{"a":1},`, 250), ",")
	m, err := Parse([]byte(`{"v":8,"type":"versions","versions":[` + entries + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if v := m.(*Versions); v.HasID || len(v.Versions) != MaxVersions {
		t.Fatalf("got %d entries, hasID %v", len(v.Versions), v.HasID)
	}
	m, err = Parse([]byte(`{"v":8,"type":"versions","id":4,"versions":[` + entries + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if v := m.(*Versions); !v.HasID || v.ID != 4 || len(v.Versions) != 250 {
		t.Fatalf("got %d entries, id %d", len(v.Versions), v.ID)
	}
}

// TestRoundTrip: every message marshals to bytes that parse back to it,
// and marshal again to the same bytes.
func TestRoundTrip(t *testing.T) {
	fp := negentropy.FingerprintOf(nil)
	msgs := []Message{
		&Hello{Holds: Holds{Collections: []string{}}, Sums: map[string]negentropy.Fingerprint{"sys.role": fp}},
		&Hello{Holds: Holds{Collections: []string{"app.b", "app.a"}}, Sums: map[string]negentropy.Fingerprint{}, Reply: true},
		&Reconcile{ID: 7, Collection: "app.note", Message: []byte{0x61, 0, 0, 2, 0}},
		&Reconciled{ID: 7, Message: []byte{0x61}},
		&Reconciled{ID: 9, Message: []byte{}, NotHeld: true},
		&Want{ID: 8, IDs: []string{vid}},
		&Versions{ID: 8, HasID: true, Versions: []any{RawJSON(`{"id":"` + vid + `"}`)}},
		&Versions{Versions: []any{}},
		&PushUpdate{Version: map[string]any{"collection": "app.x"}},
		&Stored{IDs: []string{vid}},
	}
	for _, m := range msgs {
		b, err := Marshal(m)
		if err != nil {
			t.Fatalf("%s: %v", m.Type(), err)
		}
		back, err := Parse(b)
		if err != nil {
			t.Fatalf("%s: parse %s: %v", m.Type(), b, err)
		}
		if v, ok := back.(*Versions); ok {
			v.Heads = nil // read on the way; Marshal ignores them
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatalf("%s: got %#v want %#v", m.Type(), back, m)
		}
		again, _ := Marshal(back)
		if !bytes.Equal(again, b) {
			t.Fatalf("%s: %s then %s", m.Type(), b, again)
		}
	}
}

// TestRawJSON: pre-written versions are copied as they are.
func TestRawJSON(t *testing.T) {
	b, err := Marshal(&Versions{Versions: []any{RawJSON(`{"id":"x"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"v":8,"type":"versions","versions":[{"id":"x"}]}` {
		t.Fatalf("got %s", b)
	}
}
