package app

import (
	"context"

	"minca.dev/desktop/node/api"
)

// The bound methods: api.Node's, by name, minus ctx (api.Node's doc says
// what each does). Watch is not bound: its events arrive as events.

func (a *App) Account() (api.Account, error) { return call(a, "Account", a.node.Account) }

func (a *App) CreateAccount(req api.CreateAccount) (api.NewAccount, error) {
	return call(a, "CreateAccount", func(ctx context.Context) (api.NewAccount, error) { return a.node.CreateAccount(ctx, req) })
}

func (a *App) RestoreAccount(req api.RestoreAccount) (api.Account, error) {
	return call(a, "RestoreAccount", func(ctx context.Context) (api.Account, error) { return a.node.RestoreAccount(ctx, req) })
}

// RecoveryCode gives the recovery code again until it is checked.
func (a *App) RecoveryCode() (string, error) { return call(a, "RecoveryCode", a.node.RecoveryCode) }

// ConfirmRecoveryCode says the recovery code was typed back.
func (a *App) ConfirmRecoveryCode() error {
	return do(a, "ConfirmRecoveryCode", a.node.ConfirmRecoveryCode)
}

// FolderAccount reads which account a data folder holds and what opens it.
func (a *App) FolderAccount(path string) (api.FolderAccount, error) {
	return call(a, "FolderAccount", func(ctx context.Context) (api.FolderAccount, error) { return a.node.FolderAccount(ctx, path) })
}

func (a *App) SetProfileName(name string) error {
	return do(a, "SetProfileName", func(ctx context.Context) error { return a.node.SetProfileName(ctx, name) })
}

func (a *App) Spaces() ([]api.SpaceSummary, error) { return call(a, "Spaces", a.node.Spaces) }

func (a *App) Space(id string) (api.SpaceDetail, error) {
	return call(a, "Space", func(ctx context.Context) (api.SpaceDetail, error) { return a.node.Space(ctx, id) })
}

func (a *App) CreateSpace(req api.CreateSpace) (api.SpaceSummary, error) {
	return call(a, "CreateSpace", func(ctx context.Context) (api.SpaceSummary, error) { return a.node.CreateSpace(ctx, req) })
}

func (a *App) LeaveSpace(id string) error {
	return do(a, "LeaveSpace", func(ctx context.Context) error { return a.node.LeaveSpace(ctx, id) })
}

func (a *App) Members(id string) ([]api.Member, error) {
	return call(a, "Members", func(ctx context.Context) ([]api.Member, error) { return a.node.Members(ctx, id) })
}

func (a *App) Assign(id, account, role string) error {
	return do(a, "Assign", func(ctx context.Context) error { return a.node.Assign(ctx, id, account, role) })
}

func (a *App) Unassign(id, account, role string) error {
	return do(a, "Unassign", func(ctx context.Context) error { return a.node.Unassign(ctx, id, account, role) })
}

func (a *App) RemoveMember(id, account string) error {
	return do(a, "RemoveMember", func(ctx context.Context) error { return a.node.RemoveMember(ctx, id, account) })
}

func (a *App) StepDown(id string) error {
	return do(a, "StepDown", func(ctx context.Context) error { return a.node.StepDown(ctx, id) })
}

func (a *App) DefineRole(id string, role api.RoleDefinition) error {
	return do(a, "DefineRole", func(ctx context.Context) error { return a.node.DefineRole(ctx, id, role) })
}

func (a *App) History(id string) ([]api.AccessChange, error) {
	return call(a, "History", func(ctx context.Context) ([]api.AccessChange, error) { return a.node.History(ctx, id) })
}

func (a *App) CreateInvite(req api.CreateInvite) (api.Invite, error) {
	return call(a, "CreateInvite", func(ctx context.Context) (api.Invite, error) { return a.node.CreateInvite(ctx, req) })
}

func (a *App) Invites(id string) ([]api.Invite, error) {
	return call(a, "Invites", func(ctx context.Context) ([]api.Invite, error) { return a.node.Invites(ctx, id) })
}

func (a *App) CloseInvite(id, key string) error {
	return do(a, "CloseInvite", func(ctx context.Context) error { return a.node.CloseInvite(ctx, id, key) })
}

// InviteLink gives an open invite again with its link.
func (a *App) InviteLink(id, key string) (api.Invite, error) {
	return call(a, "InviteLink", func(ctx context.Context) (api.Invite, error) { return a.node.InviteLink(ctx, id, key) })
}

func (a *App) PreviewInvite(link string) (api.InvitePreview, error) {
	return call(a, "PreviewInvite", func(ctx context.Context) (api.InvitePreview, error) { return a.node.PreviewInvite(ctx, link) })
}

func (a *App) Join(link string) (api.SpaceSummary, error) {
	return call(a, "Join", func(ctx context.Context) (api.SpaceSummary, error) { return a.node.Join(ctx, link) })
}

func (a *App) Write(req api.Write) (string, error) {
	return call(a, "Write", func(ctx context.Context) (string, error) { return a.node.Write(ctx, req) })
}

func (a *App) Records(id, collection string) ([]api.Record, error) {
	return call(a, "Records", func(ctx context.Context) ([]api.Record, error) { return a.node.Records(ctx, id, collection) })
}

func (a *App) Folder() (api.Folder, error) { return call(a, "Folder", a.node.Folder) }

func (a *App) SetFolder(req api.SetFolder) (api.Folder, error) {
	return callFor(a, "SetFolder", moveTimeout, func(ctx context.Context) (api.Folder, error) { return a.node.SetFolder(ctx, req) })
}

func (a *App) Network() (api.Network, error) { return call(a, "Network", a.node.Network) }

func (a *App) SetNetwork(req api.SetNetwork) (api.Network, error) {
	return call(a, "SetNetwork", func(ctx context.Context) (api.Network, error) { return a.node.SetNetwork(ctx, req) })
}

func (a *App) Keepers(id string) ([]api.Keeper, error) {
	return call(a, "Keepers", func(ctx context.Context) ([]api.Keeper, error) { return a.node.Keepers(ctx, id) })
}

func (a *App) SetKeepers(req api.SetKeepers) ([]api.Keeper, error) {
	return call(a, "SetKeepers", func(ctx context.Context) ([]api.Keeper, error) { return a.node.SetKeepers(ctx, req) })
}

func (a *App) SyncStatus() (api.SyncStatus, error) { return call(a, "SyncStatus", a.node.SyncStatus) }

func (a *App) SyncNow(id string) error {
	return do(a, "SyncNow", func(ctx context.Context) error { return a.node.SyncNow(ctx, id) })
}

func (a *App) PauseSync() error  { return do(a, "PauseSync", a.node.PauseSync) }
func (a *App) ResumeSync() error { return do(a, "ResumeSync", a.node.ResumeSync) }
