//go:build !unix

package guidelines

import "time"

var started = time.Now()

// cpuTime stands in for the CPU time used where getrusage is not: the time
// since the tests began.
func cpuTime() time.Duration { return time.Since(started) }
