package note

import (
	"fmt"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/policy"
)

// Commands notes carry that peers check (01 §8, as 03 uses them).
const (
	CmdAll              = "/"                  // everything (sessions)
	CmdRecord           = "/record"            // records only: never changes access
	CmdRecordRead       = "/record/read"       // { space }: a view-only invitation
	CmdAccessChange     = "/access/change"     // { collection, space }
	CmdCollectionDefine = "/collection/define" // { collection, space }
	CmdAccountWrite     = "/account/write"     // {}: the account as a whole
)

// Delegation is what a checked note, or a version without one, gives: the
// root account the key acts for, and what the key may do for it.
type Delegation struct {
	Root string // the account: the note's issuer, or the author itself
	Key  string // the key that signs: the note's audience, the version's author
	Cmd  string
	Pol  policy.Policy
	Note *Note // nil for a version without a note
}

// Allows says whether the key may invoke cmd with args for its account:
// the note's cmd covers it and its policy holds (a version without a note
// may do everything).
func (d Delegation) Allows(cmd string, args any) bool {
	return policy.Covers(d.Cmd, cmd) && d.Pol.Eval(args) == policy.True
}

// AccessChange: may the key write access records in collection of space
// (03 §3.3, and §7.4 for a role invitation: collection "sys.invite")?
func (d Delegation) AccessChange(collection, space string) bool {
	return d.Allows(CmdAccessChange, map[string]any{"collection": collection, "space": space})
}

// CollectionDefine: may the key write the sys.collection version defining
// collection in space (03 §3.3)?
func (d Delegation) CollectionDefine(collection, space string) bool {
	return d.Allows(CmdCollectionDefine, map[string]any{"collection": collection, "space": space})
}

// RecordRead: may the key invite to read space (a view-only invitation,
// 03 §7.4)?
func (d Delegation) RecordRead(space string) bool {
	return d.Allows(CmdRecordRead, map[string]any{"space": space})
}

// AccountWrite: does the note grant /account/write for the account as a
// whole (03 §5.2 step 3, §13.1)?
func (d Delegation) AccountWrite() bool {
	return d.Allows(CmdAccountWrite, map[string]any{})
}

// Self is the delegation of a version without a note: its author is its
// own root and may do everything (03 §7.4: "With no note, its author is the
// account and may").
func Self(author string) Delegation {
	return Delegation{Root: author, Key: author, Cmd: CmdAll}
}

// Check checks a version's proof (nil, or a nil map, for none) against its author, at its
// createdAt: the note parses, is one link from its issuer to author (sub =
// iss, aud = author), is valid at createdAt, and is signed by its issuer.
func Check(proof any, author string, createdAt time.Time) (Delegation, error) {
	if m, ok := proof.(map[string]any); proof == nil || (ok && m == nil) {
		return Self(author), nil
	}
	n, err := Parse(proof)
	if err != nil {
		return Delegation{}, err
	}
	if err := n.CheckFor(author, createdAt); err != nil {
		return Delegation{}, err
	}
	return Delegation{Root: n.Iss, Key: n.Aud, Cmd: n.Cmd, Pol: n.Pol, Note: n}, nil
}

// CheckAt is Check with createdAt as a version writes it
// (2026-01-01T00:00:00.000Z).
func CheckAt(proof any, author, createdAt string) (Delegation, error) {
	t, err := time.Parse("2006-01-02T15:04:05.000Z", createdAt)
	if err != nil {
		return Delegation{}, fmt.Errorf("%w: createdAt %q: %v", ErrTime, createdAt, err)
	}
	return Check(proof, author, t)
}

// CheckFor checks a parsed note for a version by author at createdAt.
func (n *Note) CheckFor(author string, createdAt time.Time) error {
	if n.Sub != n.Iss {
		return fmt.Errorf("%w: sub %s is not the issuer %s", ErrChain, n.Sub, n.Iss)
	}
	if n.Aud != author {
		return fmt.Errorf("%w: aud %s, author %s", ErrAudience, n.Aud, author)
	}
	if !n.ValidAt(createdAt) {
		return fmt.Errorf("%w: %s", ErrTime, createdAt.UTC().Format(time.RFC3339Nano))
	}
	return n.Verify()
}

// ValidAt says whether t is within the note's bounds: nbf ≤ t < exp, in
// whole seconds (t rounded down).
func (n *Note) ValidAt(t time.Time) bool {
	s := t.UnixMilli()
	if s < 0 {
		s -= 999 // floor for times before 1970
	}
	s /= 1000
	return (n.Nbf == nil || *n.Nbf <= s) && (n.Exp == nil || s < *n.Exp)
}

// Verify checks the issuer's signature over SigningBytes.
func (n *Note) Verify() error {
	msg, err := SigningBytes(n.payload)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if err := identity.Verify(n.Iss, msg, n.Sig); err != nil {
		return fmt.Errorf("%w: %v", ErrSignature, err)
	}
	return nil
}

// Checker gives a version's root from its proof, for core/record's gate
// (its NoteChecker): Check's Root, or its error.
type Checker struct{}

// Root checks proof for a version by author created at at (see Check).
func (Checker) Root(proof map[string]any, author string, at time.Time) (string, error) {
	d, err := Check(proof, author, at)
	return d.Root, err
}
