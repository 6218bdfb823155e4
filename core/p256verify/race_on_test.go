//go:build race

package p256verify

const raceOn = true
