//go:build race

package netsync

// raceOn: the race detector slows P-256 checks about tenfold, past the
// engine's 30 s want timeout for a first sync of thousands of versions.
const raceOn = true
