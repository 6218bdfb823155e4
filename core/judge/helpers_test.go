package judge

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Accounts of the scenarios: each is the key of a 16-byte seed of one
// repeated byte (01 §1.3), signing for itself (no note: its own root).
var (
	seedAlice, seedBob, seedCarol, seedDave, seedErin byte = 1, 2, 3, 4, 5
)

func keyOf(t testing.TB, b byte) *identity.KeyPair {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, 16))
	if err != nil {
		t.Fatalf("derive key %d: %v", b, err)
	}
	return kp
}

// The founding roles of the scenarios' spaces (03 §2.1).
func testRoles() []any {
	grant := func(cmd string, pol ...any) any {
		if pol == nil {
			pol = []any{}
		}
		return map[string]any{"cmd": cmd, "pol": pol}
	}
	eq := func(sel string, v any) any { return []any{"==", sel, v} }
	return []any{
		// member: may write its own records in app.chat, and anything in app.wiki.
		map[string]any{"name": "member", "grants": []any{
			grant("/record/write", eq(".collection", "app.chat"), eq(".byCreator", true)),
			grant("/record/delete", eq(".collection", "app.chat"), eq(".byCreator", true)),
			grant("/record", eq(".collection", "app.wiki")),
			grant("/record/write", eq(".collection", "app.poll"), []any{"!=", ".body.locked", true}),
		}},
		// admin: assigns member, removes non-admins, defines member.
		map[string]any{"name": "admin", "grants": []any{
			grant("/role/assign", eq(".role", "member")),
			grant("/role/unassign", eq(".role", "member")),
			grant("/member/remove", []any{"not", []any{"any", ".roles", eq(".", "admin")}}),
			grant("/role/define", eq(".role", "member")),
			grant("/collection/define"),
		}},
	}
}

// world is one space, its access history and the versions held, with the
// scenario's accounts writing signed versions into it.
type world struct {
	t    testing.TB
	sp   *space.Space
	h    *access.History
	held map[string]*record.Version
	last map[string]*record.Version // author|collection → its last version (its line)
	tick int
	// added is every access version added to the history, in order.
	added []*record.Version
}

// newWorld founds a public space with the given founders (and top "none"
// when there are none, with assigned as the constitution's assignments).
func newWorld(t testing.TB, founders []*identity.KeyPair, assigned map[string][]string) *world {
	t.Helper()
	return newWorldWith(t, founders, assigned, nil)
}

// newPrivateWorld founds a private space whose first key is k (03 §8).
func newPrivateWorld(t testing.TB, founders []*identity.KeyPair, k spaceKey) *world {
	t.Helper()
	return newWorldWith(t, founders, nil, map[string]any{"visibility": "private",
		"readKey": k.readDID, "encryptionKeyId": k.id})
}

func newWorldWith(t testing.TB, founders []*identity.KeyPair, assigned map[string][]string, extra map[string]any) *world {
	t.Helper()
	c := map[string]any{
		"createdAt": "2026-01-01T00:00:00.000Z", "minca": "constitution/1", "name": "Test club",
		"nonce": "AAECAwQFBgcICQoL", "resolver": "strong-remove/1", "roles": testRoles(),
		"visibility": "public", "top": "none",
	}
	if len(founders) > 0 {
		var dids []any
		for _, f := range founders {
			dids = append(dids, f.DID())
		}
		c["top"] = map[string]any{"founders": dids}
	}
	if len(assigned) > 0 {
		a := map[string]any{}
		for did, roles := range assigned {
			var l []any
			for _, r := range roles {
				l = append(l, r)
			}
			a[did] = l
		}
		c["assigned"] = a
	}
	for k, v := range extra {
		c[k] = v
	}
	con, err := space.ParseConstitution(c)
	if err != nil {
		t.Fatalf("constitution: %v", err)
	}
	id, err := con.ID()
	if err != nil {
		t.Fatal(err)
	}
	sp := &space.Space{ID: id, Constitution: con}
	h, err := access.NewHistory(GenesisOf(sp))
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	return &world{t: t, sp: sp, h: h, held: map[string]*record.Version{}, last: map[string]*record.Version{}}
}

func (w *world) space() Space { return Space{ID: w.sp.ID} }

func (w *world) lookup(id string) (*record.Version, bool) {
	v, ok := w.held[id]
	return v, ok
}

// now is a fresh createdAt for each version, a second apart.
func (w *world) now() string {
	w.tick++
	return fmt.Sprintf("2026-02-01T00:%02d:%02d.000Z", w.tick/60, w.tick%60)
}

// sign completes a draft: its space, time and place in the signer's line
// (02 §4.10), then signs and holds it.
func (w *world) sign(k *identity.KeyPair, d *record.Version) *record.Version {
	w.t.Helper()
	if d.Space == "" {
		d.Space = w.sp.ID
	}
	if d.CreatedAt == "" {
		d.CreatedAt = w.now()
	}
	if d.Seen == nil {
		d.Seen = []string{}
	}
	line := k.DID() + "|" + d.Collection
	if d.Log == nil {
		d.Log = &record.Log{N: 0}
		if p := w.last[line]; p != nil {
			d.Log = &record.Log{N: p.Log.N + 1, Prev: p.ID}
		}
	}
	v, err := record.Sign(d, k)
	if err != nil {
		w.t.Fatalf("sign %s %s: %v", d.Collection, d.Key, err)
	}
	w.held[v.ID] = v
	if p := w.last[line]; p == nil || v.Log.N > p.Log.N {
		w.last[line] = v
	}
	return v
}

// write is a first version of an ordinary record.
func (w *world) write(k *identity.KeyPair, collection, key string, body any, seen ...string) *record.Version {
	return w.sign(k, &record.Version{Collection: collection, Key: key, Body: body, HasBody: true, Seen: seen})
}

// next is the version after cur, by k, with body (nil body: a delete).
func (w *world) next(k *identity.KeyPair, cur *record.Version, body any, seen ...string) *record.Version {
	d := record.Next(cur)
	d.Seen = seen
	d.Retain = cur.Retain
	if body == nil {
		d.Deleted = true
	} else {
		d.Body, d.HasBody = body, true
	}
	return w.sign(k, d)
}

// accessVersion is a signed first version of an access record, retained.
func (w *world) accessVersion(k *identity.KeyPair, collection, key string, body any, seen ...string) *record.Version {
	return w.sign(k, &record.Version{Collection: collection, Key: key, Body: body, HasBody: true, Retain: true, Seen: seen})
}

// change writes an access version, turns it into an event and adds it to
// the history; it fails the test if the version yields no event.
func (w *world) change(k *identity.KeyPair, collection, key string, body any, seen ...string) string {
	w.t.Helper()
	v := w.accessVersion(k, collection, key, body, seen...)
	return w.add(v)
}

// add turns a held access version into an event and adds it.
func (w *world) add(v *record.Version) string {
	w.t.Helper()
	ev, err := EventFromVersion(v, w.space())
	if err != nil {
		w.t.Fatalf("no event from %s %s: %v", v.Collection, v.Key, err)
	}
	if err := w.h.Add(ev); err != nil {
		w.t.Fatalf("add %s: %v", ev.ID, err)
	}
	w.added = append(w.added, v)
	return ev.ID
}

func (w *world) assign(by, to *identity.KeyPair, role string, seen ...string) string {
	return w.change(by, "sys.assign", record.AssignKey(to.DID(), role),
		map[string]any{"did": to.DID(), "role": role, "assigned": true}, seen...)
}

func (w *world) unassign(by, from *identity.KeyPair, role string, cutoff map[string]any, seen ...string) string {
	body := map[string]any{"did": from.DID(), "role": role, "assigned": false}
	if cutoff != nil {
		body["cutoff"] = cutoff
	}
	return w.change(by, "sys.assign", record.AssignKey(from.DID(), role), body, seen...)
}

func (w *world) remove(by, who *identity.KeyPair, cutoff map[string]any, seen ...string) string {
	body := map[string]any{"did": who.DID()}
	if cutoff != nil {
		body["cutoff"] = cutoff
	}
	return w.change(by, "sys.remove", record.RemoveKey(who.DID()), body, seen...)
}

// cut is a cutoff of one key in one collection at place n (03 §6.3).
func cut(k *identity.KeyPair, collection string, n int64) map[string]any {
	return map[string]any{k.DID(): map[string]any{collection: float64(n)}}
}

// wantAnswer checks a verdict's answer and, unless nil, the reason it wraps.
func wantAnswer(t testing.TB, got record.Verdict, answer record.Answer, reason error) {
	t.Helper()
	if got.Answer != answer {
		t.Fatalf("verdict %v, want %v (%v)", got, answer, reason)
	}
	if reason != nil && !errors.Is(got.Reason, reason) {
		t.Fatalf("verdict %v: reason does not wrap %v", got, reason)
	}
}

func founders(ks ...*identity.KeyPair) []*identity.KeyPair { return ks }

// forkBody is a sys.fork body: the two versions without their bodies, a
// the lower id (03 §6.5).
func forkBody(t testing.TB, x, y *record.Version) map[string]any {
	t.Helper()
	if y.ID < x.ID {
		x, y = y, x
	}
	return map[string]any{"a": wireOf(t, x.Stub()), "b": wireOf(t, y.Stub())}
}

// wireOf is a version's wire form as core/cjson parses it.
func wireOf(t testing.TB, v *record.Version) map[string]any {
	t.Helper()
	b, err := record.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	x, err := cjson.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return x.(map[string]any)
}

// device is a key acting for an account under a note (01 §7): what it
// signs carries the note as its proof, and its root is the account.
type device struct {
	key   *identity.KeyPair
	proof map[string]any
}

// deviceOf derives a device key from seed b and has account delegate cmd
// under pol to it, without expiry.
func deviceOf(t testing.TB, account *identity.KeyPair, b byte, cmd string, pol ...any) device {
	t.Helper()
	k := keyOf(t, b)
	p, err := policy.Parse(append([]any{}, pol...))
	if err != nil {
		t.Fatal(err)
	}
	n, err := note.Make(account, note.Grant{Aud: k.DID(), Cmd: cmd, Pol: p}, bytes.NewReader(bytes.Repeat([]byte{b}, 12)))
	if err != nil {
		t.Fatal(err)
	}
	return device{key: k, proof: n.JSON()}
}

// signAs signs a draft with a device key under its note.
func (w *world) signAs(d device, v *record.Version) *record.Version {
	v.Proof = d.proof
	return w.sign(d.key, v)
}
