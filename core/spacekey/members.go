package spacekey

import (
	"fmt"
	"io"
	"sort"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// CmdKeyChange is the command a key change needs (03 §9.3); it takes no
// arguments.
const CmdKeyChange = access.CmdKeyChange

// FormerMembers is every account named by an applied assign or remove
// event that is not a reader now: removed, left, or holding no role
// (03 §9.2). Peers send them no live messages, and nothing at all while a
// key change is due. Sorted.
func FormerMembers(h *access.History) []string {
	cur := h.Current()
	seen := map[string]bool{}
	var out []string
	for _, e := range h.Log() {
		ev := e.Event
		if e.Status.Outcome != access.Applied || (ev.Kind != access.KindAssign && ev.Kind != access.KindRemove) {
			continue
		}
		if ev.DID == "" || seen[ev.DID] || cur.IsMember(ev.DID) {
			continue
		}
		seen[ev.DID] = true
		out = append(out, ev.DID)
	}
	sort.Strings(out)
	return out
}

// Due says whether a key change is due for this reader (03 §9.2, §9.3):
// keyDue of the history (core/access), or the current key's change is one
// the ring found malformed.
//
// Choice: a malformed change makes a change due only while its key is the
// current one; once a later change replaces it, it asks for nothing more.
func Due(h *access.History, r *Keyring) bool {
	if h.KeyDue() {
		return true
	}
	cur := h.Current().Keys()
	if len(cur) == 0 {
		return false
	}
	_, bad := r.malformed[cur[len(cur)-1].KeyID]
	return bad
}

// ShouldChange says whether account SHOULD change the key now (03 §9.3):
// a change is due, it is granted /key/change, and it holds the current key
// and K₀.
func ShouldChange(h *access.History, r *Keyring, account string) bool {
	if !Due(h, r) || !h.Current().May(account, CmdKeyChange, map[string]any{}) {
		return false
	}
	_, first := r.First()
	_, current := r.Current()
	return first && current
}

// HeldBox is a sys.box version as its reader holds it: its body, its root
// (the sender) and its record key.
type HeldBox struct {
	Box  Box
	Root string
	Key  string
}

// NeedBoxes is who a member granted /key/change should box the key keyID
// to (03 §9.4): every reader in s who has published a member key and has no
// box for that key id yet from themselves or from anyone granted
// /key/change. A box counts only at the record key its sender's root gives.
// Sorted.
func NeedBoxes(s *access.State, keyID string, memberKeys Recipients, boxes []HeldBox) []string {
	boxed := map[string]bool{}
	for _, b := range boxes {
		if b.Box.KeyID != keyID || b.Key != record.BoxKey(keyID, b.Box.To, b.Root) {
			continue
		}
		if b.Root == b.Box.To || s.May(b.Root, CmdKeyChange, map[string]any{}) {
			boxed[b.Box.To] = true
		}
	}
	var out []string
	for _, did := range s.Readers() {
		if _, has := memberKeys[did]; has && !boxed[did] {
			out = append(out, did)
		}
	}
	return out
}

// HeldBoxOf reads a sys.box version with its root (the sender), as
// NeedBoxes and a keyring read it.
func HeldBoxOf(v *record.Version, root string) (HeldBox, error) {
	if v.Collection != CollectionBox || v.Deleted {
		return HeldBox{}, fmt.Errorf("%w: %s is not a box", ErrBox, v.ID)
	}
	b, err := ParseBox(v.Body)
	if err != nil {
		return HeldBox{}, err
	}
	return HeldBox{Box: b, Root: root, Key: v.Key}, nil
}

// BoxesDue are the boxes account should write now (03 §9.4): when it is
// granted /key/change and holds the current key, that key sealed to every
// reader NeedBoxes names, in DID order; none otherwise. Each box sits at
// Box.RecordKey(account). The account itself is a reader like any other:
// its other devices learn the key from its own box (03 §9.4: "every
// reader who has published a member key").
func (r *Keyring) BoxesDue(s *access.State, account string, memberKeys Recipients, boxes []HeldBox, rnd io.Reader) ([]Box, error) {
	cur, ok := r.Current()
	if !ok || !s.May(account, CmdKeyChange, map[string]any{}) {
		return nil, nil
	}
	to := Recipients{}
	for _, did := range NeedBoxes(s, cur.id, memberKeys, boxes) {
		to[did] = memberKeys[did]
	}
	return BoxAll(cur, r.space, to, rnd)
}
