package data

import (
	"encoding/json"

	"github.com/claritty/claritty/store"
)

// bingResponse is the part of a Bing Web Search API response claritty uses.
type bingResponse struct {
	QueryContext *struct {
		OriginalQuery *string `json:"originalQuery"`
	} `json:"queryContext"`
	WebPages *struct {
		Value []struct {
			Name    string `json:"name"`
			URL     string `json:"url"`
			Snippet string `json:"snippet"`
		} `json:"value"`
	} `json:"webPages"`
}

// readSERP reads one Bing response per line. Lines without webPages are
// queries Bing had no web results for: stored as an empty list.
func readSERP(lr *lineReader, first []byte, to sink) error {
	line := first
	for {
		if len(line) > 0 {
			if err := addSERP(lr, line, to); err != nil {
				return err
			}
		}
		var err error
		if line, err = lr.next(); err != nil {
			return eofOK(err)
		}
	}
}

func addSERP(lr *lineReader, line []byte, to sink) error {
	var resp bingResponse
	if err := json.Unmarshal(line, &resp); err != nil {
		return lineErr(lr.file, lr.n, "not a Bing results object: %s", jsonProblem(err))
	}
	if resp.QueryContext == nil || resp.QueryContext.OriginalQuery == nil || *resp.QueryContext.OriginalQuery == "" {
		return lineErr(lr.file, lr.n, "no queryContext.originalQuery")
	}
	var results []store.SERPResult
	if resp.WebPages != nil {
		for _, v := range resp.WebPages.Value {
			results = append(results, store.SERPResult{Name: v.Name, URL: v.URL, Snippet: v.Snippet})
		}
	}
	if err := to.AddSERP(*resp.QueryContext.OriginalQuery, results); err != nil {
		return lineErr(lr.file, lr.n, "%v", err)
	}
	return nil
}
