package invite

import (
	"errors"
	"fmt"
)

// ErrRefused is wrapped by every *Refusal.
var ErrRefused = errors.New("invite refused")

// Reason names why an invite is refused, for callers and the UI to branch on.
type Reason string

// Reasons, each beside the rule of 03 it enforces.
const (
	ReasonSecret     Reason = "secret"      // §7.1, §7.6 step 5: an invite secret that is not 32 bytes
	ReasonParse      Reason = "parse"       // §7.6 step 1: not base64url JSON of a sys.invitation with space.id and space.name, or a bad secret part
	ReasonLoose      Reason = "loose"       // §7.4 check 1: not a valid loose version in sys.invitation
	ReasonNote       Reason = "note"        // §7.4 check 1: its note is not valid at its createdAt
	ReasonBody       Reason = "body"        // §7.4 check 2: a member outside the table, or space missing
	ReasonKey        Reason = "key"         // §7.4 check 2: key is not 43 base64url characters of 32 bytes
	ReasonRole       Reason = "role"        // §7.4 check 2: role is not a string of at most 64 characters
	ReasonLists      Reason = "lists"       // §7.4 check 2: relays or nodes is not a list of strings
	ReasonNotAllowed Reason = "not-allowed" // §7.4 check 3: the note does not let its key invite
	ReasonSpace      Reason = "space"       // §7.6 step 3: checkSpace fails
	ReasonPublicKey  Reason = "public-key"  // §7.6 step 4: a key for a public space
	ReasonNoSecret   Reason = "no-secret"   // Choice: a role invite with no secret beside it
	ReasonRecord     Reason = "record"      // §7.2: not an invite record, or closing another invite
	ReasonJoin       Reason = "join"        // §7.3: a join signature that does not verify
	ReasonTooLong    Reason = "too-long"    // a string past MaxInviteLen
	ReasonUnreadable Reason = "unreadable"  // the invitation cannot be written (encoding)
)

// Refusal says why an invite, or a part of one, is refused.
type Refusal struct {
	Reason Reason
	Rule   string // where in 03, e.g. "§7.4 check 2"
	Err    error  // the detail; may be nil
}

func (r *Refusal) Error() string {
	if r.Err == nil {
		return fmt.Sprintf("invite refused (%s, 03 %s)", r.Reason, r.Rule)
	}
	return fmt.Sprintf("invite refused (%s, 03 %s): %v", r.Reason, r.Rule, r.Err)
}

// Unwrap gives ErrRefused and the detail, so errors.Is finds both.
func (r *Refusal) Unwrap() []error {
	if r.Err == nil {
		return []error{ErrRefused}
	}
	return []error{ErrRefused, r.Err}
}

// refuse makes a *Refusal with a formatted detail.
func refuse(reason Reason, rule, format string, args ...any) *Refusal {
	return &Refusal{Reason: reason, Rule: rule, Err: fmt.Errorf(format, args...)}
}

// ReasonOf gives the Reason of a refusal err wraps, or "" for none.
func ReasonOf(err error) Reason {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return ""
}
