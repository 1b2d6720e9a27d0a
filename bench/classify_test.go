package bench

import "testing"

func predictions(gold, pred []string) []Prediction {
	out := make([]Prediction, len(gold))
	for i := range gold {
		out[i] = Prediction{gold[i], pred[i]}
	}
	return out
}

func TestClassifyByHand(t *testing.T) {
	t.Parallel()
	// accuracy 3/5; F1: a 2/(2+1+1) = .5, b 4/(4+1) = .8, c 0 -> macro 1.3/3;
	// chance .4·.4 + .4·.6 + .2·0 = .4, kappa (.6-.4)/(1-.4) = 1/3.
	c := Classify(predictions(
		[]string{"a", "a", "b", "b", "c"},
		[]string{"a", "b", "b", "b", "a"}))
	near(t, "accuracy", c.Accuracy.X, 0.6)
	near(t, "macro_f1", c.MacroF1.X, 1.3/3)
	near(t, "kappa", c.Kappa.X, 1.0/3)
}

// scikit-learn's f1_score documentation: y_true [0 1 2 0 1 2], y_pred
// [0 2 1 0 0 1], average="macro" gives 0.2666…
func TestMacroF1ScikitLearnExample(t *testing.T) {
	t.Parallel()
	c := Classify(predictions(
		[]string{"0", "1", "2", "0", "1", "2"},
		[]string{"0", "2", "1", "0", "0", "1"}))
	near(t, "macro_f1", c.MacroF1.X, 0.26666666666666666)
}

func TestClassifyUndefined(t *testing.T) {
	t.Parallel()
	if c := Classify(nil); c.Accuracy.Defined || c.MacroF1.Defined || c.Kappa.Defined {
		t.Errorf("no predictions: %+v, want undefined", c)
	}
	// One label everywhere: chance agreement is 1, so kappa is undefined,
	// while accuracy is a plain 1.
	c := Classify(predictions([]string{"x", "x"}, []string{"x", "x"}))
	if c.Kappa.Defined {
		t.Errorf("kappa = %v with chance agreement 1, want undefined", c.Kappa.X)
	}
	near(t, "accuracy", c.Accuracy.X, 1)
}
