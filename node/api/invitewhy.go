package api

import "strings"

// Headlines of a refused invite link (03 §7.6), as people read them: what
// InviteHeadline gives by its reason.
const (
	InviteCut        = "This is not a Minca invite link, or it was cut short: copy the whole link again."
	InviteBroken     = "This invite link does not hold together: it was changed after it was made, or whoever made it may not invite to that space. Ask for a new link."
	InviteUnreadable = "This invite is to a space this version of Minca cannot read: ask for a new link, or update Minca."
)

// InviteReason is the Reason of a refused invite link whose core/invite
// reason is r: ReasonInvite and r, "parse" when r is "" (a text that is no
// refusal of its own).
func InviteReason(r string) string {
	if r == "" {
		r = "parse"
	}
	return ReasonInvite + r
}

// InviteHeadline is the headline of a refused invite link by its Reason
// (InviteReason): cut short or no link, a space this version cannot read,
// else a link that does not hold together.
func InviteHeadline(reason string) string {
	switch strings.TrimPrefix(reason, ReasonInvite) {
	case "parse", "too-long", "secret", "no-secret", "unreadable":
		return InviteCut
	case "space":
		return InviteUnreadable
	}
	return InviteBroken
}

// inviteWhy are, per core/invite reason (core/invite/errors.go), what is
// wrong with a refused invite link, in plain words: what a person reads
// under the headline (the page's "Details", the command line's next line),
// above the protocol's own text (03 §7.6).
var inviteWhy = map[string]string{
	"parse":       "The link is not whole: part of it is missing or was changed, or it is not a Minca invite link at all.",
	"too-long":    "This is much longer than an invite link: it is not one, or something else was pasted with it.",
	"secret":      "The end of the link, which lets you take the role it offers, is cut short or was changed.",
	"no-secret":   "The link offers a role but lacks the end part that lets you take it: it was probably cut short.",
	"loose":       "The link was changed after it was made: what it says no longer matches its signature.",
	"note":        "The permission the link carries does not check out: it was changed, or was not valid when the link was made.",
	"body":        "Part of what the link says is not in the form Minca expects: it was changed, or made by another program.",
	"key":         "The space key the link carries is damaged: it was changed after the link was made.",
	"role":        "The role the link offers is not written as Minca expects: it was changed, or made by another program.",
	"lists":       "The computers the link names are not written as Minca expects: it was changed, or made by another program.",
	"not-allowed": "Whoever made the link may not invite people to this space.",
	"space":       "It is for a space whose description is damaged, or written in a way this version of Minca cannot read.",
	"public-key":  "It carries a key for a public space, which has none: it was changed, or made wrongly.",
	"unreadable":  "This version of Minca cannot read what the link holds.",
}

// InviteWhy is what is wrong with a refused invite link, in plain words,
// for an Error's Reason (ReasonInvite and core/invite's reason); "" for a
// reason that is no refused link's.
func InviteWhy(reason string) string {
	r, ok := strings.CutPrefix(reason, ReasonInvite)
	if !ok {
		return ""
	}
	if w, ok := inviteWhy[r]; ok {
		return w
	}
	return "The link cannot be used as it is."
}
