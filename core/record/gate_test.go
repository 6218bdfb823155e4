package record

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/core/note"
)

func noteFor(iss, aud string, exp float64) map[string]any {
	return map[string]any{"type": "minca/ucan/dlg@1", "sig": "x",
		"payload": map[string]any{"iss": iss, "aud": aud, "sub": iss, "cmd": "/", "pol": []any{}, "exp": exp}}
}

var now = time.Date(2026, 9, 26, 12, 0, 0, 0, time.UTC)

func TestGate(t *testing.T) {
	account, session, stranger := keyFromSeed(t, 1), keyFromSeed(t, 7), keyFromSeed(t, 8)
	chain := chainOf(t, session, 2)
	withNote := func(exp int64, created string) *Version {
		n, err := note.Make(account, note.Grant{Aud: session.DID(), Cmd: note.CmdAll, Exp: &exp}, bytes.NewReader(make12()))
		if err != nil {
			t.Fatal(err)
		}
		d := draftAt(0, "")
		d.Proof, d.CreatedAt = n.JSON(), created
		return mustSign(t, d, session)
	}
	owned := func(s Signer, owner string) *Version {
		d := draftAt(0, "")
		d.Key, _ = OwnedKey(owner, testKey)
		return mustSign(t, d, s)
	}
	retained := draftAt(0, "")
	retained.Retain = true
	kept := mustSign(t, retained, session)
	mangled := *chain[0]
	mangled.Body = "other"

	cases := []struct {
		name   string
		v      *Version
		notes  NoteChecker
		held   holder
		answer Answer
		reason error
		root   string
	}{
		{"no note: author is root", chain[0], nil, nil, Stands, nil, session.DID()},
		{"note gives the account", withNote(2e9, testCreated), note.Checker{}, nil, Stands, nil, account.DID()},
		{"note judged at createdAt, not now", withNote(1790424001, "2026-09-26T11:00:00.000Z"), note.Checker{}, nil, Stands, nil, account.DID()},
		{"note expired at createdAt", withNote(1790424000, testCreated), note.Checker{}, nil, Refused, ErrNote, ""},
		{"note and no checker", withNote(2e9, testCreated), nil, nil, Refused, ErrNote, ""},
		{"299 s ahead", withNote(2e9, "2026-09-26T12:04:59.000Z"), note.Checker{}, nil, Stands, nil, account.DID()},
		{"301 s ahead", withNote(2e9, "2026-09-26T12:05:01.000Z"), note.Checker{}, nil, Refused, ErrFuture, ""},
		{"later waits for its first", chain[1], nil, holder{}, Later, nil, session.DID()},
		{"later with its first", chain[1], nil, holder{}.add(chain[0].Stub()), Stands, nil, session.DID()},
		{"stub of a retained version", kept.Stub(), nil, nil, Refused, ErrStubOfRetained, ""},
		{"retained whole", kept, nil, nil, Stands, nil, session.DID()},
		{"body swapped", &mangled, nil, nil, Refused, ErrBodyHash, ""},
		{"owned key, owner writes", owned(session, session.DID()), nil, nil, Stands, nil, session.DID()},
		{"owned key, another starts it", owned(stranger, session.DID()), nil, nil, Refused, ErrOwner, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &Gate{Space: testSpace, Now: now, Notes: c.notes, Lookup: c.held.lookup}
			got, verdict := g.Check(c.v)
			if verdict.Answer != c.answer {
				t.Fatalf("got %v, want %v", verdict, c.answer)
			}
			if c.reason != nil && !errors.Is(verdict.Reason, c.reason) {
				t.Errorf("reason %v, want %v", verdict.Reason, c.reason)
			}
			if c.answer != Refused && got.Root != c.root {
				t.Errorf("root %s, want %s", got.Root, c.root)
			}
		})
	}
}

func TestGateOtherSpace(t *testing.T) {
	v := chainOf(t, keyFromSeed(t, 7), 1)[0]
	g := &Gate{Space: otherSpace, Now: now}
	if _, verdict := g.Check(v); verdict.Answer != Refused || !errors.Is(verdict.Reason, ErrSpace) {
		t.Errorf("got %v", verdict)
	}
	if _, verdict := g.CheckValue("not a version"); verdict.Answer != Refused || !errors.Is(verdict.Reason, ErrShape) {
		t.Errorf("got %v", verdict)
	}
}

func TestOwnedKeys(t *testing.T) {
	did := seed07DID
	k, err := OwnedKey(did, testKey)
	if err != nil || len(k) != 71 {
		t.Fatalf("owned key %q (%d): %v", k, len(k), err)
	}
	if part, ok := KeyOwner(k); !ok || part != OwnerPart(did) || !OwnedBy(k, did) {
		t.Errorf("KeyOwner(%q) = %q %v", k, part, ok)
	}
	if OwnedBy(k, "did:key:zDnaeWqjSG4BrSYadheJUx2CC9zxRM6MznQb3bMEW51WEfsxn") {
		t.Error("owned by someone else")
	}
	for _, shared := range []string{testKey, AssignKey(did, "editor"), "own:", "own:xyz:abc", OwnerPart(did)} {
		if _, ok := KeyOwner(shared); ok {
			t.Errorf("%q must be shared", shared)
		}
	}
	if _, err := OwnedKey(did, ""); !errors.Is(err, ErrKey) {
		t.Error("an owner part alone is not a key")
	}
	if _, err := OwnedKey(did, string(make([]byte, 80))); !errors.Is(err, ErrKey) {
		t.Error("too long or bad characters must fail")
	}
}

func TestLoose(t *testing.T) {
	inviter := keyFromSeed(t, 7)
	d := &Version{Collection: CollectionInvitation, CreatedAt: "2026-10-25T18:15:44.884Z",
		Key: "lsshlqgq7ahwsxlpivjrqatywa", Body: map[string]any{"space": map[string]any{"id": testSpace}}, HasBody: true}
	inv := mustSign(t, d, inviter)
	back, err := ParseLoose(wireCopy(t, inv), CollectionInvitation)
	if err != nil || !back.IsLoose() {
		t.Fatalf("a loose invitation: %v", err)
	}
	if err := CheckLoose(inv, "sys.other"); !errors.Is(err, ErrLoose) {
		t.Errorf("wrong collection: %v", err)
	}
	if err := CheckLoose(inv.Stub(), CollectionInvitation); !errors.Is(err, ErrLoose) {
		t.Errorf("a loose version carries its body: %v", err)
	}
	inSpace := chainOf(t, inviter, 1)[0]
	if err := CheckLoose(inSpace, inSpace.Collection); !errors.Is(err, ErrLoose) {
		t.Errorf("a space version is not loose: %v", err)
	}
	g := &Gate{Space: testSpace, Now: now.AddDate(0, 2, 0)}
	if _, verdict := g.Check(inv); !errors.Is(verdict.Reason, ErrSpace) {
		t.Errorf("a loose version is no space's: %v", verdict)
	}
}
