package invite

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Every refusal of 03 §7.6 step 1, on the string.
func TestParseRefusals(t *testing.T) {
	good, err := Encode(mustMake(t, roleParams(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	b64 := func(s string) string { return enc.B64URL([]byte(s)) }
	secret := "." + EncodeSecret(secret0())
	cases := []struct {
		name, in string
		want     Reason
	}{
		{"not base64url", "eyJ+/" + secret, ReasonParse},
		{"padded base64url", good + "=", ReasonParse},
		{"not JSON", b64("{not json"), ReasonParse},
		{"JSON with trailing bytes", b64(`{"collection":"sys.invitation"} x`), ReasonParse},
		{"not an object", b64(`["sys.invitation"]`), ReasonParse},
		{"another collection", b64(`{"collection":"sys.invite","body":{"space":{"id":"b","name":"n"}}}`), ReasonParse},
		{"no body", b64(`{"collection":"sys.invitation"}`), ReasonParse},
		{"no space.id", b64(`{"collection":"sys.invitation","body":{"space":{"name":"n"}}}`), ReasonParse},
		{"no space.name", b64(`{"collection":"sys.invitation","body":{"space":{"id":"b"}}}`), ReasonParse},
		{"space.name not a string", b64(`{"collection":"sys.invitation","body":{"space":{"id":"b","name":1}}}`), ReasonParse},
		{"two dots", good + secret + secret, ReasonParse},
		{"empty secret", good + ".", ReasonSecret},
		{"secret not base64url", good + ".AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+", ReasonParse},
		{"secret of 31 bytes", good + "." + enc.B64URL(make([]byte, 31)), ReasonSecret},
		{"secret of 33 bytes", good + "." + enc.B64URL(make([]byte, 33)), ReasonSecret},
		{"too long", strings.Repeat("A", MaxInviteLen+1), ReasonTooLong},
		{"empty", "   ", ReasonParse},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.in)
			if ReasonOf(err) != c.want || !errors.Is(err, ErrRefused) {
				t.Errorf("Parse: %v, want a %s refusal", err, c.want)
			}
			if _, err := AcceptString(c.in); ReasonOf(err) != c.want {
				t.Errorf("AcceptString: %v, want a %s refusal", err, c.want)
			}
		})
	}
}

// refusalCase is an invitation (its JSON value), the secret beside it, and
// the reason it must be refused for.
type refusalCase struct {
	name   string
	make   func(t *testing.T) (any, []byte)
	reason Reason
}

// Every refusal of 03 §7.4 (checks 1–3) and §7.6 (steps 2–5), each from a
// good invitation changed in one way.
func TestAcceptRefusals(t *testing.T) {
	for _, c := range acceptRefusals() {
		t.Run(c.name, func(t *testing.T) {
			val, secret := c.make(t)
			a, err := Accept(val, secret)
			if ReasonOf(err) != c.reason || a != nil {
				t.Errorf("got %v, want a %s refusal", err, c.reason)
			}
		})
	}
}

func acceptRefusals() []refusalCase {
	// edited: the role invite of roleParams, changed by edit and signed again
	// by the session key under its note.
	edited := func(edit func(d *record.Version, body map[string]any)) func(t *testing.T) (any, []byte) {
		return func(t *testing.T) (any, []byte) {
			v := mustMake(t, roleParams(t))
			return resign(t, v, sessionKey(t), edit).Wire(), secret0()
		}
	}
	body := func(edit func(body map[string]any)) func(t *testing.T) (any, []byte) {
		return edited(func(_ *record.Version, b map[string]any) { edit(b) })
	}
	// underNote: the invitation signed under a note granting cmd and pol
	// (and exp), with or without the secret.
	underNote := func(cmd string, pol any, exp *int64, role string, withSecret bool) func(t *testing.T) (any, []byte) {
		return func(t *testing.T) (any, []byte) {
			v := mustMake(t, roleParams(t))
			n := noteFor(t, testkit.Founder(t), sessionKey(t), cmd, pol, exp)
			out := resign(t, v, sessionKey(t), func(d *record.Version, b map[string]any) {
				d.Proof = n.JSON()
				if role == "" {
					delete(b, BodyRole)
				}
			})
			if withSecret {
				return out.Wire(), secret0()
			}
			return out.Wire(), nil
		}
	}
	past := int64(1_700_000_000) // 2023: the note expired before createdAt
	return []refusalCase{
		// §7.4 check 1: a valid loose version, its note valid at its createdAt.
		{"signature does not verify", func(t *testing.T) (any, []byte) {
			w := mustMake(t, roleParams(t)).Wire()
			w["signature"] = enc.B64URL(make([]byte, 64))
			return w, secret0()
		}, ReasonLoose},
		{"body does not hash to bodyHash", func(t *testing.T) (any, []byte) {
			w := mustMake(t, roleParams(t)).Wire()
			w["body"].(map[string]any)["role"] = "admin"
			return w, secret0()
		}, ReasonLoose},
		{"names a space (not loose)", edited(func(d *record.Version, _ map[string]any) {
			d.Space = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
			d.Log = &record.Log{}
		}), ReasonLoose},
		{"has seen", func(t *testing.T) (any, []byte) {
			w := mustMake(t, roleParams(t)).Wire()
			w["seen"] = []any{}
			return w, secret0()
		}, ReasonLoose},
		{"seq 1", func(t *testing.T) (any, []byte) {
			w := mustMake(t, roleParams(t)).Wire()
			w["seq"] = 1.0
			return w, secret0()
		}, ReasonLoose},
		{"note expired at createdAt", underNote(note.CmdAll, nil, &past, "editor", true), ReasonNote},
		{"note to another key", func(t *testing.T) (any, []byte) {
			v := mustMake(t, roleParams(t))
			n := noteFor(t, testkit.Founder(t), testkit.Founder(t), note.CmdAll, nil, nil)
			return resign(t, v, sessionKey(t), func(d *record.Version, _ map[string]any) { d.Proof = n.JSON() }).Wire(), secret0()
		}, ReasonNote},
		{"note forged", func(t *testing.T) (any, []byte) {
			v := mustMake(t, roleParams(t))
			return resign(t, v, sessionKey(t), func(d *record.Version, _ map[string]any) {
				p := map[string]any{}
				for k, x := range d.Proof {
					p[k] = x
				}
				p["sig"] = enc.B64URL(make([]byte, 64))
				d.Proof = p
			}).Wire(), secret0()
		}, ReasonNote},
		// §7.4 check 2: the body.
		{"a member outside the table", body(func(b map[string]any) { b["expires"] = 1.0 }), ReasonBody},
		{"space not an object", body(func(b map[string]any) { b["space"] = "Chess club" }), ReasonParse},
		{"key of 42 characters", body(func(b map[string]any) { b["key"] = b["key"].(string)[:42] }), ReasonKey},
		{"key of 44 characters", body(func(b map[string]any) { b["key"] = b["key"].(string) + "A" }), ReasonKey},
		{"key not canonical base64url", body(func(b map[string]any) { b["key"] = b["key"].(string)[:42] + "h" }), ReasonKey},
		{"key not a string", body(func(b map[string]any) { b["key"] = []any{} }), ReasonKey},
		{"role not a string", body(func(b map[string]any) { b["role"] = 1.0 }), ReasonRole},
		{"role of 65 characters", body(func(b map[string]any) { b["role"] = strings.Repeat("r", 65) }), ReasonRole},
		{"role of 33 astral characters", body(func(b map[string]any) { b["role"] = strings.Repeat("𝄞", 33) }), ReasonRole},
		{"relays not a list", body(func(b map[string]any) { b["relays"] = "wss://relay.example" }), ReasonLists},
		{"relays holding a number", body(func(b map[string]any) { b["relays"] = []any{1.0} }), ReasonLists},
		{"nodes not a list", body(func(b map[string]any) { b["nodes"] = map[string]any{} }), ReasonLists},
		{"nodes holding null", body(func(b map[string]any) { b["nodes"] = []any{nil} }), ReasonLists},
		// §7.4 check 3: the note lets its key invite to that space.
		{"role invite under a records-only note", underNote(note.CmdRecord, nil, nil, "editor", true), ReasonNotAllowed},
		{"role invite under a note for another collection", underNote(note.CmdAccessChange,
			[]any{[]any{"==", ".collection", "sys.role"}}, nil, "editor", true), ReasonNotAllowed},
		{"role invite under a note for another space", underNote(note.CmdAll,
			[]any{[]any{"==", ".space", "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"}}, nil, "editor", true), ReasonNotAllowed},
		{"a secret beside a view-only body, read-only note", underNote(note.CmdRecordRead, nil, nil, "", true), ReasonNotAllowed},
		{"a role in the body, read-only note", underNote(note.CmdRecordRead, nil, nil, "editor", true), ReasonNotAllowed},
		{"view-only invite under an access-only note", underNote(note.CmdAccessChange, nil, nil, "", false), ReasonNotAllowed},
		// §7.6 step 3: checkSpace.
		{"space renamed (id no longer its hash)", body(func(b map[string]any) {
			b["space"].(map[string]any)["name"] = "Chess club!"
		}), ReasonSpace},
		{"space with a founder added", body(func(b map[string]any) {
			top := b["space"].(map[string]any)["top"].(map[string]any)
			top["founders"] = append(top["founders"].([]any), "did:key:zDnaepvP6YSjYyaBgu3v9VSziUgdmpk4t5a4Xw9VVA1e1BEd9")
		}), ReasonSpace},
		// §7.6 step 4: no key for a public space.
		{"a key for a public space", func(t *testing.T) (any, []byte) {
			p := roleParams(t)
			p.Space, p.SpaceKey = publicClub(t), nil
			v := mustMake(t, p)
			return resign(t, v, sessionKey(t), func(_ *record.Version, b map[string]any) {
				b["key"] = enc.B64URL(make([]byte, 32))
			}).Wire(), secret0()
		}, ReasonPublicKey},
		// §7.6 step 5: a secret of 32 bytes.
		{"a 31-byte secret", func(t *testing.T) (any, []byte) {
			return mustMake(t, roleParams(t)).Wire(), make([]byte, 31)
		}, ReasonSecret},
		{"an empty secret", func(t *testing.T) (any, []byte) {
			return mustMake(t, roleParams(t)).Wire(), []byte{}
		}, ReasonSecret},
		// Choice: a role named with no secret beside it.
		{"a role with no secret", func(t *testing.T) (any, []byte) {
			return mustMake(t, roleParams(t)).Wire(), nil
		}, ReasonNoSecret},
	}
}

// Relays and nodes that break their rules are ignored whole, never a
// refusal (§7.4, §7.6).
func TestListsIgnored(t *testing.T) {
	did := testkit.Founder(t).DID()
	cases := []struct {
		name          string
		relays, nodes []any
		wantRelays    int
		wantNodes     int
	}{
		{"all good", []any{"wss://a.example", "ws://localhost:7000"}, []any{"wss://host.example/peer#" + did}, 2, 1},
		{"a relay over ws:// elsewhere", []any{"wss://a.example", "ws://a.example"}, nil, 0, 0},
		{"a relay twice", []any{"wss://a.example", "wss://a.example"}, nil, 0, 0},
		{"nine relays", nineOf("wss://r%d.example"), nil, 0, 0},
		{"a node without a pin", nil, []any{"wss://host.example/peer"}, 0, 0},
		{"a node pinned by something else", nil, []any{"wss://host.example/peer#host"}, 0, 0},
		{"a node URL twice", nil, []any{"wss://h.example#" + did, "wss://h.example#" + sessionKey(t).DID()}, 0, 0},
		{"a node over http", nil, []any{"https://h.example#" + did}, 0, 0},
		{"nine nodes", nil, nineOf("wss://n%d.example#" + did), 0, 0},
		{"eight nodes", nil, nineOf("wss://n%d.example#" + did)[:8], 0, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := resign(t, mustMake(t, roleParams(t)), sessionKey(t), func(_ *record.Version, b map[string]any) {
				delete(b, BodyRelays)
				if c.relays != nil {
					b[BodyRelays] = c.relays
				}
				if c.nodes != nil {
					b[BodyNodes] = c.nodes
				}
			})
			a, err := Accept(v.Wire(), secret0())
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if len(a.Relays) != c.wantRelays || (c.relays != nil && c.wantRelays == 0) != (a.RelaysIgnored != nil) {
				t.Errorf("relays %v (ignored: %v), want %d", a.Relays, a.RelaysIgnored, c.wantRelays)
			}
			if len(a.Nodes) != c.wantNodes || (c.nodes != nil && c.wantNodes == 0) != (a.NodesIgnored != nil) {
				t.Errorf("nodes %v (ignored: %v), want %d", a.Nodes, a.NodesIgnored, c.wantNodes)
			}
		})
	}
}

func nineOf(format string) []any {
	out := make([]any, 9)
	for i := range out {
		out[i] = strings.Replace(format, "%d", string(rune('0'+i)), 1)
	}
	return out
}

// Dialable: every node until the space names keepers, then only keepers'.
func TestDialable(t *testing.T) {
	a, b := testkit.Founder(t).DID(), sessionKey(t).DID()
	nodes, err := ParseNodes([]string{"wss://a.example#" + a, "wss://b.example#" + b})
	if err != nil {
		t.Fatal(err)
	}
	if got := Dialable(nodes, nil); len(got) != 2 {
		t.Errorf("no keepers: %v", got)
	}
	got := Dialable(nodes, []space.Keeper{{DID: b, Name: "b"}})
	if len(got) != 1 || got[0].DID != b || got[0].String() != "wss://b.example#"+b {
		t.Errorf("keeper b: %v", got)
	}
}

// Making refuses what a joiner would refuse or ignore.
func TestMakeRefusals(t *testing.T) {
	cases := []struct {
		name string
		edit func(p *Params)
		want Reason
	}{
		{"a key for a public space", func(p *Params) { p.Space = publicClub(t) }, ReasonKey},
		{"a short key", func(p *Params) { p.SpaceKey = p.SpaceKey[:31] }, ReasonKey},
		{"bad relays", func(p *Params) { p.Relays = []string{"http://x"} }, ReasonLists},
		{"a records-only note", func(p *Params) {
			p.Note = noteFor(t, testkit.Founder(t), sessionKey(t), note.CmdRecord, nil, nil)
		}, ReasonNotAllowed},
		{"a role too long", func(p *Params) { p.Role = strings.Repeat("r", 65) }, ReasonRole},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := roleParams(t)
			c.edit(&p)
			if _, err := Make(p); ReasonOf(err) != c.want {
				t.Errorf("got %v, want a %s refusal", err, c.want)
			}
		})
	}
	p := roleParams(t)
	p.Nodes = []string{"wss://h.example"}
	if _, err := Make(p); !errors.Is(err, ErrNodes) {
		t.Errorf("unpinned node: %v", err)
	}
}
