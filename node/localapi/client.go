package localapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

// Client is an api.Node reached through the local API. Its methods are safe
// for concurrent use. Where it dials can change while it is in use
// (SetDial): node/attach points it at the process's own node after a
// takeover, and every later call goes there.
type Client struct {
	mu    sync.RWMutex
	dial  func(context.Context) (net.Conn, error)
	owner bool // whether dial reaches this process's own node

	transport *http.Transport
	http      *http.Client
}

var _ api.Node = (*Client)(nil)

// NewClient returns a client that reaches the API through dial. owner says
// whether dial reaches this process's own node (Status.Owner).
func NewClient(dial func(context.Context) (net.Conn, error), owner bool) *Client {
	c := &Client{dial: dial, owner: owner}
	c.transport = &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			c.mu.RLock()
			dial := c.dial
			c.mu.RUnlock()
			return dial(ctx)
		},
		MaxIdleConns:       4,
		DisableCompression: true,
	}
	c.http = &http.Client{Transport: c.transport}
	return c
}

// ForProfile returns a client of the profile's node, dialing its socket:
// the zero-config client of the CLI and the tray.
func ForProfile(env paths.Env, profile string) (*Client, error) {
	path, err := SocketPath(env, profile)
	if err != nil {
		return nil, err
	}
	return NewClient(DialSocket(path), false), nil
}

// SetDial changes where the client dials; connections to the old place are
// dropped once idle, and open watch streams end (their readers subscribe
// again).
func (c *Client) SetDial(dial func(context.Context) (net.Conn, error), owner bool) {
	c.mu.Lock()
	c.dial, c.owner = dial, owner
	c.mu.Unlock()
	c.transport.CloseIdleConnections()
}

// Owner reports whether the client reaches this process's own node.
func (c *Client) Owner() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.owner
}

// CloseIdle drops idle connections.
func (c *Client) CloseIdle() { c.transport.CloseIdleConnections() }

// do sends one request and returns the response of a 200, or the error the
// server sent as an *api.Error.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body any) (*http.Response, error) {
	u := "http://" + Host + Prefix + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, api.Errorf(api.CodeInvalid, "local API %s: %w", path, err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, api.Errorf(api.CodeInternal, "local API %s: %w", path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, path, err)
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		return nil, readError(resp)
	}
	return resp, nil
}

// transportError is the error of a request that got no answer.
func (c *Client) transportError(ctx context.Context, path string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("local API %s: %w", path, ctx.Err())
	}
	return &api.Error{
		Code:    api.CodeUnavailable,
		Message: fmt.Sprintf("the node is not reachable (%s): %v", path, errors.Unwrap(err)),
		Hint:    "start Minca (the window, `minca tray` or `minca host`), or wait a moment if it is starting",
		Err:     err,
	}
}

// call sends a request and decodes a 200's JSON body into out (nil: none).
func (c *Client) call(ctx context.Context, method, path string, query url.Values, body, out any) error {
	resp, err := c.do(ctx, method, path, query, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return api.Errorf(api.CodeInternal, "local API %s: bad answer: %w", path, err)
	}
	return nil
}

// get and post are call with a typed result.
func get[T any](c *Client, ctx context.Context, path string, query url.Values) (T, error) {
	var out T
	err := c.call(ctx, http.MethodGet, path, query, nil, &out)
	return out, err
}

func post[T any](c *Client, ctx context.Context, path string, body any) (T, error) {
	var out T
	err := c.call(ctx, http.MethodPost, path, nil, body, &out)
	return out, err
}

func (c *Client) postNone(ctx context.Context, path string, body any) error {
	if body == nil {
		body = struct{}{}
	}
	return c.call(ctx, http.MethodPost, path, nil, body, nil)
}

func spaceQuery(spaceID string) url.Values { return url.Values{"spaceId": {spaceID}} }
