package cli

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"time"

	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/paths"
)

// quitWait bounds how long quitting waits for the tray to exit: it closes
// the node first, which ends its syncs.
const quitWait = 15 * time.Second

// runQuit stops the profile's tray: the process that keeps syncing in the
// background once the window is closed, with its icon where the desktop
// shows tray icons, without one where it shows none. An open window keeps
// syncing until it closes; a `minca host` or `minca ui` goes on.
func runQuit(env Env, c command, args []string) error {
	if err := parseFlags(newFlags(env, c), args); err != nil {
		return err
	}
	pid, err := stopTray(env.Ctx)
	if err != nil {
		return err
	}
	if pid == 0 {
		fmt.Fprintln(env.Stdout, "Minca: nothing syncs in the background for this profile.")
		return nil
	}
	fmt.Fprintf(env.Stdout, "Minca: stopped syncing in the background (pid %d).\n", pid)
	return nil
}

// stopTray asks the profile's tray to exit (SIGTERM, on which it quits as
// its menu's Quit does) and waits, up to quitWait, until it has let go of
// its role. It returns the tray's pid, 0 when none ran.
func stopTray(ctx context.Context) (int, error) {
	pid := instance.Holder("", paths.DefaultProfile, instance.RoleTray)
	for deadline := time.Now().Add(time.Second); pid < 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond) // starting: its id comes next
		pid = instance.Holder("", paths.DefaultProfile, instance.RoleTray)
	}
	if pid == 0 {
		return 0, nil
	}
	if pid < 0 {
		return 0, fmt.Errorf("quit: a tray is starting and has not written its process id yet; try again")
	}
	p, err := os.FindProcess(pid)
	if err == nil {
		err = p.Signal(syscall.SIGTERM)
	}
	if err != nil {
		return 0, fmt.Errorf("quit: stop the tray (pid %d): %w", pid, err)
	}
	t := time.NewTimer(quitWait)
	defer t.Stop()
	for instance.Holder("", paths.DefaultProfile, instance.RoleTray) == pid {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-t.C:
			return 0, fmt.Errorf("quit: the tray (pid %d) did not exit within %v", pid, quitWait)
		case <-time.After(100 * time.Millisecond):
		}
	}
	return pid, nil
}
