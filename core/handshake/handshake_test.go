package handshake

import (
	"errors"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
)

// TestHandshake runs both sides over fresh randomness, public and private.
func TestHandshake(t *testing.T) {
	node, client := seedKey(t, nodeSeed), seedKey(t, clientSeed)
	k1, k0 := unhex(t, chessKHex), olderKey()
	for _, tc := range []struct {
		name   string
		reader *Reader
	}{
		{"public", nil},
		{"private", &Reader{Keys: []*identity.KeyPair{readKey(t, k1), readKey(t, k0)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rnd := &counting{}
			c, err := NewChallenge(node, rnd)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckChallenge(c, node.DID()); err != nil {
				t.Fatal(err)
			}
			h, err := NewHello(client, chessID, roundTrip(t, c).(*Challenge), tc.reader, rnd)
			if err != nil {
				t.Fatal(err)
			}
			got := roundTrip(t, h).(*Hello)
			if err := VerifyHello(got, chessID, c); err != nil {
				t.Fatal(err)
			}
			w, err := NewWelcome(node, chessID, got)
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyWelcome(roundTrip(t, w).(*Welcome), chessID, c, h); err != nil {
				t.Fatal(err)
			}
			if tc.reader != nil {
				msg, _ := ClientMessage(chessID, client.DID(), node.DID(), c.Nonce)
				if on, err := CheckRead(msg, client.DID(), got.ReadProof, Verifier{Current: chessRead}); err != nil || on != chessRead {
					t.Fatalf("read proof: %q %v", on, err)
				}
			}
		})
	}
}

func roundTrip(t *testing.T, f Frame) Frame {
	t.Helper()
	b, err := Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParseHandshake(b)
	if err != nil {
		t.Fatalf("parse %s: %v", b, err)
	}
	return g
}

// TestRefusals: a hello for another node or space, a welcome from another
// node or for another client, a challenge from an unpinned node.
func TestRefusals(t *testing.T) {
	node, client, other := seedKey(t, nodeSeed), seedKey(t, clientSeed), seedKey(t, "ffffffffffffffffffffffffffffffff")
	rnd := &counting{}
	c, _ := NewChallenge(node, rnd)
	h, _ := NewHello(client, chessID, c, nil, rnd)
	w, _ := NewWelcome(node, chessID, h)
	c2, _ := NewChallenge(other, rnd)
	h2, _ := NewHello(client, chessID, c, nil, rnd) // another client nonce
	otherSpace := "b" + strings.Repeat("a", 52)
	wOther, _ := NewWelcome(other, chessID, h)
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"challenge not from the pin", CheckChallenge(c2, node.DID()), ErrPin},
		{"hello replayed to another node", VerifyHello(h, chessID, c2), ErrSignature},
		{"hello replayed to another space", VerifyHello(h, otherSpace, c), ErrSignature},
		{"hello claiming another DID", VerifyHello(&Hello{DID: other.DID(), Nonce: h.Nonce, Sig: h.Sig}, chessID, c), ErrSignature},
		{"welcome from another node", VerifyWelcome(wOther, chessID, c, h), ErrPin},
		{"welcome replayed to another client nonce", VerifyWelcome(w, chessID, c, h2), ErrSignature},
		{"bad space id", VerifyHello(h, "not-a-space", c), ErrMalformed},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, tc.err, tc.want)
		}
	}
}

// TestCheckRead runs the verifier's steps of 04 §6.3 one by one.
func TestCheckRead(t *testing.T) {
	node, client, account := seedKey(t, nodeSeed), seedKey(t, clientSeed), seedKey(t, "ffffffffffffffffffffffffffffffff")
	k1, k0 := unhex(t, chessKHex), olderKey()
	r1, r0 := readKey(t, k1), readKey(t, k0)
	msg, _ := ClientMessage(chessID, client.DID(), node.DID(), "AAECAwQFBgcICQoLDA0ODw")
	member, err := SealMember(k0, chessID, sessionNote(t, account, client.DID()).JSON(), fixed(1))
	if err != nil {
		t.Fatal(err)
	}
	readers := map[string]bool{account.DID(): true}
	// holdsK0 is a verifier holding K0 (not K1: it missed nothing, it is a
	// host of the old key only) that opens and judges the note.
	holdsK0 := MemberCheck(chessID, func(rk string) []byte {
		if rk == r0.DID() {
			return k0
		}
		return nil
	}, time.Unix(1_800_000_000, 0), func(account string) bool { return readers[account] })
	prove := func(member string, keys ...*identity.KeyPair) ReadProof {
		p, err := ProveRead(msg, keys, member)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	onlyK1 := prove("", r1)
	behind := prove(member, r0)
	ahead := prove("", r1, r0)
	forged := onlyK1
	forged.Read = behind.Read
	earlierTooFar := prove("", r0, r0, r0, r0, r0, r1) // r1 is the 5th earlier: not looked at
	for _, tc := range []struct {
		name    string
		p       ReadProof
		v       Verifier
		session string
		on      string // "" = refused
	}{
		{"step 3: the current key", onlyK1, Verifier{Current: r1.DID()}, client.DID(), r1.DID()},
		{"step 3: no readKey means the current", ReadProof{Read: onlyK1.Read}, Verifier{Current: r1.DID()}, client.DID(), r1.DID()},
		{"step 4: behind, member opens, a reader", behind, Verifier{Current: r1.DID(), Member: holdsK0}, client.DID(), r0.DID()},
		{"step 4: a host cannot", behind, Verifier{Current: r1.DID()}, client.DID(), ""},
		{"step 4: the note is made out to another key", behind, Verifier{Current: r1.DID(), Member: holdsK0}, node.DID(), ""},
		{"step 5: earlier proves the current", ahead, Verifier{Current: r0.DID()}, client.DID(), r0.DID()},
		{"step 5: only the first 4 earlier", earlierTooFar, Verifier{Current: r1.DID()}, client.DID(), ""},
		{"old key, no member", prove("", r0), Verifier{Current: r1.DID(), Member: holdsK0}, client.DID(), ""},
		{"read by another key", forged, Verifier{Current: r1.DID()}, client.DID(), ""},
		{"no proof", ReadProof{}, Verifier{Current: r1.DID()}, client.DID(), ""},
	} {
		on, err := CheckRead(msg, tc.session, tc.p, tc.v)
		if on != tc.on || (tc.on == "") != errors.Is(err, ErrNotReader) {
			t.Errorf("%s: admitted on %q (%v), want %q", tc.name, on, err, tc.on)
		}
	}
	delete(readers, account.DID())
	if on, err := CheckRead(msg, client.DID(), behind, Verifier{Current: r1.DID(), Member: holdsK0}); err == nil {
		t.Errorf("a former member's note admitted on %s", on)
	}
}

func TestMember(t *testing.T) {
	k := unhex(t, chessKHex)
	n := map[string]any{"type": "minca/ucan/dlg@1", "sig": "x"}
	m, err := SealMember(k, chessID, n, fixed(3))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := OpenMember(k, chessID, m); err != nil || v.(map[string]any)["sig"] != "x" {
		t.Fatalf("open: %v %v", v, err)
	}
	if _, err := OpenMember(k, "b"+strings.Repeat("a", 52), m); err == nil {
		t.Error("opened for another space")
	}
	if _, err := OpenMember(olderKey(), chessID, m); err == nil {
		t.Error("opened under another key")
	}
	if _, err := OpenMember(k, chessID, "!!"); !errors.Is(err, ErrMalformed) {
		t.Errorf("garbage: %v", err)
	}
	if _, err := SealMember(k, chessID, strings.Repeat("x", MaxNote), fixed(3)); err == nil {
		t.Error("sealed a note over MaxNote")
	}
}

// TestMemberCheck: step 4 refuses an expired note, one sealed for another
// space, a key the verifier lacks, and a proof that holds no note.
func TestMemberCheck(t *testing.T) {
	client, account := seedKey(t, clientSeed), seedKey(t, "ffffffffffffffffffffffffffffffff")
	k0 := olderKey()
	r0 := readKey(t, k0)
	now := time.Unix(1_800_000_000, 0)
	exp := now.Unix() - 1
	expired, err := note.Make(account, note.Grant{Aud: client.DID(), Cmd: note.CmdAll, Exp: &exp}, fixed(9))
	if err != nil {
		t.Fatal(err)
	}
	seal := func(space string, n any) string {
		m, err := SealMember(k0, space, n, fixed(2))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	check := MemberCheck(chessID, func(rk string) []byte {
		if rk == r0.DID() {
			return k0
		}
		return nil
	}, now, func(string) bool { return true })
	good := seal(chessID, sessionNote(t, account, client.DID()).JSON())
	if !check(r0.DID(), good, client.DID()) {
		t.Fatal("a good member proof refused")
	}
	for name, args := range map[string][3]string{
		"expired":       {r0.DID(), seal(chessID, expired.JSON()), client.DID()},
		"another space": {r0.DID(), seal("b"+strings.Repeat("a", 52), sessionNote(t, account, client.DID()).JSON()), client.DID()},
		"key not held":  {chessRead, good, client.DID()},
		"no note":       {r0.DID(), seal(chessID, nil), client.DID()},
	} {
		if check(args[0], args[1], args[2]) {
			t.Errorf("%s: admitted", name)
		}
	}
}
