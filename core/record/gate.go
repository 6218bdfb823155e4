package record

import (
	"fmt"
	"time"
)

// NoteChecker checks a version's note (01 §7, core/note) and gives its root.
//
// How the root is obtained: a version without a proof is its author's own
// root (no checker is called). With a proof, Root must verify that the note
// is of type minca/ucan/dlg@1, is one link (issuer = subject, signed by the
// issuer's root key: a key can't pass its note on, 01 §7.5), is addressed to
// author (aud), and is valid at the version's createdAt (at) — not now, so a
// version outlives the session that signed it — and return the issuer, the
// account. Whether the note's command covers what the version does is not
// asked here: it depends on the space (03 §3.3, §5.2 step 6).
type NoteChecker interface {
	Root(proof map[string]any, author string, at time.Time) (root string, err error)
}

// Gate runs the record-level steps of the gatekeeper (§9) for one space.
// It is pure: Now is the node's clock reading, Lookup what the node holds.
type Gate struct {
	// Space is the id of the space versions arrive for.
	Space string
	// Now is the node's time, for the future-skew check.
	Now time.Time
	// Notes checks proofs; nil means any version carrying a proof is refused.
	Notes NoteChecker
	// Lookup finds held versions (for the chain check).
	Lookup Lookup
}

// Checked is what the record-level steps learned about a version.
type Checked struct {
	Version *Version
	// Root is the account the author acts for (§3.4).
	Root string
}

// Check runs, in order (§9): shape (v is parsed, so only the arrival rule 1b
// is left), the signature and body hash, the note and createdAt, this
// space, an owned key's first version, and the chain. Stands means nothing
// in 02 stops v: access standing (core/judge) is next. Later names the
// versions to ask for. Refused carries the rule broken.
func (g *Gate) Check(v *Version) (Checked, Verdict) {
	if v.Retain && v.IsStub() {
		return Checked{}, Refuse(fmt.Errorf("%w: %s", ErrStubOfRetained, v.ID))
	}
	if err := Verify(v); err != nil {
		return Checked{}, Refuse(err)
	}
	root, err := g.root(v)
	if err != nil {
		return Checked{}, Refuse(err)
	}
	if v.Space != g.Space {
		return Checked{}, Refuse(fmt.Errorf("%w: %s names %q, arrived for %q", ErrSpace, v.ID, v.Space, g.Space))
	}
	if _, owned := KeyOwner(v.Key); owned && v.Seq == 0 && !OwnedBy(v.Key, root) {
		return Checked{}, Refuse(fmt.Errorf("%w: %s at %s by %s", ErrOwner, v.ID, v.Key, root))
	}
	return Checked{Version: v, Root: root}, CheckChain(v, g.lookup)
}

// CheckValue parses a version from its wire form and checks it.
func (g *Gate) CheckValue(val any) (Checked, Verdict) {
	v, err := Parse(val)
	if err != nil {
		return Checked{}, Refuse(err)
	}
	return g.Check(v)
}

// root makes step 3 of §9: createdAt not too far ahead, then the note.
func (g *Gate) root(v *Version) (string, error) {
	at, err := ParseTime(v.CreatedAt)
	if err != nil {
		return "", fmt.Errorf("%w: createdAt: %w", ErrShape, err)
	}
	if at.After(g.Now.Add(FutureSkewSeconds * time.Second)) {
		return "", fmt.Errorf("%w: %s is more than %d s after %s", ErrFuture, v.CreatedAt, FutureSkewSeconds, g.Now.UTC().Format(time.RFC3339))
	}
	return Root(v, at, g.Notes)
}

// Root is the account v's author acts for (§3.4): the author itself without a
// proof, else what notes finds in the proof at time at.
func Root(v *Version, at time.Time, notes NoteChecker) (string, error) {
	if v.Proof == nil {
		return v.Author, nil
	}
	if notes == nil {
		return "", fmt.Errorf("%w: %s carries a note and no checker was given", ErrNote, v.ID)
	}
	root, err := notes.Root(v.Proof, v.Author, at)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", ErrNote, v.ID, err)
	}
	return root, nil
}

func (g *Gate) lookup(id string) (*Version, bool) {
	if g.Lookup == nil {
		return nil, false
	}
	return g.Lookup(id)
}
