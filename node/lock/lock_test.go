package lock

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// helperEnv makes the test binary a helper process that holds the lock of
// the directory it names, prints "held", and waits to be killed.
const helperEnv = "MINCA_LOCK_TEST_HOLD"

func TestMain(m *testing.M) {
	if dir := os.Getenv(helperEnv); dir != "" {
		l, err := TryAcquire(dir)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("held")
		defer l.Release()
		select {}
	}
	os.Exit(m.Run())
}

// holdInOtherProcess starts a process holding dir's lock.
func holdInOtherProcess(t *testing.T, dir string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "held" {
		t.Fatalf("helper said %q", line)
	}
	return cmd
}

func TestOneOwnerAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	cmd := holdInOtherProcess(t, dir)
	_, err := TryAcquire(dir)
	if !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", cmd.Process.Pid)) {
		t.Fatalf("lock held by pid %d: %v", cmd.Process.Pid, err)
	}
	if got := Owner(dir); got != cmd.Process.Pid {
		t.Fatalf("Owner = %d, want %d", got, cmd.Process.Pid)
	}
	// kill -9: the kernel drops the lock with the process.
	cmd.Process.Kill()
	cmd.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for {
		l, err := TryAcquire(dir)
		if err == nil {
			if Owner(dir) != os.Getpid() {
				t.Fatalf("Owner = %d after taking it", Owner(dir))
			}
			l.Release()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("lock still held after its owner was killed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestOneOwnerInProcess(t *testing.T) {
	dir := t.TempDir()
	l, err := TryAcquire(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TryAcquire(dir); !errors.Is(err, ErrHeld) {
		t.Fatalf("second acquire: %v", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second release: %v", err)
	}
	if Owner(dir) != 0 {
		t.Fatalf("pid left after release: %d", Owner(dir))
	}
	l2, err := TryAcquire(dir)
	if err != nil {
		t.Fatalf("acquire after release: %v", err)
	}
	l2.Release()
}

func TestLockFileMode(t *testing.T) {
	dir := t.TempDir() + "/profiles/default"
	l, err := TryAcquire(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	fi, err := os.Stat(l.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("lock file %v, %v", fi.Mode(), err)
	}
	di, _ := os.Stat(dir)
	if di.Mode().Perm() != 0o700 {
		t.Fatalf("profile dir mode %v", di.Mode())
	}
}
