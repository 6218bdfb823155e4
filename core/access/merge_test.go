package access

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"
)

// Scenarios of 03 §4.4 (merging) and §4.6 (what the replay exposes).

// §2.5: a removal ends every role assigned that it had not seen undone,
// including one assigned concurrently; after a re-add, only assignments
// that saw the removal count.
func TestRemovalAndReadd(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice", "bob"}, role("member", grant("/record")), role("mod", grant("/record"))))
	b.ev("carol-member", "alice", assign("carol", "member"), "G")
	b.ev("carol-mod", "bob", assign("carol", "mod"), "carol-member") // concurrent with the removal
	b.ev("remove-carol", "alice", remove("carol"), "carol-member")
	b.ev("readd", "alice", assign("carol", "member"), "remove-carol")
	everyOrder(t, b, func(h *History) {
		cur := h.Current()
		if got := cur.RolesOf(did("carol")); !reflect.DeepEqual(got, []string{"member"}) {
			t.Errorf("carol holds %v, want member only", got)
		}
		if id, _ := cur.Assignment(did("carol"), "member"); id != b.id("readd") {
			t.Errorf("assignment id %s, want the re-add's", id)
		}
		if !h.Named(did("carol")) || h.Named(did("zed")) || !h.Named(did("bob")) {
			t.Error("named")
		}
	})
}

// §4.4 definitions: definedBy is the root of the first definitions;
// several latest changes by one account: the lowest id wins; by several
// accounts naming the same first definer: the lowest id wins; otherwise
// contested, until a change that saw them all.
func TestDefinitionsMerge(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("member", grant("/collection/define", eq(".collection", "app.chat")), grant("/record"))))
	b.ev("bob", "alice", assign("bob", "member"), "G")
	b.ev("carol", "alice", assign("carol", "member"), "bob")
	b.ev("bob-defines", "bob", define("app.chat"), "carol")
	b.ev("bob-edit", "bob", define("app.chat"), "bob-defines")
	b.ev("carol-edit", "carol", define("app.chat"), "bob-defines")
	h := b.replay()
	def, ok, contested := h.Current().Definition("app.chat")
	if !ok || contested != nil || def.DefinedBy != did("bob") || def.Event != min(b.id("bob-edit"), b.id("carol-edit")) {
		t.Errorf("same first definer: %+v %v %v", def, ok, contested)
	}
	// Two first definitions by different accounts: contested.
	b2 := newBuilder(t, b.g)
	b2.ev("bob", "alice", assign("bob", "member"), "G")
	b2.ev("carol", "alice", assign("carol", "member"), "bob")
	b2.ev("bob-defines", "bob", define("app.chat"), "carol")
	b2.ev("carol-defines", "carol", define("app.chat"), "carol")
	b2.ev("bob-settles", "bob", define("app.chat"), "bob-defines", "carol-defines")
	b2.ev("alice-settles", "alice", define("app.chat"), "bob-defines", "carol-defines")
	everyOrder(t, b2, func(h *History) {
		wantStatus(t, h, b2, "bob-settles", Applied, "") // member may define app.chat
		wantStatus(t, h, b2, "alice-settles", Applied, "")
		if _, ok, c := h.Current().Definition("app.chat"); ok || len(c) != 2 {
			t.Errorf("rival settlers by two accounts with no first definer stay contested: %v", c)
		}
	})
	h2 := replayOrFail(t, b2.g, b2.evs[:4])
	if _, ok, c := h2.Current().Definition("app.chat"); ok || !reflect.DeepEqual(c, sortedIDs(b2, "bob-defines", "carol-defines")) {
		t.Errorf("contested %v", c)
	}
}

// §4.4 "While it does [list contested[name]], only someone holding
// /collection/define for it may change the definition" (§4.5 definition: "a
// contested one: defines"). Bob defines app.notes and loses the grant; his
// edit stands (the first definer, still a member), but Carol deleted it
// apart: contested. Bob's change on top of both is refused; Carol's, who
// holds the grant, applies.
func TestContestedNeedsTheGrant(t *testing.T) {
	g := founded([]string{"alice"}, role("member", grant("/record")), role("definer", grant("/collection/define")))
	g.Assigned = map[string][]string{did("bob"): {"definer", "member"}, did("carol"): {"definer"}}
	b := newBuilder(t, g)
	b.ev("bob-defines", "bob", define("app.notes"), "G")
	b.ev("bob-loses", "alice", unassign("bob", "definer"), "bob-defines")
	b.ev("bob-edits", "bob", define("app.notes"), "bob-loses")
	del := define("app.notes")
	del.Deleted = true
	b.ev("carol-deletes", "carol", del, "bob-defines")
	contested := replayOrFail(t, b.g, b.evs)
	if _, ok, c := contested.Current().Definition("app.notes"); ok || !reflect.DeepEqual(c, sortedIDs(b, "bob-edits", "carol-deletes")) {
		t.Fatalf("the setting is not contested: %v %v", ok, c)
	}
	b.ev("bob-settles", "bob", define("app.notes"), "bob-edits", "carol-deletes")
	b.ev("carol-settles", "carol", define("app.notes"), "bob-edits", "carol-deletes")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-edits", Applied, "")
		wantStatus(t, h, b, "bob-settles", Dropped, Refused)
		if st := h.Status(b.id("bob-settles")); st.Refusal == nil || st.Refusal.Code != RefusedNoGrant {
			t.Errorf("bob-settles: %s, want refused %s", st, RefusedNoGrant)
		}
		wantStatus(t, h, b, "carol-settles", Applied, "")
		if def, ok, c := h.Current().Definition("app.notes"); !ok || c != nil || def.Event != b.id("carol-settles") {
			t.Errorf("carol's change on top settles it: %+v %v %v", def, ok, c)
		}
	})
}

func sortedIDs(b *builder, names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, b.id(n))
	}
	slices.Sort(out)
	return out
}

// §4.5 definition: the first definer may change its collection without the
// grant, while a member; a deleted definition removes the entry.
func TestFirstDefinerMayChange(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("member", grant("/record")), role("definer", grant("/collection/define"))))
	b.ev("bob", "alice", assign("bob", "definer"), "G")
	b.ev("bob-member", "alice", assign("bob", "member"), "bob")
	b.ev("bob-defines", "bob", define("app.notes"), "bob-member")
	b.ev("bob-loses", "alice", unassign("bob", "definer"), "bob-defines")
	b.ev("bob-edits", "bob", define("app.notes"), "bob-loses")
	del := define("app.notes")
	del.Deleted = true
	b.ev("bob-deletes", "bob", del, "bob-edits")
	b.ev("bob-again", "bob", define("app.notes"), "bob-deletes")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-edits", Applied, "")
		wantStatus(t, h, b, "bob-deletes", Applied, "")
		wantStatus(t, h, b, "bob-again", Dropped, Refused) // a new collection needs the grant
		if _, ok, _ := h.Current().Definition("app.notes"); ok {
			t.Error("a deleted definition removes the entry")
		}
	})
}

// §4.4 keys and keyDue (§9.2, A12): a removal the current key's event had
// not seen makes a key change due; a key change that saw it ends that; a
// key change made apart from a removal leaves it due.
func TestKeysAndKeyDue(t *testing.T) {
	g := founded([]string{"alice"}, role("member", grant("/record")))
	g.Private, g.KeyID, g.ReadKey = true, "key0", "did:key:zDnaeRead0"
	b := newBuilder(t, g)
	b.ev("bob", "alice", assign("bob", "member"), "G")
	b.ev("remove-bob", "alice", remove("bob"), "bob")
	b.ev("key1", "alice", Event{Kind: KindKey, KeyID: "key1", ReadKey: "did:key:zDnaeRead1"}, "bob")
	steps := []struct {
		upTo int
		due  bool
	}{{1, false}, {2, true}, {3, true}}
	for _, s := range steps {
		if got := replayOrFail(t, b.g, b.evs[:s.upTo]).KeyDue(); got != s.due {
			t.Errorf("after %d events keyDue = %v, want %v", s.upTo, got, s.due)
		}
	}
	b.ev("key2", "alice", Event{Kind: KindKey, KeyID: "key2", ReadKey: "did:key:zDnaeRead2"}, "remove-bob", "key1")
	b.ev("key-reused", "alice", Event{Kind: KindKey, KeyID: "key1", ReadKey: "did:key:zDnaeRead9"}, "key2")
	everyOrder(t, b, func(h *History) {
		if h.KeyDue() {
			t.Error("a key change that saw the removal ends keyDue")
		}
		keys := h.Current().Keys()
		var ids []string
		for _, k := range keys {
			ids = append(ids, k.KeyID)
		}
		if !reflect.DeepEqual(ids, []string{"key0", "key1", "key2"}) {
			t.Errorf("keys %v", ids)
		}
		wantStatus(t, h, b, "key-reused", Dropped, Refused)
	})
}

// §4.2: an event naming itself, a missing event, or a waiting one waits;
// it is placed once what it names arrives.
func TestWaiting(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"}, role("member", grant("/record"))))
	first := b.ev("first", "alice", assign("bob", "member"), "G")
	second := b.ev("second", "alice", assign("carol", "member"), "first")
	self := assign("dave", "member")
	self.ID, self.Root, self.Author, self.Seen = cid("self"), did("alice"), key("alice"), []string{cid("self")}
	h, _ := NewHistory(b.g)
	if err := h.Add(second, self); err != nil {
		t.Fatal(err)
	}
	if st := h.Status(second.ID); st.Outcome != Waiting || !reflect.DeepEqual(st.WaitingFor, []string{first.ID}) {
		t.Errorf("second: %v", st)
	}
	if _, ok := h.At([]string{second.ID}, nil); ok {
		t.Error("at() of a waiting event must be null")
	}
	if err := h.Add(first); err != nil {
		t.Fatal(err)
	}
	if st := h.Status(second.ID); st.Outcome != Applied {
		t.Errorf("second after first arrives: %v", st)
	}
	if st := h.Status(self.ID); st.Outcome != Waiting {
		t.Errorf("self-naming: %v", st)
	}
	if st := h.Status("bnothere"); st.Outcome != Unknown {
		t.Errorf("unknown: %v", st)
	}
	if got := h.Heads(); !reflect.DeepEqual(got, []string{second.ID}) {
		t.Errorf("heads %v", got)
	}
}

// A malformed event fails Add, and nothing is added.
func TestMalformedEventsChangeNothing(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"}, role("member", grant("/record"))))
	good := b.ev("good", "alice", assign("bob", "member"), "G")
	for _, bad := range []Event{
		{ID: "", Kind: KindAssign, Root: "r", Author: "a", DID: "d", Role: "x"},
		{ID: "x", Kind: "promote", Root: "r", Author: "a"},
		{ID: "x", Kind: KindAssign, Root: "r", Author: "a", Role: "x"},
		{ID: "x", Kind: KindRemove, Author: "a", DID: "d"},
		{ID: "x", Kind: KindKey, Root: "r", Author: "a", KeyID: "k"},
		{ID: "x", Kind: KindRole, Root: "r", Author: "a", Name: "m", N: -5},
	} {
		h, _ := NewHistory(b.g)
		if err := h.Add(good, bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("%+v: err %v, want ErrMalformed", bad, err)
		}
		if h.Len() != 0 {
			t.Errorf("%+v: a failed Add kept %d events", bad, h.Len())
		}
	}
	if _, err := NewHistory(Genesis{}); !errors.Is(err, ErrMalformed) {
		t.Errorf("a genesis without a space id: %v", err)
	}
}

// §3.1: the record keys of the spec's examples (testdata/record-keys.json,
// copied from vectors.json).
func TestRecordKeyVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/record-keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var vecs []struct {
		Name   string
		Inputs struct {
			Prefix string
			Input  string `json:"hex40_input_utf8"`
		}
		Expected struct {
			RecordKey string `json:"record_key"`
		}
	}
	if err := json.Unmarshal(raw, &vecs); err != nil {
		t.Fatal(err)
	}
	const acct = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"
	events := map[string]Event{
		"record-key-assign":   {Kind: KindAssign, DID: acct, Role: "editor"},
		"record-key-remove":   {Kind: KindRemove, DID: acct},
		"record-key-stepdown": {Kind: KindStepdown, DID: acct},
		"record-key-succeed":  {Kind: KindSucceed, Space: "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"},
		"record-key-invite":   {Kind: KindInvite, InviteKey: "did:key:zDnaepvP6YSjYyaBgu3v9VSziUgdmpk4t5a4Xw9VVA1e1BEd9"},
	}
	if len(vecs) != len(events) {
		t.Fatalf("%d vectors, want %d", len(vecs), len(events))
	}
	for _, v := range vecs {
		e, ok := events[v.Name]
		if !ok {
			t.Errorf("no event for vector %s", v.Name)
			continue
		}
		if got := e.RecordKey(); got != v.Expected.RecordKey {
			t.Errorf("%s: %s, want %s", v.Name, got, v.Expected.RecordKey)
		}
	}
}

// The log lists every event once, each after what it saw, applied ones
// numbered in order, waiting ones last.
func TestLog(t *testing.T) {
	g, evs := randomHistory(77, 25)
	h := replayOrFail(t, g, evs)
	log := h.Log()
	if len(log) != len(evs) {
		t.Fatalf("log has %d entries, want %d", len(log), len(evs))
	}
	pos, next := map[string]int{}, 0
	for k, en := range log {
		pos[en.Event.ID] = k
		if en.Status.Outcome == Applied {
			if en.Status.Index != next {
				t.Errorf("entry %d: index %d, want %d", k, en.Status.Index, next)
			}
			next++
		}
	}
	for k, en := range log {
		if en.Status.Outcome == Waiting {
			continue
		}
		for _, s := range en.Event.Seen {
			if p, ok := pos[s]; ok && p > k {
				t.Errorf("%s listed before %s, which it saw", en.Event.ID, s)
			}
		}
	}
}

// Version changes with every Add that holds something new, waiting or not,
// and not with one that adds nothing.
func TestVersion(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"}, role("member", grant("/record"))))
	first := b.ev("first", "alice", assign("bob", "member"), "G")
	second := b.ev("second", "alice", assign("carol", "member"), "first")
	h, _ := NewHistory(b.g)
	steps := []struct {
		add  Event
		want int
	}{{second, 1}, {second, 1}, {first, 2}, {first, 2}}
	for k, s := range steps {
		if err := h.Add(s.add); err != nil {
			t.Fatal(err)
		}
		if h.Version() != s.want {
			t.Errorf("step %d: version %d, want %d", k, h.Version(), s.want)
		}
	}
}
