package judge

import (
	"fmt"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// defineRole writes a role's definition (03 §2.4, §6.1): grants are
// payloads from the writer's account to the role, about the space.
func (w *world) defineRole(by *identity.KeyPair, name string, grants []map[string]any, nests []string, seen ...string) string {
	var gl []any
	for i, g := range grants {
		gl = append(gl, map[string]any{"iss": by.DID(), "aud": "role:" + name, "sub": w.sp.ID,
			"cmd": g["cmd"], "pol": g["pol"], "nonce": fmt.Sprintf("n%d", i)})
	}
	if gl == nil {
		gl = []any{}
	}
	body := map[string]any{"name": name, "grants": gl}
	if nests != nil {
		var nl []any
		for _, n := range nests {
			nl = append(nl, n)
		}
		body["nests"] = nl
	}
	return w.change(by, "sys.role", record.RoleKey(name), body, seen...)
}

// rolesWorld has definitions by a founder and by an admin (attenuation),
// rivals, and a nesting.
func rolesWorld(t testing.TB) (*world, []*identity.KeyPair, [][]string) {
	alice, bob, carol, dave := keyOf(t, seedAlice), keyOf(t, seedBob), keyOf(t, seedCarol), keyOf(t, seedDave)
	w := newWorld(t, founders(alice), nil)
	aB := w.assign(alice, bob, "member")
	aC := w.assign(alice, carol, "admin", aB)
	aD := w.assign(alice, dave, "member", aC)
	poll := []any{[]any{"==", ".collection", "app.poll"}, []any{"!=", ".body.locked", true}}
	// Carol (admin, who may define member but not write records) redefines
	// member; apart, alice does too: rivals.
	byCarol := w.defineRole(carol, "member", []map[string]any{
		{"cmd": "/record/write", "pol": poll},
		{"cmd": "/record", "pol": []any{[]any{"==", ".collection", "app.wiki"}}},
	}, nil, aD)
	byAlice := w.defineRole(alice, "member", []map[string]any{
		{"cmd": "/record/write", "pol": poll},
		{"cmd": "/record", "pol": []any{[]any{"==", ".collection", "app.wiki"}}},
	}, []string{"guest"}, aD)
	guest := w.defineRole(alice, "guest", []map[string]any{{"cmd": "/record/write", "pol": []any{[]any{"==", ".collection", "app.guestbook"}}}}, nil, aD)
	after := w.defineRole(alice, "admin", []map[string]any{{"cmd": "/role/define", "pol": []any{}}, {"cmd": "/record", "pol": []any{}}},
		[]string{"member"}, byCarol, byAlice, guest)
	// Frank's roles come from alice's assignments made apart from her
	// stepping down, which strikes them in the whole history but not among
	// what frank's own definition saw: its view differs by judgement.
	frank := keyOf(t, 6)
	x1 := w.assign(alice, frank, "admin", after)
	x2 := w.assign(alice, frank, "member", x1)
	sd := w.change(alice, "sys.stepdown", record.StepdownKey(alice.DID()), map[string]any{"did": alice.DID()}, after)
	byFrank := w.defineRole(frank, "member", []map[string]any{
		{"cmd": "/record", "pol": []any{[]any{"==", ".collection", "app.wiki"}}}}, nil, x2)
	seens := [][]string{{}, {aB}, {aD}, {byCarol}, {byAlice}, {byCarol, byAlice}, {guest, byAlice}, {after},
		{byFrank}, {byFrank, sd}, {sd}}
	return w, []*identity.KeyPair{alice, bob, carol, dave, keyOf(t, seedErin), frank}, seens
}

// The trusting reading agrees with core/access's May wherever nothing is
// unopened, in every kind of state standing asks about: seenAs(seen),
// at(seen) and at(seen, within).
func TestTrustingMayMatchesMay(t *testing.T) {
	w, people, seens := rolesWorld(t)
	var invs []struct {
		cmd  string
		args map[string]any
	}
	for _, coll := range []string{"app.poll", "app.wiki", "app.guestbook", "app.secret"} {
		for _, body := range []any{map[string]any{}, map[string]any{"locked": true}} {
			for _, bc := range []bool{true, false} {
				invs = append(invs, struct {
					cmd  string
					args map[string]any
				}{space.CmdRecordWrite, space.RecordWriteArgs(coll, bc, body)})
			}
		}
		invs = append(invs, struct {
			cmd  string
			args map[string]any
		}{space.CmdRecordDelete, space.RecordDeleteArgs(coll, true)})
	}
	invs = append(invs, struct {
		cmd  string
		args map[string]any
	}{space.CmdRoleDefine, space.RoleDefineArgs("member")})
	type judged struct {
		name  string
		st    *access.State
		among []string
	}
	var states []judged
	for _, seen := range seens {
		sa, ok := w.h.SeenAs(seen)
		if !ok {
			t.Fatalf("seenAs %v", seen)
		}
		at, _ := w.h.At(seen, nil)
		within := append([]string{}, seens[len(seens)-1]...)
		atW, _ := w.h.At(seen, within)
		states = append(states, judged{fmt.Sprint("seenAs", seen), sa, seen},
			judged{fmt.Sprint("at", seen), at, nil},
			judged{fmt.Sprint("at within", seen), atW, append(append([]string{}, seen...), within...)})
	}
	holds := 0
	for _, s := range states {
		for _, p := range people {
			for _, inv := range invs {
				want := s.st.May(p.DID(), inv.cmd, inv.args)
				if got := s.st.MayTrusting(p.DID(), inv.cmd, inv.args); got != want {
					t.Fatalf("%s: %s %s %v: trusting %v, May %v", s.name, p.DID()[:16], inv.cmd, inv.args, got, want)
				}
				if want {
					holds++
				}
			}
		}
	}
	if holds == 0 {
		t.Fatal("no invocation holds anywhere: the comparison says nothing")
	}
}

// An unopened body and an empty one are different invocations: asking
// about one must not answer the other (core/access's may() cache), and the
// trusting reading takes the poll's statement on body as holding.
func TestMayTrustingUnopenedBody(t *testing.T) {
	w, people, seens := rolesWorld(t)
	unopened := space.RecordWriteArgs("app.poll", true, policy.Unopened)
	empty := space.RecordWriteArgs("app.poll", true, map[string]any{})
	differ := 0
	for _, seen := range seens {
		st, _ := w.h.At(seen, nil)
		for _, p := range people {
			strict := st.May(p.DID(), space.CmdRecordWrite, unopened)
			open := st.May(p.DID(), space.CmdRecordWrite, empty)
			trusting := st.MayTrusting(p.DID(), space.CmdRecordWrite, unopened)
			if open != trusting {
				t.Fatalf("at %v, %s: May on {} %v, trusting on an unopened body %v", seen, p.DID()[:16], open, trusting)
			}
			if strict && !trusting {
				t.Fatalf("at %v, %s: strict holds where trusting does not", seen, p.DID()[:16])
			}
			if open && !strict {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("no state where an unopened body reads differently: the test says nothing")
	}
}

// A prepared invocation (access.Invocation, written once and asked of many
// states, as standing asks seenAs and at) answers as May and MayTrusting
// asked afresh, strictly and trusting, with the body opened or not.
func TestPreparedInvocationMatchesMay(t *testing.T) {
	w, people, seens := rolesWorld(t)
	argsList := []map[string]any{
		space.RecordWriteArgs("app.poll", true, policy.Unopened),
		space.RecordWriteArgs("app.poll", true, map[string]any{}),
		space.RecordWriteArgs("app.wiki", false, map[string]any{"locked": true}),
		space.RecordDeleteArgs("app.wiki", true),
	}
	holds := 0
	for _, args := range argsList {
		cmd := space.CmdRecordWrite
		if len(args) == 2 {
			cmd = space.CmdRecordDelete
		}
		for _, p := range people {
			inv, ok := access.NewInvocation(cmd, args)
			if !ok {
				t.Fatalf("%v: not JSON", args)
			}
			for _, seen := range seens {
				st, _ := w.h.At(seen, nil)
				for _, trusting := range []bool{false, true} {
					want := st.May(p.DID(), cmd, args) ||
						trusting && args[space.ArgBody] == policy.Unopened && st.MayTrusting(p.DID(), cmd, args)
					if got := mayInvoke(st, p.DID(), inv, trusting); got != want {
						t.Fatalf("at %v, %s %s %v trusting=%v: prepared %v, afresh %v", seen, p.DID()[:16], cmd, args, trusting, got, want)
					}
					if want {
						holds++
					}
				}
			}
		}
	}
	if holds == 0 {
		t.Fatal("no invocation holds anywhere: the comparison says nothing")
	}
}
