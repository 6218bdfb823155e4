package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sort"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/segments/segtest"
)

type client struct {
	own *ownStore
	c   *segtest.Client
}

// runCmd opens the account and every space, then for each round: pulls,
// writes, pushes (printing ack), and compacts every few rounds; then pushes
// on close and prints the state.
func runCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	dir := fs.String("folder", "", "data folder")
	ownDir := fs.String("own", "", "this client's own directory (outside the folder)")
	how := fs.String("unlock", "device", "device, passphrase or recovery")
	pass := fs.String("pass", "", "passphrase")
	code := fs.String("code", "", "recovery code")
	coll := fs.String("collection", segtest.Wiki, "collection this client writes in")
	rounds := fs.Int("rounds", 0, "rounds of pull, write, push")
	writes := fs.Int("writes", 2, "versions written per space per round")
	compact := fs.Int("compact", 0, "compact every R rounds (0: never)")
	per := fs.Int("per-segment", 0, "versions per segment (0: default)")
	prefix := fs.String("prefix", "r", "record key prefix")
	seed := fs.Uint64("rand", 1, "seed of this run's choices")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := folder.CheckOutside(*dir, *ownDir); err != nil {
		return err // 05 §14.5: a client's own stores never go in the folder
	}
	root, err := folder.Open(*dir)
	if err != nil {
		return err
	}
	defer root.Close()
	u, err := unlock(root, *how, *pass, *code)
	if err != nil {
		return err
	}
	parts, err := folder.SpacesParts(u.id)
	if err != nil {
		return err
	}
	blobs, err := blobstore.NewDir(root, parts...)
	if err != nil {
		return err
	}
	var clients []*client
	for _, sp := range u.spaces {
		own, err := openOwn(ctx, filepath.Join(*ownDir, sp.ID))
		if err != nil {
			return err
		}
		c, err := segtest.NewClientPer(ctx, u.key, sp, own.store, blobs, own, *per)
		if err != nil {
			return err
		}
		clients = append(clients, &client{own: own, c: c})
	}
	rnd := rand.New(rand.NewPCG(*seed, 3))
	pulls := map[string]segments.PullResult{}
	pull := func() error {
		for _, cl := range clients {
			r, err := cl.c.Mirror.Pull(ctx)
			if err != nil {
				return err
			}
			emit("pull", map[string]any{"space": cl.c.Space.ID(), "result": r})
			p := pulls[cl.c.Space.ID()]
			add(&p, r)
			pulls[cl.c.Space.ID()] = p
		}
		return nil
	}
	for round := 1; round <= *rounds; round++ {
		if err := pull(); err != nil {
			return err
		}
		for _, cl := range clients {
			if err := write(ctx, cl, *coll, *prefix, *writes, rnd); err != nil {
				return err
			}
			if err := push(ctx, cl); err != nil {
				return err
			}
			if *compact > 0 && round%*compact == 0 {
				n, err := cl.c.Mirror.Compact(ctx, true)
				if err != nil {
					return err
				}
				emit("compact", map[string]any{"space": cl.c.Space.ID(), "deleted": n})
			}
		}
	}
	if err := pull(); err != nil {
		return err
	}
	for _, cl := range clients {
		if err := push(ctx, cl); err != nil { // push on close (05 §16.4)
			return err
		}
	}
	return report(ctx, u, clients, pulls, blobs)
}

func add(p *segments.PullResult, r segments.PullResult) {
	p.Segments += r.Segments
	p.Stored += r.Stored
	p.Waiting = r.Waiting
	p.Refused += r.Refused
	p.Skipped += r.Skipped
	p.Empty += r.Empty
	p.BadHash += r.BadHash
	p.BadKey += r.BadKey
	p.Gone += r.Gone
}

// write makes n versions in coll: new records, and edits of this client's
// own records (so versions are superseded and kept as stubs). The own store
// is saved before anything is pushed.
func write(ctx context.Context, cl *client, coll, prefix string, n int, rnd *rand.Rand) error {
	mine, err := cl.c.Store.Collection(ctx, coll)
	if err != nil {
		return err
	}
	var keys []string
	for _, v := range mine {
		if v.Author == cl.c.Key.DID() && !v.IsStub() {
			keys = append(keys, v.Key)
		}
	}
	sort.Strings(keys)
	for i := 0; i < n; i++ {
		var err error
		if len(keys) > 0 && rnd.IntN(2) == 0 {
			_, err = cl.c.Edit(ctx, keys[rnd.IntN(len(keys))], rnd.IntN(1<<30))
		} else {
			key := fmt.Sprintf("%s%d", prefix, rnd.IntN(1<<30))
			_, err = cl.c.Write(ctx, &record.Version{Collection: coll, Key: key, Body: "hi", HasBody: true})
			keys = append(keys, key)
		}
		if err != nil {
			return err
		}
	}
	return cl.own.saveStore()
}

// push uploads and, once the push returned, acknowledges every version the
// client keeps (all of them are in the folder now).
func push(ctx context.Context, cl *client) error {
	if err := cl.own.saveStore(); err != nil {
		return err
	}
	if _, err := cl.c.Mirror.Push(ctx); err != nil {
		return err
	}
	ids, err := heldIDs(ctx, cl)
	if err != nil {
		return err
	}
	emit("ack", map[string]any{"space": cl.c.Space.ID(), "ids": ids})
	return nil
}

func heldIDs(ctx context.Context, cl *client) ([]string, error) {
	d, err := cl.c.Store.Dump(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(d.Versions))
	for id := range d.Versions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids, nil
}

func report(ctx context.Context, u *unlocked, clients []*client, pulls map[string]segments.PullResult, blobs *blobstore.Dir) error {
	states := map[string]string{}
	held := map[string][]string{}
	for _, cl := range clients {
		s, err := segtest.State(ctx, cl.c.Store)
		if err != nil {
			return err
		}
		states[cl.c.Space.ID()] = s
		if held[cl.c.Space.ID()], err = heldIDs(ctx, cl); err != nil {
			return err
		}
	}
	emit("state", map[string]any{"account": u.id, "states": states, "held": held, "pulls": pulls,
		"registryRefused": u.refused, "registrySkipped": u.skipped, "rowsSkipped": u.rowsSkip,
		"blobsSkipped": blobs.Skipped()})
	return nil
}
