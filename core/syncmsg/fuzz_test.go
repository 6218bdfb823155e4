package syncmsg

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParseMessage: Parse never panics; it returns a message or a drop, and
// what it returns marshals to bytes that parse to the same message.
func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		`{"v":8,"type":"hello","holds":"all","sums":{"app.todo.item":"2e255099d6d6bee307c8e7075acc78f9"}}`,
		`{"v":8,"type":"hello","holds":["app.a",1],"sums":{},"reply":true}`,
		`{"v":8,"type":"reconcile","id":7,"collection":"app.note","message":"YQAAAgA"}`,
		`{"v":8,"type":"reconciled","id":7,"message":"","held":false}`,
		`{"v":8,"type":"want","id":8,"ids":["` + vid + `"]}`,
		`{"v":8,"type":"versions","id":8,"versions":[{"id":"x"},1]}`,
		`{"v":8,"type":"push-update","version":{"collection":"app.x"}}`,
		`{"v":8,"type":"stored","ids":["a",2]}`,
		`{"v":7,"type":"stored","ids":[]}`, `[]`, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Parse(b)
		if err != nil {
			if !errors.Is(err, ErrDrop) || m != nil {
				t.Fatalf("error %v does not wrap ErrDrop, or message %v returned", err, m)
			}
			return
		}
		out, err := Marshal(m)
		if err != nil {
			t.Fatalf("marshal %#v: %v", m, err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("reparse %s: %v", out, err)
		}
		again, err := Marshal(back)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not stable: %s then %s (%v)", out, again, err)
		}
	})
}
