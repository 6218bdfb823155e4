package spacekey

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// signed is a private space held as signed versions, judged by core/judge.
type signed struct {
	t    *testing.T
	sp   *space.Space
	h    *access.History
	held map[string]*record.Version
	all  []*record.Version
	tick int
	n    map[string]int64
}

func (s *signed) sign(k *identity.KeyPair, d *record.Version) *record.Version {
	s.t.Helper()
	s.tick++
	d.Space, d.CreatedAt = s.sp.ID, fmt.Sprintf("2026-02-01T00:00:%02d.000Z", s.tick)
	if d.Seen == nil {
		d.Seen = []string{}
	}
	line := k.DID() + "|" + d.Collection
	d.Log = &record.Log{N: s.n[line]}
	s.n[line]++
	if d.Log.N > 0 {
		for _, p := range s.all {
			if p.Author == k.DID() && p.Collection == d.Collection && p.Log.N == d.Log.N-1 {
				d.Log.Prev = p.ID
			}
		}
	}
	v, err := record.Sign(d, k)
	must(s.t, err)
	s.held[v.ID] = v
	s.all = append(s.all, v)
	return v
}

// access signs an access version and adds its event to the history.
func (s *signed) access(k *identity.KeyPair, collection, key string, body any, seen ...string) string {
	s.t.Helper()
	v := s.sign(k, &record.Version{Collection: collection, Key: key, Body: body, HasBody: true, Retain: true, Seen: seen})
	ev, err := judge.EventFromVersion(v, judge.Space{ID: s.sp.ID})
	must(s.t, err)
	must(s.t, s.h.Add(ev))
	return v.ID
}

func (s *signed) lookup(id string) (*record.Version, bool) {
	v, ok := s.held[id]
	return v, ok
}

func seedKeys(t *testing.T, b byte) (*identity.KeyPair, []byte) {
	seed := bytes.Repeat([]byte{b}, identity.SeedLen)
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	must(t, err)
	ak, err := identity.AccountKey(seed)
	must(t, err)
	return kp, ak
}

// TestKeyringAsJudgeOpener: a member who joined after a key change reaches
// both keys from its box and the change's earlier, all read from signed
// versions, and core/judge judges bodies it opens: a policy on the body
// holds or refuses; a carrier takes it as holding; a body copied into
// another record reads as null (03 §5.2, §8.3, §9.3, §9.4).
func TestKeyringAsJudgeOpener(t *testing.T) {
	alice, _ := seedKeys(t, 1)
	bob, bobAK := seedKeys(t, 2)
	x, err := cjson.Parse([]byte(`{"name":"member","grants":[{"cmd":"/record/write","pol":[["==",".collection","app.poll"],["!=",".body.locked",true]]}]}`))
	must(t, err)
	member, err := space.ParseFoundingRole(x)
	must(t, err)
	k0, err := Generate(zeros{})
	must(t, err)
	sp, err := NewSpace(space.Draft{Name: "Polls", Founders: []string{alice.DID()}, Roles: []space.FoundingRole{member},
		CreatedAt: time.Unix(0, 0), Nonce: make([]byte, 12)}, k0)
	must(t, err)
	h, err := access.NewHistory(judge.GenesisOf(sp))
	must(t, err)
	s := &signed{t: t, sp: sp, h: h, held: map[string]*record.Version{}, n: map[string]int64{}}

	aB := s.access(alice, "sys.assign", record.AssignKey(bob.DID(), "member"),
		map[string]any{"did": bob.DID(), "role": "member", "assigned": true})
	bobMember, err := MemberKey(bobAK, sp.ID)
	must(t, err)
	s.sign(bob, &record.Version{Collection: CollectionMemberKey, Key: record.MemberKeyKey(bob.DID()), Body: MemberKeyBody(bobMember), HasBody: true, Seen: []string{aB}})
	aliceRing := NewKeyring(Input{Space: sp.ID, Keys: h.Current().Keys(), Held: []*Key{k0}})
	c, err := aliceRing.NewChange(Recipients{bob.DID(): bobMember.ECDH().PublicKey()}, bytes.NewReader(bytes.Repeat([]byte{9}, 1024)))
	must(t, err)
	change := s.access(alice, CollectionKey, record.KeySpaceKey, c.Body.Body(), aB)
	for _, b := range c.Boxes {
		s.sign(alice, &record.Version{Collection: CollectionBox, Key: b.RecordKey(alice.DID()), Body: b.Body(), HasBody: true, Seen: []string{change}})
	}

	var boxes []Box
	for _, v := range s.all {
		if b, err := ParseBox(v.Body); err == nil && v.Collection == CollectionBox {
			boxes = append(boxes, b)
		}
	}
	ring := NewKeyring(Input{Space: sp.ID, Keys: h.Current().Keys(), Changes: ChangesFrom(s.all),
		Account: bob.DID(), Member: bobMember, Boxes: boxes})
	if cur, ok := ring.Current(); !ok || cur.ID() != c.Key.ID() || len(ring.IDs()) != 2 {
		t.Fatalf("bob holds %v", ring.IDs())
	}
	poll := func(key string, body map[string]any) *record.Version {
		d := &record.Version{Collection: "app.poll", Key: key, HasBody: true, Seen: []string{change}}
		d.Space = sp.ID
		d.Body, err = ring.Seal(PlaceOf(d), body, nil, bytes.NewReader(bytes.Repeat([]byte{byte(len(key))}, 12)))
		must(t, err)
		return s.sign(bob, d)
	}
	open := poll("p1", map[string]any{"question": "?"})
	locked := poll("p2", map[string]any{"question": "?", "locked": true})
	moved := s.sign(bob, &record.Version{Collection: "app.poll", Key: "p3", Body: locked.Body, HasBody: true, Seen: []string{change}})

	reader := &judge.Standing{Space: judge.Space{ID: sp.ID}, History: h, Lookup: s.lookup, Opener: ring}
	carrier := &judge.Standing{Space: judge.Space{ID: sp.ID}, History: h, Lookup: s.lookup, Opener: judge.NoKey{}}
	for _, c := range []struct {
		name   string
		st     *judge.Standing
		v      *record.Version
		answer record.Answer
	}{
		{"reader, open poll", reader, open, record.Stands},
		{"reader, locked poll", reader, locked, record.Refused},
		{"carrier, locked poll", carrier, locked, record.Stands},
		{"reader, body moved to p3", reader, moved, record.Stands},
	} {
		if got := c.st.Judge(c.v); got.Answer != c.answer {
			t.Errorf("%s: %v, want %v", c.name, got, c.answer)
		}
	}
	if b, ok := ring.Open(moved); ok || b != nil {
		t.Errorf("the moved body opened: %v", b)
	}
	if b, ok := ring.Open(locked); !ok || b.(map[string]any)["locked"] != true {
		t.Errorf("the locked poll: %v %v", b, ok)
	}
}
