package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/core/access"
)

// joinedVia is who joined through one invite (03 §7.3).
type joinedVia struct {
	dids  []string // every account whose join through it applied, sorted
	still int      // of those, how many are members in the current state
}

// joinedThrough is, by invite key, the accounts that ever joined through
// that invite: an assignment whose invite signature verified (03 §7.3, the
// event's ViaInvite) that the whole history applies. A join refused or
// struck (say, by a close it did not see) is none; one who joined and has
// since left, lost the role or been removed still joined, and is not
// counted in still.
func joinedThrough(hist *access.History) map[string]*joinedVia {
	cur := hist.Current()
	out := map[string]*joinedVia{}
	for _, en := range hist.Log() {
		e := en.Event
		if e.Kind != access.KindAssign || !e.Assigned || e.ViaInvite == "" || en.Status.Outcome != access.Applied {
			continue
		}
		j := out[e.ViaInvite]
		if j == nil {
			j = &joinedVia{}
			out[e.ViaInvite] = j
		}
		if slices.Contains(j.dids, e.DID) {
			continue
		}
		j.dids = append(j.dids, e.DID)
		if cur.IsMember(e.DID) {
			j.still++
		}
	}
	for _, j := range out {
		slices.Sort(j.dids)
	}
	return out
}

// joinedNames is the profile names of dids that have one, in their order.
func joinedNames(ctx context.Context, h *held, dids []string) []string {
	var out []string
	for _, d := range dids {
		if name := profileName(ctx, h, d); name != "" {
			out = append(out, name)
		}
	}
	return out
}
