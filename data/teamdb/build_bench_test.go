package teamdb

import (
	"context"
	"testing"

	"github.com/claritty/claritty/store/storetest"
)

// BenchmarkBuildTeam merges a team's labels into a fresh database of
// Click-shaped panes (BuildTeam): the labels merge's rate, in labels/s.
//
//	go test ./data/teamdb -run '^$' -bench BuildTeam -benchtime 1x
func BenchmarkBuildTeam(b *testing.B) {
	for range b.N {
		st := storetest.Open(b)
		team, err := BuildTeam(context.Background(), st, storetest.Lead(b, st), b.TempDir(), 10000, 3)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(team.Labels), "labels")
	}
}
