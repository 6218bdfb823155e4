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
	b, err := cjson.Marshal(args)
	if err != nil {
		return nil, false
	}
	key := cmd + " " + string(b)
	if paths := unopenedPaths(args, nil, nil); len(paths) > 0 {
		p, err := cjson.Marshal(paths)
		if err != nil {
			return nil, false
		}
		key += "\nunopened " + string(p)
	}
	if trusting {
		key += "\ntrusting"
	}
	return &invocation{cmd: cmd, args: args, trusting: trusting, key: key}, true
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
