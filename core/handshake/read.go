package handshake

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
)

// ReadProof is what a reader adds to its hello in a private space (04 §6.3).
// The zero value is no proof (a public space).
type ReadProof struct {
	Read    string    // the newest read key's signature of H
	ReadKey string    // that read key's DID
	Member  string    // the note sealed under that key's space key (SealMember)
	Earlier []Earlier // older read keys' signatures of H, newest first
}

// Earlier is one older read key's proof.
type Earlier struct {
	ReadKey string
	Read    string
	// Member is the note sealed under that key's space key, or "". Our
	// choice (docs/spec/04-network.md §6.3, step 4 over earlier): after
	// key changes made apart, neither side holds the other's newest key,
	// and a member proof under a key both hold still admits.
	Member string
}

// Reader is what a client proves reading with: its read keys, newest first,
// its member proof under the newest one's space key ("" if it holds none),
// and under each older one's (EarlierMembers[i] for Keys[i+1]; missing or
// "" for none).
type Reader struct {
	Keys           []*identity.KeyPair
	Member         string
	EarlierMembers []string
}

// ProveRead signs msg (H) with the newest read key and up to MaxEarlier older
// ones (04 §6.3), each older one with its member proof from earlierMembers
// (aligned with keys[1:]; shorter is fine).
func ProveRead(msg []byte, keys []*identity.KeyPair, member string, earlierMembers ...string) (ReadProof, error) {
	if len(keys) == 0 {
		return ReadProof{}, fmt.Errorf("prove read: no read key")
	}
	sig, err := keys[0].Sign(msg)
	if err != nil {
		return ReadProof{}, fmt.Errorf("prove read: %w", err)
	}
	p := ReadProof{Read: enc.B64URL(sig), ReadKey: keys[0].DID(), Member: member}
	for i, k := range keys[1:min(len(keys), MaxEarlier+1)] {
		s, err := k.Sign(msg)
		if err != nil {
			return ReadProof{}, fmt.Errorf("prove read: %w", err)
		}
		e := Earlier{ReadKey: k.DID(), Read: enc.B64URL(s)}
		if i < len(earlierMembers) {
			e.Member = earlierMembers[i]
		}
		p.Earlier = append(p.Earlier, e)
	}
	return p, nil
}

// Verifier is what the node checking a read proof knows of the space.
type Verifier struct {
	// Current is the space's current read key DID (03 §8.4).
	Current string
	// Member is step 4 of 04 §6.3: it holds the space key whose read key is
	// claimed, member opens under it (OpenMember), the note inside is valid
	// now, made out to session, and its root is a reader now. Nil for a
	// verifier that holds no space key (a host).
	Member func(claimed, member, session string) bool
}

// CheckRead runs the verifier's steps of 04 §6.3 over msg (H) and the proof
// of the peer proven as session. It returns the read key the peer is
// admitted on, or an error wrapping ErrNotReader.
func CheckRead(msg []byte, session string, p ReadProof, v Verifier) (string, error) {
	claimed := p.ReadKey
	if claimed == "" {
		claimed = v.Current
	}
	if p.Read != "" && verify(claimed, msg, p.Read, "read proof") == nil {
		if claimed == v.Current { // step 3
			return claimed, nil
		}
		if v.Member != nil && p.Member != "" && v.Member(claimed, p.Member, session) { // step 4
			return claimed, nil
		}
	}
	earlier := p.Earlier[:min(len(p.Earlier), MaxEarlier)]
	for _, e := range earlier { // step 5
		if e.ReadKey == v.Current && verify(e.ReadKey, msg, e.Read, "earlier read proof") == nil {
			return v.Current, nil
		}
	}
	for _, e := range earlier { // step 4 over earlier (our choice, Earlier.Member)
		if v.Member != nil && e.Member != "" && verify(e.ReadKey, msg, e.Read, "earlier read proof") == nil &&
			v.Member(e.ReadKey, e.Member, session) {
			return e.ReadKey, nil
		}
	}
	return "", fmt.Errorf("%w: no proof of the current read key %s", ErrNotReader, v.Current)
}

// SealMember seals note (a JSON value, 01 §7) under space key k for the
// member proof (04 §6.3): base64url(envelope(sealKey(k),
// "minca/space-membership/v1", {"space": spaceID}, canonicalJSON(note))).
func SealMember(k []byte, spaceID string, note any, rnd io.Reader) (string, error) {
	pt, err := cjson.Marshal(note)
	if err != nil {
		return "", fmt.Errorf("seal member: %w", err)
	}
	if len(pt) > MaxNote {
		return "", fmt.Errorf("seal member: note of %d bytes, at most %d", len(pt), MaxNote)
	}
	key, err := identity.SpaceSealKey(k)
	if err != nil {
		return "", fmt.Errorf("seal member: %w", err)
	}
	env, err := identity.Seal(key, LabelMembership, map[string]any{"space": spaceID}, pt, rnd)
	if err != nil {
		return "", fmt.Errorf("seal member: %w", err)
	}
	return enc.B64URL(env), nil
}

// OpenMember opens a member proof under space key k and parses the note in
// it as a JSON value; whether the note is valid is core/note's to say.
func OpenMember(k []byte, spaceID, member string) (any, error) {
	if len(member) > MaxMember {
		return nil, fmt.Errorf("%w: member proof of %d characters", ErrMalformed, len(member))
	}
	env, err := enc.DecodeB64URL(member)
	if err != nil {
		return nil, fmt.Errorf("%w: member proof: %v", ErrMalformed, err)
	}
	key, err := identity.SpaceSealKey(k)
	if err != nil {
		return nil, fmt.Errorf("open member: %w", err)
	}
	pt, err := identity.Open(key, LabelMembership, map[string]any{"space": spaceID}, env)
	if err != nil {
		return nil, fmt.Errorf("open member: %w", err)
	}
	v, err := cjson.Parse(pt)
	if err != nil {
		return nil, fmt.Errorf("%w: member note: %v", ErrMalformed, err)
	}
	return v, nil
}

func parseReadProof(m map[string]json.RawMessage) (ReadProof, error) {
	var p ReadProof
	var err error
	if p.Read, err = sigOf(m, "read", false); err != nil {
		return p, err
	}
	if _, ok := m["readKey"]; ok {
		if p.ReadKey, err = didOf(m, "readKey"); err != nil {
			return p, err
		}
	}
	if p.Member, err = memberOf(m); err != nil {
		return p, err
	}
	p.Earlier, err = earlierOf(m)
	return p, err
}

func memberOf(m map[string]json.RawMessage) (string, error) {
	s, ok, err := str(m, "member")
	if err != nil || !ok {
		return "", err
	}
	if s == "" || len(s) > MaxMember {
		return "", fmt.Errorf("%w: member is not 1–%d characters", ErrMalformed, MaxMember)
	}
	if _, err := enc.DecodeB64URL(s); err != nil {
		return "", fmt.Errorf("%w: member: %v", ErrMalformed, err)
	}
	return s, nil
}

// earlierOf reads the first MaxEarlier entries of earlier; later ones are
// not looked at (our choice).
func earlierOf(m map[string]json.RawMessage) ([]Earlier, error) {
	raw, ok := m["earlier"]
	if !ok {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%w: earlier is not an array", ErrMalformed)
	}
	var out []Earlier
	for i, e := range list[:min(len(list), MaxEarlier)] {
		em, err := object(e, MaxHandshakeFrame)
		if err != nil {
			return nil, fmt.Errorf("earlier[%d]: %w", i, err)
		}
		var x Earlier
		if x.ReadKey, err = didOf(em, "readKey"); err != nil {
			return nil, fmt.Errorf("earlier[%d]: %w", i, err)
		}
		if x.Read, err = sigOf(em, "read", true); err != nil {
			return nil, fmt.Errorf("earlier[%d]: %w", i, err)
		}
		if x.Member, err = memberOf(em); err != nil {
			return nil, fmt.Errorf("earlier[%d]: %w", i, err)
		}
		out = append(out, x)
	}
	return out, nil
}

func (h *Hello) earlierJSON() (json.RawMessage, error) {
	if len(h.Earlier) == 0 {
		return nil, nil
	}
	b := []byte{'['}
	for i, e := range h.Earlier {
		o, err := write(field{"readKey", e.ReadKey}, field{"read", e.Read}, field{"member", e.Member})
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, o...)
	}
	return append(b, ']'), nil
}

// MemberCheck makes Verifier.Member (04 §6.3 step 4) from what the node
// holds: spaceKey gives the space key whose read key is the one named (nil
// if it holds none), reader says whether an account is a reader of the space
// now (the replay's, 03 §4). The note must be valid at now and made out to
// the prover's session DID (core/note).
func MemberCheck(spaceID string, spaceKey func(readKey string) []byte, now time.Time, reader func(account string) bool) func(claimed, member, session string) bool {
	return func(claimed, member, session string) bool {
		k := spaceKey(claimed)
		if k == nil {
			return false
		}
		v, err := OpenMember(k, spaceID, member)
		if err != nil {
			return false
		}
		d, err := note.Check(v, session, now)
		return err == nil && d.Note != nil && reader(d.Root)
	}
}
