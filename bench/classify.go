package bench

import "slices"

// Prediction pairs a gold label with a run's label for the same unit.
type Prediction struct {
	Gold, Predicted string
}

// Classification is how well a run's labels match gold: accuracy,
// macro-averaged F1 and Cohen's kappa (the figures ClariLM reports for
// clarification necessity).
type Classification struct {
	N        int
	Accuracy Value
	MacroF1  Value
	Kappa    Value
}

// Metrics lists the figures by their report names.
func (c Classification) Metrics() []Metric {
	return []Metric{{"accuracy", c.Accuracy}, {"macro_f1", c.MacroF1}, {"kappa", c.Kappa}}
}

// Classify scores predictions. Macro-F1 averages F1 = 2TP / (2TP + FP + FN)
// over every label seen in gold or predictions (scikit-learn's default
// label set; a label never predicted has F1 0). Kappa is undefined when
// chance agreement is 1 (one label everywhere); everything is undefined
// with no predictions.
func Classify(preds []Prediction) Classification {
	c := Classification{N: len(preds)}
	if len(preds) == 0 {
		return c
	}
	gold, pred, tp := map[string]int{}, map[string]int{}, map[string]int{}
	agree := 0
	for _, p := range preds {
		gold[p.Gold]++
		pred[p.Predicted]++
		if p.Gold == p.Predicted {
			agree++
			tp[p.Gold]++
		}
	}
	labels := make([]string, 0, len(gold)+len(pred))
	for l := range gold {
		labels = append(labels, l)
	}
	for l := range pred {
		if _, ok := gold[l]; !ok {
			labels = append(labels, l)
		}
	}
	slices.Sort(labels) // a fixed summing order

	n := float64(len(preds))
	var f1, chance float64
	for _, l := range labels {
		fp, fn := pred[l]-tp[l], gold[l]-tp[l]
		f1 += 2 * float64(tp[l]) / float64(2*tp[l]+fp+fn)
		chance += float64(gold[l]) / n * float64(pred[l]) / n
	}
	observed := float64(agree) / n
	c.Accuracy = Of(observed)
	c.MacroF1 = Of(f1 / float64(len(labels)))
	if chance < 1 {
		c.Kappa = Of((observed - chance) / (1 - chance))
	}
	return c
}
