package judge

import (
	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/space"
)

// mayInvoke is may(S, root, cmd, args) as this peer judges it (03 §4.1),
// for an invocation prepared once (access.Invocation, nil when its args are
// not JSON: no one may). trusting takes a statement on a body this peer
// cannot open (policy.Unopened) as holding (03 §2.2,
// access.State.MayTrusting); without it such a statement never holds
// (03 §5.2 step 8).
//
// core/access's May is the strict reading: a grant fits only when its
// policy is policy.True. The trusting reading is asked only when that says
// no and the body was not opened.
func mayInvoke(st *access.State, root string, inv *access.Invocation, trusting bool) bool {
	if inv == nil {
		return false
	}
	if st.MayInvoke(root, inv) {
		return true
	}
	if !trusting || inv.Args()[space.ArgBody] != policy.Unopened {
		return false
	}
	return st.MayInvokeTrusting(root, inv)
}
