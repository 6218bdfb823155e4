// Package space holds what a space is (03 Spaces): the constitution and the
// space id (§1), checkSpace with its ten rules (§1.2), the founding roles and
// grants (§2.1, §2.2) with Grant.Fits, the commands peers check and the
// arguments they fill in (§2.3), role definitions (§2.4), the pure rules of
// successor spaces (§2.7), relays and keepers (§10) and profiles (§11).
//
// The replay (core/access) builds `may` over these types; this package only
// reads and checks. It is pure: no clock, files, network or randomness.
//
// Choices where the spec is silent (the tables of 03 §1.1, §2.2 and §2.3
// were lost in our copy; see docs/spec) are marked "Choice:" beside the code.
package space
