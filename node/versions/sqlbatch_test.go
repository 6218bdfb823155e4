package versions_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/versions/storetest"
)

// TestSQLiteLargeChanges: changes larger than the rows queued per table
// (batchRows), whose rows are written many to a statement, some keys set
// many times within one statement, land as the oracle places them, in
// one change and in changes of every size up to 300.
func TestSQLiteLargeChanges(t *testing.T) {
	vs := storetest.RandomSet(t, 21, 900)
	m := storetest.NewMaker(t, 7)
	for i := range 300 {
		vs = append(vs, m.First("app.todo.item", fmt.Sprintf("n%03d", i), map[string]any{"n": float64(i)}, storetest.Opts{}))
	}
	for _, size := range []int{len(vs), 300, 257, 129, 64, 7} {
		s := openSQLite(t, filepath.Join(t.TempDir(), "space.db"))
		for i := 0; i < len(vs); i += size {
			if err := s.Put(bg, vs[i:min(i+size, len(vs))]...); err != nil {
				t.Fatalf("changes of %d: %v", size, err)
			}
		}
		wantOracle(t, s, vs)
		s.Close()
	}
}
