package localapi

import (
	"context"
	"net/http"
	"net/url"

	"minca.dev/desktop/node/api"
)

// The api.Node methods, one per route of routes.go.

func (c *Client) Status(ctx context.Context) (api.Status, error) {
	st, err := get[api.Status](c, ctx, "status", nil)
	st.Owner = err == nil && c.Owner()
	return st, err
}

func (c *Client) Account(ctx context.Context) (api.Account, error) {
	return get[api.Account](c, ctx, "account", nil)
}

func (c *Client) CreateAccount(ctx context.Context, req api.CreateAccount) (api.NewAccount, error) {
	return post[api.NewAccount](c, ctx, "account/create", req)
}

func (c *Client) RestoreAccount(ctx context.Context, req api.RestoreAccount) (api.Account, error) {
	return post[api.Account](c, ctx, "account/restore", req)
}

func (c *Client) RecoveryCode(ctx context.Context) (string, error) {
	r, err := post[recoveryCode](c, ctx, "account/recovery-code", struct{}{})
	return r.RecoveryCode, err
}

func (c *Client) ConfirmRecoveryCode(ctx context.Context) error {
	return c.postNone(ctx, "account/recovery-code/confirm", nil)
}

func (c *Client) SetProfileName(ctx context.Context, name string) error {
	return c.postNone(ctx, "account/profile-name", args{Name: name})
}

func (c *Client) Spaces(ctx context.Context) ([]api.SpaceSummary, error) {
	return get[[]api.SpaceSummary](c, ctx, "spaces", nil)
}

func (c *Client) Space(ctx context.Context, spaceID string) (api.SpaceDetail, error) {
	return get[api.SpaceDetail](c, ctx, "space", spaceQuery(spaceID))
}

func (c *Client) CreateSpace(ctx context.Context, req api.CreateSpace) (api.SpaceSummary, error) {
	return post[api.SpaceSummary](c, ctx, "space/create", req)
}

func (c *Client) LeaveSpace(ctx context.Context, spaceID string) error {
	return c.postNone(ctx, "space/leave", args{SpaceID: spaceID})
}

func (c *Client) Members(ctx context.Context, spaceID string) ([]api.Member, error) {
	return get[[]api.Member](c, ctx, "members", spaceQuery(spaceID))
}

func (c *Client) Assign(ctx context.Context, spaceID, account, role string) error {
	return c.postNone(ctx, "members/assign", args{SpaceID: spaceID, Account: account, Role: role})
}

func (c *Client) Unassign(ctx context.Context, spaceID, account, role string) error {
	return c.postNone(ctx, "members/unassign", args{SpaceID: spaceID, Account: account, Role: role})
}

func (c *Client) RemoveMember(ctx context.Context, spaceID, account string) error {
	return c.postNone(ctx, "members/remove", args{SpaceID: spaceID, Account: account})
}

func (c *Client) StepDown(ctx context.Context, spaceID string) error {
	return c.postNone(ctx, "members/step-down", args{SpaceID: spaceID})
}

func (c *Client) DefineRole(ctx context.Context, spaceID string, role api.RoleDefinition) error {
	return c.postNone(ctx, "roles/define", args{SpaceID: spaceID, Define: &role})
}

func (c *Client) History(ctx context.Context, spaceID string) ([]api.AccessChange, error) {
	return get[[]api.AccessChange](c, ctx, "history", spaceQuery(spaceID))
}

func (c *Client) CreateInvite(ctx context.Context, req api.CreateInvite) (api.Invite, error) {
	return post[api.Invite](c, ctx, "invites/create", req)
}

func (c *Client) Invites(ctx context.Context, spaceID string) ([]api.Invite, error) {
	return get[[]api.Invite](c, ctx, "invites", spaceQuery(spaceID))
}

func (c *Client) CloseInvite(ctx context.Context, spaceID, inviteKey string) error {
	return c.postNone(ctx, "invites/close", args{SpaceID: spaceID, InviteKey: inviteKey})
}

func (c *Client) InviteLink(ctx context.Context, spaceID, inviteKey string) (api.Invite, error) {
	return post[api.Invite](c, ctx, "invites/link", args{SpaceID: spaceID, InviteKey: inviteKey})
}

func (c *Client) PreviewInvite(ctx context.Context, link string) (api.InvitePreview, error) {
	return post[api.InvitePreview](c, ctx, "invites/preview", args{Link: link})
}

func (c *Client) Join(ctx context.Context, link string) (api.SpaceSummary, error) {
	return post[api.SpaceSummary](c, ctx, "join", args{Link: link})
}

func (c *Client) Write(ctx context.Context, req api.Write) (string, error) {
	v, err := post[versionID](c, ctx, "records/write", req)
	return v.VersionID, err
}

func (c *Client) Records(ctx context.Context, spaceID, collection string) ([]api.Record, error) {
	q := url.Values{"spaceId": {spaceID}, "collection": {collection}}
	return get[[]api.Record](c, ctx, "records", q)
}

func (c *Client) Folder(ctx context.Context) (api.Folder, error) {
	return get[api.Folder](c, ctx, "folder", nil)
}

func (c *Client) FolderAccount(ctx context.Context, path string) (api.FolderAccount, error) {
	return post[api.FolderAccount](c, ctx, "folder/account", args{Path: path})
}

func (c *Client) SetFolder(ctx context.Context, req api.SetFolder) (api.Folder, error) {
	return post[api.Folder](c, ctx, "folder/set", req)
}

func (c *Client) Network(ctx context.Context) (api.Network, error) {
	return get[api.Network](c, ctx, "network", nil)
}

func (c *Client) SetNetwork(ctx context.Context, req api.SetNetwork) (api.Network, error) {
	return post[api.Network](c, ctx, "network/set", req)
}

func (c *Client) Keepers(ctx context.Context, spaceID string) ([]api.Keeper, error) {
	return get[[]api.Keeper](c, ctx, "keepers", spaceQuery(spaceID))
}

func (c *Client) SetKeepers(ctx context.Context, req api.SetKeepers) ([]api.Keeper, error) {
	return post[[]api.Keeper](c, ctx, "keepers/set", req)
}

func (c *Client) SyncStatus(ctx context.Context) (api.SyncStatus, error) {
	return get[api.SyncStatus](c, ctx, "sync", nil)
}

func (c *Client) SyncNow(ctx context.Context, spaceID string) error {
	return c.postNone(ctx, "sync/now", args{SpaceID: spaceID})
}

func (c *Client) PauseSync(ctx context.Context) error  { return c.postNone(ctx, "sync/pause", nil) }
func (c *Client) ResumeSync(ctx context.Context) error { return c.postNone(ctx, "sync/resume", nil) }

// Watch opens the event stream: the snapshot, then deltas. The channel is
// closed when ctx ends or the stream breaks (the owner exited): a caller
// that wants to keep watching calls Watch again.
func (c *Client) Watch(ctx context.Context) (<-chan api.Event, error) {
	resp, err := c.do(ctx, http.MethodGet, watchPath, nil, nil)
	if err != nil {
		return nil, err
	}
	out := make(chan api.Event, 16)
	go readEvents(ctx, resp.Body, out)
	return out, nil
}
