package p256verify

import (
	"testing"

	"minca.dev/desktop/core/internal/puretest"
)

// core is pure (team brief): no files, network, clock or global randomness.
func TestImportsArePure(t *testing.T) { puretest.CheckImports(t) }
