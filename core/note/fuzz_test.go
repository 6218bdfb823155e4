package note

import (
	"bytes"
	"testing"

	"minca.dev/desktop/core/cjson"
)

// FuzzParseNote: outside bytes never panic the parser or the checks; a
// note that parses writes back to JSON that parses to the same payload.
func FuzzParseNote(f *testing.F) {
	a := alice(f)
	for i, g := range []Grant{
		{Aud: keyOf(f, 7).DID(), Cmd: "/"},
		{Aud: keyOf(f, 7).DID(), Cmd: "/access/change", Pol: pol(f, `[["==",".collection","sys.invite"]]`), Exp: i64(2000), Nbf: i64(1)},
	} {
		b, _ := cjson.Marshal(wire(f, a, g))
		f.Add(b)
		f.Add(bytes.Replace(b, []byte(`"exp"`), []byte(`"prf":[],"exp"`), 1))
		_ = i
	}
	f.Add([]byte(`[{"type":"minca/ucan/dlg@1"}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := ParseJSON(b)
		if err != nil {
			return
		}
		_ = n.CheckFor(n.Aud, at)
		out, err := cjson.Marshal(n.JSON())
		if err != nil {
			t.Fatal(err)
		}
		n2, err := ParseJSON(out)
		if err != nil {
			t.Fatalf("written note does not parse: %v", err)
		}
		p1, _ := cjson.Marshal(n.Payload())
		p2, _ := cjson.Marshal(n2.Payload())
		if !bytes.Equal(p1, p2) || !bytes.Equal(n.Sig, n2.Sig) {
			t.Fatal("round trip changed the note")
		}
	})
}
