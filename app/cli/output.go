package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// output is the --json option every printing command has.
type output struct{ json bool }

func (o *output) flag(fs interface {
	BoolVar(*bool, string, bool, string)
}) {
	fs.BoolVar(&o.json, "json", false, "print the result as JSON")
}

// print writes v as JSON with --json, else what human writes.
func (o output) print(env Env, v any, human func(w io.Writer)) error {
	if o.json {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	human(env.Stdout)
	return nil
}

// done reports a command that returns nothing: {"ok":true} with --json,
// else msg.
func (o output) done(env Env, msg string) error {
	return o.print(env, map[string]bool{"ok": true}, func(w io.Writer) { fmt.Fprintln(w, msg) })
}

// table writes rows under a header, aligned.
func table(w io.Writer, header string, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, header)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
}

// list joins a list for a table cell, "-" when empty.
func list(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ",")
}
