package invite

import (
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Accepted is an invite a peer may join with (03 §7.6).
type Accepted struct {
	Invitation *Invitation
	Space      *space.Space // checked (checkSpace, §1.2)
	// Secret is the invite secret of a role invite, nil for a view-only
	// one; InviteDID the invite key it stands for (§7.1), whose record the
	// joiner waits for, joins through and may close (§7.6).
	Secret    []byte
	InviteDID string
	// Relays are the invitation's relays when they pass checkRelays (§10),
	// else nil, with RelaysIgnored saying why.
	Relays        []string
	RelaysIgnored error
	// Nodes are the invitation's pinned nodes when the list keeps every
	// rule of §7.4, else nil, with NodesIgnored saying why.
	Nodes        []Node
	NodesIgnored error
}

// ViewOnly says the invite gives the space and no standing (§7.5).
func (a *Accepted) ViewOnly() bool { return a.Secret == nil }

// AcceptString makes every step of 03 §7.6 on an invite string (bare, or
// in a link).
func AcceptString(s string) (*Accepted, error) {
	p, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return Accept(p.Invitation, p.Secret)
}

// Accept makes steps 1 (the shape of the value), 2–5 of 03 §7.6 on an
// invitation's JSON value and the secret beside it (nil for none): a short
// link (§7.7) comes here with the invitation it opened.
func Accept(val any, secret []byte) (*Accepted, error) {
	m, err := Shape(val)
	if err != nil {
		return nil, err
	}
	v, err := record.ParseLoose(m, CollectionInvitation)
	if err != nil {
		return nil, &Refusal{Reason: ReasonLoose, Rule: "§7.4 check 1", Err: err}
	}
	// 2. the invitation checks out.
	inv, err := Check(v, secret != nil)
	if err != nil {
		return nil, err
	}
	// 3. checkSpace.
	sp, err := space.CheckSpace(inv.Space)
	if err != nil {
		return nil, &Refusal{Reason: ReasonSpace, Rule: "§7.6 step 3", Err: err}
	}
	// 4. no key for a public space.
	if inv.Key != nil && !sp.Private() {
		return nil, refuse(ReasonPublicKey, "§7.6 step 4", "a key for the public space %s", sp.ID)
	}
	// 5. a secret of 32 bytes.
	a := &Accepted{Invitation: inv, Space: sp}
	if err := a.takeSecret(secret); err != nil {
		return nil, err
	}
	a.takeLists()
	return a, nil
}

// takeSecret makes step 5 and, Choice, refuses a role named with no secret.
func (a *Accepted) takeSecret(secret []byte) error {
	if secret == nil {
		if a.Invitation.HasRole {
			return refuse(ReasonNoSecret, "§7.5", "it names role %q but carries no invite secret", a.Invitation.Role)
		}
		return nil
	}
	did, err := DID(secret)
	if err != nil {
		if r, ok := err.(*Refusal); ok {
			r.Rule = "§7.6 step 5"
		}
		return err
	}
	a.Secret, a.InviteDID = secret, did
	return nil
}

// takeLists keeps the relays that pass checkRelays and the nodes that keep
// §7.4's rules; either list is otherwise ignored whole.
func (a *Accepted) takeLists() {
	inv := a.Invitation
	if inv.Relays != nil {
		a.Relays, a.RelaysIgnored = space.CheckRelays(jsonList(inv.Relays))
		if a.RelaysIgnored != nil {
			a.Relays = nil
		}
	}
	if inv.Nodes != nil {
		a.Nodes, a.NodesIgnored = ParseNodes(inv.Nodes)
		if a.NodesIgnored != nil {
			a.Nodes = nil
		}
	}
}

// Preview is what an invite offers, for the UI to show before joining.
type Preview struct {
	SpaceID    string
	SpaceName  string
	Visibility string // space.VisibilityPub or space.VisibilityPriv
	// Role is the role a role invite names ("" when its body names none:
	// the joiner learns it from the invite record); RoleTitle the founding
	// role's title when the constitution has one.
	Role      string
	RoleTitle string
	ViewOnly  bool
	InvitedBy string // the inviting account's DID
	// CarriesKey says a private space's key comes with it (the holder reads
	// the space at once).
	CarriesKey bool
}

// Preview says what an accepted invite offers.
func (a *Accepted) Preview() Preview {
	inv := a.Invitation
	p := Preview{
		SpaceID: a.Space.ID, SpaceName: a.Space.Name, Visibility: a.Space.Visibility,
		Role: inv.Role, ViewOnly: a.ViewOnly(), InvitedBy: inv.InvitedBy, CarriesKey: inv.Key != nil,
	}
	if r, ok := a.Space.Role(inv.Role); ok && r.HasTitle {
		p.RoleTitle = r.Title
	}
	return p
}
