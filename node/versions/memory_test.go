package versions_test

import (
	"testing"

	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

func TestMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) versions.Store { return versions.NewMemory() })
}
