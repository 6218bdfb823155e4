// Package storetest is the suite every versions.Store must pass (05 §10):
// placement, stubs and retained versions, first versions, removal, running
// sums and item sets, one change landing whole or not at all, concurrent
// changes, and the same store for the same set of versions in any order.
//
// Run it from an implementation's tests:
//
//	storetest.Run(t, func(t *testing.T) versions.Store { return open(t) })
//
// Maker signs real versions for it (and for benchmarks); Expected is the
// closed-form oracle of 05 §10.1 the suite compares stores with.
package storetest

import (
	"context"
	"testing"

	"minca.dev/desktop/node/versions"
)

// Open makes a fresh, empty store; the suite closes it.
type Open func(t *testing.T) versions.Store

// Run runs every test of the suite against stores open makes.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Open)
	}{
		{"Empty", testEmpty},
		{"FirstVersion", testFirstVersion},
		{"Supersede", testSupersede},
		{"Retained", testRetained},
		{"StubThenWhole", testStubThenWhole},
		{"WholeNotDowngraded", testWholeNotDowngraded},
		{"Fork", testFork},
		{"Delete", testDelete},
		{"FirstVersions", testFirstVersions},
		{"Idempotent", testIdempotent},
		{"Remove", testRemove},
		{"RemoveNoPromotion", testRemoveNoPromotion},
		{"FailingChangeLeavesNothing", testFailingChange},
		{"Invalid", testInvalid},
		{"CancelledContext", testCancelled},
		{"Concurrent", testConcurrent},
		{"ItemsSnapshot", testItemsSnapshot},
		{"SumsMatchItems", testSumsMatchItems},
		{"ReturnedCopies", testReturnedCopies},
		{"AnyOrder", testAnyOrder},
		{"Reconcile", testReconcile},
		{"ItemsFollowChanges", testItemsFollowChanges},
		{"Closed", testClosed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

// fresh opens a store and closes it when the test ends.
func fresh(t *testing.T, open Open) versions.Store {
	t.Helper()
	s := open(t)
	t.Cleanup(func() { s.Close() })
	return s
}

var ctx = context.Background()
