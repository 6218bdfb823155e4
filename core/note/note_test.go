package note

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/policy"
)

const (
	aliceDID   = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd" // seed 01 02 … 10 (03 §1.2)
	inviterKey = "did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB" // 03 §7.4's author
	privateID  = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
)

func seq(from, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(from + i)
	}
	return b
}

func alice(t testing.TB) *identity.KeyPair {
	t.Helper()
	k, err := identity.DeriveKeyPairFromSeed(seq(1, 16))
	if err != nil {
		t.Fatal(err)
	}
	if k.DID() != aliceDID {
		t.Fatalf("seed 01…10 gives %s", k.DID())
	}
	return k
}

func keyOf(t testing.TB, b byte) *identity.KeyPair {
	t.Helper()
	k, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, 16))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func pol(t testing.TB, s string) policy.Policy {
	t.Helper()
	p, err := policy.ParseJSON([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func i64(v int64) *int64 { return &v }

// wire makes a note and gives it as a peer receives it: canonical JSON
// text parsed back into a value.
func wire(t testing.TB, account *identity.KeyPair, g Grant) any {
	t.Helper()
	n, err := Make(account, g, bytes.NewReader(seq(0xa0, 12)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := cjson.Marshal(n.JSON())
	if err != nil {
		t.Fatal(err)
	}
	v, err := cjson.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

var at = time.Date(2026, 10, 25, 18, 15, 44, 884e6, time.UTC) // 03 §7.4's createdAt

// TestInvitationNote: 03 §7.4 — the invitation's note (iss = sub = the
// account, aud = the signing key, cmd "/") lets its key invite to the
// space, for a role invite and a view-only one.
func TestInvitationNote(t *testing.T) {
	proof := wire(t, alice(t), Grant{Aud: inviterKey, Cmd: CmdAll})
	m := proof.(map[string]any)
	if m["type"] != "minca/ucan/dlg@1" {
		t.Fatal("type")
	}
	p := m["payload"].(map[string]any)
	if p["iss"] != aliceDID || p["sub"] != aliceDID || p["aud"] != inviterKey || p["cmd"] != "/" {
		t.Fatalf("payload %v", p)
	}
	d, err := CheckAt(proof, inviterKey, "2026-10-25T18:15:44.884Z")
	if err != nil {
		t.Fatal(err)
	}
	if d.Root != aliceDID || d.Key != inviterKey {
		t.Fatalf("root %s key %s", d.Root, d.Key)
	}
	if !d.AccessChange("sys.invite", privateID) || !d.RecordRead(privateID) || !d.AccountWrite() {
		t.Fatal("a note of / does not grant everything")
	}
}

// TestWhatANoteGrants: the commands of 01 §8 as 03 uses them.
func TestWhatANoteGrants(t *testing.T) {
	a := alice(t)
	key := keyOf(t, 7).DID()
	check := func(g Grant) Delegation {
		g.Aud = key
		d, err := Check(wire(t, a, g), key, at)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	records := check(Grant{Cmd: CmdRecord})
	if records.AccessChange("sys.role", privateID) || records.CollectionDefine("app.chess", privateID) || records.AccountWrite() {
		t.Error("a records-only note changes access (03 §3.3)")
	}
	if !records.Allows("/record/write", map[string]any{"collection": "app.chess"}) {
		t.Error("a records note cannot write records")
	}
	inviteOnly := check(Grant{Cmd: CmdAccessChange, Pol: pol(t, `[["==",".collection","sys.invite"],["==",".space","`+privateID+`"]]`)})
	if !inviteOnly.AccessChange("sys.invite", privateID) {
		t.Error("invite note refused for sys.invite")
	}
	if inviteOnly.AccessChange("sys.role", privateID) || inviteOnly.AccessChange("sys.invite", "bother") {
		t.Error("invite note reaches beyond sys.invite in its space")
	}
	oneSpace := check(Grant{Cmd: CmdAll, Pol: pol(t, `[["==",".space","`+privateID+`"]]`)})
	if oneSpace.AccountWrite() {
		t.Error("a note narrowed to one space grants /account/write for the account as a whole")
	}
	if !oneSpace.RecordRead(privateID) {
		t.Error("a note narrowed to the space cannot read it")
	}
	define := check(Grant{Cmd: CmdCollectionDefine})
	if !define.CollectionDefine("app.chess", privateID) || define.AccessChange("sys.role", privateID) {
		t.Error("/collection/define note")
	}
	self := Self(key)
	if !self.AccountWrite() || !self.AccessChange("sys.role", privateID) || self.Root != key || self.Note != nil {
		t.Error("a version without a note is its own root and may")
	}
	if d, err := Check(nil, key, at); err != nil || d.Root != key {
		t.Error("Check(nil)")
	}
}

// TestTimeBounds: a note is judged at the version's createdAt: nbf ≤ t < exp.
func TestTimeBounds(t *testing.T) {
	a, key := alice(t), keyOf(t, 7).DID()
	proof := wire(t, a, Grant{Aud: key, Cmd: CmdAll, Nbf: i64(1000), Exp: i64(2000)})
	cases := []struct {
		at   time.Time
		want bool
	}{
		{time.Unix(999, 999e6), false},
		{time.Unix(1000, 0), true},
		{time.Unix(1999, 999e6), true},
		{time.Unix(2000, 0), false},
		{time.Unix(5000, 0), false},
	}
	for _, c := range cases {
		_, err := Check(proof, key, c.at)
		if (err == nil) != c.want {
			t.Errorf("at %v: %v", c.at.Unix(), err)
		}
		if err != nil && !errors.Is(err, ErrTime) {
			t.Errorf("at %v: not ErrTime: %v", c.at.Unix(), err)
		}
	}
	forever := wire(t, a, Grant{Aud: key, Cmd: CmdAll})
	if _, err := Check(forever, key, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Error("exp null expired", err)
	}
	if _, err := CheckAt(forever, key, "yesterday"); !errors.Is(err, ErrTime) {
		t.Error("bad createdAt accepted")
	}
}

func edit(t *testing.T, v any, f func(m, p map[string]any)) any {
	t.Helper()
	b, _ := cjson.Marshal(v)
	c, _ := cjson.Parse(b)
	m := c.(map[string]any)
	f(m, m["payload"].(map[string]any))
	return m
}

func TestRefusals(t *testing.T) {
	a, k1, k2 := alice(t), keyOf(t, 7), keyOf(t, 8)
	good := wire(t, a, Grant{Aud: k1.DID(), Cmd: CmdAll})
	chainLink := wire(t, k1, Grant{Aud: k2.DID(), Cmd: CmdAll})
	cases := []struct {
		name   string
		proof  any
		author string
		want   error
	}{
		{"to another key", good, k2.DID(), ErrAudience},
		{"a list of notes", []any{good, chainLink}, k2.DID(), ErrChain},
		{"prf member", edit(t, good, func(m, p map[string]any) { p["prf"] = []any{} }), k1.DID(), ErrChain},
		{"sub another account", edit(t, good, func(m, p map[string]any) { p["sub"] = k2.DID() }), k1.DID(), ErrChain},
		{"cmd changed", edit(t, good, func(m, p map[string]any) { p["cmd"] = "/record" }), k1.DID(), ErrSignature},
		{"signed by another", edit(t, good, func(m, p map[string]any) { m["sig"] = chainLink.(map[string]any)["sig"] }), k1.DID(), ErrSignature},
		{"type", edit(t, good, func(m, p map[string]any) { m["type"] = "ucan/dlg@1.0.0" }), k1.DID(), ErrMalformed},
		{"extra top member", edit(t, good, func(m, p map[string]any) { m["x"] = 1.0 }), k1.DID(), ErrMalformed},
		{"extra payload member", edit(t, good, func(m, p map[string]any) { p["fct"] = []any{} }), k1.DID(), ErrMalformed},
		{"exp missing", edit(t, good, func(m, p map[string]any) { delete(p, "exp") }), k1.DID(), ErrMalformed},
		{"exp fractional", edit(t, good, func(m, p map[string]any) { p["exp"] = 1.5 }), k1.DID(), ErrMalformed},
		{"nbf a string", edit(t, good, func(m, p map[string]any) { p["nbf"] = "0" }), k1.DID(), ErrMalformed},
		{"nonce missing", edit(t, good, func(m, p map[string]any) { delete(p, "nonce") }), k1.DID(), ErrMalformed},
		{"meta a list", edit(t, good, func(m, p map[string]any) { p["meta"] = []any{} }), k1.DID(), ErrMalformed},
		{"iss not a did", edit(t, good, func(m, p map[string]any) { p["iss"] = "alice" }), k1.DID(), ErrMalformed},
		{"cmd not a command", edit(t, good, func(m, p map[string]any) { p["cmd"] = "record" }), k1.DID(), ErrMalformed},
		{"pol malformed", edit(t, good, func(m, p map[string]any) { p["pol"] = []any{[]any{"=", ".a", 1.0}} }), k1.DID(), ErrMalformed},
		{"sig short", edit(t, good, func(m, p map[string]any) { m["sig"] = "AAAA" }), k1.DID(), ErrMalformed},
		{"not an object", "note", k1.DID(), ErrMalformed},
	}
	for _, c := range cases {
		_, err := Check(c.proof, c.author, at)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	// A key cannot pass its note on: the second link alone names the key,
	// not the account, as its root — which holds no role anywhere.
	if d, err := Check(chainLink, k2.DID(), at); err != nil || d.Root != k1.DID() || d.Root == aliceDID {
		t.Errorf("second link: %v %v", d.Root, err)
	}
	if _, err := Check(good, k1.DID(), at); err != nil {
		t.Fatal(err)
	}
}

func TestMakeNeedsRandomness(t *testing.T) {
	if _, err := Make(alice(t), Grant{Aud: aliceDID, Cmd: "/"}, strings.NewReader("short")); err == nil {
		t.Fatal("made a note without a full nonce")
	}
	n, err := Make(alice(t), Grant{Aud: keyOf(t, 9).DID(), Cmd: "/record", Meta: map[string]any{"agent": true}}, bytes.NewReader(seq(0, 12)))
	if err != nil || n.Nonce != "AAECAwQFBgcICQoL" || n.Meta["agent"] != true || n.Exp != nil {
		t.Fatal(n, err)
	}
}

func TestChecker(t *testing.T) {
	key := keyOf(t, 7).DID()
	proof := wire(t, alice(t), Grant{Aud: key, Cmd: CmdAll}).(map[string]any)
	if root, err := (Checker{}).Root(proof, key, at); err != nil || root != aliceDID {
		t.Fatal(root, err)
	}
	if _, err := (Checker{}).Root(proof, aliceDID, at); err == nil {
		t.Fatal("checker took a note to another key")
	}
}

func TestNilMapIsNoProof(t *testing.T) {
	var m map[string]any
	if d, err := Check(m, aliceDID, at); err != nil || d.Root != aliceDID || d.Note != nil {
		t.Fatal(d, err)
	}
	if _, err := Check(map[string]any{}, aliceDID, at); !errors.Is(err, ErrMalformed) {
		t.Fatal("an empty proof object was taken as no proof")
	}
}
