package teamdb

import (
	"fmt"
	"testing"
)

// BenchmarkMerge builds a team database of each size from scratch and
// reports the labels merge's rate (the labels are merged by BuildTeam
// through store.Merger, as `import --format labels` does), then leaves the
// database in the cache for the other benchmarks.
//
//	CLARITTY_BENCH_PANES=10000,100000,414362 go test ./data/teamdb -run '^$' -bench Merge -benchtime 1x -timeout 60m
func BenchmarkMerge(b *testing.B) {
	for _, n := range Sizes(b) {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				team, merge := Build(b, n)
				b.ReportMetric(float64(team.Labels), "labels")
				b.ReportMetric(merge.Seconds(), "merge-s")
				b.ReportMetric(float64(team.Labels)/merge.Seconds(), "labels/s")
			}
		})
	}
}
