package note

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
)

type noteVector struct {
	Name      string          `json:"name"`
	SeedHex   string          `json:"seed_hex"`
	Aud       string          `json:"aud"`
	Cmd       string          `json:"cmd"`
	NonceHex  string          `json:"nonce_hex"`
	NbfJ      int64           `json:"nbf"`
	ExpJ      int64           `json:"exp"`
	Note      json.RawMessage `json:"note"`
	Root      string          `json:"root"`
	ValidAt   []string        `json:"valid_at"`
	InvalidAt []string        `json:"invalid_at"`
}

// TestNoteVectors: a stored note keeps verifying and checking at the
// times it names, and Make writes it again byte for byte.
func TestNoteVectors(t *testing.T) {
	b, err := os.ReadFile("testdata/notes.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Vectors []noteVector }
	if err := json.Unmarshal(b, &f); err != nil || len(f.Vectors) == 0 {
		t.Fatal(err)
	}
	for _, v := range f.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			proof, err := cjson.Parse(v.Note)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range v.ValidAt {
				d, err := CheckAt(proof, v.Aud, at)
				if err != nil || d.Root != v.Root {
					t.Errorf("at %s: %v %v", at, d.Root, err)
				}
			}
			for _, at := range v.InvalidAt {
				if _, err := CheckAt(proof, v.Aud, at); err == nil {
					t.Errorf("valid at %s", at)
				}
			}
			seed, _ := hex.DecodeString(v.SeedHex)
			nonce, _ := hex.DecodeString(v.NonceHex)
			account, err := identity.DeriveKeyPairFromSeed(seed)
			if err != nil {
				t.Fatal(err)
			}
			n, err := Make(account, Grant{Aud: v.Aud, Cmd: v.Cmd, Nbf: i64(v.NbfJ), Exp: i64(v.ExpJ)}, bytes.NewReader(nonce))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := cjson.Marshal(n.JSON())
			want, _ := cjson.Canonicalize(v.Note)
			if !bytes.Equal(got, want) {
				t.Errorf("Make wrote\n%s\nwant\n%s", got, want)
			}
		})
	}
}
