package judge

import (
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
)

// standing is the peer of w that reads every body (a public space).
func (w *world) standing() *Standing {
	return &Standing{Space: w.space(), History: w.h, Lookup: w.lookup}
}

// define writes a collection's definition (02 §6) by a founder, with rules.
func (w *world) define(by *identity.KeyPair, name string, rules map[string]any, seen ...string) string {
	body := map[string]any{"name": name, "schema": map[string]any{}, "version": float64(1)}
	if rules != nil {
		body["rules"] = rules
	}
	return w.change(by, "sys.collection", record.CollectionKey(name), body, seen...)
}

// membersWorld is a public space founded by alice in which bob and carol
// are members.
func membersWorld(t testing.TB) (w *world, alice, bob, carol *identity.KeyPair, aB, aC string) {
	alice, bob, carol = keyOf(t, seedAlice), keyOf(t, seedBob), keyOf(t, seedCarol)
	w = newWorld(t, founders(alice), nil)
	aB = w.assign(alice, bob, "member")
	aC = w.assign(alice, carol, "member")
	return w, alice, bob, carol, aB, aC
}

// Step 1: its space equals the space id.
func TestStandingStep1Space(t *testing.T) {
	w, alice, _, _, _, _ := membersWorld(t)
	v := w.sign(alice, &record.Version{Space: "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq",
		Collection: "app.chat", Key: "k1", Body: chat("elsewhere"), HasBody: true})
	wantAnswer(t, w.standing().Judge(v), record.Refused, ErrOtherSpace)
}

// Step 2: its signature and note verify, giving root; the note lets the
// key write records.
func TestStandingStep2SignatureAndNote(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	good := w.write(bob, "app.chat", "k1", chat("signed"), aB)
	forged := *good
	forged.Body = chat("changed after signing")
	wantAnswer(t, w.standing().Judge(&forged), record.Refused, ErrUnverified)
	phone := deviceOf(t, bob, 0x41, note.CmdRecord)
	byPhone := w.signAs(phone, &record.Version{Collection: "app.chat", Key: "k2", Body: chat("from the phone"),
		HasBody: true, Seen: []string{aB}})
	wantAnswer(t, w.standing().Judge(byPhone), record.Stands, nil)
	accessOnly := deviceOf(t, bob, 0x42, note.CmdAccessChange)
	byIt := w.signAs(accessOnly, &record.Version{Collection: "app.chat", Key: "k3", Body: chat("no record grant"),
		HasBody: true, Seen: []string{aB}})
	wantAnswer(t, w.standing().Judge(byIt), record.Refused, ErrNotGranted)
	stranger := deviceOf(t, alice, 0x43, note.CmdAll)
	stranger.key = keyOf(t, 0x44) // a note to another key
	byStranger := w.signAs(stranger, &record.Version{Collection: "app.chat", Key: "k4", Body: chat("not mine"),
		HasBody: true, Seen: []string{aB}})
	wantAnswer(t, w.standing().Judge(byStranger), record.Refused, ErrUnverified)
}

// Step 3: a version about the account itself needs /account/write for the
// account as a whole: in its own spaces, sys.memberkey and sys.profile.
func TestStandingStep3AccountWrite(t *testing.T) {
	w, _, bob, _, aB, _ := membersWorld(t)
	app := deviceOf(t, bob, 0x51, note.CmdRecord)
	session := deviceOf(t, bob, 0x52, note.CmdAll)
	profile := func(d device) *record.Version {
		return w.signAs(d, &record.Version{Collection: CollectionProfile, Key: record.ProfileKey(bob.DID()),
			Body: map[string]any{"name": "Bob"}, HasBody: true, Retain: true, Seen: []string{aB}})
	}
	wantAnswer(t, w.standing().Judge(profile(app)), record.Refused, ErrAccountWrite)
	wantAnswer(t, w.standing().Judge(profile(session)), record.Stands, nil)
	own := w.standing()
	own.AccountOwn = true
	note1 := w.signAs(app, &record.Version{Collection: "app.chat", Key: "n1", Body: chat("mine"), HasBody: true, Seen: []string{aB}})
	wantAnswer(t, own.Judge(note1), record.Refused, ErrAccountWrite)
	wantAnswer(t, w.standing().Judge(note1), record.Stands, nil)
	byAccount := w.write(bob, "app.chat", "n2", chat("by the account key"), aB)
	wantAnswer(t, own.Judge(byAccount), record.Stands, nil)
}

// Step 4: its first version is held, seq 0, same key and collection.
func TestStandingStep4FirstVersion(t *testing.T) {
	w, _, bob, _, aB, _ := membersWorld(t)
	v0 := w.write(bob, "app.chat", "k1", chat("first"), aB)
	v1 := w.next(bob, v0, chat("second"), aB)
	wantAnswer(t, w.standing().Judge(v1), record.Stands, nil)
	lacking := w.standing()
	lacking.Lookup = func(id string) (*record.Version, bool) {
		if id == v0.ID {
			return nil, false
		}
		return w.lookup(id)
	}
	got := lacking.Judge(v1)
	wantAnswer(t, got, record.Later, nil)
	if len(got.Missing) != 1 || got.Missing[0] != v0.ID {
		t.Fatalf("missing %v, want the first version %s", got.Missing, v0.ID)
	}
	elsewhere := w.write(bob, "app.chat", "k2", chat("another record"), aB)
	d := record.Next(elsewhere)
	d.Key, d.Body, d.HasBody, d.Seen = "k3", chat("claims another's first"), true, []string{aB}
	moved := w.sign(bob, d)
	wantAnswer(t, w.standing().Judge(moved), record.Refused, ErrFirstVersion)
}

// Step 5: at(seen) and seenAs(seen) are available, else not yet.
func TestStandingStep5Seen(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	later := w.accessVersion(alice, "sys.assign", record.AssignKey(bob.DID(), "admin"),
		map[string]any{"did": bob.DID(), "role": "admin", "assigned": true}, aB)
	v := w.write(bob, "app.chat", "k1", chat("names what is not here"), aB, later.ID)
	got := w.standing().Judge(v)
	wantAnswer(t, got, record.Later, nil)
	if len(got.Missing) != 1 || got.Missing[0] != later.ID {
		t.Fatalf("missing %v", got.Missing)
	}
	w.add(later)
	wantAnswer(t, w.standing().Judge(v), record.Stands, nil)
}

// Steps 6 and 7: the invocation (write or delete, byCreator, body) and
// needs in seenAs(seen); a non-member writes nothing, not even sys.profile.
func TestStandingStep7Invocation(t *testing.T) {
	w, _, bob, carol, aB, aC := membersWorld(t)
	dave := keyOf(t, seedDave)
	s := w.standing()
	bobs := w.write(bob, "app.chat", "c1", chat("bob's"), aB)
	wiki := w.write(bob, "app.wiki", "w1", chat("bob's page"), aB)
	for _, c := range []struct {
		name string
		v    *record.Version
		want record.Answer
	}{
		{"a member writes its own", bobs, record.Stands},
		{"a member edits its own", w.next(bob, bobs, chat("bob's, edited"), aB), record.Stands},
		{"not another's (byCreator)", w.next(carol, bobs, chat("carol's edit"), aC), record.Refused},
		{"a member deletes its own", w.next(bob, bobs, nil, aB), record.Stands},
		{"not another's", w.next(carol, bobs, nil, aC), record.Refused},
		{"anyone edits the wiki", w.next(carol, wiki, chat("carol's edit"), aC), record.Stands},
		{"no grant for the collection", w.write(bob, "app.secret", "s1", chat("x"), aB), record.Refused},
		{"a non-member", w.write(dave, "app.wiki", "w2", chat("let me in"), aB), record.Refused},
		{"a member's profile", w.sign(bob, &record.Version{Collection: CollectionProfile, Key: record.ProfileKey(bob.DID()),
			Body: map[string]any{"name": "Bob"}, HasBody: true, Retain: true, Seen: []string{aB}}), record.Stands},
		{"a non-member's profile", w.sign(dave, &record.Version{Collection: CollectionProfile, Key: record.ProfileKey(dave.DID()),
			Body: map[string]any{"name": "Dave"}, HasBody: true, Retain: true, Seen: []string{aB}}), record.Refused},
		{"a policy on the body", w.write(bob, "app.poll", "p1", map[string]any{"question": "?", "locked": true}, aB), record.Refused},
		{"that holds", w.write(bob, "app.poll", "p2", map[string]any{"question": "?"}, aB), record.Stands},
	} {
		t.Run(c.name, func(t *testing.T) {
			var reason error
			if c.want == record.Refused {
				reason = ErrNotAllowed
			}
			wantAnswer(t, s.Judge(c.v), c.want, reason)
		})
	}
}

// Step 8: a stub, at a peer that reads the space, stands only if needs
// holds without taking a policy on its body as holding; else not yet.
func TestStandingStep8Stub(t *testing.T) {
	w, _, bob, _, aB, _ := membersWorld(t)
	poll := w.write(bob, "app.poll", "p1", map[string]any{"question": "?"}, aB)
	later := w.standing().Judge(poll.Stub())
	wantAnswer(t, later, record.Later, nil)
	if len(later.Missing) != 1 || later.Missing[0] != poll.ID {
		t.Fatalf("missing %v, want the whole version", later.Missing)
	}
	wantAnswer(t, w.standing().Judge(poll), record.Stands, nil)
	msg := w.write(bob, "app.chat", "c1", chat("hi"), aB)
	wantAnswer(t, w.standing().Judge(msg.Stub()), record.Stands, nil)
	nonMember := w.write(keyOf(t, seedDave), "app.poll", "p2", map[string]any{"question": "?"}, aB)
	wantAnswer(t, w.standing().Judge(nonMember.Stub()), record.Refused, ErrNotAllowed)
}

// Steps 2.2 and 8 in a private space: a peer without the key takes a
// statement on a body it cannot open as holding; a reader judges it whole.
func TestStandingPrivateBodies(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	k := newSpaceKey(t, make([]byte, 32))
	w := newPrivateWorld(t, founders(alice), k)
	aB := w.assign(alice, bob, "member")
	open := w.writeSealed(bob, k, "app.poll", "p1", map[string]any{"question": "?"}, aB)
	locked := w.writeSealed(bob, k, "app.poll", "p2", map[string]any{"question": "?", "locked": true}, aB)
	reader := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: keyHolder{k}}
	carrier := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: NoKey{}}
	wantAnswer(t, reader.Judge(open), record.Stands, nil)
	wantAnswer(t, reader.Judge(locked), record.Refused, ErrNotAllowed)
	wantAnswer(t, carrier.Judge(open), record.Stands, nil)
	wantAnswer(t, carrier.Judge(locked), record.Stands, nil)
	wantAnswer(t, reader.Judge(open.Stub()), record.Later, nil)
	wantAnswer(t, carrier.Judge(open.Stub()), record.Stands, nil)
	// What needs no body is judged alike by both: no grant of bob's fits
	// app.secret, whatever its body says.
	secret := w.writeSealed(bob, k, "app.secret", "s1", chat("no grant"), aB)
	wantAnswer(t, reader.Judge(secret), record.Refused, ErrNotAllowed)
	wantAnswer(t, carrier.Judge(secret), record.Refused, ErrNotAllowed)
	wantAnswer(t, carrier.Judge(secret.Stub()), record.Refused, ErrNotAllowed)
	// A stub whose grant fails apart from its body is refused at once, not
	// waited for, even at a reader.
	wantAnswer(t, reader.Judge(secret.Stub()), record.Refused, ErrNotAllowed)
}

// Step 9: a final rule of the definition in force in at(seen) refuses every
// seq > 0 version; a definition the peer cannot open gives no rules.
func TestStandingStep9Final(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	def := w.define(alice, "app.wiki", map[string]any{"final": true}, aB)
	v0 := w.write(bob, "app.wiki", "w1", chat("carved in stone"), def)
	wantAnswer(t, w.standing().Judge(v0), record.Stands, nil)
	v1 := w.next(bob, v0, chat("recarved"), def)
	wantAnswer(t, w.standing().Judge(v1), record.Refused, ErrFinal)
	// Not naming the definition, it is judged without its rules.
	v1b := w.next(bob, v0, chat("from before the rule"), aB)
	wantAnswer(t, w.standing().Judge(v1b), record.Stands, nil)

	k := newSpaceKey(t, make([]byte, 32))
	pw := newPrivateWorld(t, founders(alice), k)
	pB := pw.assign(alice, bob, "member")
	sealedDef := &record.Version{Space: pw.sp.ID, Collection: "sys.collection", Key: record.CollectionKey("app.wiki"),
		Retain: true, HasBody: true, Seen: []string{pB}}
	sealedDef.Body = k.sealBody(t, sealedDef, map[string]any{"name": "app.wiki", "schema": map[string]any{},
		"version": float64(1), "rules": map[string]any{"final": true}})
	pdef := pw.add(pw.sign(alice, sealedDef))
	p0 := pw.writeSealed(bob, k, "app.wiki", "w1", chat("one"), pdef)
	p1 := pw.next(bob, p0, k.sealBody(t, &record.Version{Space: pw.sp.ID, Collection: "app.wiki", Key: "w1"}, chat("two")), pdef)
	reader := &Standing{Space: pw.space(), History: pw.h, Lookup: pw.lookup, Opener: keyHolder{k}}
	carrier := &Standing{Space: pw.space(), History: pw.h, Lookup: pw.lookup, Opener: NoKey{}}
	wantAnswer(t, reader.Judge(p1), record.Refused, ErrFinal)
	wantAnswer(t, carrier.Judge(p1), record.Stands, nil)
}

// Step 10: judge (03 §5.1) passes; its withdrawn, refused and not-yet
// answers come through.
func TestStandingStep10Judge(t *testing.T) {
	w, alice, bob, carol, aB, aC := membersWorld(t)
	v := w.write(bob, "app.chat", "c1", chat("before the removal reached me"), aB)
	wantAnswer(t, w.standing().Judge(v), record.Stands, nil)
	w.remove(alice, bob, nil, aB)
	wantAnswer(t, w.standing().Judge(v), record.Withdrawn, ErrAccessTaken)
	phone := deviceOf(t, carol, 0x61, note.CmdAll)
	byPhone := w.signAs(phone, &record.Version{Collection: "app.chat", Key: "c2", Body: chat("phone"), HasBody: true, Seen: []string{aC}})
	wantAnswer(t, w.standing().Judge(byPhone), record.Stands, nil)
	w.change(carol, "sys.revoke", record.RevokeKey(phone.key.DID(), carol.DID()), map[string]any{"key": phone.key.DID()}, aC)
	wantAnswer(t, w.standing().Judge(byPhone), record.Withdrawn, ErrRevoked)
}

// Step 11: fixed fields of a later version equal the first version's;
// a withdrawn version is still judged on its rules, and refused if they
// fail (03 §5.1); skipped where the body cannot be opened.
func TestStandingStep11Fixed(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	def := w.define(alice, "app.wiki", map[string]any{"fixed": []any{"title"}}, aB)
	v0 := w.sign(bob, &record.Version{Collection: "app.wiki", Key: "w1", Retain: true, HasBody: true,
		Body: map[string]any{"title": "Rules", "text": "one"}, Seen: []string{def}})
	keep := w.next(bob, v0, map[string]any{"title": "Rules", "text": "two"}, def)
	change := w.next(bob, v0, map[string]any{"title": "Other", "text": "two"}, def)
	drop := w.next(bob, v0, map[string]any{"text": "no title"}, def)
	wantAnswer(t, w.standing().Judge(keep), record.Stands, nil)
	wantAnswer(t, w.standing().Judge(change), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(drop), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(w.next(bob, v0, nil, def)), record.Stands, nil)
	w.remove(alice, bob, nil, def)
	wantAnswer(t, w.standing().Judge(keep), record.Withdrawn, ErrAccessTaken)
	wantAnswer(t, w.standing().Judge(change), record.Refused, ErrRules)
}

// An access version stands when its event is applied (03 §5.2): a dropped
// one, struck or not allowed, is withdrawn (stored, never counting, §3.4);
// one not yet replayed is later; one that yields no event is refused.
func TestStandingAccessVersions(t *testing.T) {
	alice, carol, dave := keyOf(t, seedAlice), keyOf(t, seedCarol), keyOf(t, seedDave)
	w := newWorld(t, founders(alice), nil)
	aC := w.assign(alice, carol, "admin")
	w.unassign(alice, carol, "admin", nil, aC)
	struck := w.accessVersion(carol, "sys.assign", record.AssignKey(dave.DID(), "member"),
		map[string]any{"did": dave.DID(), "role": "member", "assigned": true}, aC)
	refused := w.accessVersion(dave, "sys.assign", record.AssignKey(dave.DID(), "admin"),
		map[string]any{"did": dave.DID(), "role": "admin", "assigned": true})
	s := w.standing()
	wantAnswer(t, s.Judge(w.held[aC]), record.Stands, nil)
	wantAnswer(t, s.Judge(struck), record.Later, nil)
	w.add(struck)
	w.add(refused)
	if st := w.h.Status(struck.ID); st.Reason != access.Struck {
		t.Fatalf("carol's assignment: %v", st)
	}
	wantAnswer(t, s.Judge(struck), record.Withdrawn, ErrStruck)
	wantAnswer(t, s.Judge(refused), record.Withdrawn, ErrNotAllowed)
	unsigned := *w.held[aC]
	unsigned.Signature = refused.Signature
	wantAnswer(t, s.Judge(&unsigned), record.Refused, ErrUnverified)
}

// byCreator at an owned key is whether the root owns the key (03 §2.3,
// docs/spec/02-records.md §4.1), whoever wrote its first version.
func TestStandingByCreatorOwnedKey(t *testing.T) {
	w, _, bob, carol, aB, aC := membersWorld(t)
	key, err := record.OwnedKey(bob.DID(), "mine")
	must(t, err)
	v0 := w.write(bob, "app.chat", key, chat("bob's own key"), aB)
	wantAnswer(t, w.standing().Judge(v0), record.Stands, nil)
	wantAnswer(t, w.standing().Judge(w.next(bob, v0, chat("bob again"), aB)), record.Stands, nil)
	wantAnswer(t, w.standing().Judge(w.next(carol, v0, chat("carol at bob's key"), aC)), record.Refused, ErrNotAllowed)
}
