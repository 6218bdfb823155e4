package spacekey

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// A world is one private space as its members live it: real accounts
// (seed, account key, member key), a history of access events (founder
// adds and removes members with role member, and changes the key), the
// key changes' bodies and every box written, and what each account holds.

type person struct {
	name string
	did  string
	mk   *identity.KeyPair
	held []*Key
}

type world struct {
	t       testing.TB
	rnd     *rand.ChaCha8
	sp      *space.Space
	g       access.Genesis
	evs     []access.Event
	changes map[string]KeyChange
	boxes   []Box
	founder *person
	places  map[string]int64
	head    string
}

func newPerson(t testing.TB, rnd *rand.ChaCha8, name, spaceID string) *person {
	t.Helper()
	seed := make([]byte, identity.SeedLen)
	rnd.Read(seed)
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	must(t, err)
	ak, err := identity.AccountKey(seed)
	must(t, err)
	p := &person{name: name, did: kp.DID()}
	if spaceID != "" {
		p.mk, err = MemberKey(ak, spaceID)
		must(t, err)
	}
	return p
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// newWorld founds a private space: the founder, one founding role member
// that may write records, and a first key the founder holds.
func newWorld(t testing.TB, seed uint64) *world {
	t.Helper()
	return newWorldRole(t, seed, `{"name":"member","grants":[{"cmd":"/record","pol":[]}]}`)
}

// newWorldRole is newWorld with another founding role named member.
func newWorldRole(t testing.TB, seed uint64, role string) *world {
	t.Helper()
	var s [32]byte
	s[0], s[1] = byte(seed), byte(seed>>8)
	w := &world{t: t, rnd: rand.NewChaCha8(s), changes: map[string]KeyChange{}, places: map[string]int64{}}
	fs := s
	fs[31] = 1 // the founder's own stream, read twice: before and after the space id is known
	founder := newPerson(t, rand.NewChaCha8(fs), "founder", "")
	k0, err := Generate(w.rnd)
	must(t, err)
	x, err := cjson.Parse([]byte(role))
	must(t, err)
	member, err := space.ParseFoundingRole(x)
	must(t, err)
	nonce := make([]byte, 12)
	w.rnd.Read(nonce)
	w.sp, err = NewSpace(space.Draft{Name: "Club", Founders: []string{founder.did}, Roles: []space.FoundingRole{member},
		CreatedAt: time.Unix(1, 0), Nonce: nonce}, k0)
	must(t, err)
	w.g = judge.GenesisOf(w.sp)
	w.founder = newPerson(t, rand.NewChaCha8(fs), "founder", w.sp.ID) // now with its member key
	w.founder.held = []*Key{k0}
	w.head = w.sp.ID
	return w
}

// event appends an access event by p, having seen the last one.
func (w *world) event(p *person, e access.Event) string {
	return w.eventSeen(p, e, w.head)
}

// eventSeen appends an access event by p, having seen what seen names.
func (w *world) eventSeen(p *person, e access.Event, seen ...string) string {
	e.ID = enc.CID([]byte(fmt.Sprintf("%s/%d", w.sp.ID, len(w.evs))))
	e.Root, e.Author, e.Seen = p.did, p.did, seen
	line := p.did + "|" + e.OwnCollection()
	e.N = w.places[line]
	w.places[line]++
	w.evs = append(w.evs, e)
	w.head = e.ID
	return e.ID
}

func (w *world) history() *access.History {
	w.t.Helper()
	h, err := access.Replay(w.g, w.evs)
	must(w.t, err)
	return h
}

// ring is what p can reach now.
func (w *world) ring(h *access.History, p *person) *Keyring {
	return NewKeyring(Input{Space: w.sp.ID, Keys: h.Current().Keys(), Changes: w.changes,
		Held: p.held, Account: p.did, Member: p.mk, Boxes: w.boxes})
}

// add assigns p the member role; the founder boxes it the current key.
func (w *world) add(p *person) {
	w.event(w.founder, access.Event{Kind: access.KindAssign, DID: p.did, Role: "member", Assigned: true})
	h := w.history()
	cur, ok := w.ring(h, w.founder).Current()
	if !ok {
		w.t.Fatal("the founder lacks the current key")
	}
	boxes, err := BoxAll(cur, w.sp.ID, Recipients{p.did: p.mk.ECDH().PublicKey()}, w.rnd)
	must(w.t, err)
	w.boxes = append(w.boxes, boxes...)
}

func (w *world) remove(p *person) {
	w.event(w.founder, access.Event{Kind: access.KindRemove, DID: p.did})
}

// change is a key change by p, boxed to every reader but p.
func (w *world) change(p *person, members []*person) *Change {
	w.t.Helper()
	h := w.history()
	to := Recipients{}
	for _, m := range members {
		if h.Current().IsMember(m.did) && m != p {
			to[m.did] = m.mk.ECDH().PublicKey()
		}
	}
	c, err := w.ring(h, p).NewChange(to, w.rnd)
	must(w.t, err)
	id := w.event(p, access.Event{Kind: access.KindKey, KeyID: c.Body.KeyID, ReadKey: c.Body.ReadKey})
	w.changes[id] = c.Body
	w.boxes = append(w.boxes, c.Boxes...)
	p.held = append(p.held, c.Key)
	return c
}

// written is a body sealed under the current key by a member.
type written struct {
	v     *record.Version
	keyID string
	after int // how many removals had been answered by a key change
}

func (w *world) write(h *access.History, p *person, n int) written {
	w.t.Helper()
	v := &record.Version{ID: fmt.Sprintf("v%d", n), Space: w.sp.ID, Collection: "app.note", Key: fmt.Sprintf("k%d", n), HasBody: true}
	ring := w.ring(h, p)
	body, err := ring.Seal(PlaceOf(v), map[string]any{"n": float64(n)}, nil, w.rnd)
	must(w.t, err)
	v.Body = body
	id, _ := IsSealed(body)
	return written{v: v, keyID: id}
}
