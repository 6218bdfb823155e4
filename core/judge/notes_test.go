package judge

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
)

// A version signed by a device key under its account's note: the event's
// root is the account, and the note must grant /access/change (or
// /collection/define for sys.collection) with the arguments of 01 §8
// (03 §3.3).
func TestEventFromVersionNotes(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	assign := func(d device) *record.Version {
		return w.signAs(d, &record.Version{Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"),
			Retain: true, Body: map[string]any{"did": bob.DID(), "role": "member", "assigned": true}, HasBody: true})
	}
	define := func(d device, name string) *record.Version {
		return w.signAs(d, &record.Version{Collection: "sys.collection", Key: record.CollectionKey(name),
			Retain: true, Body: map[string]any{"name": name}, HasBody: true})
	}
	session := deviceOf(t, alice, 0x21, note.CmdAll)
	recordsOnly := deviceOf(t, alice, 0x22, note.CmdRecord)
	invitesOnly := deviceOf(t, alice, 0x23, note.CmdAccessChange, []any{"==", ".collection", "sys.invite"})
	chatDefiner := deviceOf(t, alice, 0x24, note.CmdCollectionDefine, []any{"==", ".collection", "app.chat"})
	otherSpace := deviceOf(t, alice, 0x25, note.CmdAccessChange, []any{"==", ".space", "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"})
	toAnother := session
	toAnother.key = keyOf(t, 0x26) // the note names another key as its audience
	for _, c := range []struct {
		name string
		v    *record.Version
		want error
	}{
		{"a session key may do everything", assign(session), nil},
		{"a note granting records only never changes access", assign(recordsOnly), ErrNotGranted},
		{"a note for invites only does not assign", assign(invitesOnly), ErrNotGranted},
		{"a note for another space", assign(otherSpace), ErrNotGranted},
		{"a note to another key", assign(toAnother), ErrUnverified},
		{"a definer of app.chat defines app.chat", define(chatDefiner, "app.chat"), nil},
		{"and not app.wiki", define(chatDefiner, "app.wiki"), ErrNotGranted},
		{"records only define nothing", define(recordsOnly, "app.chat"), ErrNotGranted},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev, err := EventFromVersion(c.v, w.space())
			if c.want != nil {
				if !errors.Is(err, c.want) {
					t.Fatalf("error %v, want %v", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ev.Root != alice.DID() || ev.Author != c.v.Author {
				t.Fatalf("root %s author %s", ev.Root, ev.Author)
			}
		})
	}
}

// Step 2 of judge with a device key: the account revokes the key; what the
// key signed is withdrawn, what the account signed elsewhere stands; a
// revoke by another account names nothing of alice's (03 §6.4).
func TestJudgeRevokedDeviceKey(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	phone := deviceOf(t, alice, 0x31, note.CmdAll)
	a1 := w.assign(alice, bob, "member")
	byPhone := w.signAs(phone, &record.Version{Collection: "app.chat", Key: "p1", Body: chat("from the phone"),
		HasBody: true, Seen: []string{a1}})
	byAlice := w.write(alice, "app.chat", "a1", chat("from the account key"), a1)
	judged := func(v *record.Version) record.Verdict {
		return Judge(w.h, QueryOf(v, alice.DID(), writeNeeds(v, alice.DID())))
	}
	wantAnswer(t, judged(byPhone), record.Stands, nil)
	// bob "revokes" alice's phone: it sits at bob's own revoke key and names
	// nothing alice signed (revoked(key, account) matches the root).
	w.change(bob, "sys.revoke", record.RevokeKey(phone.key.DID(), bob.DID()), map[string]any{"key": phone.key.DID()}, a1)
	wantAnswer(t, judged(byPhone), record.Stands, nil)
	r := w.change(alice, "sys.revoke", record.RevokeKey(phone.key.DID(), alice.DID()), map[string]any{"key": phone.key.DID()}, a1)
	if st := w.h.Status(r); st.Outcome != access.Applied {
		t.Fatalf("revoke: %v", st)
	}
	wantAnswer(t, judged(byPhone), record.Withdrawn, ErrRevoked)
	wantAnswer(t, judged(byAlice), record.Stands, nil)
}
