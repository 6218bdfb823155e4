//go:build !race

package runtime

// raceOn says the race detector is on (race_on_test.go).
const raceOn = false
