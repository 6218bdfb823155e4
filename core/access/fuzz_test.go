package access

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// eventsFrom reads fuzz bytes as a history: each event takes six bytes
// (kind, writer, target, role and flags, seen, place). seen may name an
// earlier event, the space, the event itself, a later event or an id that
// never arrives, so self-references, cycles and missing events all occur.
func eventsFrom(data []byte) []Event {
	var evs []Event
	roles := []string{"admin", "mod", "member", "ghost"}
	for k := 0; len(data) >= 6 && k < 40; k++ {
		b := data[:6]
		data = data[6:]
		who, other := people[int(b[1])%len(people)], people[int(b[2])%len(people)]
		role := roles[int(b[3])%len(roles)]
		e := fuzzBody(b[0], who, other, role, b[3])
		e.ID = cid(fmt.Sprintf("fz-%d", k))
		e.Root, e.Author = did(who), key(who)
		if b[3]&0x80 != 0 {
			e.Author = "did:key:zDnae" + who + "Phone"
		}
		e.N = int64(b[5]%6) - 1
		e.Seen = fuzzSeen(b[4], k, len(data)/6)
		if b[5]&0x40 != 0 {
			e.Cutoff = Cutoff{key(other): {"sys.assign": int64(b[5] % 4), "sys.remove": 1}}
		}
		evs = append(evs, e)
	}
	return evs
}

func fuzzBody(kind byte, who, other, role string, flags byte) Event {
	inv := fmt.Sprintf("did:key:zDnaeInvite%d", flags%3)
	switch kind % 16 {
	case 0, 1:
		return assign(other, role)
	case 2:
		return unassign(other, role)
	case 3:
		return remove(other)
	case 4:
		return stepdown(who)
	case 5:
		return defineRole(role, []Grant{grant("/member/remove", eq(".self", false)), grant("/role/assign")}, roles(flags)...)
	case 6:
		return openInvite(inv, role)
	case 7:
		return closeInvite(inv, role)
	case 8:
		return join(who, inv, role)
	case 9:
		return revoke(key(who), did(who))
	case 10:
		return Event{Kind: KindFork, Writer: key(other), Collection: "sys.assign", From: int64(flags % 3)}
	case 11:
		d := define("app.notes")
		d.Deleted = flags&1 != 0
		return d
	case 12:
		return Event{Kind: KindKey, KeyID: fmt.Sprintf("k%d", flags%4), ReadKey: fmt.Sprintf("did:key:zDnaeR%d", flags%5)}
	case 13:
		return Event{Kind: KindRelays, Relays: []string{"wss://r.example", fmt.Sprintf("ws://h%d", flags%2)}}
	case 14:
		return succeed("bnext")
	}
	return Event{Kind: KindAssign, DID: "role:member", Role: role, Assigned: true}
}

func roles(flags byte) []string {
	return [][]string{nil, {"member"}, {"mod", "admin"}, {"admin"}}[flags%4]
}

func fuzzSeen(b byte, k, later int) []string {
	switch {
	case b < 16:
		return nil
	case b < 24:
		return []string{spaceID}
	case b < 28:
		return []string{cid(fmt.Sprintf("fz-%d", k))} // itself
	case b < 32 && later > 0:
		return []string{cid(fmt.Sprintf("fz-%d", k+1))} // a later one: a cycle if it names back
	case b < 34:
		return []string{cid("never")}
	case k == 0:
		return []string{spaceID}
	}
	return []string{cid(fmt.Sprintf("fz-%d", int(b)%k)), cid(fmt.Sprintf("fz-%d", int(b/7)%k))}
}

func fuzzGenesis(data []byte) Genesis {
	var sel byte
	if len(data) > 0 {
		sel = data[len(data)-1]
	}
	return randomGenesis(newRand(uint64(sel)))
}

// FuzzReplay replays random event sets: it never panics, and the outcome
// is the same forwards, backwards and one event at a time.
func FuzzReplay(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 0, 1, 2, 20, 0, 3, 0, 2, 0, 40, 1, 8, 3, 3, 2, 50, 0},
		{5, 0, 0, 1, 18, 0, 4, 0, 0, 0, 25, 0, 9, 1, 1, 0, 40, 2, 12, 0, 0, 0, 60, 3},
		{1, 0, 3, 2, 0, 0, 6, 0, 0, 2, 30, 1, 8, 3, 3, 2, 40, 0, 7, 0, 0, 2, 90, 1, 3, 0, 3, 0, 33, 0},
		[]byte("an arbitrary history of access changes, read six bytes at a time"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, evs := fuzzGenesis(data), eventsFrom(data)
		fwd := replayOrFail(t, g, evs)
		want := fingerprint(fwd, evs)
		back := slices.Clone(evs)
		slices.Reverse(back)
		if got := fingerprint(replayOrFail(t, g, back), evs); !reflect.DeepEqual(got, want) {
			t.Fatalf("backwards differs:\n got %+v\nwant %+v", got, want)
		}
		if got := fingerprint(oneAtATime(t, g, back), evs); !reflect.DeepEqual(got, want) {
			t.Fatalf("one at a time differs:\n got %+v\nwant %+v", got, want)
		}
		for _, e := range evs {
			fwd.SeenAs(e.Seen)
			fwd.At(e.Seen, []string{evs[0].ID})
		}
	})
}
