package report

import (
	"testing"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// BenchmarkArmFigures is a study's figures per arm as stats computes them
// (1,000 bootstrap replicates): 5,000 panes, one unit type labelled, arms
// blind=2 and after:judge=2.
func BenchmarkArmFigures(b *testing.B) {
	d := armData(5000)
	gold := ruleGold(d.Labels, d.Arms[0], agreement.RuleMajority)
	for b.Loop() {
		ComputeArmFigures(d, guidelines.MIMICS, gold, agreement.DefaultOptions)
	}
}
