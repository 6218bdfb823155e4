package account

import (
	"errors"
	"fmt"
	"sort"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
)

// CollectionMembership holds the registry's memberships (03 §13.2), at
// space:<spaceId>, { space, invite }.
//
// Choice: the collection's name was lost with §13.2's table; we keep the
// predecessor's, sys.joined, and its body: space, the space id, and invite,
// a view-only invite string (03 §7.5) carrying the space's current key.
const CollectionMembership = "sys.joined"

// Members of a membership body.
const (
	memberSpace  = "space"
	memberInvite = "invite"
)

// ErrMembership is a membership body that is not { space, invite? }.
var ErrMembership = errors.New("account: malformed membership")

// Membership is one space the registry lists.
type Membership struct {
	Space  string // the space id
	Invite string // a view-only invite to it; "" when absent
}

// Body is the membership's body, written at record.SpaceKey(m.Space).
func (m Membership) Body() map[string]any {
	b := map[string]any{memberSpace: m.Space}
	if m.Invite != "" {
		b[memberInvite] = m.Invite
	}
	return b
}

// ParseMembership reads a membership body: space a space id (b and 52
// base32 characters), invite, when present, a string.
//
// Choice: other members are the library's and are ignored, not refused.
func ParseMembership(body any) (Membership, error) {
	b, ok := body.(map[string]any)
	if !ok {
		return Membership{}, fmt.Errorf("%w: body is not an object", ErrMembership)
	}
	id, _ := b[memberSpace].(string)
	if !enc.IsCID(id) {
		return Membership{}, fmt.Errorf("%w: space %q is not a space id", ErrMembership, id)
	}
	m := Membership{Space: id}
	if x, present := b[memberInvite]; present {
		s, ok := x.(string)
		if !ok {
			return Membership{}, fmt.Errorf("%w: invite must be a string", ErrMembership)
		}
		m.Invite = s
	}
	return m, nil
}

// Held is a version of the registry as a device holds it, with its root
// (02, 01 §8) once it verified. Versions that did not verify are not Held.
type Held struct {
	Version *record.Version
	Root    string
}

// counts says whether a membership version counts (03 §13.2): its root is
// the account and, unless it is a delete, its key is space:<body.space>.
// A delete must still sit at a space: key.
func counts(h Held, account string) bool {
	v := h.Version
	if v == nil || v.Collection != CollectionMembership || h.Root != account {
		return false
	}
	if v.Deleted {
		return len(v.Key) > len(record.PrefixSpace) && v.Key[:len(record.PrefixSpace)] == record.PrefixSpace
	}
	m, err := ParseMembership(v.Body)
	return err == nil && v.Key == record.SpaceKey(m.Space)
}

// Memberships is the spaces the registry lists (03 §13.2): at each record
// key, among the versions that count, the one with the highest seq, then
// the lowest id (02 §4.3); a delete there means the account left.
//
// Choice: versions that do not count are passed over, as for member keys
// (03 §9.1), so nobody else's version at a key hides the account's own.
func Memberships(account string, held []Held) []Membership {
	best := map[string]*record.Version{}
	for _, h := range held {
		if !counts(h, account) {
			continue
		}
		if cur := best[h.Version.Key]; cur == nil || record.Supersedes(h.Version, cur) {
			best[h.Version.Key] = h.Version
		}
	}
	var out []Membership
	for _, v := range best {
		if v.Deleted {
			continue
		}
		m, _ := ParseMembership(v.Body)
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Space < out[j].Space })
	return out
}
