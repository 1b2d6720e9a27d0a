package agreement

import (
	"fmt"
	"math"
)

// DSLabel is one annotator's label on one unit, all as indexes: units
// 0..units-1, annotators 0..annotators-1, classes 0..classes-1.
type DSLabel struct {
	Unit, Annotator, Class int
}

// DSOptions bound the EM iterations: it stops when no unit's posterior
// moves by more than Tolerance, or after MaxIterations rounds (a cap
// against a fit that never settles; EM on real data settles well before
// it, and a fit that does not is marked so: Converged false).
type DSOptions struct {
	Tolerance     float64 // 0: 1e-9
	MaxIterations int     // 0: DSMaxIterations
	// Stop, once closed, ends the rounds early, as if MaxIterations were
	// reached (the caller no longer wants the fit; nil never stops).
	Stop <-chan struct{}
}

// DSMaxIterations is the default cap on EM rounds.
const DSMaxIterations = 100000

// DawidSkene is the Dawid & Skene (1979) model fitted to a set of labels:
// each class's prior, each annotator's confusion matrix (the chance they
// give class l to a unit whose true class is k), and each unit's posterior
// over the true classes.
type DawidSkene struct {
	Classes int
	Priors  []float64 // p_k
	// Confusion is [annotator][true k][given l]; a row for a class the
	// annotator never met (no posterior weight on it among their units)
	// is nil: there is nothing to estimate it from.
	Confusion [][][]float64
	// Accuracy per annotator: Σ_k p_k π_kk / Σ_k p_k over the classes
	// they met, the chance they give the true class of a unit like theirs.
	Accuracy   []float64
	Posterior  [][]float64 // [unit][k]; a unit without labels has the priors
	Labelled   []bool      // the unit has at least one label
	Iterations int
	Converged  bool
	// Change is the largest move of any unit's posterior in the last
	// round: at most the tolerance when Converged.
	Change float64
	// LogLikelihood is the log of the labels' probability under the fitted
	// parameters, summed over labelled units (EM never lowers it).
	LogLikelihood float64
}

// FitDawidSkene estimates the model by expectation–maximisation. It starts
// from each unit's vote shares (a soft majority vote): a unit's posterior
// is the share of its labels in each class (the paper's own start). Then, in turn, the M-step
// sets the priors to the mean posterior over labelled units and each
// annotator's confusion row k to their labels weighted by the units'
// posterior of k, and the E-step sets each unit's posterior in proportion
// to p_k Π π_k,label (in logs, so hundreds of labels do not underflow). A
// zero probability stays zero: a class no unit can be, or a label an
// annotator never gave, rules the class out. Should every class be ruled
// out for a unit the unit keeps its posterior.
func FitDawidSkene(labels []DSLabel, units, annotators, classes int, opt DSOptions) (DawidSkene, error) {
	if opt.Tolerance == 0 {
		opt.Tolerance = 1e-9
	}
	if opt.MaxIterations == 0 {
		opt.MaxIterations = DSMaxIterations
	}
	m := DawidSkene{Classes: classes, Labelled: make([]bool, units)}
	if classes < 1 {
		return m, fmt.Errorf("dawid-skene: %d classes", classes)
	}
	byUnit := make([][]DSLabel, units)
	for _, l := range labels {
		if l.Unit < 0 || l.Unit >= units || l.Annotator < 0 || l.Annotator >= annotators || l.Class < 0 || l.Class >= classes {
			return m, fmt.Errorf("dawid-skene: label %+v outside %d units, %d annotators, %d classes", l, units, annotators, classes)
		}
		byUnit[l.Unit] = append(byUnit[l.Unit], l)
		m.Labelled[l.Unit] = true
	}
	m.Posterior = voteShareStart(byUnit, classes)
	for m.Iterations < opt.MaxIterations && !Stopped(opt.Stop) {
		m.Iterations++
		m.maximise(byUnit, annotators)
		if m.Change = m.expect(byUnit); m.Change <= opt.Tolerance {
			m.Converged = true
			break
		}
	}
	met := m.maximise(byUnit, annotators) // the parameters of the posteriors given
	m.expect(byUnit)
	m.Accuracy = make([]float64, annotators)
	for a := range annotators {
		weight := 0.0
		for k := range classes {
			if !met[a][k] {
				m.Confusion[a][k] = nil // uniform only so the E-step could run
				continue
			}
			m.Accuracy[a] += m.Priors[k] * m.Confusion[a][k][k]
			weight += m.Priors[k]
		}
		if weight > 0 {
			m.Accuracy[a] /= weight
		}
	}
	return m, nil
}

// voteShareStart is each unit's share of labels per class; uniform for a
// unit without labels.
func voteShareStart(byUnit [][]DSLabel, classes int) [][]float64 {
	t := make([][]float64, len(byUnit))
	for u, ls := range byUnit {
		t[u] = make([]float64, classes)
		for _, l := range ls {
			t[u][l.Class] += 1 / float64(len(ls))
		}
		if len(ls) == 0 {
			for k := range t[u] {
				t[u][k] = 1 / float64(classes)
			}
		}
	}
	return t
}

// maximise sets the priors and confusion matrices from the posteriors,
// and says which rows had weight to estimate them from ([annotator][k]).
func (m *DawidSkene) maximise(byUnit [][]DSLabel, annotators int) [][]bool {
	k := m.Classes
	m.Priors = make([]float64, k)
	n := 0
	for u, ls := range byUnit {
		if len(ls) == 0 {
			continue
		}
		n++
		for c := range k {
			m.Priors[c] += m.Posterior[u][c]
		}
	}
	for c := range k {
		if n > 0 {
			m.Priors[c] /= float64(n)
		} else {
			m.Priors[c] = 1 / float64(k)
		}
	}
	m.Confusion = make([][][]float64, annotators)
	for a := range m.Confusion {
		m.Confusion[a] = make([][]float64, k)
		for c := range k {
			m.Confusion[a][c] = make([]float64, k)
		}
	}
	for u, ls := range byUnit {
		for _, l := range ls {
			for c := range k {
				m.Confusion[l.Annotator][c][l.Class] += m.Posterior[u][c]
			}
		}
	}
	met := make([][]bool, annotators)
	for a := range m.Confusion {
		met[a] = make([]bool, k)
		for c := range k {
			row, sum := m.Confusion[a][c], 0.0
			for _, x := range row {
				sum += x
			}
			met[a][c] = sum > 0
			for l := range row {
				if sum > 0 {
					row[l] /= sum
				} else {
					row[l] = 1 / float64(k) // never met a unit of class c: no information
				}
			}
		}
	}
	return met
}

// expect sets each labelled unit's posterior from the parameters and
// returns the largest change; it also sums the log-likelihood. The logs of
// the parameters are taken once per round, not once per label: the same
// values summed in the same order, for a tenth of the work.
func (m *DawidSkene) expect(byUnit [][]DSLabel) float64 {
	moved := 0.0
	m.LogLikelihood = 0
	logs := make([]float64, m.Classes)
	logPriors, logConfusion := m.logParameters()
	for u, ls := range byUnit {
		if len(ls) == 0 {
			copy(m.Posterior[u], m.Priors)
			continue
		}
		top := math.Inf(-1)
		for c := range logs {
			logs[c] = logPriors[c]
			for _, l := range ls {
				logs[c] += logConfusion[l.Annotator][c][l.Class]
			}
			top = max(top, logs[c])
		}
		if math.IsInf(top, -1) {
			continue // every class ruled out: keep what it had
		}
		sum := 0.0
		for c := range logs {
			sum += math.Exp(logs[c] - top)
		}
		m.LogLikelihood += top + math.Log(sum)
		for c := range logs {
			p := math.Exp(logs[c]-top) / sum
			moved = max(moved, math.Abs(p-m.Posterior[u][c]))
			m.Posterior[u][c] = p
		}
	}
	return moved
}

// logParameters is the log of each prior and of each confusion cell.
func (m *DawidSkene) logParameters() ([]float64, [][][]float64) {
	logPriors := make([]float64, len(m.Priors))
	for c, p := range m.Priors {
		logPriors[c] = math.Log(p)
	}
	logConfusion := make([][][]float64, len(m.Confusion))
	for a, rows := range m.Confusion {
		logConfusion[a] = make([][]float64, len(rows))
		for c, row := range rows {
			logConfusion[a][c] = make([]float64, len(row))
			for l, x := range row {
				logConfusion[a][c][l] = math.Log(x)
			}
		}
	}
	return logPriors, logConfusion
}

// Best is the unit's most probable class and its posterior; ties go to the
// lowest class.
func (m DawidSkene) Best(unit int) (class int, p float64) {
	for c, x := range m.Posterior[unit] {
		if x > p {
			class, p = c, x
		}
	}
	return class, p
}
