package invite

import (
	"fmt"
	"io"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Members of an invitation's body (03 §7.4; Choice: the table was lost,
// these are the members 03's prose and example name). No other member is
// allowed.
const (
	BodySpace  = "space"  // the space as handed around: constitution and id
	BodyKey    = "key"    // the space key, base64url (43 characters); private spaces
	BodyRole   = "role"   // the role a role invite opens, at most 64 characters
	BodyRelays = "relays" // relays to meet on, used only if they pass checkRelays
	BodyNodes  = "nodes"  // node URLs pinned by DID (see ParseNodes)
)

// Limits of §7.4.
const (
	MaxRole    = 64 // characters (UTF-16 code units, as JavaScript counts)
	KeyTextLen = 43 // base64url of a 32-byte space key
)

// Invitation is a checked invitation (§7.4): the signed loose version and
// what its body says. Who invited is the account it speaks for, its note's
// issuer or its author without one: not a field, so nobody passing the
// invite on can change it.
type Invitation struct {
	Version   *record.Version
	Space     map[string]any // body.space exactly as given
	SpaceID   string
	SpaceName string
	Key       []byte // the space key it carries; nil for none
	Role      string // "" when HasRole is false
	HasRole   bool
	Relays    []string // body.relays as given; nil when absent (see Accepted.Relays)
	Nodes     []string // body.nodes as given; nil when absent (see Accepted.Nodes)
	InvitedBy string
}

// Params is what an inviter picks to make an invitation (§7.4, §7.5).
type Params struct {
	// Signer is the key that signs; Note the note by which its account
	// delegates to it (nil when Signer is the account itself).
	Signer record.Signer
	Note   *note.Note
	Space  *space.Space
	// SpaceKey is the key to carry (private spaces), nil for none.
	SpaceKey []byte
	// Role is the role a role invite opens; "" for a view-only invite, or
	// a role invite whose role the joiner reads from the invite record.
	Role   string
	Relays []string
	Nodes  []string
	// RoleInvite says a secret will ride beside it, so its note must let
	// its key change sys.invite even when Role is "" (§7.4 check 3).
	RoleInvite bool
	CreatedAt  time.Time
	Rnd        io.Reader // for the loose version's fresh record key
}

// Make writes and signs an invitation (§7.4) and checks it as a joiner
// will, so an invitation its own key may not make is refused here.
// Choice: relays and nodes that break their rules are refused when making
// (a joiner would ignore them).
func Make(p Params) (*record.Version, error) {
	body, err := p.body()
	if err != nil {
		return nil, err
	}
	key, err := record.NewKey(p.Rnd)
	if err != nil {
		return nil, fmt.Errorf("invitation key: %w", err)
	}
	d := &record.Version{
		Collection: CollectionInvitation, Key: key, Seq: 0,
		CreatedAt: p.CreatedAt.UTC().Format(TimeFormat), Body: body, HasBody: true,
	}
	if p.Note != nil {
		d.Proof = p.Note.JSON()
	}
	v, err := record.Sign(d, p.Signer)
	if err != nil {
		return nil, fmt.Errorf("sign invitation: %w", err)
	}
	if _, err := Check(v, p.RoleInvite || p.Role != ""); err != nil {
		return nil, err
	}
	return v, nil
}

// TimeFormat is createdAt as 03 writes it (2026-10-25T18:15:44.884Z).
const TimeFormat = "2006-01-02T15:04:05.000Z"

func (p Params) body() (map[string]any, error) {
	if p.Space == nil || p.Signer == nil || p.Rnd == nil {
		return nil, fmt.Errorf("make invitation: space, signer and randomness are required")
	}
	body := map[string]any{BodySpace: p.Space.JSON()}
	if p.SpaceKey != nil {
		if len(p.SpaceKey) != identity.SpaceKeyLen || !p.Space.Private() {
			return nil, refuse(ReasonKey, "§7.4, §7.6 step 4", "only a private space's 32-byte key may be carried")
		}
		body[BodyKey] = enc.B64URL(p.SpaceKey)
	}
	if p.Role != "" {
		body[BodyRole] = p.Role
	}
	if p.Relays != nil {
		if _, err := space.CheckRelays(jsonList(p.Relays)); err != nil {
			return nil, refuse(ReasonLists, "§7.6, §10", "relays: %w", err)
		}
		body[BodyRelays] = jsonList(p.Relays)
	}
	if p.Nodes != nil {
		if _, err := ParseNodes(p.Nodes); err != nil {
			return nil, &Refusal{Reason: ReasonLists, Rule: "§7.4", Err: err}
		}
		body[BodyNodes] = jsonList(p.Nodes)
	}
	return body, nil
}

// jsonList is a JSON list of strings.
func jsonList(l []string) []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}
