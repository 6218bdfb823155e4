// Package definition is 02 §6–§8 (docs/spec/02-records.md): a collection's
// definition (the body of a sys.collection version), the publishing subset
// of JSON Schema it may use, its rules (onePer, fixed, final) and its topics
// with the blind tags records carry.
//
// Which definition is in force is the access history's question (03 §4,
// core/access); this package says whether one is valid and what its rules
// and topics require of a version. Bodies are passed in as the caller opened
// them (private spaces, 03 §8.3), so nothing here decrypts.
//
// The package is pure: no files, network, clock or randomness.
package definition
