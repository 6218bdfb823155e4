package handshake

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
)

// TestEarlierMember: after key changes made apart, the prover's newest key
// (K2) is one the verifier's history does not name, and the verifier's
// current key (K1) one the prover lacks. A member proof under an older key
// both hold (K0), sent with its earlier entry, admits on K0 (our choice,
// docs/spec/04-network.md §6.3 "step 4 over earlier"); nothing less does.
// The member survives a hello's round trip.
func TestEarlierMember(t *testing.T) {
	node, client, account := seedKey(t, nodeSeed), seedKey(t, clientSeed), seedKey(t, "ffffffffffffffffffffffffffffffff")
	k1, k0, k2 := unhex(t, chessKHex), olderKey(), bytes.Repeat([]byte{0x22}, 32)
	r1, r0, r2 := readKey(t, k1), readKey(t, k0), readKey(t, k2)
	c, err := NewChallenge(node, fixed(3))
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := ClientMessage(chessID, client.DID(), node.DID(), c.Nonce)
	seal := func(k []byte, session string) string {
		m, err := SealMember(k, chessID, sessionNote(t, account, session).JSON(), fixed(1))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	readers := map[string]bool{account.DID(): true}
	holds := MemberCheck(chessID, func(rk string) []byte {
		switch rk {
		case r0.DID():
			return k0
		case r1.DID():
			return k1
		}
		return nil
	}, time.Unix(1_800_000_000, 0), func(a string) bool { return readers[a] })
	v := Verifier{Current: r1.DID(), Member: holds}
	prove := func(keys []*identity.KeyPair, member string, earlier ...string) ReadProof {
		p, err := ProveRead(msg, keys, member, earlier...)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	apart := prove([]*identity.KeyPair{r2, r0}, seal(k2, client.DID()), seal(k0, client.DID()))
	forged := apart
	forged.Earlier = append([]Earlier(nil), apart.Earlier...)
	forged.Earlier[0].Read = apart.Read
	for _, tc := range []struct {
		name string
		p    ReadProof
		v    Verifier
		on   string
	}{
		{"a member proof under a key both hold", apart, v, r0.DID()},
		{"no member with the earlier entry", prove([]*identity.KeyPair{r2, r0}, seal(k2, client.DID())), v, ""},
		{"the earlier member made out to another key", prove([]*identity.KeyPair{r2, r0}, "", seal(k0, node.DID())), v, ""},
		{"the earlier read by another key", forged, v, ""},
		{"a host cannot", apart, Verifier{Current: r1.DID()}, ""},
	} {
		on, err := CheckRead(msg, client.DID(), tc.p, tc.v)
		if on != tc.on || (tc.on == "") != errors.Is(err, ErrNotReader) {
			t.Errorf("%s: admitted on %q (%v), want %q", tc.name, on, err, tc.on)
		}
	}
	delete(readers, account.DID())
	if on, err := CheckRead(msg, client.DID(), apart, v); err == nil {
		t.Errorf("a former member admitted on %s", on)
	}

	h, err := NewHello(client, chessID, c, &Reader{Keys: []*identity.KeyPair{r2, r0}, Member: seal(k2, client.DID()),
		EarlierMembers: []string{seal(k0, client.DID())}}, fixed(4))
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, h).(*Hello)
	if len(got.Earlier) != 1 || got.Earlier[0].Member != h.Earlier[0].Member || got.Earlier[0].Member == "" {
		t.Fatalf("earlier after a round trip: %+v", got.Earlier)
	}
}
