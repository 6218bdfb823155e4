package runtime

import (
	"reflect"

	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
)

// noteMemo finds versions' accounts as rootOf does, parsing and verifying
// each distinct note once (01 §7): a session's versions all carry the one
// note its account gave it, and the note's signature check was most of what
// a cutoff cost (cutoffOf; BenchmarkCutoff). Keyed by the note's sig as
// written; a note counts as the one seen only when its whole JSON form is
// the same, so a copy with another payload is checked afresh.
type noteMemo map[string][]checkedNote

// checkedNote is a note as written and, when it parses and its signature
// verifies, the note; nil otherwise.
type checkedNote struct {
	proof map[string]any
	n     *note.Note
}

// root is rootOf(v): v's author without a note, else the note's issuer
// when the note is to v's author, valid at its createdAt, and verifies
// (note.Check); "" otherwise.
func (m noteMemo) root(v *record.Version) string {
	at, err := record.ParseTime(v.CreatedAt)
	if err != nil {
		return ""
	}
	if v.Proof == nil {
		return v.Author
	}
	n := m.note(v.Proof)
	if n == nil || n.Sub != n.Iss || n.Aud != v.Author || !n.ValidAt(at) {
		return ""
	}
	return n.Iss
}

// note is proof parsed and verified, nil when it fails either; checked
// once for each distinct proof.
func (m noteMemo) note(proof map[string]any) *note.Note {
	sig, _ := proof["sig"].(string)
	for _, c := range m[sig] {
		if reflect.DeepEqual(c.proof, proof) {
			return c.n
		}
	}
	n, err := note.Parse(proof)
	if err != nil || n.Verify() != nil {
		n = nil
	}
	m[sig] = append(m[sig], checkedNote{proof: proof, n: n})
	return n
}
