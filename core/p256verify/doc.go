// Package p256verify checks ECDSA P-256 signatures faster than crypto/ecdsa
// for keys that sign many messages, with exactly crypto/ecdsa.Verify's
// answer for every input.
//
// A check computes R = u₁·G + u₂·Q (FIPS 186-5 §6.4.2). crypto/ecdsa spends
// most of its time on u₂·Q, a variable-point multiplication. A Table holds
// multiples of one key Q in affine form, laid out as a fixed-base comb
// (Lim–Lee, 4 groups of 8 bits); a process-wide comb of G, built on first
// use, has wider groups (11, 11 and 10 bits; 327 KB). R is then one walk
// over both combs: 7 doublings shared by the two scalars and at most 56
// mixed (Jacobian + affine) additions; x(R) mod n is compared with r
// without leaving Jacobian form (no inversion), and u₁, u₂ are Montgomery
// products mod n (only s's inverse is math/big's). The arithmetic is this
// package's own, in pure Go (field.go, point.go, scalar.go);
// filippo.io/nistec only checks that a key is on the curve. All inputs are
// public (a key, a digest, a signature), so the variable-time arithmetic
// and lookups leak nothing secret.
//
// A Table takes TableBytes of memory (about 64 KB) and about nine
// crypto/ecdsa checks' worth of CPU to build, so it pays only for keys seen
// often. Cache holds that policy: a key gets a table after it has been
// checked Threshold times, at most MaxTables tables are kept (least recently
// used dropped, and a dropped key must earn its table again), and every
// other check goes to crypto/ecdsa. Handshakes and one-off checks should
// call crypto/ecdsa directly; this package is for the gatekeeper's bulk of
// versions (02 §3.3, 05 §8).
//
// The package is pure: no clock, files or randomness.
package p256verify
