package judge

import (
	"errors"
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// joinVersion is bob's assignment of role through an invite key (03 §7.3).
func (w *world) joinVersion(joiner, invite *identity.KeyPair, role string, seen ...string) *record.Version {
	w.t.Helper()
	sig, err := invite.Sign(JoinMessage(w.sp.ID, joiner.DID()))
	if err != nil {
		w.t.Fatal(err)
	}
	return w.accessVersion(joiner, "sys.assign", record.AssignKey(joiner.DID(), role), map[string]any{
		"did": joiner.DID(), "role": role, "assigned": true,
		"invite": map[string]any{"key": invite.DID(), "signature": enc.B64URL(sig)}}, seen...)
}

// What may be stored (03 §3.4): each of the four conditions, and the
// answers they give.
func TestMayStore(t *testing.T) {
	alice, bob, carol := keyOf(t, seedAlice), keyOf(t, seedBob), keyOf(t, seedCarol)
	invite := keyOf(t, 0x77)
	assignBody := func(to *identity.KeyPair, role string) map[string]any {
		return map[string]any{"did": to.DID(), "role": role, "assigned": true}
	}
	t.Run("a founder's change", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.accessVersion(alice, "sys.assign", record.AssignKey(bob.DID(), "member"), assignBody(bob, "member"))
		ev, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Stands, nil)
		if ev.ID != v.ID || ev.Kind != access.KindAssign {
			t.Fatalf("event %+v", ev)
		}
	})
	t.Run("an account the constitution assigns", func(t *testing.T) {
		w := newWorld(t, nil, map[string][]string{carol.DID(): {"admin"}})
		v := w.accessVersion(carol, "sys.assign", record.AssignKey(bob.DID(), "member"), assignBody(bob, "member"))
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Stands, nil)
	})
	t.Run("condition 1: another space", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.sign(alice, &record.Version{Space: "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq",
			Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"), Retain: true,
			Body: assignBody(bob, "member"), HasBody: true})
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Refused, ErrOtherSpace)
	})
	t.Run("condition 1: no retain", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.sign(alice, &record.Version{Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"),
			Body: assignBody(bob, "member"), HasBody: true})
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Refused, ErrNoRetain)
	})
	t.Run("condition 2: no event", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.accessVersion(alice, "sys.assign", record.AssignKey(bob.DID(), "member"), assignBody(bob, "admin"))
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Refused, ErrRecordKey)
	})
	t.Run("condition 3: seen names what is not held, or waits", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		a1 := w.accessVersion(alice, "sys.assign", record.AssignKey(bob.DID(), "member"), assignBody(bob, "member"))
		v := w.accessVersion(alice, "sys.assign", record.AssignKey(carol.DID(), "member"), assignBody(carol, "member"), a1.ID)
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Later, nil)
		if len(got.Missing) != 1 || got.Missing[0] != a1.ID {
			t.Fatalf("missing %v, want %s", got.Missing, a1.ID)
		}
		w.add(a1)
		_, got = MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Stands, nil)
	})
	t.Run("condition 4: a stranger", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.accessVersion(bob, "sys.assign", record.AssignKey(bob.DID(), "member"), assignBody(bob, "member"))
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Refused, ErrStranger)
	})
	t.Run("condition 4: named whatever became of it", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		a1 := w.assign(alice, bob, "member")
		rm := w.remove(alice, bob, nil, a1)
		v := w.accessVersion(bob, "sys.remove", record.RemoveKey(bob.DID()), map[string]any{"did": bob.DID()}, rm)
		_, got := MayStore(w.h, v, w.space())
		wantAnswer(t, got, record.Stands, nil)
	})
	t.Run("condition 4: a join by a held invite", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		stranger := w.joinVersion(bob, invite, "member")
		_, got := MayStore(w.h, stranger, w.space())
		wantAnswer(t, got, record.Refused, ErrStranger)
		open := w.change(alice, "sys.invite", record.InviteKey(invite.DID()),
			map[string]any{"key": invite.DID(), "role": "member", "open": true})
		join := w.joinVersion(bob, invite, "member", open)
		ev, got := MayStore(w.h, join, w.space())
		wantAnswer(t, got, record.Stands, nil)
		if err := w.h.Add(ev); err != nil {
			t.Fatal(err)
		}
		if st := w.h.Status(ev.ID); st.Outcome != access.Applied {
			t.Fatalf("join: %v", st)
		}
		if !w.h.Current().IsMember(bob.DID()) {
			t.Fatal("bob did not join")
		}
		// Another invite key, which no held invite event names.
		other := w.joinVersion(carol, keyOf(t, 0x78), "member", open)
		_, got = MayStore(w.h, other, w.space())
		wantAnswer(t, got, record.Refused, ErrStranger)
	})
}

// Every version at an access prefix, current or not, becomes an event or a
// reason (03 §3.3); the rest are passed over.
func TestEventsFromVersions(t *testing.T) {
	w, vs := richWorld(t)
	alice := keyOf(t, seedAlice)
	bad := w.accessVersion(alice, "sys.remove", record.RemoveKey(alice.DID()), map[string]any{"did": "someone else"})
	all := append(append(append([]*record.Version{}, vs...), w.added...), bad)
	events, none := EventsFromVersions(all, w.space())
	if len(events) != len(w.added) {
		t.Fatalf("%d events from %d access versions", len(events), len(w.added))
	}
	if len(none) != 1 || !errors.Is(none[bad.ID], ErrRecordKey) {
		t.Fatalf("none %v", none)
	}
	h, err := access.Replay(GenesisOf(w.sp), events)
	must(t, err)
	if !slices.Equal(h.Heads(), w.h.Heads()) {
		t.Fatalf("heads %v, want %v", h.Heads(), w.h.Heads())
	}
}
