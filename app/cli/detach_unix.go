//go:build unix

package cli

import (
	"os/exec"
	"syscall"
)

// detach starts cmd in a session of its own, so that it outlives the
// window and no signal to the window's process group reaches it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
