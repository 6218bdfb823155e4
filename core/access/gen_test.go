package access

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// A generator of random histories that look like real ones: a handful of
// people acting on what they saw (usually as members in their own view),
// naming one to three recent events, so that changes are made apart; with
// nested roles, invites and joins, removals and leaving, definitions,
// stepdowns, revokes, fork proofs, key changes, relays and successors.

var people = []string{"alice", "bob", "carol", "dave", "erin", "frank"}

// devices: every person signs with a laptop key, some with a phone key too.
func device(who string, r *rand.Rand) string {
	if r.IntN(4) == 0 {
		return "did:key:zDnae" + who + "Phone"
	}
	return key(who)
}

func randomGenesis(r *rand.Rand) Genesis {
	admin := role("admin",
		grant("/role/assign", []any{"or", []any{eq(".role", "member"), eq(".role", "mod")}}),
		grant("/role/unassign"),
		grant("/role/define", []any{"!=", ".role", "admin"}),
		grant("/member/remove", []any{"not", []any{"any", ".roles", eq(".", "admin")}}),
		grant("/key/change"), grant("/space/relays"), grant("/collection/define"))
	admin.Nests = []string{"mod"}
	mod := role("mod", grant("/member/remove", eq(".self", false), []any{"not", []any{"any", ".roles", eq(".", "mod")}}))
	mod.Nests = []string{"member"}
	member := role("member", grant("/record"), grant("/collection/define", eq(".collection", "app.notes")))
	g := founded(nil, admin, mod, member)
	switch r.IntN(3) {
	case 0: // top: none
		g.Assigned[did("alice")] = []string{"admin"}
	case 1:
		g.Founders = []string{did("alice")}
	default:
		g.Founders = []string{did("alice"), did("bob")}
		g.Assigned[did("carol")] = []string{"member"}
	}
	if r.IntN(2) == 0 {
		g.Private, g.KeyID, g.ReadKey = true, "key0", "did:key:zDnaeRead0"
	}
	g.SpaceID = spaceID
	return g
}

type gen struct {
	r     *rand.Rand
	g     Genesis
	h     *History
	evs   []Event
	place map[string]int64
}

func randomHistory(seed uint64, n int) (Genesis, []Event) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	gn := &gen{r: r, g: randomGenesis(r), place: map[string]int64{}}
	h, err := NewHistory(gn.g)
	if err != nil {
		panic(err)
	}
	gn.h = h
	for i := 0; i < n; i++ {
		e := gn.next(i)
		gn.evs = append(gn.evs, e)
		if err := h.Add(e); err != nil {
			panic(err)
		}
	}
	return gn.g, gn.evs
}

// seen names one to three of the last few events, or just the space.
func (gn *gen) seen() []string {
	if len(gn.evs) == 0 || gn.r.IntN(12) == 0 {
		return []string{spaceID}
	}
	var out []string
	for k := 1 + gn.r.IntN(3); k > 0; k-- {
		back := min(len(gn.evs), 6)
		id := gn.evs[len(gn.evs)-1-gn.r.IntN(back)].ID
		if gn.h.Status(id).Outcome != Waiting || gn.r.IntN(4) == 0 {
			out = append(out, id) // a writer rarely names what waits
		}
	}
	if len(out) == 0 {
		out = append(out, spaceID)
	}
	if gn.r.IntN(40) == 0 {
		out = append(out, cid("never-arrives"))
	}
	return out
}

// writer picks someone, usually a member in the view seen names.
func (gn *gen) writer(seen []string) string {
	if s, ok := gn.h.SeenAs(seen); ok && gn.r.IntN(5) != 0 {
		var members []string
		for _, p := range people {
			if s.IsMember(did(p)) {
				members = append(members, p)
			}
		}
		if len(members) > 0 {
			return members[gn.r.IntN(len(members))]
		}
	}
	return people[gn.r.IntN(len(people))]
}

func (gn *gen) next(i int) Event {
	r := gn.r
	seen := gn.seen()
	who := gn.writer(seen)
	other := people[r.IntN(len(people))]
	view, _ := gn.h.SeenAs(seen)
	e := gn.body(who, other, i)
	if view != nil && r.IntN(5) != 0 {
		gn.aim(&e, view)
	}
	e.ID = cid(fmt.Sprintf("ev-%d-%d", i, r.Uint64()))
	e.Root, e.Author, e.Seen = did(who), device(who, r), seen
	line := e.Author + "|" + e.OwnCollection()
	e.N = gn.place[line]
	gn.place[line]++
	if r.IntN(10) == 0 { // a second version at a place: a fork
		e.N = max(0, e.N-1)
	}
	return e
}

func (gn *gen) body(who, other string, i int) Event {
	r := gn.r
	roles := []string{"admin", "mod", "member", "member"}
	switch k := r.IntN(20); {
	case k < 5:
		return assign(other, roles[r.IntN(len(roles))])
	case k < 7:
		return gn.withCutoff(unassign(other, roles[r.IntN(len(roles))]), other)
	case k < 8:
		return gn.withCutoff(unassign(who, roles[r.IntN(len(roles))]), who)
	case k < 10:
		return gn.withCutoff(remove(other), other)
	case k < 11:
		return stepdown(who)
	case k < 12:
		nests := []string{}
		if r.IntN(2) == 0 {
			nests = append(nests, []string{"member", "mod", "admin"}[r.IntN(3)])
		}
		grants := []Grant{grant("/record")}
		if r.IntN(2) == 0 {
			grants = append(grants, grant("/member/remove", eq(".self", false)))
		}
		return defineRole([]string{"member", "mod"}[r.IntN(2)], grants, nests...)
	case k < 13:
		return openInvite(fmt.Sprintf("did:key:zDnaeInvite%d", r.IntN(2)), roles[1+r.IntN(3)])
	case k < 14:
		return closeInvite(fmt.Sprintf("did:key:zDnaeInvite%d", r.IntN(2)), "member")
	case k < 16:
		return join(who, fmt.Sprintf("did:key:zDnaeInvite%d", r.IntN(2)), []string{"member", "mod"}[r.IntN(2)])
	case k < 17:
		rv := revoke(device(who, r), did(who))
		return gn.withCutoff(rv, who)
	case k < 18:
		return Event{Kind: KindFork, Writer: device(other, r), Collection: "sys.assign", From: int64(r.IntN(3))}
	case k < 19:
		d := define([]string{"app.notes", "app.chat"}[r.IntN(2)])
		d.Deleted = r.IntN(4) == 0
		return d
	default:
		switch r.IntN(4) {
		case 0:
			return Event{Kind: KindKey, KeyID: fmt.Sprintf("key%d", i), ReadKey: fmt.Sprintf("did:key:zDnaeRead%d", i)}
		case 1:
			return Event{Kind: KindRelays, Relays: []string{fmt.Sprintf("wss://relay%d.example", r.IntN(3))}}
		case 2:
			return succeed(fmt.Sprintf("bsucc%d", r.IntN(2)))
		}
		return Event{Kind: KindKeepers, Keepers: []Keeper{{DID: "did:key:zDnaeKeeper", Name: "k"}}}
	}
}

// aim points a change at what the writer's view holds, as people do: an
// unassignment at a role its target holds, a removal at a member, a join
// at an open invite.
func (gn *gen) aim(e *Event, view *State) {
	r := gn.r
	switch {
	case e.Kind == KindAssign && !e.Assigned:
		if roles := view.RolesOf(e.DID); len(roles) > 0 {
			e.Role = roles[r.IntN(len(roles))]
		}
	case e.Kind == KindRemove:
		if members := view.Readers(); len(members) > 0 {
			e.DID = members[r.IntN(len(members))]
		}
	case e.Kind == KindAssign && e.ViaInvite != "":
		for _, k := range []string{"did:key:zDnaeInvite0", "did:key:zDnaeInvite1"} {
			if inv, ok := view.Invite(k); ok && inv.Open {
				e.ViaInvite, e.Role = k, inv.Role
			}
		}
	}
}

// withCutoff sometimes covers some of the target's lines (§6.3).
func (gn *gen) withCutoff(e Event, target string) Event {
	if gn.r.IntN(3) == 0 {
		e.Cutoff = Cutoff{key(target): {"sys.assign": int64(gn.r.IntN(3)), "sys.role": int64(gn.r.IntN(2))}}
	}
	return e
}

func TestRandomHistoriesLookReal(t *testing.T) {
	counts := map[string]int{}
	for seed := uint64(0); seed < 20; seed++ {
		g, evs := randomHistory(seed, 25)
		h, _ := Replay(g, evs)
		for _, e := range evs {
			st := h.Status(e.ID)
			counts[string(st.Outcome)+"/"+string(st.Reason)+"/"+string(st.Detail)]++
		}
	}
	t.Logf("outcomes over 500 random events: %v", counts)
	for _, k := range []string{"applied//", "dropped/refused/", "dropped/struck/struck-by"} {
		if counts[k] < 10 {
			t.Errorf("random histories have only %d %s events: %v", counts[k], k, counts)
		}
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }
