// Package account is the account's own spaces (03 §13–§14): the spaces it
// derives from its account key (§13.1: the account registry, contacts and
// one carry space per carrier and gen), the memberships the registry records
// and which count (§13.2), when a sys.link is done (§13.2), and passes, the
// data a carrier gets to carry a space it cannot read (§14).
//
// Derivations are core/identity's (AccountSpaceKey, AccountSpaceNonce,
// CarryBound) and constitutions core/space's (Create); space keys are
// core/spacekey's. The package is pure.
//
// # Choices where 03 is silent or its tables were lost
//
// docs/spec/03-choices.md records these too.
//
//   - The derived spaces' names (Account registry, Contacts, Carry space) are
//     the ones that reproduce §13.1's example ids.
//   - The membership collection is sys.joined (the predecessor's name), with
//     body { space, invite? }; other members are ignored. Versions that do not
//     count are passed over; at each key the newest that counts wins, a delete
//     meaning the account left.
//   - A pass with members other than v, space, read and readKey is refused;
//     so is a private space's pass without read, and a public space's with
//     read or readKey.
//   - carry:closed closes only with exactly { v: 1, closed: true }.
//   - sys.link's body was lost with §13.2's table: LinkDone takes until and
//     keyId from the caller; "past until" is strictly after it.
package account
