package agreement

import "strings"

// Figure names one of a type's coefficients as the text's table heads it
// and by its path in agree --json's type ("/" between keys).
type Figure struct{ Text, JSON string }

// UndefinedFigures says which figures a type's Undefined reason covers:
// of Fleiss' κ, α (nominal; ordinal on an ordered scale, interval on a
// numeric one: elsewhere those have reasons of their own), AC1 and the
// observed agreement, those undefined, and those that stand beside them
// (with no variation AC1 is 1 where κ and α are undefined). Both are
// nil while Undefined is "".
func (t TypeReport) UndefinedFigures() (undefined, defined []Figure) {
	if t.Undefined == "" {
		return nil, nil
	}
	type figure struct {
		Figure
		v Value
	}
	figures := []figure{{Figure{"Fleiss' κ", "fleiss_kappa"}, t.FleissKappa}, {Figure{"α nominal", "krippendorff_alpha/nominal"}, t.AlphaNominal}}
	if !t.Scale.Nominal {
		figures = append(figures, figure{Figure{"α ordinal", "krippendorff_alpha/ordinal"}, t.AlphaOrdinal})
	}
	if t.Scale.Values != nil {
		figures = append(figures, figure{Figure{"α interval", "krippendorff_alpha/interval"}, t.AlphaInterval})
	}
	figures = append(figures, figure{Figure{"AC1", "gwet_ac1"}, t.GwetAC1}, figure{Figure{"observed agreement", "observed_agreement"}, t.Observed})
	for _, f := range figures {
		if f.v.Defined {
			defined = append(defined, f.Figure)
		} else {
			undefined = append(undefined, f.Figure)
		}
	}
	return undefined, defined
}

// UndefinedText is the type's Undefined reason with the figures it
// covers, and those it leaves standing: "no variation: … (Fleiss' κ and
// α nominal are undefined; AC1 and observed agreement are defined)";
// "" while Undefined is "".
func (t TypeReport) UndefinedText() string {
	undefined, defined := t.UndefinedFigures()
	if t.Undefined == "" {
		return ""
	}
	scope := figureList(undefined) + verb(undefined) + " undefined"
	if len(defined) > 0 {
		scope += "; " + figureList(defined) + verb(defined) + " defined"
	}
	return t.Undefined + " (" + scope + ")"
}

// figureList names figures as a list in words: "a, b and c".
func figureList(fs []Figure) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Text
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func verb(fs []Figure) string {
	if len(fs) == 1 {
		return " is"
	}
	return " are"
}
