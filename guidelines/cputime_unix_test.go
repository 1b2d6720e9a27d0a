//go:build unix

package guidelines

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: what a
// parse costs, whatever else the machine runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
