// Package judge turns access versions into access events and judges
// versions against a space's access history (03 Spaces).
//
// It implements:
//   - 03 §3.3, from a version to an event (EventFromVersion), with the
//     record keys every access kind must use (03 §3.1);
//   - 03 §3.4, what an access version must satisfy before it is stored (MayStore);
//   - 03 §5.1, judge: whether a record stands against the history (Judge);
//   - 03 §5.2, the standing of an ordinary record (Standing), giving one of
//     the gatekeeper's four answers (02 §9.5): stands, later (not yet),
//     withdrawn, refused.
//
// Where a body must be opened (private spaces, 03 §8) the caller passes an
// Opener, so decryption stays outside this package.
//
// The package is pure: no clock, files, network or randomness.
package judge
