package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/core/access"
)

// joinedThrough is, by invite key, the accounts that hold a role through a
// join made with that invite in the current state: assignments whose
// invite signature verified (03 §7.3, the event's ViaInvite). Someone who
// joined and later lost the role or was removed is not counted.
func joinedThrough(s access.Snapshot, hist *access.History) map[string][]string {
	out := map[string][]string{}
	for did, roles := range s.Assigned {
		for _, id := range roles {
			e, ok := hist.Event(id)
			if !ok || e.ViaInvite == "" || slices.Contains(out[e.ViaInvite], did) {
				continue
			}
			out[e.ViaInvite] = append(out[e.ViaInvite], did)
		}
	}
	for _, dids := range out {
		slices.Sort(dids)
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
