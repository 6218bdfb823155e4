package synctest

import (
	"os"
	"runtime/pprof"
	"testing"
)

// ProfileEnv names the file a benchmark writes a CPU profile of the sync
// alone to (not the corpus's signing nor the filling of the full store);
// unset: no profile.
const ProfileEnv = "SYNC_BENCH_PROFILE"

// StartProfile starts the CPU profile ProfileEnv asks for; the last sync of
// a run wins.
func StartProfile(tb testing.TB) (stop func()) {
	tb.Helper()
	path := os.Getenv(ProfileEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		tb.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
