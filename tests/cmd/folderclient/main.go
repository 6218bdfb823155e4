// Command folderclient is one client of a data folder, for the data-folder
// end-to-end tests (tests/folder_e2e_test.go): a separate process that opens
// an account in a folder (05 §14), reads its sealed registry, and keeps every
// space in sync through segments (05 §16), with its own stores in a directory
// of its own outside the folder. It prints JSON lines: "ack" after each push
// returns (the versions now in the folder), "pull" results, and a final
// "state".
//
//	folderclient init  -folder F -seed HEX -pass P -spaces N [-device]
//	folderclient run   -folder F -own D -unlock device|passphrase|recovery
//	                   [-pass P] [-code C] [-collection C] [-rounds N]
//	                   [-writes K] [-compact R] [-per-segment S] [-prefix P]
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: folderclient init|run [flags]")
		os.Exit(2)
	}
	ctx := context.Background()
	var err error
	switch os.Args[1] {
	case "init":
		err = initCmd(ctx, os.Args[2:])
	case "run":
		err = runCmd(ctx, os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "folderclient:", err)
		os.Exit(1)
	}
}

// emit writes one JSON line to stdout, unbuffered, so a line printed before
// a SIGKILL is never lost.
func emit(event string, fields map[string]any) {
	fields["event"] = event
	b, _ := json.Marshal(fields)
	os.Stdout.Write(append(b, '\n'))
}
