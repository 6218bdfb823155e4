package localapi

import (
	"context"

	"minca.dev/desktop/node/api"
)

// args is the JSON body of a POST (and the query of a GET) for routes that
// take plain arguments; each route reads the fields it needs.
type args struct {
	SpaceID    string              `json:"spaceId,omitempty"`
	Account    string              `json:"account,omitempty"`
	Role       string              `json:"role,omitempty"`
	InviteKey  string              `json:"inviteKey,omitempty"`
	Link       string              `json:"link,omitempty"`
	Name       string              `json:"name,omitempty"`
	Collection string              `json:"collection,omitempty"`
	Define     *api.RoleDefinition `json:"define,omitempty"`
	Path       string              `json:"path,omitempty"`
}

// recoveryCode is the answer of account/recovery-code.
type recoveryCode struct {
	RecoveryCode string `json:"recoveryCode"`
}

// versionID is the result of a write.
type versionID struct {
	VersionID string `json:"versionId"`
}

// route is one entry of the table: a method and path under Prefix, and what
// it does with the node. in is the request's arguments, decoded into the
// route's own type by decode.
type route struct {
	method string
	path   string
	serve  func(ctx context.Context, n api.Node, in *input) (any, error)
}

// routes is every route of the local API. The Client has one method per
// route (client_calls.go); TestRoutesCovered keeps the two in step.
var routes = []route{
	{"GET", "status", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.Status(ctx) }},

	{"GET", "account", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.Account(ctx) }},
	{"POST", "account/create", withBody(func(ctx context.Context, n api.Node, req api.CreateAccount) (any, error) {
		return n.CreateAccount(ctx, req)
	})},
	{"POST", "account/restore", withBody(func(ctx context.Context, n api.Node, req api.RestoreAccount) (any, error) {
		return n.RestoreAccount(ctx, req)
	})},
	// The recovery code is a secret: asked for by POST, as invite links are.
	{"POST", "account/recovery-code", func(ctx context.Context, n api.Node, _ *input) (any, error) {
		code, err := n.RecoveryCode(ctx)
		return recoveryCode{code}, err
	}},
	{"POST", "account/recovery-code/confirm", func(ctx context.Context, n api.Node, _ *input) (any, error) {
		return nil, n.ConfirmRecoveryCode(ctx)
	}},
	{"POST", "account/profile-name", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.SetProfileName(ctx, a.Name)
	})},

	{"GET", "spaces", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.Spaces(ctx) }},
	{"GET", "space", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.Space(ctx, a.SpaceID) })},
	{"POST", "space/create", withBody(func(ctx context.Context, n api.Node, req api.CreateSpace) (any, error) {
		return n.CreateSpace(ctx, req)
	})},
	{"POST", "space/leave", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.LeaveSpace(ctx, a.SpaceID)
	})},

	{"GET", "members", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.Members(ctx, a.SpaceID) })},
	{"POST", "members/assign", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.Assign(ctx, a.SpaceID, a.Account, a.Role)
	})},
	{"POST", "members/unassign", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.Unassign(ctx, a.SpaceID, a.Account, a.Role)
	})},
	{"POST", "members/remove", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.RemoveMember(ctx, a.SpaceID, a.Account)
	})},
	{"POST", "members/step-down", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.StepDown(ctx, a.SpaceID)
	})},
	{"POST", "roles/define", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		if a.Define == nil {
			return nil, api.Errorf(api.CodeInvalid, "define a role: no role given")
		}
		return nil, n.DefineRole(ctx, a.SpaceID, *a.Define)
	})},
	{"GET", "history", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.History(ctx, a.SpaceID) })},

	{"POST", "invites/create", withBody(func(ctx context.Context, n api.Node, req api.CreateInvite) (any, error) {
		return n.CreateInvite(ctx, req)
	})},
	{"GET", "invites", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.Invites(ctx, a.SpaceID) })},
	{"POST", "invites/close", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.CloseInvite(ctx, a.SpaceID, a.InviteKey)
	})},
	// Links travel in bodies, never in URLs, so they stay out of logs:
	// an invite's link (its secret) is asked for by POST.
	{"POST", "invites/link", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return n.InviteLink(ctx, a.SpaceID, a.InviteKey)
	})},
	{"POST", "invites/preview", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return n.PreviewInvite(ctx, a.Link)
	})},
	{"POST", "join", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.Join(ctx, a.Link) })},

	{"POST", "records/write", withBody(func(ctx context.Context, n api.Node, req api.Write) (any, error) {
		id, err := n.Write(ctx, req)
		return versionID{id}, err
	})},
	{"GET", "records", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return n.Records(ctx, a.SpaceID, a.Collection)
	})},

	{"GET", "folder", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.Folder(ctx) }},
	{"POST", "folder/account", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return n.FolderAccount(ctx, a.Path)
	})},
	{"POST", "folder/set", withBody(func(ctx context.Context, n api.Node, req api.SetFolder) (any, error) {
		return n.SetFolder(ctx, req)
	})},

	{"GET", "network", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.Network(ctx) }},
	{"POST", "network/set", withBody(func(ctx context.Context, n api.Node, req api.SetNetwork) (any, error) {
		return n.SetNetwork(ctx, req)
	})},

	{"GET", "keepers", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) { return n.Keepers(ctx, a.SpaceID) })},
	{"POST", "keepers/set", withBody(func(ctx context.Context, n api.Node, req api.SetKeepers) (any, error) {
		return n.SetKeepers(ctx, req)
	})},

	{"GET", "sync", func(ctx context.Context, n api.Node, _ *input) (any, error) { return n.SyncStatus(ctx) }},
	{"POST", "sync/now", withArgs(func(ctx context.Context, n api.Node, a args) (any, error) {
		return nil, n.SyncNow(ctx, a.SpaceID)
	})},
	{"POST", "sync/pause", func(ctx context.Context, n api.Node, _ *input) (any, error) { return nil, n.PauseSync(ctx) }},
	{"POST", "sync/resume", func(ctx context.Context, n api.Node, _ *input) (any, error) { return nil, n.ResumeSync(ctx) }},

	// "watch" streams, so it is served apart (watch.go); listed here so the
	// table names every path.
	{"GET", watchPath, nil},
}

// withBody adapts a route whose argument is the JSON body.
func withBody[T any](f func(context.Context, api.Node, T) (any, error)) func(context.Context, api.Node, *input) (any, error) {
	return func(ctx context.Context, n api.Node, in *input) (any, error) {
		var req T
		if err := in.decode(&req); err != nil {
			return nil, err
		}
		return f(ctx, n, req)
	}
}

// withArgs adapts a route that takes args, from the query of a GET or the
// body of a POST.
func withArgs(f func(context.Context, api.Node, args) (any, error)) func(context.Context, api.Node, *input) (any, error) {
	return withBody(f)
}
