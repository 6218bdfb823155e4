package versions

import (
	"fmt"
	"runtime"
	"sync"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
)

// versionCopy is a version ready to be kept: checked, described, and
// encoded as a store keeps it — its stub and, apart, its body — so that
// demoting it to a stub deletes the body and rewrites nothing else.
type versionCopy struct {
	meta Meta
	item negentropy.ID // the i/ entry's id (05 §2)
	time uint64        // the i/ entry's time (05 §2)
	stub []byte        // canonical JSON of the version without its body
	body []byte        // canonical JSON of the body; nil when the copy has none
}

// prepare checks v and encodes it. It fails with ErrInvalid for a version
// the store cannot keep.
func prepare(v *record.Version) (*versionCopy, error) {
	if v == nil {
		return nil, fmt.Errorf("nil version: %w", ErrInvalid)
	}
	if err := record.CheckedShape(v); err != nil { // once only for a checked version
		return nil, fmt.Errorf("version %s: %w: %w", v.ID, ErrInvalid, err)
	}
	if v.IsLoose() {
		return nil, fmt.Errorf("version %s: loose, of no space: %w", v.ID, ErrInvalid)
	}
	item, err := negentropy.IDFromVersionID(v.ID)
	if err != nil {
		return nil, fmt.Errorf("version %s: %w: %w", v.ID, ErrInvalid, err)
	}
	c := &versionCopy{meta: MetaOf(v), item: item, time: record.ItemTimestamp(v.CreatedAt)}
	if c.time > negentropy.MaxTimestamp {
		return nil, fmt.Errorf("version %s: item time %d: %w", v.ID, c.time, ErrInvalid)
	}
	if c.stub, err = record.MarshalStub(v); err != nil {
		return nil, fmt.Errorf("version %s: encode: %w: %w", v.ID, ErrInvalid, err)
	}
	if v.HasBody {
		if c.body, err = record.BodyJSON(v); err != nil {
			return nil, fmt.Errorf("version %s: encode body: %w: %w", v.ID, ErrInvalid, err)
		}
	}
	return c, nil
}

// decode reads a kept version back: its stub, and its body when kept whole.
func decode(stub, body []byte) (*record.Version, error) {
	v, err := record.ParseBytes(stub)
	if err != nil {
		return nil, fmt.Errorf("decode kept version: %w: %w", ErrCorrupt, err)
	}
	if v.HasBody {
		return nil, fmt.Errorf("decode kept version %s: stub carries a body: %w", v.ID, ErrCorrupt)
	}
	if body != nil {
		b, err := cjson.Parse(body)
		if err != nil {
			return nil, fmt.Errorf("decode body of %s: %w: %w", v.ID, ErrCorrupt, err)
		}
		v.Body, v.HasBody = b, true
	}
	return v, nil
}

// parallelPrepare is the smallest change whose versions are prepared on
// every core.
const parallelPrepare = 64

// prepareAll prepares a change's versions; the first failure (in the
// change's order) fails it. A large change is prepared on every core:
// preparing is pure, and the store's one writer need not wait on it.
func prepareAll(vs []*record.Version) ([]*versionCopy, error) {
	out := make([]*versionCopy, len(vs))
	errs := make([]error, len(vs))
	workers := min(runtime.GOMAXPROCS(0), len(vs)/parallelPrepare+1)
	if workers == 1 {
		for i, v := range vs {
			c, err := prepare(v)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(vs); i += workers {
				out[i], errs[i] = prepare(vs[i])
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
