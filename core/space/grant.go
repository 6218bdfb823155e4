package space

import (
	"errors"
	"fmt"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
)

// ErrGrant is wrapped by every error about a malformed grant.
var ErrGrant = errors.New("malformed grant")

// Grant is a command path under a policy on the command's arguments
// (03 §2.1, §2.2): { cmd, pol }. A constitution's grant has exactly these
// two members; a definition's grant is a delegation payload (see
// ParseGrantPayload) of which only cmd and pol decide anything.
type Grant struct {
	Cmd string
	Pol policy.Policy
}

// ParseGrant reads a constitution's grant: an object with exactly cmd, a
// command path (policy.IsCommand), and pol, a well-formed policy (03 §2.1).
func ParseGrant(v any) (Grant, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Grant{}, fmt.Errorf("%w: not an object", ErrGrant)
	}
	for k := range m {
		if k != "cmd" && k != "pol" {
			return Grant{}, fmt.Errorf("%w: member %q is not allowed", ErrGrant, k)
		}
	}
	return grantOf(m)
}

func grantOf(m map[string]any) (Grant, error) {
	cmd, ok := m["cmd"].(string)
	if !ok || !policy.IsCommand(cmd) {
		return Grant{}, fmt.Errorf("%w: cmd %v is not a command path", ErrGrant, m["cmd"])
	}
	pv, ok := m["pol"]
	if !ok {
		return Grant{}, fmt.Errorf("%w: %s has no pol", ErrGrant, cmd)
	}
	pol, err := policy.Parse(pv)
	if err != nil {
		return Grant{}, fmt.Errorf("%w: %s: %w", ErrGrant, cmd, err)
	}
	return Grant{Cmd: cmd, Pol: pol}, nil
}

// Outcome says what the grant comes to for an invocation: False when its
// cmd does not cover the command, else its policy's outcome over args.
// A stub's check (03 §5.2 step 8) wants exactly policy.True.
func (g Grant) Outcome(cmd string, args any) policy.Outcome {
	if !policy.Covers(g.Cmd, cmd) {
		return policy.False
	}
	return g.Pol.Eval(args)
}

// Fits says whether the grant fits an invocation (03 §2.2): its cmd covers
// the command and its pol holds for the arguments, taking a statement on a
// value this peer cannot open (policy.Unopened) as holding.
func (g Grant) Fits(cmd string, args any) bool {
	o := g.Outcome(cmd, args)
	return o == policy.True || o == policy.Unknown
}

// Raw gives the grant's JSON form { cmd, pol }.
func (g Grant) Raw() map[string]any {
	return map[string]any{"cmd": g.Cmd, "pol": g.Pol.Raw()}
}

// Key is the canonical JSON of { cmd, pol }: rival definitions' grants are
// compared by it, ignoring iss, nonce and meta (03 §2.4, readings A19).
func (g Grant) Key() string {
	b, err := cjson.Marshal(g.Raw())
	if err != nil { // a parsed policy is JSON; this cannot fail
		return "\x00" + err.Error()
	}
	return string(b)
}
