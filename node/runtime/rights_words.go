package runtime

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// People's words for a change the space refuses (03 §4.5), by the
// refusal's code; the protocol's sentence goes into api.Error's Detail.
const (
	msgNoPlace  = "You hold no place in this space, so you cannot change it."
	msgNoKey    = "This computer does not have the space's current key yet, so it cannot change the space."
	hintNoKey   = "Let it sync with another member's computer, then try again."
	msgRemoved  = "You appear to have been removed from this space, so you cannot change it any more."
	hintRemoved = "If this is a mistake, ask a member to invite you again."
	hintAsk     = "Ask someone who manages the space, such as an admin or its founder."
)

var refusedWords = map[access.RefusalCode][2]string{ // message, hint
	access.RefusedNoGrant:     {"Your roles in this space do not allow that change.", hintAsk},
	access.RefusedNotMember:   {"That account is not a member of this space (any more).", "Reload the list of members."},
	access.RefusedNotFounder:  {"You are not a founder of this space, so there is nothing to step down from.", ""},
	access.RefusedNotSelf:     {"Only the person themselves can do that.", ""},
	access.RefusedToRole:      {"Roles are given to people, not to other roles.", ""},
	access.RefusedNoRole:      {"This space has no such role.", "Pick one of the space's roles."},
	access.RefusedNotHeld:     {"They do not hold that role.", "Reload the list of members."},
	access.RefusedAlreadyHeld: {"They hold that role already.", ""},
}

// founderWords name the founder whose roles or place another account
// would change (access.RefusedFounder): %s is their profile name;
// founderUnnamed when they have none here.
const (
	founderWords   = "%s founded this space: only they can change their roles or leave it."
	founderUnnamed = "This is the space's founder: only they can change their roles or leave it."
)

// refusedChange is the error of a change the space refuses from this
// account: CodeForbidden with the refusal's code as Reason. name is the
// profile name of the account the refusal is about (refusedAccount), ""
// when it has none.
func refusedChange(r *access.Refusal, name string) *api.Error {
	w, ok := refusedWords[r.Code]
	if !ok {
		w = [2]string{"The space does not allow that change.", hintAsk}
	}
	if r.Code == access.RefusedFounder {
		w = [2]string{founderUnnamed, ""}
		if name != "" {
			w[0] = fmt.Sprintf(founderWords, name)
		}
	}
	return &api.Error{Code: api.CodeForbidden, Reason: string(r.Code), Message: w[0], Hint: w[1], Detail: r.Text, Err: r}
}
