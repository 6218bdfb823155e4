//go:build race

package runtime

// raceOn says the race detector is on: property tests then try fewer
// histories (each step is several times slower), the concurrent ones all.
const raceOn = true
