package judge

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
)

// The record keys of 03 §3.1's examples, as the helpers every kind uses
// give them (testdata/record-keys.json, from vectors.json).
func TestRecordKeyVectors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "record-keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		Name   string
		Inputs struct {
			Prefix string `json:"prefix"`
			Input  string `json:"hex40_input_utf8"`
		}
		Expected struct {
			Key string `json:"record_key"`
		}
	}
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 5 {
		t.Fatalf("%d vectors, want 5", len(vs))
	}
	for _, v := range vs {
		var got string
		switch v.Inputs.Prefix {
		case record.PrefixAssign:
			did, role, _ := strings.Cut(v.Inputs.Input, "|")
			got = record.AssignKey(did, role)
			// The same key as the event the replay reads names it.
			ev := access.Event{Kind: access.KindAssign, DID: did, Role: role}
			if ev.RecordKey() != got {
				t.Errorf("%s: event's record key %s", v.Name, ev.RecordKey())
			}
		case record.PrefixRemove:
			got = record.RemoveKey(v.Inputs.Input)
		case record.PrefixStepdown:
			got = record.StepdownKey(v.Inputs.Input)
		case record.PrefixSucceed:
			got = record.SucceedKey(v.Inputs.Input)
		case record.PrefixInvite:
			got = record.InviteKey(v.Inputs.Input)
		}
		if got != v.Expected.Key {
			t.Errorf("%s: %s, want %s", v.Name, got, v.Expected.Key)
		}
	}
}

// kindCase is one access version and the event it must yield.
type kindCase struct {
	name       string
	collection string
	key        string
	body       any
	deleted    bool
	check      func(t *testing.T, ev access.Event)
}

// kindCases has a version of every kind of 03 §3.3, written by alice (a
// founder) in w.
func kindCases(t testing.TB, w *world) []kindCase {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	invite := keyOf(t, 0x77)
	sig, err := invite.Sign(JoinMessage(w.sp.ID, bob.DID()))
	if err != nil {
		t.Fatal(err)
	}
	r0 := w.write(alice, "app.chat", "f0", chat("zero"))
	r1a := w.write(alice, "app.chat", "f1", chat("one"))
	r1b := w.sign(alice, &record.Version{Collection: "app.chat", Key: "f2", Body: chat("fork"),
		HasBody: true, Log: &record.Log{N: 1, Prev: r0.ID}})
	payload := map[string]any{"iss": alice.DID(), "aud": "role:member", "sub": w.sp.ID,
		"cmd": "/record/write", "pol": []any{[]any{"==", ".collection", "app.chat"}}, "nonce": "AAECAwQFBgcICQoL"}
	successor := "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
	return []kindCase{
		{"role", "sys.role", "role:member", map[string]any{"name": "member", "title": "Member",
			"grants": []any{payload}, "nests": []any{"guest"}}, false, func(t *testing.T, ev access.Event) {
			if ev.Name != "member" || ev.Title != "Member" || len(ev.Grants) != 1 || ev.Grants[0].Cmd != "/record/write" ||
				len(ev.Nests) != 1 || ev.Nests[0] != "guest" || len(ev.Cutoff) != 0 {
				t.Errorf("role event %+v", ev)
			}
		}},
		{"assign", "sys.assign", record.AssignKey(bob.DID(), "member"), map[string]any{"did": bob.DID(),
			"role": "member", "assigned": true, "cutoff": cut(bob, "app.chat", 3)}, false, func(t *testing.T, ev access.Event) {
			if ev.DID != bob.DID() || ev.Role != "member" || !ev.Assigned || ev.ViaInvite != "" || ev.Cutoff[bob.DID()]["app.chat"] != 3 {
				t.Errorf("assign event %+v", ev)
			}
		}},
		{"unassign", "sys.assign", record.AssignKey(bob.DID(), "admin"), map[string]any{"did": bob.DID(),
			"role": "admin", "assigned": false}, false, func(t *testing.T, ev access.Event) {
			if ev.Assigned || ev.Role != "admin" {
				t.Errorf("unassign event %+v", ev)
			}
		}},
		{"join", "sys.assign", record.AssignKey(bob.DID(), "member"), map[string]any{"did": bob.DID(),
			"role": "member", "assigned": true, "invite": map[string]any{"key": invite.DID(), "signature": enc.B64URL(sig)}},
			false, func(t *testing.T, ev access.Event) {
				if ev.ViaInvite != invite.DID() {
					t.Errorf("join event %+v", ev)
				}
			}},
		{"remove", "sys.remove", record.RemoveKey(bob.DID()), map[string]any{"did": bob.DID(),
			"cutoff": cut(bob, "app.chat", 7)}, false, func(t *testing.T, ev access.Event) {
			if ev.DID != bob.DID() || ev.Cutoff[bob.DID()]["app.chat"] != 7 {
				t.Errorf("remove event %+v", ev)
			}
		}},
		{"stepdown", "sys.stepdown", record.StepdownKey(alice.DID()), map[string]any{"did": alice.DID()},
			false, func(t *testing.T, ev access.Event) {
				if ev.DID != alice.DID() {
					t.Errorf("stepdown event %+v", ev)
				}
			}},
		{"invite", "sys.invite", record.InviteKey(invite.DID()), map[string]any{"key": invite.DID(), "role": "member",
			"open": true, "cutoff": "ignored for an invite"}, false, func(t *testing.T, ev access.Event) {
			if ev.InviteKey != invite.DID() || ev.Role != "member" || !ev.Open || len(ev.Cutoff) != 0 {
				t.Errorf("invite event %+v", ev)
			}
		}},
		{"revoke", "sys.revoke", record.RevokeKey(bob.DID(), alice.DID()), map[string]any{"key": bob.DID(),
			"cutoff": cut(bob, "app.wiki", 2)}, false, func(t *testing.T, ev access.Event) {
			if ev.Key != bob.DID() || ev.Account != alice.DID() || ev.Cutoff[bob.DID()]["app.wiki"] != 2 {
				t.Errorf("revoke event %+v", ev)
			}
		}},
		{"fork", "sys.fork", record.ForkKey(alice.DID()), forkBody(t, r1a, r1b), false, func(t *testing.T, ev access.Event) {
			if ev.Writer != alice.DID() || ev.Collection != "app.chat" || ev.From != 1 || ev.OwnCollection() != "sys.fork" {
				t.Errorf("fork event %+v", ev)
			}
		}},
		{"definition", "sys.collection", record.CollectionKey("app.chat"), map[string]any{"name": "app.chat",
			"schema": map[string]any{}, "version": float64(1)}, false, func(t *testing.T, ev access.Event) {
			if ev.Collection != "app.chat" || ev.Deleted || ev.OwnCollection() != "sys.collection" {
				t.Errorf("definition event %+v", ev)
			}
		}},
		{"sealed definition", "sys.collection", record.CollectionKey("app.notes"), map[string]any{
			"sealed": "AaChoqOkpaanqKmqq07DZlJUgYUf0LLiscCoiOZyTpmIYbOrOnd01S8p1FoAP4mxJDJ7", "keyId": "bgk-m-Kq-gEGgJCOOEYNYw"},
			false, func(t *testing.T, ev access.Event) {
				if ev.Collection != "app.notes" {
					t.Errorf("sealed definition event %+v", ev)
				}
			}},
		{"deleted definition", "sys.collection", record.CollectionKey("app.old"), nil, true, func(t *testing.T, ev access.Event) {
			if ev.Collection != "app.old" || !ev.Deleted {
				t.Errorf("deleted definition event %+v", ev)
			}
		}},
		{"key", "sys.key", record.KeySpaceKey, map[string]any{"keyId": "bgk-m-Kq-gEGgJCOOEYNYw",
			"readKey": "did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt", "earlier": "AQID"}, false,
			func(t *testing.T, ev access.Event) {
				if ev.KeyID != "bgk-m-Kq-gEGgJCOOEYNYw" || ev.ReadKey != "did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt" {
					t.Errorf("key event %+v", ev)
				}
			}},
		{"relays", "sys.relays", record.KeyRelays, map[string]any{"relays": []any{"wss://relay.example", "nostr+wss://n.example"}},
			false, func(t *testing.T, ev access.Event) {
				if len(ev.Relays) != 2 || ev.Relays[1] != "nostr+wss://n.example" {
					t.Errorf("relays event %+v", ev)
				}
			}},
		{"keepers", "sys.keepers", record.KeyKeepers, map[string]any{"keepers": []any{map[string]any{"did": bob.DID(),
			"name": "Bob's box"}}, "copies": float64(2)}, false, func(t *testing.T, ev access.Event) {
			if len(ev.Keepers) != 1 || ev.Keepers[0].DID != bob.DID() || ev.Copies == nil || *ev.Copies != 2 {
				t.Errorf("keepers event %+v", ev)
			}
		}},
		{"keepers without copies", "sys.keepers", record.KeyKeepers, map[string]any{"keepers": []any{}, "copies": nil},
			false, func(t *testing.T, ev access.Event) {
				if ev.Copies != nil || len(ev.Keepers) != 0 {
					t.Errorf("keepers event %+v", ev)
				}
			}},
		{"succeed", "sys.succeed", record.SucceedKey(successor), map[string]any{"space": successor}, false,
			func(t *testing.T, ev access.Event) {
				if ev.Space != successor {
					t.Errorf("succeed event %+v", ev)
				}
			}},
	}
}

// Every kind of 03 §3.3 yields its event, with the common fields from the
// version, at the record key the event names (§3.1).
func TestEventFromVersionKinds(t *testing.T) {
	alice := keyOf(t, seedAlice)
	w := newWorld(t, founders(alice), nil)
	kinds := map[access.Kind]bool{}
	for _, c := range kindCases(t, w) {
		t.Run(c.name, func(t *testing.T) {
			d := &record.Version{Collection: c.collection, Key: c.key, Retain: true,
				Seen: []string{w.sp.ID}, Body: c.body, HasBody: !c.deleted, Deleted: c.deleted}
			v := w.sign(alice, d)
			ev, err := EventFromVersion(v, w.space())
			if err != nil {
				t.Fatalf("no event: %v", err)
			}
			if ev.ID != v.ID || ev.Root != alice.DID() || ev.Author != alice.DID() || ev.N != v.Log.N ||
				len(ev.Seen) != 1 || ev.Seen[0] != w.sp.ID {
				t.Errorf("common fields %+v", ev)
			}
			if ev.Kind.Collection() != c.collection || ev.RecordKey() != v.Key {
				t.Errorf("kind %s, record key %s, version at %s", ev.Kind, ev.RecordKey(), v.Key)
			}
			c.check(t, ev)
			kinds[ev.Kind] = true
		})
	}
	if len(kinds) != 12 {
		t.Errorf("%d kinds covered, want all 12", len(kinds))
	}
}

// refusalCase is a version that yields no event, and why.
type refusalCase struct {
	name string
	make func(w *world) *record.Version
	want error
}

func TestEventFromVersionRefusals(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	assignBody := func(did, role string) map[string]any {
		return map[string]any{"did": did, "role": role, "assigned": true}
	}
	assignAt := func(w *world, body any) *record.Version {
		return w.accessVersion(alice, "sys.assign", record.AssignKey(bob.DID(), "member"), body)
	}
	withBody := func(body any) func(w *world) *record.Version {
		return func(w *world) *record.Version { return assignAt(w, body) }
	}
	withCutoff := func(c any) func(w *world) *record.Version {
		b := assignBody(bob.DID(), "member")
		b["cutoff"] = c
		return withBody(b)
	}
	kindBody := func(collection, key string, body any) func(w *world) *record.Version {
		return func(w *world) *record.Version { return w.accessVersion(alice, collection, key, body) }
	}
	tooMany := map[string]any{}
	for i := 0; i < 33; i++ {
		line := map[string]any{}
		for j := 0; j < 32; j++ {
			line["app.c"+string(rune('a'+j%26))+string(rune('a'+j/26))] = float64(1)
		}
		tooMany["did:key:z"+strings.Repeat("x", i+1)] = line
	}
	invite := keyOf(t, 0x77)
	cases := []refusalCase{
		{"key outside the access history", func(w *world) *record.Version {
			return w.accessVersion(alice, "app.chat", "k1", chat("hi"))
		}, ErrNotAccess},
		{"collection not the key prefix's", func(w *world) *record.Version {
			return w.accessVersion(alice, "sys.remove", record.AssignKey(bob.DID(), "member"), assignBody(bob.DID(), "member"))
		}, ErrNotAccess},
		{"another space", func(w *world) *record.Version {
			return w.sign(alice, &record.Version{Space: "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq",
				Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"), Retain: true,
				Body: assignBody(bob.DID(), "member"), HasBody: true})
		}, ErrOtherSpace},
		{"no retain", func(w *world) *record.Version {
			return w.sign(alice, &record.Version{Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"),
				Body: assignBody(bob.DID(), "member"), HasBody: true})
		}, ErrNoRetain},
		{"signature does not verify", func(w *world) *record.Version {
			v := assignAt(w, assignBody(bob.DID(), "member"))
			other := assignAt(w, assignBody(bob.DID(), "member"))
			c := *v
			c.Signature = other.Signature
			return &c
		}, ErrUnverified},
		{"body does not hash to bodyHash", func(w *world) *record.Version {
			v := assignAt(w, assignBody(bob.DID(), "member"))
			c := *v
			c.Body = assignBody(alice.DID(), "member")
			return &c
		}, ErrUnverified},
		{"a note and no checker", func(w *world) *record.Version {
			return w.sign(alice, &record.Version{Collection: "sys.assign", Key: record.AssignKey(bob.DID(), "member"),
				Retain: true, Body: assignBody(bob.DID(), "member"), HasBody: true,
				Proof: map[string]any{"type": "minca/ucan/dlg@1"}})
		}, ErrUnverified},
		{"deleted", func(w *world) *record.Version {
			return w.next(alice, assignAt(w, assignBody(bob.DID(), "member")), nil)
		}, ErrDeleted},
		{"sealed", withBody(map[string]any{"sealed": "AQID", "keyId": "bgk-m-Kq-gEGgJCOOEYNYw"}), ErrSealed},
		{"body a list", withBody([]any{"did", bob.DID()}), ErrBody},
		{"body a string", withBody("assign bob"), ErrBody},
		{"stub", func(w *world) *record.Version { return assignAt(w, assignBody(bob.DID(), "member")).Stub() }, ErrBody},
		{"assign without did", withBody(map[string]any{"role": "member", "assigned": true}), ErrFields},
		{"assign with a bad role name", withBody(assignBody(bob.DID(), "Member!")), ErrFields},
		{"assigned not a boolean", withBody(map[string]any{"did": bob.DID(), "role": "member", "assigned": "yes"}), ErrFields},
		{"assign with a member it does not define", withBody(map[string]any{"did": bob.DID(), "role": "member",
			"assigned": true, "why": "because"}), ErrFields},
		{"join whose invite signature does not verify", func(w *world) *record.Version {
			sig, _ := invite.Sign(JoinMessage(w.sp.ID, alice.DID())) // signed for another joiner
			b := assignBody(bob.DID(), "member")
			b["invite"] = map[string]any{"key": invite.DID(), "signature": enc.B64URL(sig)}
			return assignAt(w, b)
		}, ErrFields},
		{"join signed for another space", func(w *world) *record.Version {
			sig, _ := invite.Sign(JoinMessage("blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq", bob.DID()))
			b := assignBody(bob.DID(), "member")
			b["invite"] = map[string]any{"key": invite.DID(), "signature": enc.B64URL(sig)}
			return assignAt(w, b)
		}, ErrFields},
		{"assign at another account's key", withBody(assignBody(alice.DID(), "member")), ErrRecordKey},
		{"assign at another role's key", withBody(assignBody(bob.DID(), "admin")), ErrRecordKey},
		{"cutoff not an object", withCutoff("all of it"), ErrCutoff},
		{"cutoff naming no key DID", withCutoff(map[string]any{"bob": map[string]any{"app.chat": float64(1)}}), ErrCutoff},
		{"cutoff with a negative place", withCutoff(cutAny(bob.DID(), "app.chat", float64(-1))), ErrCutoff},
		{"cutoff with a fractional place", withCutoff(cutAny(bob.DID(), "app.chat", 1.5)), ErrCutoff},
		{"cutoff with a string place", withCutoff(cutAny(bob.DID(), "app.chat", "3")), ErrCutoff},
		{"cutoff of more than 1024 places", withCutoff(tooMany), ErrCutoff},
		{"remove at another key", kindBody("sys.remove", record.RemoveKey(alice.DID()), map[string]any{"did": bob.DID()}), ErrRecordKey},
		{"stepdown without did", kindBody("sys.stepdown", record.StepdownKey(alice.DID()), map[string]any{}), ErrFields},
		{"invite key not a DID", kindBody("sys.invite", record.InviteKey("abc"), map[string]any{"key": "abc", "role": "member", "open": true}), ErrFields},
		{"invite without open", kindBody("sys.invite", record.InviteKey(invite.DID()), map[string]any{"key": invite.DID(), "role": "member"}), ErrFields},
		{"invite at another invite's key", kindBody("sys.invite", record.InviteKey(bob.DID()), map[string]any{"key": invite.DID(), "role": "member", "open": true}), ErrRecordKey},
		{"stepdown at another account's key", kindBody("sys.stepdown", record.StepdownKey(bob.DID()), map[string]any{"did": alice.DID()}), ErrRecordKey},
		{"relays at another key", kindBody("sys.relays", "relays:other", map[string]any{"relays": []any{}}), ErrRecordKey},
		{"keepers at another key", kindBody("sys.keepers", "keepers:other", map[string]any{"keepers": []any{}}), ErrRecordKey},
		{"fork at another writer's key", func(w *world) *record.Version {
			a := w.write(alice, "app.chat", "n1", chat("one"))
			b := w.sign(alice, &record.Version{Collection: "app.chat", Key: "n2", Body: chat("two"), HasBody: true, Log: &record.Log{N: 0}})
			return w.accessVersion(alice, "sys.fork", record.ForkKey(bob.DID()), forkBody(t, a, b))
		}, ErrFields},
		{"revoke at another account's key", kindBody("sys.revoke", record.RevokeKey(bob.DID(), bob.DID()), map[string]any{"key": bob.DID()}), ErrRecordKey},
		{"role whose grant is from another account", kindBody("sys.role", "role:member", map[string]any{"name": "member",
			"grants": []any{map[string]any{"iss": bob.DID(), "aud": "role:member", "sub": "x", "cmd": "/", "pol": []any{}, "nonce": "n"}}}), ErrFields},
		{"role at another role's key", kindBody("sys.role", "role:admin", map[string]any{"name": "member", "grants": []any{}}), ErrRecordKey},
		{"fork proof of no fork", func(w *world) *record.Version {
			a := w.write(alice, "app.chat", "n1", chat("one"))
			b := w.write(alice, "app.chat", "n2", chat("two"))
			return w.accessVersion(alice, "sys.fork", record.ForkKey(alice.DID()), forkBody(t, a, b))
		}, ErrFields},
		{"definition of a sys collection", kindBody("sys.collection", record.CollectionKey("sys.mine"), map[string]any{"name": "sys.mine"}), ErrFields},
		{"key id too short", kindBody("sys.key", record.KeySpaceKey, map[string]any{"keyId": "abc",
			"readKey": "did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"}), ErrFields},
		{"read key not a P-256 DID", kindBody("sys.key", record.KeySpaceKey, map[string]any{"keyId": "bgk-m-Kq-gEGgJCOOEYNYw",
			"readKey": "did:key:z6Mk"}), ErrFields},
		{"key at another key", kindBody("sys.key", "key:other", map[string]any{"keyId": "bgk-m-Kq-gEGgJCOOEYNYw",
			"readKey": "did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"}), ErrRecordKey},
		{"relays not a list", kindBody("sys.relays", record.KeyRelays, map[string]any{"relays": "wss://r.example"}), ErrFields},
		{"relays holding a number", kindBody("sys.relays", record.KeyRelays, map[string]any{"relays": []any{float64(1)}}), ErrFields},
		{"keeper without name", kindBody("sys.keepers", record.KeyKeepers, map[string]any{"keepers": []any{map[string]any{"did": bob.DID()}}}), ErrFields},
		{"copies fractional", kindBody("sys.keepers", record.KeyKeepers, map[string]any{"keepers": []any{}, "copies": 1.5}), ErrFields},
		{"succeed naming no space id", kindBody("sys.succeed", record.SucceedKey("chess"), map[string]any{"space": "chess"}), ErrFields},
		{"succeed at another key", kindBody("sys.succeed", record.SucceedKey("b"+strings.Repeat("a", 52)),
			map[string]any{"space": "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"}), ErrRecordKey},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, founders(alice), nil)
			v := c.make(w)
			ev, err := EventFromVersion(v, w.space())
			if err == nil {
				t.Fatalf("yielded event %+v", ev)
			}
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			t.Log(err)
		})
	}
}

func cutAny(did, collection string, n any) map[string]any {
	return map[string]any{did: map[string]any{collection: n}}
}
