package display

import "strconv"

// Count puts a count before the form of a noun it agrees with: "1 game",
// "0 games", "3 games". Both forms are given whole, since a plural is not
// always one more s ("query", "queries"), and they may carry the words
// that agree with them ("unit waits", "units wait").
func Count[N ~int | ~int32 | ~int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(int64(n), 10) + " " + many
}
