// Package synctest is test support for measuring sync (05 §4–§9): a corpus
// of signed versions to sync and the P-256 verification rate to set a sync's
// rate against (../../shared/PERFORMANCE-TARGETS.md, "Verifying and
// ingesting versions"). node/syncer's and node/netsync's first-sync
// benchmarks share it; nothing outside tests imports it.
package synctest
