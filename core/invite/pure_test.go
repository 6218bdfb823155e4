package invite

import (
	"testing"

	"minca.dev/desktop/core/internal/puretest"
)

// core is pure (team brief): no files, network, clock or global randomness.
// This reads the package's own imports and calls and refuses those that
// bring them (core/internal/puretest).
func TestPackageIsPure(t *testing.T) { puretest.Check(t) }
