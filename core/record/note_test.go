package record

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/note"
)

// TestGateWithRealNotes runs the gate with core/note's checker: the root is
// the note's issuer, judged at the version's createdAt.
func TestGateWithRealNotes(t *testing.T) {
	account, session, other := keyFromSeed(t, 1), keyFromSeed(t, 7), keyFromSeed(t, 8)
	exp := now.Unix() + 10
	noteTo := func(aud string) map[string]any {
		n, err := note.Make(account, note.Grant{Aud: aud, Cmd: note.CmdAll, Exp: &exp}, bytes.NewReader(make12()))
		if err != nil {
			t.Fatal(err)
		}
		return n.JSON()
	}
	signed := func(proof map[string]any, created string) *Version {
		d := draftAt(0, "")
		d.Proof, d.CreatedAt = proof, created
		return mustSign(t, d, session)
	}
	g := &Gate{Space: testSpace, Now: now.Add(3600e9), Notes: note.Checker{}}
	got, verdict := g.Check(signed(noteTo(session.DID()), testCreated))
	if verdict.Answer != Stands || got.Root != account.DID() {
		t.Fatalf("a note to the signing key: %v, root %s", verdict, got.Root)
	}
	if _, verdict := g.Check(signed(noteTo(other.DID()), testCreated)); !errors.Is(verdict.Reason, ErrNote) {
		t.Errorf("a note to another key: %v", verdict)
	}
	if _, verdict := g.Check(signed(noteTo(session.DID()), "2026-09-26T12:00:10.000Z")); !errors.Is(verdict.Reason, ErrNote) {
		t.Errorf("written after its note expired: %v", verdict)
	}
}

func make12() []byte { return bytes.Repeat([]byte{9}, 12) }
