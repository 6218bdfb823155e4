package invite

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
)

// 03 §7.3: the join signature binds one account and one space; VerifyJoin
// refuses any other.
func TestJoinSignature(t *testing.T) {
	sp := publicClub(t)
	joiner := testkit.Key(t, bytes.Repeat([]byte{7}, 16)).DID()
	j, err := SignJoin(secret0(), sp.ID, joiner)
	if err != nil {
		t.Fatal(err)
	}
	if j.Key != loadVector(t, "invite-key").Expected["invite_did"] {
		t.Errorf("join key %s", j.Key)
	}
	if err := VerifyJoin(j, sp.ID, joiner); err != nil {
		t.Errorf("verify: %v", err)
	}
	other := j
	other.Key = testkit.Founder(t).DID()
	cases := map[string]struct {
		j             Join
		space, joiner string
	}{
		"another space":       {j, "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa", joiner},
		"another joiner":      {j, sp.ID, testkit.Founder(t).DID()},
		"another invite key":  {other, sp.ID, joiner},
		"signature not b64":   {Join{Key: j.Key, Signature: j.Signature + "="}, sp.ID, joiner},
		"signature too short": {Join{Key: j.Key, Signature: enc.B64URL(make([]byte, 63))}, sp.ID, joiner},
	}
	for name, c := range cases {
		if err := VerifyJoin(c.j, c.space, c.joiner); ReasonOf(err) != ReasonJoin {
			t.Errorf("%s: %v, want a %s refusal", name, err, ReasonJoin)
		}
	}
	if _, err := SignJoin(make([]byte, 16), sp.ID, joiner); ReasonOf(err) != ReasonSecret {
		t.Errorf("16-byte secret: %v", err)
	}
}

// The join as core/judge reads it (03 §3.3, §3.4) and the replay judges it
// (§4.5): a stranger's join by an open invite is stored and applied, makes
// it a member with the invite's role; after the invite is closed, a join
// through it is refused; a join whose signature names another space yields
// no event.
func TestJoinThroughJudgeAndReplay(t *testing.T) {
	sp := publicClub(t)
	w := newWorld(t, sp)
	alice, bob, carol := testkit.Founder(t), testkit.Key(t, bytes.Repeat([]byte{7}, 16)), testkit.Key(t, bytes.Repeat([]byte{8}, 16))
	inviteDID, _ := DID(secret0())

	if _, err := JoinReady(w.h.Current(), inviteDID, bob.DID()); !errors.Is(err, ErrNotYet) {
		t.Errorf("before the invite arrives: %v", err)
	}
	open, err := OpenDraft(sp.ID, inviteDID, "editor")
	if err != nil {
		t.Fatal(err)
	}
	opened := w.sign(alice, open)
	w.mustStore(opened)
	if r, err := ReadRecord(opened); err != nil || r != (Record{Key: inviteDID, Role: "editor", Open: true}) {
		t.Fatalf("read record: %+v %v", r, err)
	}

	// Bob, a stranger, joins; his seen names the invite event.
	if role, err := JoinReady(w.h.Current(), inviteDID, bob.DID()); err != nil || role != "editor" {
		t.Fatalf("join ready: %q %v", role, err)
	}
	d, err := JoinDraft(secret0(), sp.ID, bob.DID(), "editor")
	if err != nil {
		t.Fatal(err)
	}
	join := w.sign(bob, d)
	ev, err := judge.EventFromVersion(join, judge.Space{ID: sp.ID})
	if err != nil || ev.ViaInvite != inviteDID || ev.DID != bob.DID() {
		t.Fatalf("join event: %+v %v", ev, err)
	}
	w.mustStore(join)
	if st := w.h.Status(join.ID); st.Outcome != access.Applied {
		t.Fatalf("join: %v", st)
	}
	if !w.h.Current().IsMember(bob.DID()) {
		t.Fatal("bob is no member after joining")
	}
	if _, err := JoinReady(w.h.Current(), inviteDID, bob.DID()); !errors.Is(err, ErrAlreadyHeld) {
		t.Errorf("after joining: %v", err)
	}

	// A join signed for another space yields no event (§7.3).
	forged, err := JoinDraft(secret0(), "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa", carol.DID(), "editor")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := judge.EventFromVersion(w.sign(carol, forged), judge.Space{ID: sp.ID}); !errors.Is(err, judge.ErrFields) {
		t.Errorf("join for another space: %v, want ErrFields", err)
	}

	// Alice closes the invite: same key and role, open: false.
	closeDraft, err := CloseDraft(opened)
	if err != nil {
		t.Fatal(err)
	}
	closeDraft.Seen = nil
	closed := w.sign(alice, closeDraft)
	w.mustStore(closed)
	if r, _ := ReadRecord(closed); r.Open || r.Role != "editor" || r.Key != inviteDID || closed.Key != opened.Key {
		t.Errorf("closed record: %+v at %s", r, closed.Key)
	}
	if inv, ok := w.h.Current().Invite(inviteDID); !ok || inv.Open {
		t.Errorf("invite after closing: %+v %v", inv, ok)
	}

	if _, err := JoinReady(w.h.Current(), inviteDID, carol.DID()); !errors.Is(err, ErrInviteClosed) {
		t.Errorf("after closing: %v", err)
	}
	// Carol joins having seen the close: stored (a join by a known invite),
	// refused by the replay.
	d, _ = JoinDraft(secret0(), sp.ID, carol.DID(), "editor")
	late := w.sign(carol, d)
	w.mustStore(late)
	st := w.h.Status(late.ID)
	if st.Outcome != access.Dropped || st.Refusal == nil || st.Refusal.Code != access.RefusedInviteClosed {
		t.Errorf("join after close: %v", st)
	}
	if w.h.Current().IsMember(carol.DID()) {
		t.Error("carol is a member through a closed invite")
	}
}

// Closing needs an invite record; a record at the wrong key is refused.
func TestReadRecordRefusals(t *testing.T) {
	inviteDID, _ := DID(secret0())
	good, _ := OpenDraft("b", inviteDID, "editor")
	cases := map[string]func(v *record.Version){
		"another collection": func(v *record.Version) { v.Collection = "sys.assign" },
		"deleted":            func(v *record.Version) { v.Deleted = true },
		"wrong key":          func(v *record.Version) { v.Key = "invite:0000" },
		"open not a bool":    func(v *record.Version) { v.Body.(map[string]any)["open"] = "yes" },
		"extra member":       func(v *record.Version) { v.Body.(map[string]any)["by"] = "x" },
		"key not a DID":      func(v *record.Version) { v.Body.(map[string]any)["key"] = "did:key:x" },
		"role not a name":    func(v *record.Version) { v.Body.(map[string]any)["role"] = "Editor!" },
		"body not an object": func(v *record.Version) { v.Body = "x" },
	}
	for name, edit := range cases {
		v := *good
		v.Body = Record{Key: inviteDID, Role: "editor", Open: true}.Body()
		edit(&v)
		if _, err := ReadRecord(&v); ReasonOf(err) != ReasonRecord {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := OpenDraft("b", "did:key:zNope", "editor"); ReasonOf(err) != ReasonRecord {
		t.Errorf("open with a bad DID: %v", err)
	}
}

// VerifyJoin and core/judge's reading of a join (03 §3.3: "an assignment
// whose invite does not verify yields no event") agree on every variant:
// the signature is checked in one way wherever it is checked.
func TestJoinCheckAgreesWithJudge(t *testing.T) {
	sp := publicClub(t)
	w := newWorld(t, sp)
	bob := testkit.Key(t, bytes.Repeat([]byte{7}, 16))
	good, _ := SignJoin(secret0(), sp.ID, bob.DID())
	otherSpace, _ := SignJoin(secret0(), "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa", bob.DID())
	otherJoiner, _ := SignJoin(secret0(), sp.ID, testkit.Founder(t).DID())
	otherKey, _ := SignJoin(bytes.Repeat([]byte{5}, 32), sp.ID, bob.DID())
	variants := map[string]Join{
		"good":          good,
		"other space":   otherSpace,
		"other joiner":  otherJoiner,
		"key swapped":   {Key: otherKey.Key, Signature: good.Signature},
		"zero sig":      {Key: good.Key, Signature: enc.B64URL(make([]byte, 64))},
		"short sig":     {Key: good.Key, Signature: good.Signature[:80]},
		"key not a DID": {Key: "did:key:z", Signature: good.Signature},
	}
	if string(JoinMessage(sp.ID, bob.DID())) != string(judge.JoinMessage(sp.ID, bob.DID())) {
		t.Fatal("join messages differ")
	}
	for name, j := range variants {
		d := &record.Version{Collection: CollectionAssign, Key: record.AssignKey(bob.DID(), "editor"), Retain: true,
			HasBody: true, Body: map[string]any{"did": bob.DID(), "role": "editor", "assigned": true, "invite": j.JSON()}}
		_, judged := judge.EventFromVersion(w.sign(bob, d), judge.Space{ID: sp.ID})
		verified := VerifyJoin(j, sp.ID, bob.DID())
		if (judged == nil) != (verified == nil) {
			t.Errorf("%s: judge %v, VerifyJoin %v", name, judged, verified)
		}
		if (name == "good") != (verified == nil) {
			t.Errorf("%s: VerifyJoin %v", name, verified)
		}
	}
}

// A join is judged as its opener's assignment, in the join's own view
// (03 §4.5): Bob, an editor, opens an invite; Alice unassigns him, having
// seen it. Carol's join naming a view from before (where Bob could assign
// editor) gets in; Dave's, naming the current heads, is refused: in his
// view the opener no longer may. So an invite is stopped by closing it.
func TestJoinJudgedAsOpenersAssignment(t *testing.T) {
	sp := publicClub(t)
	w := newWorld(t, sp)
	alice := testkit.Founder(t)
	bob, carol, dave := testkit.Key(t, bytes.Repeat([]byte{7}, 16)), testkit.Key(t, bytes.Repeat([]byte{8}, 16)),
		testkit.Key(t, bytes.Repeat([]byte{9}, 16))
	w.mustStore(w.sign(alice, assign(bob.DID(), "editor", true)))
	inviteDID, _ := DID(secret0())
	d, _ := OpenDraft(sp.ID, inviteDID, "editor")
	opened := w.sign(bob, d)
	w.mustStore(opened)
	w.mustStore(w.sign(alice, assign(bob.DID(), "editor", false)))

	early, _ := JoinDraft(secret0(), sp.ID, carol.DID(), "editor")
	early.Seen = []string{opened.ID}
	carolJoin := w.sign(carol, early)
	w.mustStore(carolJoin)
	late, _ := JoinDraft(secret0(), sp.ID, dave.DID(), "editor")
	daveJoin := w.sign(dave, late)
	w.mustStore(daveJoin)

	if st := w.h.Status(carolJoin.ID); st.Outcome != access.Applied {
		t.Errorf("carol's join from the old view: %v", st)
	}
	st := w.h.Status(daveJoin.ID)
	if st.Outcome != access.Dropped || st.Refusal == nil || st.Refusal.Code != access.RefusedNoGrant {
		t.Errorf("dave's join from the current view: %v", st)
	}
	cur := w.h.Current()
	if !cur.IsMember(carol.DID()) || cur.IsMember(dave.DID()) || cur.IsMember(bob.DID()) {
		t.Errorf("members: carol %v dave %v bob %v", cur.IsMember(carol.DID()), cur.IsMember(dave.DID()), cur.IsMember(bob.DID()))
	}
}
