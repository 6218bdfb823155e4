//go:build !race

package netsync

const raceOn = false
