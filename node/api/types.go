package api

import "time"

// Status is the node's status line: what `minca status` prints.
type Status struct {
	Version          string `json:"version"`
	Profile          string `json:"profile"`
	StorePath        string `json:"storePath"`
	StoreSchema      int    `json:"storeSchema,omitempty"` // the store's schema version (its last migration)
	JournalMode      string `json:"journalMode,omitempty"` // SQLite's journal mode of the store: "wal"
	DataFolder       string `json:"dataFolder"`
	DataFolderChosen bool   `json:"dataFolderChosen"`
	Account          string `json:"account,omitempty"` // did:key, when there is one
	Owner            bool   `json:"owner"`             // this process owns the node
	KeyStore         string `json:"keyStore"`          // "keychain" or "passphrase" (vault wrap in use)
	// NoKeychain: there is no account yet and no keychain is usable here,
	// so a new or restored account's key needs a passphrase (asked from the
	// start, not after a refusal). Status looks only while there is no
	// account, so it never asks a keychain an account uses.
	NoKeychain bool `json:"noKeychain,omitempty"`
}

// Account is the account this node runs.
type Account struct {
	DID         string `json:"did"`
	ProfileName string `json:"profileName"` // 03 §11
	KeyStore    string `json:"keyStore"`    // "keychain" or "passphrase"
	// CodeUnchecked: the account was made with CreateAccount.CheckCode and
	// its recovery code is not yet checked (ConfirmRecoveryCode); until it
	// is, RecoveryCode gives the code again.
	CodeUnchecked bool `json:"codeUnchecked,omitempty"`
}

// CreateAccount asks for a new account. Passphrase is used (and required)
// only where no keychain is usable; the node never falls back silently.
//
// CheckCode: the caller asks the recovery code back before the person goes
// on (the first run does). The account is written at once, and the node
// keeps a mark in its own state, not in the data folder, that the code is
// not yet checked (Account.CodeUnchecked): a reload, a closed window or a
// crash before the check finds the mark, shows the code again (the node
// derives it from the account's key, which it holds once unlocked) and
// asks it back, until ConfirmRecoveryCode. Without CheckCode (the CLI,
// which prints the code) there is no mark.
type CreateAccount struct {
	ProfileName string `json:"profileName"`
	Passphrase  string `json:"passphrase,omitempty"`
	CheckCode   bool   `json:"checkCode,omitempty"`
}

// NewAccount is a created account with its recovery code, shown once.
type NewAccount struct {
	Account      Account `json:"account"`
	RecoveryCode string  `json:"recoveryCode"`
}

// RestoreAccount restores an account from its recovery code, or from a data
// folder that already holds it (Folder set, RecoveryCode or Passphrase to unlock).
type RestoreAccount struct {
	RecoveryCode string `json:"recoveryCode,omitempty"`
	Folder       string `json:"folder,omitempty"`
	Passphrase   string `json:"passphrase,omitempty"`
	ProfileName  string `json:"profileName,omitempty"`
}

// FolderAccount is the account a data folder holds, the one RestoreAccount
// with that folder and no recovery code opens (the most recently used), and
// what opens it here, read from its vault's wraps without unlocking it
// (01 §12; the wraps are readable, 05 §14.6): a folder restore asks a
// passphrase only when Passphrase is set.
type FolderAccount struct {
	DID         string `json:"did"`
	ProfileName string `json:"profileName"`
	// Passphrase: the vault has a passphrase wrap. Without one, the
	// passphrase is refused with CodeKeychainOnly.
	Passphrase bool `json:"passphrase"`
	// Keychain: this computer's keychain holds the key of one of its
	// device wraps, so RestoreAccount opens it with nothing typed.
	Keychain bool `json:"keychain"`
}

// SpaceSummary is a space in the list.
type SpaceSummary struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Private bool     `json:"private"`
	Roles   []string `json:"roles"` // this account's roles
	Founder bool     `json:"founder"`
	Members int      `json:"members"` // as this node knows them; this account not among them once Removed
	Sync    string   `json:"sync"`    // "synced", "syncing", "offline", "paused"
	// Removed is set once this account has no place in the space as far as
	// this node can tell (03 §9.2); nil while it has one.
	Removed *Removal `json:"removed,omitempty"`
	// Joining is set while this node waits to finish joining the space
	// (03 §7.3): the account is no member yet (joining.go).
	Joining *Joining `json:"joining,omitempty"`
}

// Removal is how this node knows the account lost its place in a space.
// By and At are known only when the removal itself reached this node;
// Refused says every computer the space syncs with refuses this one
// (04 §5.3, close 4003), which is how a removed node mostly learns of it:
// peers send a former member nothing, the removal included (03 §9.2).
type Removal struct {
	By      string    `json:"by,omitempty"`     // the account that removed this one
	ByName  string    `json:"byName,omitempty"` // its profile name, when known
	At      time.Time `json:"at,omitempty"`
	Refused bool      `json:"refused"`
	// RetryEvery, once this node stopped retrying often (the removal
	// reached it, or every computer refused it for a while), is how long
	// it waits between tries of the computers that refuse it (ns).
	RetryEvery time.Duration `json:"retryEvery,omitempty"`
}

// SpaceDetail is one space's page.
type SpaceDetail struct {
	SpaceSummary
	CreatedAt     time.Time    `json:"createdAt"`
	RoleTemplates []RoleInfo   `json:"spaceRoles"`      // the roles defined in the space (not "roles": SpaceSummary.Roles is this account's)
	KeyID         string       `json:"keyId,omitempty"` // private: current key id
	Peers         []PeerStatus `json:"peers"`
	Keepers       []Keeper     `json:"keepers,omitempty"` // the hosts that keep it (03 §10)
	// May is what this account may do here now (rights.go): a UI shows
	// only the controls it allows.
	May Rights `json:"may"`
}

// RoleInfo is a role as the UI shows it.
type RoleInfo struct {
	Name     string   `json:"name"`
	Title    string   `json:"title,omitempty"`
	Commands []string `json:"commands"` // what it grants, e.g. /record/write
	Nests    []string `json:"nests,omitempty"`
	Founding bool     `json:"founding"`
}

// CreateSpace asks for a new space from a role template.
// Templates: "team" (admins and members who write), "club" (moderators,
// members and view-only guests), "notebook" (just the founder).
type CreateSpace struct {
	Name     string `json:"name"`
	Private  bool   `json:"private"`
	Template string `json:"template"`
}

// Member is an account in a space.
type Member struct {
	DID         string   `json:"did"`
	ProfileName string   `json:"profileName"`
	Roles       []string `json:"roles"`
	Founder     bool     `json:"founder"`
	Pending     bool     `json:"pending"` // its assignment waits (03 §4.2)
	Self        bool     `json:"self"`
	// May is what this account may do to this member (rights.go).
	May MemberRights `json:"may"`
}

// RoleDefinition defines or redefines a role (03 §2.4).
type RoleDefinition struct {
	Name   string   `json:"name"`
	Title  string   `json:"title,omitempty"`
	Grants []Grant  `json:"grants"`
	Nests  []string `json:"nests,omitempty"`
}

// Grant is one command a role may invoke, with its policy (03 §2.2).
type Grant struct {
	Cmd string `json:"cmd"`
	Pol any    `json:"pol,omitempty"`
}

// AccessChange is one event of the access history, for people to read
// (03 §4.6): who changed what, and what became of it and why. Summary and
// Reason say it in sentences with account ids as they are; Action,
// Subject, Role and Why let a screen word it with people's names, which
// Names gives for every account the line mentions, former members too.
type AccessChange struct {
	ID        string            `json:"id"`
	Author    string            `json:"author"`            // root account
	Kind      string            `json:"kind"`              // the event kind: assign, remove, role, invite, ... (03 §3.1)
	Action    string            `json:"action"`            // what it does: join, assign, unassign, leave-role, remove, leave, ...
	Subject   string            `json:"subject,omitempty"` // the account it is about
	Role      string            `json:"role,omitempty"`
	Summary   string            `json:"summary"`
	CreatedAt time.Time         `json:"createdAt"`
	Status    string            `json:"status"` // applied, waiting, refused, struck
	Reason    string            `json:"reason,omitempty"`
	Why       *ChangeWhy        `json:"why,omitempty"`   // for refused, struck and waiting
	Names     map[string]string `json:"names,omitempty"` // profile names of the accounts it mentions
}

// ChangeWhy is why a change was dropped, or what it waits for (03 §4.3).
type ChangeWhy struct {
	// Kind: refused (not allowed in its own view), struck (a reduction it
	// had not seen struck it), rests-on-struck (it was allowed, and
	// refused once the struck changes it rested on are left out), waiting.
	Kind string `json:"kind"`
	// Code, for refused and rests-on-struck, is the refusal's code
	// (core/access RefusalCode: no-grant, not-member, founder, ...).
	Code string `json:"code,omitempty"`
	// Account is the account the refusal is about: whose grant fell short,
	// or who was no member, a founder, or held the role or not.
	Account string `json:"account,omitempty"`
	// By: for struck, the changes that struck it; for rests-on-struck, the
	// struck changes it rested on.
	By         []ChangeRef `json:"by,omitempty"`
	WaitingFor []string    `json:"waitingFor,omitempty"` // ids not yet held
}

// ChangeRef is another change of the history, by what it did.
type ChangeRef struct {
	ID      string `json:"id"`
	Author  string `json:"author"`
	Action  string `json:"action"`
	Subject string `json:"subject,omitempty"`
	Role    string `json:"role,omitempty"`
}

// CreateInvite asks for a role invite, or a view-only one.
type CreateInvite struct {
	SpaceID  string `json:"spaceId"`
	Role     string `json:"role,omitempty"`
	ViewOnly bool   `json:"viewOnly"`
	Short    bool   `json:"short,omitempty"` // a short link (03 §7.7) when relays allow
}

// Invite is an open invite.
type Invite struct {
	SpaceID   string    `json:"spaceId"`
	Key       string    `json:"key"` // the invite key's DID
	Role      string    `json:"role,omitempty"`
	ViewOnly  bool      `json:"viewOnly"`
	Link      string    `json:"link,omitempty"` // when just created, and from InviteLink
	CreatedAt time.Time `json:"createdAt"`
	// HasLink says this node keeps the invite's link (it made the invite),
	// so InviteLink gives it again until the invite is closed.
	HasLink bool `json:"hasLink,omitempty"`
	// Joined is how many accounts ever joined through this invite (03 §7.3:
	// an assignment it signed, applied), in Invites, those who have since
	// left or were removed included; StillMembers is how many of them are
	// members now; JoinedNames is the profile names of those joined that
	// have one.
	Joined       int      `json:"joined,omitempty"`
	StillMembers int      `json:"stillMembers,omitempty"`
	JoinedNames  []string `json:"joinedNames,omitempty"`
}

// InvitePreview is what an invite offers, shown before joining.
type InvitePreview struct {
	SpaceID     string `json:"spaceId"`
	SpaceName   string `json:"spaceName"`
	Private     bool   `json:"private"`
	Role        string `json:"role,omitempty"`
	RoleTitle   string `json:"roleTitle,omitempty"`
	ViewOnly    bool   `json:"viewOnly"`
	InvitedBy   string `json:"invitedBy"` // account DID
	InviterName string `json:"inviterName,omitempty"`
	// InviterNameFrom says where InviterName comes from: NameFromProfile
	// or NameFromLink; "" when there is no name.
	InviterNameFrom string   `json:"inviterNameFrom,omitempty"`
	Nodes           []string `json:"nodes,omitempty"`
}

// Where an InvitePreview's InviterName comes from.
const (
	// NameFromProfile: the inviter's profile (03 §11) in a space this
	// account holds with them: checked as the members' names are.
	NameFromProfile = "profile"
	// NameFromLink: the name the link carries beside its invite
	// (invite.From): the inviter's node wrote it, but nothing signs it, so
	// it is shown as the link's claim.
	NameFromLink = "link"
)

// Write is an ordinary record write.
type Write struct {
	SpaceID    string `json:"spaceId"`
	Collection string `json:"collection"`
	Key        string `json:"key,omitempty"` // "" = a new record
	Body       any    `json:"body"`
	Delete     bool   `json:"delete,omitempty"`
}

// Record is a record's current version as this node reads it.
type Record struct {
	Key       string    `json:"key"`
	VersionID string    `json:"versionId"`
	Author    string    `json:"author"` // root account
	Seq       int       `json:"seq"`
	CreatedAt time.Time `json:"createdAt"`
	Body      any       `json:"body"` // null when it cannot be opened
	Deleted   bool      `json:"deleted"`
	Standing  string    `json:"standing"` // stands, later, withdrawn
}

// Folder is the data folder.
type Folder struct {
	Path      string `json:"path"`
	Chosen    bool   `json:"chosen"`
	Exists    bool   `json:"exists"`
	HoldsThis bool   `json:"holdsThisAccount"`
	Accounts  int    `json:"accounts"` // rows of accounts.json
	// Previous is the folder a "move" left behind, kept in the profile
	// until SetFolder "remove-previous" or "keep-previous"; "" when none.
	Previous string `json:"previous,omitempty"`
	// Cleaned is only in the answer of "remove-previous".
	Cleaned *Cleaned `json:"cleaned,omitempty"`
	// Registry is what this account's registry in the folder holds
	// (05 §12, §15); absent when the folder does not hold this account
	// or its registry could not be read.
	Registry *RegistryEntries `json:"registry,omitempty"`
}

// RegistryEntries counts an account's registry entries in the data folder
// (05 §15): those that load, and the keys of sealed entries that do not
// open (written in the clear, moved from another entry, sealed by another
// account). A refused entry is left as it is and used by nothing; the rest
// still load.
type RegistryEntries struct {
	Loaded  int      `json:"loaded"`
	Refused []string `json:"refused"` // sorted
	Skipped int      `json:"skipped"` // names that are no entry's: links, bad encoding
}

// Cleaned says what "remove-previous" did to the old copy: the files the
// move copied and that are still the same in both folders were deleted;
// every other file stayed.
type Cleaned struct {
	Path      string     `json:"path"`      // the old copy
	Removed   int        `json:"removed"`   // files deleted
	Kept      []KeptFile `json:"kept"`      // files that stayed, at most MaxKeptListed
	KeptTotal int        `json:"keptTotal"` // how many stayed in all
	Gone      bool       `json:"gone"`      // the old folder itself is gone: nothing stayed
}

// KeptFile is a file "remove-previous" left in the old copy, and why.
type KeptFile struct {
	Path string `json:"path"` // relative to the old copy, '/'-separated
	Why  string `json:"why"`  // one of the Kept* reasons
}

// Why a file of the old copy stayed (KeptFile.Why).
const (
	KeptAdded   = "added"    // the move did not copy it: it came later
	KeptChanged = "changed"  // it changed since the move
	KeptDiffers = "differs"  // the new folder's copy is not the same (or gone)
	KeptNotFile = "not-file" // a symbolic link or another non-regular file
)

// MaxKeptListed bounds Cleaned.Kept; KeptTotal counts them all.
const MaxKeptListed = 100

// SetFolder modes.
const (
	FolderUse            = "use"             // point at a folder: empty, new, or holding this account
	FolderMove           = "move"            // copy, verify every file, switch; the old copy becomes Previous
	FolderRemovePrevious = "remove-previous" // delete what the move copied from Previous (Path must name it)
	FolderKeepPrevious   = "keep-previous"   // forget Previous, touching nothing (Path must name it)
)

// SetFolder changes the data folder (05 §14). Mode "use" points at a
// folder (empty, new, or already holding this account); "move" copies,
// verifies every file, switches, and leaves the old copy as
// Folder.Previous for the user to remove ("remove-previous") or keep
// ("keep-previous"); those two name the old copy in Path, so an answer
// never acts on a folder the asker did not see.
type SetFolder struct {
	Path string `json:"path"`
	Mode string `json:"mode"` // one of the Folder* modes
}

// SyncStatus is the sync state of every space and peer.
type SyncStatus struct {
	Paused bool         `json:"paused"`
	Listen string       `json:"listen,omitempty"` // address the node listens on
	Spaces []SpaceSync  `json:"spaces"`
	Peers  []PeerStatus `json:"peers"`
}

// SpaceSync is one space's sync state.
type SpaceSync struct {
	SpaceID  string `json:"spaceId"`
	State    string `json:"state"`   // "synced", "syncing", "offline", "paused"
	ToFetch  int    `json:"toFetch"` // versions still to fetch
	BytesIn  int64  `json:"bytesIn"`
	Versions int    `json:"versions"` // versions held
	// Folder counts what the pulls from the data folder found there and
	// turned away; absent before the space's first pull.
	Folder *FolderPulls `json:"folder,omitempty"`
}

// FolderPulls adds up a space's pulls from the data folder since the node
// began mirroring it there (05 §16.4; node/segments PullResult): what came
// in, and what was turned away. What a pull meets again (a segment whose
// bytes do not match its name yet, a name that is no segment's, versions
// that wait) counts again each time.
type FolderPulls struct {
	Pulls    int `json:"pulls"`
	Segments int `json:"segments"` // segments taken (their bytes match their name)
	Stored   int `json:"stored"`   // versions let in or held already
	Refused  int `json:"refused"`  // versions refused: unparseable, another space's, or by the gatekeeper
	Skipped  int `json:"skipped"`  // entries that were not objects with a string id
	Empty    int `json:"empty"`    // segments that hold nothing: not JSON, v other than 8, no versions
	BadHash  int `json:"badHash"`  // segments whose bytes do not match their name
	BadKey   int `json:"badKey"`   // names under the space that are not <writer id>/<segment name>
}

// PeerStatus is one peer connection.
type PeerStatus struct {
	URL     string    `json:"url,omitempty"`
	DID     string    `json:"did"`
	State   string    `json:"state"` // "connected", "connecting", "backoff", "refused", "dropped"
	Spaces  []string  `json:"spaces"`
	Since   time.Time `json:"since"`
	Dropped int       `json:"dropped"` // misbehaviour counted against it (04 §5.5)
	// Refused is how often this node turned it away: a read proof that
	// failed, an admission refused, a pin not proven (04 §6.3) — what a
	// removed member's computer meets on every try, not misbehaviour.
	Refused int `json:"refused,omitempty"`
	// Who it is, as far as this node knows (docs/spec/06-nodes.md §1.7):
	// the account its `who` proved (04 §6.4), "" until then; that
	// account's profile name in one of the spaces (03 §11); whether it is
	// one of this account's own devices; the name a space gives it when
	// its DID is a keeper's (03 §10).
	Account     string `json:"account,omitempty"`
	ProfileName string `json:"profileName,omitempty"`
	Own         bool   `json:"own,omitempty"`
	Keeper      string `json:"keeper,omitempty"`
}

// Event is one item of the Watch stream.
type Event struct {
	Kind    string `json:"kind"` // "status", "spaces", "space", "sync", "joined", "account", "network"
	SpaceID string `json:"spaceId,omitempty"`
	Data    any    `json:"data,omitempty"`
}
