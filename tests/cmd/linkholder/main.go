// Command linkholder drives package app/instance as two launches of Minca
// would, for tests/instance_e2e_test.go:
//
//	linkholder hold DIR PROFILE   become the profile's instance; print
//	                              "holding", then each link received as
//	                              "link <invite>" and each activation as
//	                              "activate", until killed or stdin closes
//	linkholder open DIR PROFILE LINK
//	                              what `minca minca:…` does: hand LINK to
//	                              the running instance (exit 0), or exit 3
//	                              when none runs, 2 for a bad link, 1 else
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"minca.dev/desktop/app/instance"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	switch {
	case len(args) == 3 && args[0] == "hold":
		return hold(instance.Config{Dir: args[1], Profile: args[2]})
	case len(args) == 4 && args[0] == "open":
		return open(instance.Config{Dir: args[1], Profile: args[2]}, args[3])
	}
	fmt.Fprintln(os.Stderr, "usage: linkholder hold DIR PROFILE | open DIR PROFILE LINK")
	return 2
}

func hold(cfg instance.Config) int {
	out := make(chan string)
	cfg.OnLink = func(inv string) { out <- "link " + inv }
	cfg.OnActivate = func() { out <- "activate" }
	in, err := instance.Listen(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkholder:", err)
		return 1
	}
	defer in.Close()
	fmt.Println("holding")
	stdin := make(chan struct{})
	go func() { io.Copy(io.Discard, os.Stdin); close(stdin) }()
	for {
		select {
		case line := <-out:
			fmt.Println(line)
		case <-stdin:
			return 0
		}
	}
}

func open(cfg instance.Config, link string) int {
	err := instance.HandOff(cfg, link)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, instance.ErrNotRunning):
		fmt.Fprintln(os.Stderr, "linkholder:", err)
		return 3
	case errors.Is(err, instance.ErrNotLink), errors.Is(err, instance.ErrNoInvite):
		fmt.Fprintln(os.Stderr, "linkholder:", err)
		return 2
	default:
		fmt.Fprintln(os.Stderr, "linkholder:", err)
		return 1
	}
}
