package report

import (
	"fmt"
	"strings"

	"github.com/claritty/claritty/agreement"
)

// ScoreOptions say which gold a benchmark scores against.
type ScoreOptions struct {
	// Provisional also scores gold that rests on fewer annotators than
	// the policy's min (provenance insufficient); by default only settled
	// gold is scored and provisional gold waits, as missing gold does.
	Provisional bool
}

// goldState is what a unit's gold is worth to a score.
type goldState int

const (
	goldMissing     goldState = iota // unresolved, not labelled yet, flagged or hidden
	goldProvisional                  // fewer annotators than the policy's min
	goldSettled                      // anything else with a label
)

// GoldBasis is what a benchmark figure's gold is: of the golds it could
// rest on (a labels run's predicted units, a nuggets run's answers, a trec
// run's judged documents, a judge's pairs), how many are settled,
// provisional and missing. ProvisionalScored says whether the figure
// scored the provisional ones (--provisional) or left them waiting.
type GoldBasis struct {
	Settled           int  `json:"settled"`
	Provisional       int  `json:"provisional"`
	Missing           int  `json:"missing"`
	ProvisionalScored bool `json:"provisional_scored"`
}

func (b *GoldBasis) add(s goldState) {
	switch s {
	case goldSettled:
		b.Settled++
	case goldProvisional:
		b.Provisional++
	default:
		b.Missing++
	}
}

// Text is the basis in words: "12 settled · 3 provisional not scored ·
// 5 missing", or "12 settled + 3 provisional …" when they were scored.
func (b GoldBasis) Text() string {
	out := fmt.Sprintf("%d settled", b.Settled)
	if b.Provisional > 0 {
		if b.ProvisionalScored {
			out += fmt.Sprintf(" + %d provisional", b.Provisional)
		} else {
			out += fmt.Sprintf(" · %d provisional not scored", b.Provisional)
		}
	}
	if b.Missing > 0 {
		out += fmt.Sprintf(" · %d missing", b.Missing)
	}
	return out
}

// Short is Text for a narrow pane: "12 settled · 3 prov unscored ·
// 5 missing", each part held together by no-break spaces so a pane wraps
// between parts.
func (b GoldBasis) Short() string {
	parts := []string{fmt.Sprintf("%d settled", b.Settled)}
	if b.Provisional > 0 {
		if b.ProvisionalScored {
			parts = append(parts, fmt.Sprintf("+%d prov", b.Provisional))
		} else {
			parts = append(parts, fmt.Sprintf("%d prov unscored", b.Provisional))
		}
	}
	if b.Missing > 0 {
		parts = append(parts, fmt.Sprintf("%d missing", b.Missing))
	}
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(p, " ", "\u00a0")
	}
	return strings.Join(parts, " · ")
}

// stateOf is what gold unit u of an item is worth: its label, when the
// options let a score use it (-1 otherwise), and its state.
func (o ScoreOptions) stateOf(p *PaneGold, unit string) (int, goldState) {
	if p == nil {
		return -1, goldMissing
	}
	for _, u := range p.Units {
		if u.Unit != unit {
			continue
		}
		switch {
		case u.Label < 0:
			return -1, goldMissing
		case u.Provenance == agreement.Insufficient && o.Provisional:
			return u.Label, goldProvisional
		case u.Provenance == agreement.Insufficient:
			return -1, goldProvisional
		}
		return u.Label, goldSettled
	}
	return -1, goldMissing
}
