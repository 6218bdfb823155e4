package traytest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// IconFiles lists the icon files systray writes (systray_XXXXXX) in dir,
// the TMPDIR of the tray process ("/tmp" when TMPDIR is unset).
func IconFiles(dir string) ([]string, error) {
	return filepath.Glob(filepath.Join(dir, "systray_*"))
}

// CPUTicks returns the user plus system CPU time of process pid so far, in
// clock ticks (1/100 s on Linux), from /proc/<pid>/stat.
func CPUTicks(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name, which is in parentheses and may
	// hold spaces: state is field 3, utime 14, stime 15.
	end := strings.LastIndexByte(string(data), ')')
	if end < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	fields := strings.Fields(string(data[end+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(fields))
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: bad utime/stime %q %q", pid, fields[11], fields[12])
	}
	return utime + stime, nil
}
