package agreement

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
)

// The JSON shape of `claritty agree --json`; undefined values are null.
type (
	typeJSON struct {
		Type          string      `json:"type"`
		Categories    []string    `json:"categories"`
		Items         int         `json:"items"`
		Ratings       int         `json:"ratings"`
		Paired        int         `json:"items_with_2plus_ratings"`
		Warnings      []string    `json:"warnings"`
		RatersPerItem minMaxJSON  `json:"raters_per_item"`
		Observed      Value       `json:"observed_agreement"`
		Chance        Value       `json:"chance_agreement"`
		FleissKappa   Value       `json:"fleiss_kappa"`
		GwetAC1       Value       `json:"gwet_ac1"`
		Alpha         alphaJSON   `json:"krippendorff_alpha"`
		PerCategory   orderedJSON `json:"per_category_kappa"`
		CI95          ciJSON      `json:"ci95"`
		CIUsed        ciUsedJSON  `json:"ci95_replicates_used"`
		Withheld      string      `json:"withheld,omitempty"`
		Undefined     string      `json:"undefined,omitempty"`
		// UndefinedFigures are the figures Undefined is the reason for,
		// by their paths in the type ("krippendorff_alpha/nominal").
		UndefinedFigures []string `json:"undefined_figures,omitempty"`

		// The categories are those the type's labels use (a ratings
		// file's, none given): one nobody used is not counted.
		CategoriesInferred bool `json:"categories_inferred,omitempty"`
		// PerCategoryWhy says why each undefined per-category kappa is,
		// by category; absent while every one is defined.
		PerCategoryWhy *orderedJSON `json:"per_category_kappa_undefined,omitempty"`
	}
	minMaxJSON struct {
		Min int `json:"min"`
		Max int `json:"max"`
	}
	alphaJSON struct {
		Nominal  Value `json:"nominal"`
		Ordinal  Value `json:"ordinal"`
		Interval Value `json:"interval"`
	}
	ciJSON struct {
		FleissKappa  Interval `json:"fleiss_kappa"`
		AlphaOrdinal Interval `json:"krippendorff_alpha_ordinal"`
	}
	// ciUsedJSON: of the replicates drawn, those each interval rests on.
	ciUsedJSON struct {
		FleissKappa  int `json:"fleiss_kappa"`
		AlphaOrdinal int `json:"krippendorff_alpha_ordinal"`
	}
	pairJSON struct {
		A         string `json:"a"`
		B         string `json:"b"`
		Items     int    `json:"items"`
		Kappa     Value  `json:"cohen_kappa"`
		Weighted  Value  `json:"cohen_kappa_quadratic"`
		Undefined string `json:"undefined,omitempty"`
	}
	annotatorJSON struct {
		Annotator string `json:"annotator"`
		Items     int    `json:"items"`
		Agreement Value  `json:"in_majority"`
	}
)

// orderedJSON is a JSON object whose keys keep the scale's order.
type orderedJSON struct {
	keys   []string
	values []json.Marshaler
}

func (o orderedJSON) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range o.keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		v, err := o.values[i].MarshalJSON()
		if err != nil {
			return nil, err
		}
		b = append(append(b, ':'), v...)
	}
	return append(b, '}'), nil
}

func (r Report) typeJSON(t TypeReport) typeJSON {
	per := orderedJSON{keys: t.Scale.Categories} // the type's own: no category of another type's scale
	for i := range t.Scale.Categories {
		v := undefined // a withheld type has none
		if i < len(t.PerCategory) {
			v = t.PerCategory[i]
		}
		per.values = append(per.values, v)
	}
	j := typeJSON{
		Type: t.Type, Categories: t.Scale.Categories, Items: t.Items, Ratings: t.Ratings, Paired: t.Paired, Warnings: t.Warnings(),
		RatersPerItem: minMaxJSON{t.MinRaters, t.MaxRaters},
		Observed:      t.Observed, Chance: t.Chance,
		FleissKappa: t.FleissKappa, GwetAC1: t.GwetAC1,
		Alpha:       alphaJSON{t.AlphaNominal, t.AlphaOrdinal, t.AlphaInterval},
		PerCategory: per,
		CI95:        ciJSON{t.CIKappa, t.CIAlphaOrdinal},
		CIUsed:      ciUsedJSON{t.CIKappa.Used, t.CIAlphaOrdinal.Used},
		Withheld:    t.Withheld,
		Undefined:   t.Undefined,

		CategoriesInferred: t.Scale.Inferred,
	}
	j.PerCategoryWhy = perCategoryWhy(t)
	undefined, _ := t.UndefinedFigures()
	for _, f := range undefined {
		j.UndefinedFigures = append(j.UndefinedFigures, f.JSON)
	}
	return j
}

// perCategoryWhy is why each undefined per-category kappa of t is, by
// category, or nil while every one is defined.
func perCategoryWhy(t TypeReport) *orderedJSON {
	var why *orderedJSON
	for i, r := range t.PerCategoryUndefined {
		if r == "" || i >= len(t.Scale.Categories) {
			continue
		}
		if why == nil {
			why = &orderedJSON{}
		}
		why.keys = append(why.keys, t.Scale.Categories[i])
		why.values = append(why.values, textJSON(r))
	}
	return why
}

// textJSON is a string as an orderedJSON value.
type textJSON string

func (t textJSON) MarshalJSON() ([]byte, error) { return appendString(nil, string(t)), nil }

// WriteJSON writes the report in the shape `claritty agree --json`
// documents. The majority list is written as it goes: it has a row per
// unit, millions for a big dataset. A report whose Majority is nil (held
// back from a reader who may not see per-unit votes) has no "majority".
func (r Report) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	types := make([]typeJSON, 0, len(r.Types))
	for _, t := range r.Types {
		types = append(types, r.typeJSON(t))
	}
	pairs := make([]pairJSON, 0, len(r.Pairs))
	for _, p := range r.Pairs {
		pairs = append(pairs, pairJSON(p))
	}
	var pooled *typeJSON // null where the types' scales differ
	if r.Pooled.Type != "" {
		p := r.typeJSON(r.Pooled)
		pooled = &p
	}
	anns := make([]annotatorJSON, 0, len(r.Annotators))
	for _, a := range r.Annotators {
		anns = append(anns, annotatorJSON(a))
	}
	head, err := json.Marshal(struct {
		MinRaters  int             `json:"min_raters"`
		Types      []typeJSON      `json:"types"`
		Pooled     *typeJSON       `json:"pooled"`
		NotPooled  string          `json:"not_pooled,omitempty"` // why pooled is null
		Pairs      []pairJSON      `json:"pairs"`
		PairsOver  string          `json:"pairs_over,omitempty"`
		Annotators []annotatorJSON `json:"annotators"`
		Withheld   []string        `json:"withheld,omitempty"`
		Text       []writtenJSON   `json:"text,omitempty"`
	}{r.MinRaters, types, pooled, r.NotPooled(), pairs, r.PairsOver, anns, r.Withheld, writtensJSON(r.Text)})
	if err != nil {
		return err
	}
	if r.Majority == nil {
		bw.Write(head)
		bw.WriteString("\n")
		return bw.Flush()
	}
	bw.Write(head[:len(head)-1]) // reopened for the majority list
	bw.WriteString(`,"majority":[`)
	buf := make([]byte, 0, 256)
	for i, v := range r.Majority {
		buf = r.appendVote(buf[:0], v, i > 0)
		bw.Write(buf)
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

func (r Report) appendVote(b []byte, v Vote, comma bool) []byte {
	if comma {
		b = append(b, ',')
	}
	b = append(b, `{"item":`...)
	b = appendString(b, v.Item)
	b = append(b, `,"unit":`...)
	b = appendString(b, v.Unit)
	b = append(b, `,"label":`...)
	if v.Label < 0 {
		b = append(b, "null"...)
	} else {
		b = appendString(b, r.Scale.Categories[v.Label])
	}
	b = append(b, `,"votes":{`...)
	first := true
	for k, n := range v.Votes {
		if n == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendString(b, r.Scale.Categories[k])
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, "}}"...)
}

// appendString appends s as a JSON string. Item ids and category names are
// almost always plain ASCII, which is copied as is; anything else goes
// through encoding/json, which escapes it correctly.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
