// Package api is the one Go interface through which the window, the tray and
// the CLI reach a Minca node, whether the node runs in the same process or in
// another one behind the local socket (node/localapi), as Tailscale's GUI,
// CLI and daemon share its LocalAPI.
//
// Contract, for every implementation (in-process node, socket client):
//   - Methods are safe for concurrent use and honour ctx cancellation.
//   - Errors a caller must branch on are *Error values with a Code (errors.go);
//     errors.As(err, &apiErr) works across the socket too.
//   - Bad input (a malformed DID, link, role name, folder path) gives an
//     *Error with CodeInvalid and changes nothing.
//   - Space ids are spelled as 03 §1.2 spells them; accounts as did:key.
//   - Watch gives a snapshot of every Event kind first, then deltas, until
//     ctx ends; a slow reader loses nothing but may see deltas coalesced.
//
// One shared suite, node/api/apitest, checks this contract; every
// implementation runs it.
package api

import "context"

// Node is what a node offers its user interfaces.
type Node interface {
	// Status is the node's own status line (version, store, data folder).
	Status(ctx context.Context) (Status, error)

	// Account: 01 §1–§2, 03 §11 (profiles), 03 §13 (the registry).
	Account(ctx context.Context) (Account, error) // CodeNoAccount when none
	CreateAccount(ctx context.Context, req CreateAccount) (NewAccount, error)
	RestoreAccount(ctx context.Context, req RestoreAccount) (Account, error)
	// RecoveryCode gives the recovery code again while Account.CodeUnchecked
	// (CodeNotFound once checked, CodeLocked while locked);
	// ConfirmRecoveryCode clears that mark, once the person typed the code
	// back (see CreateAccount.CheckCode).
	RecoveryCode(ctx context.Context) (string, error)
	ConfirmRecoveryCode(ctx context.Context) error
	// FolderAccount reads which account a data folder holds ("" = the
	// node's) and what opens it here, before a restore asks anything;
	// CodeNotFound when it holds none.
	FolderAccount(ctx context.Context, path string) (FolderAccount, error)
	SetProfileName(ctx context.Context, name string) error

	// Spaces: 03 §1, §6.2, §8.
	Spaces(ctx context.Context) ([]SpaceSummary, error)
	Space(ctx context.Context, spaceID string) (SpaceDetail, error)
	CreateSpace(ctx context.Context, req CreateSpace) (SpaceSummary, error)
	LeaveSpace(ctx context.Context, spaceID string) error // self-removal first, 03 §6.2

	// Members and roles: 03 §2, §6.
	Members(ctx context.Context, spaceID string) ([]Member, error)
	Assign(ctx context.Context, spaceID, account, role string) error
	Unassign(ctx context.Context, spaceID, account, role string) error
	RemoveMember(ctx context.Context, spaceID, account string) error // private: key change + boxes, 03 §9.3
	StepDown(ctx context.Context, spaceID string) error
	DefineRole(ctx context.Context, spaceID string, role RoleDefinition) error
	History(ctx context.Context, spaceID string) ([]AccessChange, error) // 03 §4.6

	// Invites: 03 §7.
	CreateInvite(ctx context.Context, req CreateInvite) (Invite, error)
	Invites(ctx context.Context, spaceID string) ([]Invite, error) // open ones
	CloseInvite(ctx context.Context, spaceID, inviteKey string) error
	// InviteLink gives an open invite again with its link, which the node
	// that made it keeps (sealed) until the invite is closed; CodeNotFound
	// when it is closed or this node does not have its link.
	InviteLink(ctx context.Context, spaceID, inviteKey string) (Invite, error)
	PreviewInvite(ctx context.Context, link string) (InvitePreview, error)
	Join(ctx context.Context, link string) (SpaceSummary, error)

	// Records of ordinary collections (02), for apps on top and for tests.
	Write(ctx context.Context, req Write) (string, error) // returns the version id
	Records(ctx context.Context, spaceID, collection string) ([]Record, error)

	// The data folder: 05 §11–§16.
	Folder(ctx context.Context) (Folder, error)
	SetFolder(ctx context.Context, req SetFolder) (Folder, error)

	// Network: whether and where other nodes may connect to this one (04 §5.3).
	Network(ctx context.Context) (Network, error)
	SetNetwork(ctx context.Context, req SetNetwork) (Network, error)

	// Keepers: the always-on nodes that hold a space whole (03 §10).
	Keepers(ctx context.Context, spaceID string) ([]Keeper, error)
	SetKeepers(ctx context.Context, req SetKeepers) ([]Keeper, error) // CodeForbidden without /space/keepers

	// Sync: 05 §4–§9, 04.
	SyncStatus(ctx context.Context) (SyncStatus, error)
	SyncNow(ctx context.Context, spaceID string) error // "" = every space
	PauseSync(ctx context.Context) error
	ResumeSync(ctx context.Context) error

	// Watch streams events: a snapshot, then deltas, until ctx ends.
	Watch(ctx context.Context) (<-chan Event, error)
}
