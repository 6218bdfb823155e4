//go:build !unix

package cli

import "os/exec"

// detach does nothing here: a child process outlives its parent anyway.
func detach(*exec.Cmd) {}
