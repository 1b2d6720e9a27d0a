package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// ragFigures are nuggetizer's four figures as bench --json gives them.
type ragFigures struct {
	N           int      `json:"n"`
	NoVital     int      `json:"no_vital"`
	StrictVital *float64 `json:"strict_vital"`
	StrictAll   *float64 `json:"strict_all"`
	Vital       *float64 `json:"vital"`
	All         *float64 `json:"all"`
}

func (f ragFigures) values() [4]*float64 {
	return [4]*float64{f.StrictVital, f.StrictAll, f.Vital, f.All}
}

// String is the figures' values, for comparing and for messages.
func (f ragFigures) String() string {
	out := fmt.Sprintf("n %d, no vital %d:", f.N, f.NoVital)
	for _, v := range f.values() {
		if v == nil {
			out += " null"
			continue
		}
		out += fmt.Sprintf(" %v", *v)
	}
	return out
}

type systemFigures struct {
	System   string     `json:"system"`
	Own      ragFigures `json:"own"`
	Run      ragFigures `json:"run_finished"`
	People   ragFigures `json:"people_finished"`
	Withheld string     `json:"withheld"`
}

type assignmentsJSON struct {
	Systems []systemFigures `json:"systems"`
	All     systemFigures   `json:"all"`
	Tau     []struct {
		Figure     string   `json:"figure"`
		Variant    string   `json:"variant"`
		Tau        *float64 `json:"tau"`
		Systems    int      `json:"systems"`
		TiedRun    int      `json:"tied_pairs_run"`
		TiedPeople int      `json:"tied_pairs_people"`
		Undefined  string   `json:"undefined"`
	} `json:"kendall_tau"`
	TauWithheld string `json:"kendall_tau_withheld"`
}

// ragFigureNames are nuggetizer's four, in its order.
var ragFigureNames = []string{"strict_vital", "strict_all", "vital", "all"}

// nuggetizerMeans is nuggetizer's calculate_global_metrics over the
// answers listed: the mean of each answer's nuggetizerScores, nil over
// none (Python's statistics.mean raises on an empty list).
func nuggetizerMeans(uids []string, importance func(uid string) []string, assignment map[string][]string) [4]*float64 {
	var out [4]*float64
	if len(uids) == 0 {
		return out
	}
	var sum [4]float64
	for _, uid := range uids {
		s := nuggetizerScores(importance(uid), assignment[uid])
		for i := range sum {
			sum[i] += s[i]
		}
	}
	for i := range sum {
		m := sum[i] / float64(len(uids))
		out[i] = &m
	}
	return out
}

// kendallTau is Kendall's tau by its definition over the systems' pairs:
// concordant less discordant, over the square root of the pairs each
// ranking orders (tau-b; with no ties, tau-a). ok is false when fewer
// than two systems, or one ranking ties every pair.
func kendallTau(x, y []float64) (tau float64, tiedX, tiedY int, ok bool) {
	var concordant, discordant int
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
				tiedX++
				tiedY++
			case dx == 0:
				tiedX++
			case dy == 0:
				tiedY++
			case (dx > 0) == (dy > 0):
				concordant++
			default:
				discordant++
			}
		}
	}
	pairs := len(x) * (len(x) - 1) / 2
	if pairs == 0 || tiedX == pairs || tiedY == pairs {
		return 0, tiedX, tiedY, false
	}
	return float64(concordant-discordant) / math.Sqrt(float64((pairs-tiedX)*(pairs-tiedY))), tiedX, tiedY, true
}

// An LLM's nugget assignments (nuggetizer's assign output) get, per
// system and over every answer, nuggetizer's four figures of their own
// over all the file's answers, as its metrics step reads the file alone,
// whether or not people have judged them; its and the people's over the
// answers people finished, each with the n it rests on; and per figure
// Kendall's tau-b between the systems' orders by the two, by the
// definition over the systems' pairs, or the reason it is undefined (one
// system; an order that ties them all). The same in bench's text, export
// --format bench and the HTML report; an annotator sees the run's own
// figures and not those resting on others' gold of too few answers.
func TestNuggetAssignmentsOwnFigures(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	rng := rand.New(rand.NewPCG(43, 5))
	const topics = 10
	systems := []string{"anvil", "birch", "cedar", "delta"}
	importance := map[string][]string{} // qid → grade per nugget
	var create strings.Builder
	for q := range topics {
		qid := fmt.Sprintf("t%02d", q)
		var ns []string
		for n := range 1 + rng.IntN(4) {
			g := []string{"vital", "okay"}[rng.IntN(2)]
			if q == 0 {
				g = "okay" // an answer with no vital nugget scores 0 on both vital figures
			}
			importance[qid] = append(importance[qid], g)
			ns = append(ns, fmt.Sprintf(`{"text": "fact %d of %s", "importance": %q}`, n+1, qid, g))
		}
		fmt.Fprintf(&create, `{"query": "question %d", "qid": %q, "nuggets": [%s]}`+"\n", q, qid, strings.Join(ns, ", "))
	}
	files := []string{write("nuggets.jsonl", create.String())}
	for _, sys := range systems {
		var b strings.Builder
		for q := range topics {
			fmt.Fprintf(&b, `{"run_id": %q, "topic_id": "t%02d", "answer": [{"text": "%s on %d"}]}`+"\n", sys, q, sys, q)
		}
		files = append(files, write(sys+".jsonl", b.String()))
	}
	for _, f := range files {
		if r := runBin(t, bin, db, "import", "--dataset", "rag", f); r.code != 0 {
			t.Fatalf("import %s: %+v", f, r)
		}
	}
	if r := runBin(t, bin, db, "policy", "--dataset", "rag", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	grades := []string{"not_support", "partial_support", "support"}
	label := map[string]string{"support": "full", "partial_support": "partial", "not_support": "none"}
	qidOf := func(uid string) string { return strings.Split(uid, "@")[0] }
	imp := func(uid string) []string { return importance[qidOf(uid)] }
	// People (bo) finish about half the answers and judge one nugget of
	// a few more, which are then not finished; the LLM assigns three in
	// four answers, judged or not.
	people, llm := map[string][]string{}, map[string][]string{}
	var finished, assigned []string
	var labels, lines strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for _, sys := range systems {
		for q := range topics {
			uid := fmt.Sprintf("t%02d@%s", q, sys)
			switch rng.IntN(6) {
			case 0, 1, 2:
				for n := range imp(uid) {
					a := grades[rng.IntN(3)]
					people[uid] = append(people[uid], a)
					fmt.Fprintf(&labels, "%s\tnugget_%d\tbo\t%s\n", uid, n+1, label[a])
				}
				finished = append(finished, uid)
			case 3: // one nugget of several judged: not finished
				if a := grades[rng.IntN(3)]; len(imp(uid)) > 1 {
					fmt.Fprintf(&labels, "%s\tnugget_1\tbo\t%s\n", uid, label[a])
				}
			}
			if rng.IntN(4) == 0 {
				continue
			}
			assigned = append(assigned, uid)
			var ns []string
			for n, g := range imp(uid) {
				a := grades[rng.IntN(3)]
				llm[uid] = append(llm[uid], a)
				ns = append(ns, fmt.Sprintf(`{"text": "fact %d of %s", "importance": %q, "assignment": %q}`, n+1, qidOf(uid), g, a))
			}
			fmt.Fprintf(&lines, `{"query": "question %d", "qid": "t%02d", "run_id": %q, "nuggets": [%s]}`+"\n", q, q, sys, strings.Join(ns, ", "))
		}
	}
	if r := runBin(t, bin, db, "import", "--format", "labels", write("labels.tsv", labels.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "nugget-assignments", "--name", "llm", write("llm.jsonl", lines.String())); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}

	// What nuggetizer's metrics says of the file, system by system and
	// whole, and of its answers people finished, with theirs beside.
	type want struct {
		system                     string
		own, run, people           [4]*float64
		nOwn, nFinished, noVitalOf int
	}
	wantOf := func(system string) want {
		w := want{system: system}
		var own, done []string
		for _, uid := range assigned {
			if system != "" && !strings.HasSuffix(uid, "@"+system) {
				continue
			}
			own = append(own, uid)
			if !slices.Contains(imp(uid), "vital") {
				w.noVitalOf++
			}
			if slices.Contains(finished, uid) {
				done = append(done, uid)
			}
		}
		w.own, w.run, w.people = nuggetizerMeans(own, imp, llm), nuggetizerMeans(done, imp, llm), nuggetizerMeans(done, imp, people)
		w.nOwn, w.nFinished = len(own), len(done)
		return w
	}
	if w := wantOf(""); w.nFinished == 0 || w.nFinished == w.nOwn || w.noVitalOf == 0 {
		t.Fatalf("test is void: %d answers assigned, %d of them finished by people, %d without a vital nugget", w.nOwn, w.nFinished, w.noVitalOf)
	}
	var got struct {
		Runs []struct {
			Name        string
			Metrics     map[string]*float64
			Assignments *assignmentsJSON
		}
	}
	benchJSON := runBin(t, bin, db, "bench", "--json")
	if benchJSON.code != 0 || json.Unmarshal([]byte(benchJSON.stdout), &got) != nil {
		t.Fatalf("bench --json: %+v", benchJSON)
	}
	var as *assignmentsJSON
	for _, r := range got.Runs {
		if r.Name == "llm" {
			as = r.Assignments
			for _, m := range ragFigureNames {
				if r.Metrics[m] != nil || r.Metrics["gold_"+m] != nil {
					t.Errorf("llm's metrics still carry %s beside the labels n, which it does not rest on", m)
				}
			}
		}
	}
	if as == nil {
		t.Fatalf("no assignments for run llm:\n%s", benchJSON.stdout)
	}
	same := func(what string, got, want *float64) {
		t.Helper()
		switch {
		case want == nil && got != nil:
			t.Errorf("%s: %v, want null", what, *got)
		case want != nil && (got == nil || math.Abs(*got-*want) > 1e-12):
			t.Errorf("%s: %v, want %v", what, got, *want)
		}
	}
	check := func(g systemFigures, w want) {
		t.Helper()
		name := w.system
		if name == "" {
			name = "(all)" // the whole file's row says what it is, in JSON too
		}
		for i, m := range ragFigureNames {
			same(name+" own "+m, g.Own.values()[i], w.own[i])
			same(name+" run_finished "+m, g.Run.values()[i], w.run[i])
			same(name+" people_finished "+m, g.People.values()[i], w.people[i])
		}
		if g.System != name || g.Own.N != w.nOwn || g.Run.N != w.nFinished || g.People.N != w.nFinished || g.Own.NoVital != w.noVitalOf {
			t.Errorf("%s: system %q, n %d / %d / %d, no vital %d; want %q, %d / %d / %d, %d", name, g.System, g.Own.N, g.Run.N, g.People.N,
				g.Own.NoVital, name, w.nOwn, w.nFinished, w.nFinished, w.noVitalOf)
		}
	}
	if len(as.Systems) != len(systems) {
		t.Fatalf("%d systems, want %d", len(as.Systems), len(systems))
	}
	wants := map[string]want{}
	for i, sys := range systems {
		wants[sys] = wantOf(sys)
		check(as.Systems[i], wants[sys])
	}
	check(as.All, wantOf(""))

	// Kendall's tau by its definition, over the systems people finished an
	// answer of.
	if len(as.Tau) != 4 {
		t.Fatalf("%d taus, want one per figure", len(as.Tau))
	}
	defined := 0
	for i, m := range ragFigureNames {
		var x, y []float64
		for _, sys := range systems {
			if w := wants[sys]; w.nFinished > 0 {
				x, y = append(x, *w.run[i]), append(y, *w.people[i])
			}
		}
		tau, tx, ty, ok := kendallTau(x, y)
		g := as.Tau[i]
		if g.Figure != m || g.Variant != "tau-b" || g.Systems != len(x) || g.TiedRun != tx || g.TiedPeople != ty {
			t.Errorf("tau %d: %+v, want %s tau-b over %d systems, %d and %d tied pairs", i, g, m, len(x), tx, ty)
		}
		if !ok {
			if g.Tau != nil || g.Undefined == "" {
				t.Errorf("%s: tau %v (%q), want undefined with a reason", m, g.Tau, g.Undefined)
			}
			continue
		}
		defined++
		same(m+" tau", g.Tau, &tau)
	}
	if defined == 0 {
		t.Fatal("test is void: no tau defined")
	}

	// bench's text: every figure beside its n, and the taus.
	text := runBin(t, bin, db, "bench")
	if text.code != 0 {
		t.Fatal(text.stderr)
	}
	f3 := func(v *float64) string {
		if v == nil {
			return "–"
		}
		return fmt.Sprintf("%.3f", *v)
	}
	rowText := func(fields ...string) string { return strings.Join(fields, " ") }
	flat := strings.Join(strings.Fields(text.stdout), " ")
	for _, w := range append([]want{wantOf("")}, wants["anvil"], wants["birch"], wants["cedar"], wants["delta"]) {
		name := w.system
		if name == "" {
			name = "(all)"
		}
		for _, r := range []struct {
			by, over string
			v        [4]*float64
			n        int
		}{{"llm", "all its answers", w.own, w.nOwn}, {"llm", "people finished", w.run, w.nFinished}, {"people", "people finished", w.people, w.nFinished}} {
			row := rowText(name, r.by, r.over, f3(r.v[0]), f3(r.v[1]), f3(r.v[2]), f3(r.v[3]), fmt.Sprint(r.n))
			if !strings.Contains(flat, row) {
				t.Errorf("bench lacks the row %q:\n%s", row, text.stdout)
			}
		}
	}
	for _, g := range as.Tau {
		row := rowText(g.Figure, f3(g.Tau), fmt.Sprint(g.Systems), g.Undefined)
		if !strings.Contains(flat, strings.TrimSpace(row)) {
			t.Errorf("bench lacks the tau row %q:\n%s", row, text.stdout)
		}
	}
	if !strings.Contains(flat, fmt.Sprintf("%d of the %d answers have no vital nugget", wantOf("").noVitalOf, wantOf("").nOwn)) {
		t.Errorf("bench does not say how many answers have no vital nugget:\n%s", text.stdout)
	}

	// export --format bench is bench --json; the HTML report's every
	// figure is the JSON's at its path, the assignments' among them.
	out := filepath.Join(dir, "bench.json")
	if r := runBin(t, bin, db, "export", "--format", "bench", "--out", out); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	exported, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Runs []struct{ Assignments json.RawMessage }
	}
	var bj struct {
		Runs []struct{ Assignments json.RawMessage }
	}
	json.Unmarshal(exported, &ex)
	json.Unmarshal([]byte(benchJSON.stdout), &bj)
	if len(ex.Runs) != len(bj.Runs) || len(ex.Runs) == 0 {
		t.Fatalf("export has %d runs, bench --json %d", len(ex.Runs), len(bj.Runs))
	}
	for i := range ex.Runs {
		if string(ex.Runs[i].Assignments) != string(bj.Runs[i].Assignments) {
			t.Errorf("run %d: export's assignments %s, bench --json's %s", i, ex.Runs[i].Assignments, bj.Runs[i].Assignments)
		}
	}
	page := filepath.Join(dir, "report.html")
	if r := runBin(t, bin, db, "report", "--dataset", "rag", "--out", page); r.code != 0 {
		t.Fatalf("report: %+v", r)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]any{"bench": decodeJSON(t, "bench", benchJSON.stdout)}
	for src, args := range map[string][]string{"agree": {"agree", "--dataset", "rag", "--json"},
		"quality": {"annotators", "--quality", "--dataset", "rag", "--json"}} {
		r := runBin(t, bin, db, args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		docs[src] = decodeJSON(t, src, r.stdout)
	}
	checkFigures(t, "report", string(html), docs)
	// Each system's and the whole's 3 rows of 4 figures and an n, the 4
	// taus with their systems, and the no-vital count with its n.
	if n := strings.Count(string(html), `data-path="runs/4/assignments/`); n != (len(systems)+1)*3*5+4*2+2 {
		t.Errorf("the report has %d of the assignments' figures", n)
	}

	// An annotator who finished none of bo's answers sees the run's own
	// figures, which rest on no one's labels, and not the figures against
	// people of a system with fewer than 5 answers finished (the policy's
	// --withhold-below), which could give bo's labels away.
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := runBin(t, bin, db, "--as", "ana", "bench", "--json")
	var blind struct {
		Runs []struct{ Assignments *assignmentsJSON }
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &blind) != nil || len(blind.Runs) != len(got.Runs) {
		t.Fatalf("bench --json as ana: %+v", r)
	}
	seen := blind.Runs[len(blind.Runs)-1].Assignments
	withheld := 0
	for i, g := range append(slices.Clone(seen.Systems), seen.All) {
		w, lead := wantOf(""), as.All
		if i < len(systems) {
			w, lead = wants[systems[i]], as.Systems[i]
		}
		if g.Own.String() != lead.Own.String() {
			t.Errorf("ana's own figures of %q: %+v, the lead's %+v", w.system, g.Own, lead.Own)
		}
		if w.nFinished >= 5 {
			check(g, w)
			continue
		}
		withheld++
		if g.Withheld != "< 5 answers" || g.Run.StrictVital != nil || g.People.All != nil || g.People.N != w.nFinished {
			t.Errorf("ana sees %q's figures against people over %d answers: %+v", w.system, w.nFinished, g)
		}
	}
	if withheld == 0 || seen.All.Withheld != "" {
		t.Fatalf("test is void: %d systems withheld from ana, the whole %q", withheld, seen.All.Withheld)
	}
	nullsWhereWithheld(t, r.stdout)
	r = runBin(t, bin, db, "--as", "ana", "bench")
	anaText := strings.Join(strings.Fields(r.stdout), " ")
	for _, g := range seen.Systems {
		row := rowText(g.System, "people", "people finished", "< 5 answers", fmt.Sprint(g.People.N))
		if g.Withheld != "" && (!strings.Contains(anaText, row) || !strings.Contains(anaText, `A figure marked "< N" rests on fewer items`)) {
			t.Errorf("ana's bench lacks %q or what it means:\n%s", row, r.stdout)
		}
	}
	// A tau orders the systems' figures against people: with any of them
	// withheld from ana, so are the taus, with the same note, in every
	// route (their values would give the withheld figures' order away).
	if seen.TauWithheld != "< 5 answers" {
		t.Errorf("ana sees the taus over systems whose figures are withheld from her (kendall_tau_withheld %q)", seen.TauWithheld)
	}
	for _, g := range seen.Tau {
		if g.Tau != nil || g.TiedRun+g.TiedPeople != 0 {
			t.Errorf("ana sees %s's tau: %+v", g.Figure, g)
		}
		if row := rowText(g.Figure, "–", fmt.Sprint(g.Systems), "< 5 answers"); !strings.Contains(anaText, row) {
			t.Errorf("ana's bench lacks the withheld tau row %q:\n%s", row, r.stdout)
		}
	}
	anaPage := filepath.Join(dir, "ana.html")
	if r := runBin(t, bin, db, "--as", "ana", "report", "--dataset", "rag", "--out", anaPage); r.code != 0 {
		t.Fatalf("report as ana: %+v", r)
	}
	if b, err := os.ReadFile(anaPage); err != nil ||
		len(regexp.MustCompile(`kendall_tau/\d/tau" data-value="null">–</span></td><td><span [^>]*>\d+</span></td><td><span class="withheld">&lt; 5 answers</span>`).FindAllString(string(b), -1)) != 4 {
		t.Errorf("ana's report does not withhold the 4 taus with their note: %v", err)
	}

	// Undefined taus say why: an assessor of one system's answers has one
	// system to order; one that supports every nugget of answers with a
	// vital nugget gives every system the same figures.
	var solo, allSupported strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(lines.String()), "\n") {
		var rec map[string]any
		json.Unmarshal([]byte(l), &rec)
		uid := rec["qid"].(string) + "@" + rec["run_id"].(string)
		if rec["run_id"] == "anvil" {
			solo.WriteString(l + "\n")
		}
		if !slices.Contains(finished, uid) || !slices.Contains(imp(uid), "vital") {
			continue
		}
		for _, n := range rec["nuggets"].([]any) {
			n.(map[string]any)["assignment"] = "support"
		}
		b, _ := json.Marshal(rec)
		allSupported.Write(append(b, '\n'))
	}
	for name, body := range map[string]string{"solo": solo.String(), "flat": allSupported.String()} {
		if r := runBin(t, bin, db, "bench", "add", "--kind", "nugget-assignments", "--name", name, write(name+".jsonl", body)); r.code != 0 {
			t.Fatalf("bench add %s: %+v", name, r)
		}
	}
	var more struct {
		Runs []struct {
			Name        string
			Assignments *assignmentsJSON
		}
	}
	if r := runBin(t, bin, db, "bench", "--json"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &more) != nil {
		t.Fatalf("bench --json: %+v", r)
	}
	text = runBin(t, bin, db, "bench")
	flat = strings.Join(strings.Fields(text.stdout), " ")
	why := map[string]string{"solo": "fewer than 2 systems have an answer people finished",
		"flat": "the run gives every system the same figure"}
	for _, r := range more.Runs {
		if why[r.Name] == "" {
			continue
		}
		if r.Assignments == nil || len(r.Assignments.Tau) != 4 {
			t.Fatalf("run %s: %+v", r.Name, r.Assignments)
		}
		for _, g := range r.Assignments.Tau {
			if g.Tau != nil || g.Undefined != why[r.Name] {
				t.Errorf("run %s, %s: tau %v (%q), want undefined: %s", r.Name, g.Figure, g.Tau, g.Undefined, why[r.Name])
			}
			if row := rowText(g.Figure, "–", fmt.Sprint(g.Systems), why[r.Name]); !strings.Contains(flat, row) {
				t.Errorf("bench lacks %q:\n%s", row, text.stdout)
			}
		}
		if r.Name == "solo" && r.Assignments.Tau[0].Systems != 1 || r.Name == "flat" && r.Assignments.Tau[0].Systems < 2 {
			t.Errorf("run %s: tau over %d systems", r.Name, r.Assignments.Tau[0].Systems)
		}
	}
}

// nullsWhereWithheld checks a bench --json made below the lead: in a
// nugget-assignments run's block, every count of a withheld row's figures
// against people (no_vital) and of withheld taus (the pairs each order
// ties) is null, as the figures are, never 0, which would be a value.
func nullsWhereWithheld(t *testing.T, out string) {
	t.Helper()
	var doc struct {
		Runs []struct {
			Assignments *struct {
				Systems []map[string]json.RawMessage
				All     map[string]json.RawMessage
				Tau     []map[string]json.RawMessage `json:"kendall_tau"`
				Why     string                       `json:"kendall_tau_withheld"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, run := range doc.Runs {
		a := run.Assignments
		if a == nil {
			continue
		}
		for _, s := range append(slices.Clone(a.Systems), a.All) {
			if string(s["withheld"]) == "" {
				continue
			}
			for _, block := range []string{"run_finished", "people_finished"} {
				var f map[string]json.RawMessage
				json.Unmarshal(s[block], &f)
				checked++
				if string(f["no_vital"]) != "null" {
					t.Errorf("a withheld %s block of %s gives no_vital %s, not null", block, s["system"], f["no_vital"])
				}
			}
		}
		for _, tau := range a.Tau {
			if a.Why == "" {
				continue
			}
			checked++
			if string(tau["tied_pairs_run"]) != "null" || string(tau["tied_pairs_people"]) != "null" {
				t.Errorf("a withheld tau (%s) gives its tied pairs %s and %s, not null", tau["figure"], tau["tied_pairs_run"], tau["tied_pairs_people"])
			}
		}
	}
	if checked == 0 {
		t.Error("test is void: nothing withheld in the nugget-assignments blocks")
	}
}
