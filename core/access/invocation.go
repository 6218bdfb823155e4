package access

import (
	"slices"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
)

// invocationOf makes an invocation with its may() cache key: the command
// and the canonical JSON of its arguments. cjson writes policy.Unopened as
// {}, so where args hold it the key adds, after a newline (which canonical
// JSON never holds raw), the paths to each Unopened; and a trusting
// invocation adds a mark, since it may be answered differently.
func invocationOf(cmd string, args map[string]any, trusting bool) (*invocation, bool) {
	key, ok := invocationKey(cmd, args)
	if !ok {
		return nil, false
	}
	inv := &invocation{cmd: cmd, args: args, key: key}
	if trusting {
		inv = inv.trustingOf()
	}
	return inv, true
}

// invocationKey is the may() cache key of a strict invocation.
func invocationKey(cmd string, args map[string]any) (string, bool) {
	b, err := cjson.Marshal(args)
	if err != nil {
		return "", false
	}
	key := cmd + " " + string(b)
	if !hasUnopened(args) {
		return key, true
	}
	if paths := unopenedPaths(args, nil, nil); len(paths) > 0 {
		p, err := cjson.Marshal(paths)
		if err != nil {
			return "", false
		}
		key += "\nunopened " + string(p)
	}
	return key, true
}

// trustingOf is the trusting reading of a strict invocation.
func (inv *invocation) trustingOf() *invocation {
	return &invocation{cmd: inv.cmd, args: inv.args, trusting: true, key: inv.key + "\ntrusting"}
}

// Invocation is a command with its arguments, made once and asked of many
// states (May, MayTrusting): its canonical JSON, the may() cache key, is
// written once. A gatekeeper asks one version's invocation of seenAs and of
// at (03 §5.2), each strictly and perhaps trusting.
type Invocation struct {
	strict   *invocation
	trusting *invocation // made when first asked
}

// NewInvocation prepares cmd with args (JSON-shaped, as core/cjson gives
// it). ok is false when args are not JSON: May answers no for such args,
// and so does MayInvoke for a nil Invocation. An Invocation is not safe for
// concurrent use.
func NewInvocation(cmd string, args map[string]any) (*Invocation, bool) {
	key, ok := invocationKey(cmd, args)
	if !ok {
		return nil, false
	}
	return &Invocation{strict: &invocation{cmd: cmd, args: args, key: key}}, true
}

// NewInvocationJSON is NewInvocation for a caller that holds args' canonical
// JSON already (a gatekeeper holds a checked version's body as its signer
// wrote it, core/record.BodyJSON): the cache key is not written again.
// argsJSON must be exactly cjson.Marshal(args); args holding a
// policy.Unopened are keyed as NewInvocation keys them.
func NewInvocationJSON(cmd string, args map[string]any, argsJSON []byte) (*Invocation, bool) {
	if hasUnopened(args) {
		return NewInvocation(cmd, args)
	}
	key := cmd + " " + string(argsJSON)
	return &Invocation{strict: &invocation{cmd: cmd, args: args, key: key}}, true
}

// Args are the invocation's arguments.
func (inv *Invocation) Args() map[string]any { return inv.strict.args }

// MayInvoke is May(did, cmd, args) for a prepared invocation.
func (s *State) MayInvoke(did string, inv *Invocation) bool {
	return inv != nil && s.may(did, inv.strict)
}

// MayInvokeTrusting is MayTrusting(did, cmd, args) for a prepared
// invocation.
func (s *State) MayInvokeTrusting(did string, inv *Invocation) bool {
	if inv == nil {
		return false
	}
	if inv.trusting == nil {
		inv.trusting = inv.strict.trustingOf()
	}
	return s.may(did, inv.trusting)
}

// hasUnopened says whether x holds a policy.Unopened anywhere: the
// common case, none, is told without building paths.
func hasUnopened(x any) bool {
	switch v := x.(type) {
	case map[string]any:
		for _, e := range v {
			if hasUnopened(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasUnopened(e) {
				return true
			}
		}
	default:
		return x == policy.Unopened
	}
	return false
}

// unopenedPaths appends the path (member names and list indexes) of each
// policy.Unopened in x, maps walked in sorted member order.
func unopenedPaths(x any, at []any, out []any) []any {
	switch v := x.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = unopenedPaths(v[k], append(slices.Clip(at), k), out)
		}
	case []any:
		for i, e := range v {
			out = unopenedPaths(e, append(slices.Clip(at), float64(i)), out)
		}
	default:
		if x == policy.Unopened {
			out = append(out, slices.Clone(at))
		}
	}
	return out
}
