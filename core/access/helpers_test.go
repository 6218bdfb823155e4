package access

import (
	"crypto/sha256"
	"encoding/base32"
	"strings"
	"testing"
)

// Test histories are written the way a peer would meet them: accounts are
// did:key DIDs, each signing with a device key of its own; ids are CIDs of
// the event's name; each key's line in each collection counts up from 0.

const spaceID = "bspaceaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

// did is the account DID of a person in a test.
func did(name string) string {
	return "did:key:zDnae" + strings.ToUpper(name[:1]) + name[1:] + "Account"
}

// key is the DID of the device key a person signs with.
func key(name string) string {
	return "did:key:zDnae" + strings.ToUpper(name[:1]) + name[1:] + "Laptop"
}

// cid is a realistic id for a named event: "b" and base32 of its hash.
func cid(name string) string {
	sum := sha256.Sum256([]byte(name))
	return "b" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:]))
}

func grant(cmd string, pol ...any) Grant { return Grant{Cmd: cmd, Pol: pol} }

func eq(sel string, v any) []any { return []any{"==", sel, v} }

// builder writes a history: b.ev names an event and fills in its id, its
// author's key, its seen (names; "G" is the constitution) and its place.
type builder struct {
	t      testing.TB
	g      Genesis
	evs    []Event
	ids    map[string]string
	places map[string]int64
}

func newBuilder(t testing.TB, g Genesis) *builder {
	g.SpaceID = spaceID
	return &builder{t: t, g: g, ids: map[string]string{"G": spaceID}, places: map[string]int64{}}
}

// ev adds event e, named name, by person by, having seen the named events.
func (b *builder) ev(name, by string, e Event, seen ...string) Event {
	b.t.Helper()
	e.ID = cid(name)
	e.Root = did(by)
	if e.Author == "" {
		e.Author = key(by)
	}
	for _, s := range seen {
		id, ok := b.ids[s]
		if !ok {
			b.t.Fatalf("event %s: seen names unknown %s", name, s)
		}
		e.Seen = append(e.Seen, id)
	}
	line := e.Author + "|" + e.OwnCollection()
	e.N = b.places[line]
	b.places[line]++
	b.ids[name] = e.ID
	b.evs = append(b.evs, e)
	return e
}

func (b *builder) id(name string) string { return b.ids[name] }

func (b *builder) replay() *History {
	b.t.Helper()
	h, err := Replay(b.g, b.evs)
	if err != nil {
		b.t.Fatal(err)
	}
	return h
}

// The kinds, as a writer fills them in.

func assign(who, role string) Event {
	return Event{Kind: KindAssign, DID: did(who), Role: role, Assigned: true}
}
func unassign(who, role string) Event {
	return Event{Kind: KindAssign, DID: did(who), Role: role}
}
func remove(who string) Event   { return Event{Kind: KindRemove, DID: did(who)} }
func stepdown(who string) Event { return Event{Kind: KindStepdown, DID: did(who)} }
func defineRole(role string, grants []Grant, nests ...string) Event {
	return Event{Kind: KindRole, Name: role, Grants: grants, Nests: nests}
}
func openInvite(inv, role string) Event {
	return Event{Kind: KindInvite, InviteKey: inv, Role: role, Open: true}
}
func closeInvite(inv, role string) Event {
	return Event{Kind: KindInvite, InviteKey: inv, Role: role}
}
func join(who, inv, role string) Event {
	return Event{Kind: KindAssign, DID: did(who), Role: role, Assigned: true, ViaInvite: inv}
}
func revoke(keyDID, account string) Event {
	return Event{Kind: KindRevoke, Key: keyDID, Account: account}
}
func define(collection string) Event {
	return Event{Kind: KindDefinition, Collection: collection}
}
func succeed(space string) Event { return Event{Kind: KindSucceed, Space: space} }

// founded is a genesis with these founders and roles.
func founded(founders []string, roles ...FoundingRole) Genesis {
	g := Genesis{Roles: roles, Assigned: map[string][]string{}}
	for _, f := range founders {
		g.Founders = append(g.Founders, did(f))
	}
	return g
}

func role(name string, grants ...Grant) FoundingRole {
	return FoundingRole{Name: name, Grants: grants}
}

// wantStatus checks an event's outcome (and reason, for a dropped one).
func wantStatus(t *testing.T, h *History, b *builder, name string, out Outcome, why Reason) {
	t.Helper()
	st := h.Status(b.id(name))
	if st.Outcome != out || (out == Dropped && st.Reason != why) {
		t.Errorf("%s: status %v (%s), want %s %s", name, st.Outcome, st, out, why)
	}
}

// wantStruck checks that an event is dropped as struck (A23), and by which
// pass: its detail, with the strikers (pass 1) or the struck ancestors and
// the refusal in W(e) (pass 2) it names.
func wantStruck(t *testing.T, h *History, b *builder, name string, detail Detail) {
	t.Helper()
	st := h.Status(b.id(name))
	if st.Outcome != Dropped || st.Reason != Struck || st.Detail != detail {
		t.Errorf("%s: status %v/%s/%s (%s), want dropped struck %s", name, st.Outcome, st.Reason, st.Detail, st, detail)
	}
	named := st.StruckBy
	if detail == RestsOnStruck {
		named = st.RestsOn
		if st.Refusal == nil || len(st.StruckBy) != 0 {
			t.Errorf("%s: rests on struck with refusal %v, struck by %v", name, st.Refusal, st.StruckBy)
		}
	} else if st.Refusal != nil || len(st.RestsOn) != 0 {
		t.Errorf("%s: struck by with refusal %v, rests on %v", name, st.Refusal, st.RestsOn)
	}
	if len(named) == 0 {
		t.Errorf("%s: %s names no event: %s", name, detail, st)
	}
	for _, id := range named { // strikers are unstruck; what it rests on is struck
		if got := h.Status(id); (detail == RestsOnStruck) != (got.Reason == Struck) {
			t.Errorf("%s: %s names %s, which is %s", name, detail, id, got)
		}
	}
}

func wantMember(t *testing.T, s *State, who string, want bool) {
	t.Helper()
	if got := s.IsMember(did(who)); got != want {
		t.Errorf("%s member = %v, want %v (roles %v)", who, got, want, s.RolesOf(did(who)))
	}
}
