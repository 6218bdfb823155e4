package versions

import "time"

// SetIdleShrinkAfter sets idleShrinkAfter for a test and returns the undo.
func SetIdleShrinkAfter(d time.Duration) (undo func()) {
	was := idleShrinkAfter
	idleShrinkAfter = d
	return func() { idleShrinkAfter = was }
}

// IdleShrinks is how many times the store gave its writer's cache back.
func (s *SQLite) IdleShrinks() uint64 { return s.idle.count() }

// SetBatchRows sets batchRows for a benchmark and returns the undo.
func SetBatchRows(n int) (undo func()) {
	was := batchRows
	batchRows = n
	return func() { batchRows = was }
}
