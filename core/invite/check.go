package invite

import (
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Check makes the three checks of 03 §7.4 on an invitation. withSecret says
// a secret rides beside it: with one, or with a role in its body, it is a
// role invite whatever its body says, and its note must let its key change
// sys.invite; otherwise it is view-only and its note must let its key read.
func Check(v *record.Version, withSecret bool) (*Invitation, error) {
	// 1. a valid loose version in sys.invitation, its note valid at its createdAt.
	if err := record.CheckLoose(v, CollectionInvitation); err != nil {
		return nil, &Refusal{Reason: ReasonLoose, Rule: "§7.4 check 1", Err: err}
	}
	d, err := delegation(v)
	if err != nil {
		return nil, &Refusal{Reason: ReasonNote, Rule: "§7.4 check 1", Err: err}
	}
	// 2. the body.
	inv, err := readBody(v.Body)
	if err != nil {
		return nil, err
	}
	inv.Version, inv.InvitedBy = v, d.Root
	// 3. the note lets its key invite to that space.
	if inv.HasRole || withSecret {
		if !d.AccessChange(CollectionInvite, inv.SpaceID) {
			return nil, refuse(ReasonNotAllowed, "§7.4 check 3",
				"its note does not grant /access/change for sys.invite in %s", inv.SpaceID)
		}
	} else if !d.RecordRead(inv.SpaceID) {
		return nil, refuse(ReasonNotAllowed, "§7.4 check 3", "its note does not grant /record/read in %s", inv.SpaceID)
	}
	return inv, nil
}

// delegation checks v's note at its createdAt; with no note, its author is
// the account and may (§7.4 check 3).
func delegation(v *record.Version) (note.Delegation, error) {
	if v.Proof == nil {
		return note.Self(v.Author), nil
	}
	return note.CheckAt(v.Proof, v.Author, v.CreatedAt)
}

// readBody makes check 2 of §7.4: space and no member outside the table;
// key 43 base64url characters of 32 bytes; role a string of at most 64
// characters; relays and nodes lists of strings.
func readBody(b any) (*Invitation, error) {
	body, ok := b.(map[string]any)
	if !ok {
		return nil, refuse(ReasonBody, "§7.4 check 2", "the body is not an object")
	}
	for k := range body {
		switch k {
		case BodySpace, BodyKey, BodyRole, BodyRelays, BodyNodes:
		default:
			return nil, refuse(ReasonBody, "§7.4 check 2", "member %q is not an invitation's", k)
		}
	}
	inv := &Invitation{}
	var err error
	if inv.Space, inv.SpaceID, inv.SpaceName, err = spaceOf(body); err != nil {
		return nil, err
	}
	if inv.Key, err = keyOf(body); err != nil {
		return nil, err
	}
	if inv.Role, inv.HasRole, err = roleOf(body); err != nil {
		return nil, err
	}
	if inv.Relays, err = listOf(body, BodyRelays); err != nil {
		return nil, err
	}
	if inv.Nodes, err = listOf(body, BodyNodes); err != nil {
		return nil, err
	}
	return inv, nil
}

// spaceOf reads body.space: an object with a string id and name (§7.6 step 1).
// Choice: check 2 asks this much too, so Check stands alone.
func spaceOf(body map[string]any) (map[string]any, string, string, error) {
	sp, ok := body[BodySpace].(map[string]any)
	if !ok {
		return nil, "", "", refuse(ReasonBody, "§7.4 check 2", "space is missing or not an object")
	}
	id, okID := sp["id"].(string)
	name, okName := sp["name"].(string)
	if !okID || !okName {
		return nil, "", "", refuse(ReasonBody, "§7.4 check 2", "space has no string id and name")
	}
	return sp, id, name, nil
}

func keyOf(body map[string]any) ([]byte, error) {
	raw, present := body[BodyKey]
	if !present {
		return nil, nil
	}
	s, ok := raw.(string)
	if !ok || len(s) != KeyTextLen {
		return nil, refuse(ReasonKey, "§7.4 check 2", "key is not %d base64url characters", KeyTextLen)
	}
	k, err := enc.DecodeB64URLLen(s, 32)
	if err != nil {
		return nil, refuse(ReasonKey, "§7.4 check 2", "key: %w", err)
	}
	return k, nil
}

func roleOf(body map[string]any) (string, bool, error) {
	raw, present := body[BodyRole]
	if !present {
		return "", false, nil
	}
	s, ok := raw.(string)
	if !ok || space.JSLen(s) > MaxRole {
		return "", false, refuse(ReasonRole, "§7.4 check 2", "role is not a string of at most %d characters", MaxRole)
	}
	return s, true, nil
}

func listOf(body map[string]any, member string) ([]string, error) {
	raw, present := body[member]
	if !present {
		return nil, nil
	}
	l, ok := raw.([]any)
	if !ok {
		return nil, refuse(ReasonLists, "§7.4 check 2", "%s is not a list", member)
	}
	out := make([]string, len(l))
	for i, e := range l {
		if out[i], ok = e.(string); !ok {
			return nil, refuse(ReasonLists, "§7.4 check 2", "%s[%d] is not a string", member, i)
		}
	}
	return out, nil
}
