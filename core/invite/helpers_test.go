package invite

import (
	"bytes"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// vector is one entry of testdata/vectors.json (copied from the spec's
// vectors.json).
type vector = testkit.Vector[any]

func loadVector(t testing.TB, name string) vector {
	t.Helper()
	return testkit.LoadVector[any](t, os.DirFS("testdata"), name)
}

// sessionKey is a key the founder delegates to, as in the §7.4 example.
func sessionKey(t testing.TB) *identity.KeyPair {
	return testkit.Key(t, bytes.Repeat([]byte{0x42}, 16))
}

// chessClub is the private chess club of 03 §1.2, expanded as the vector
// constitution-private-chess-club does, and its space key (03 §8.1).
func chessClub(t testing.TB) (*space.Space, []byte) {
	t.Helper()
	v := loadVector(t, "constitution-private-chess-club")
	val, err := cjson.Parse([]byte(v.In(t, "constitution_canonical_json_expanded")))
	if err != nil {
		t.Fatal(err)
	}
	c := val.(map[string]any)
	c["id"] = v.Expected["id"]
	sp, err := space.CheckSpace(c)
	if err != nil {
		t.Fatalf("chess club: %v", err)
	}
	k, err := hex.DecodeString(v.In(t, "space_key_hex"))
	if err != nil {
		t.Fatal(err)
	}
	return sp, k
}

// publicClub is the public chess club of 03 §1.2.
func publicClub(t testing.TB) *space.Space {
	t.Helper()
	sp, _ := chessClub(t)
	c := sp.Constitution.Raw()
	delete(c, "readKey")
	delete(c, "encryptionKeyId")
	c["visibility"] = space.VisibilityPub
	con, err := space.ParseConstitution(c)
	if err != nil {
		t.Fatal(err)
	}
	id, err := con.ID()
	if err != nil {
		t.Fatal(err)
	}
	if id != "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq" {
		t.Fatalf("public chess club id %s", id)
	}
	return &space.Space{ID: id, Constitution: con}
}

// secret0 is the invite secret 00 01 … 1f of 03 §7.1.
func secret0() []byte {
	s := make([]byte, 32)
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// exampleTime is the createdAt of the §7.4 example.
var exampleTime = time.Date(2026, 10, 25, 18, 15, 44, 884e6, time.UTC)

// noteFor is a note from account to key for cmd under pol (JSON form, nil
// for none), with exp seconds (nil for none).
func noteFor(t testing.TB, account, key *identity.KeyPair, cmd string, pol any, exp *int64) *note.Note {
	t.Helper()
	var p policy.Policy
	if pol != nil {
		var err error
		if p, err = policy.Parse(pol); err != nil {
			t.Fatal(err)
		}
	}
	n, err := note.Make(account, note.Grant{Aud: key.DID(), Cmd: cmd, Pol: p, Exp: exp}, testkit.Rand(99))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// roleParams is the chess club's role invite of the §7.4 example, made by
// the founder's session key under a note granting everything.
func roleParams(t testing.TB) Params {
	sp, k := chessClub(t)
	s := sessionKey(t)
	return Params{
		Signer: s, Note: noteFor(t, testkit.Founder(t), s, note.CmdAll, nil, nil), Space: sp, SpaceKey: k,
		Role: "editor", Relays: []string{"wss://relay.example"}, CreatedAt: exampleTime, Rnd: testkit.Rand(1),
	}
}

func mustMake(t testing.TB, p Params) *record.Version {
	t.Helper()
	v, err := Make(p)
	if err != nil {
		t.Fatalf("make invitation: %v", err)
	}
	return v
}

// resign signs again a copy of v changed by edit (its body a deep copy),
// by signer: an invitation as a forger or a careless inviter would make it.
func resign(t testing.TB, v *record.Version, signer record.Signer, edit func(d *record.Version, body map[string]any)) *record.Version {
	t.Helper()
	b, err := cjson.Marshal(v.Body)
	if err != nil {
		t.Fatal(err)
	}
	copied, err := cjson.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	d := &record.Version{Collection: v.Collection, Key: v.Key, CreatedAt: v.CreatedAt, Proof: v.Proof,
		Body: copied, HasBody: true}
	edit(d, copied.(map[string]any))
	out, err := record.Sign(d, signer)
	if err != nil {
		t.Fatalf("resign: %v", err)
	}
	return out
}
