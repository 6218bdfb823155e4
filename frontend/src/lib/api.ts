// The typed API of the node (Go package node/api). The window bindings and
// the browser bridge expose exactly api.Node's methods by name, with the
// same arguments (ctx dropped); types mirror node/api's JSON names.
import { ApiError, type Host, type Unsubscribe } from "./host";

/** api.Status, plus the older app.Status fields the Overview still shows. */
export interface Status {
  version: string;
  profile: string;
  storePath: string;
  dataFolder: string;
  dataFolderChosen: boolean;
  dataFolderExists?: boolean;
  account?: string;
  owner?: boolean;
  keyStore?: string;
  /** No account yet, and no keychain is usable here: a new account's key needs a passphrase. */
  noKeychain?: boolean;
  storeSchema?: number;
  journalMode?: string;
  line?: string;
}

export interface Account {
  did: string;
  profileName: string;
  keyStore: "keychain" | "passphrase" | string;
  /** Made with checkCode and its recovery code not yet typed back: recoveryCode shows it again until confirmRecoveryCode. */
  codeUnchecked?: boolean;
}
export interface NewAccount {
  account: Account;
  recoveryCode: string;
}
export interface CreateAccount {
  profileName: string;
  passphrase?: string;
  /** The page asks the code back: the node keeps it unchecked (and shows it again) until confirmRecoveryCode. */
  checkCode?: boolean;
}
export interface RestoreAccount {
  recoveryCode?: string;
  folder?: string;
  passphrase?: string;
  profileName?: string;
}

export type SyncState = "synced" | "syncing" | "offline" | "paused" | string;

export interface SpaceSummary {
  id: string;
  name: string;
  private: boolean;
  roles: string[] | null;
  founder: boolean;
  members: number;
  sync: SyncState;
  /** Set once this account has no place in the space as far as this computer can tell. */
  removed?: Removal | null;
  /** Set while this computer waits to finish joining: the invite has not reached it yet, and the account is no member. */
  joining?: Joining | null;
}
/** api.Joining: a join Minca finishes by itself once the invite's record reaches this computer (03 §7.3). */
export interface Joining {
  invitedBy: string;
  inviterName?: string;
  role: string;
  /** The invite arrived closed: this join cannot finish; a new link can. */
  closed?: boolean;
  /** Synced with a computer of the space, which has no invite matching the link (damaged, or never opened); Minca keeps trying. */
  notFound?: boolean;
}
/** How this computer knows the account lost its place: by and at only when the removal reached it; refused when every computer the space syncs with refuses this one. */
export interface Removal {
  by?: string;
  byName?: string;
  at?: string;
  refused: boolean;
  /** Once this computer stopped retrying often: how long it waits between tries (nanoseconds). */
  retryEvery?: number;
}
export interface RoleInfo {
  name: string;
  title?: string;
  commands: string[] | null;
  nests?: string[] | null;
  founding: boolean;
}
export interface PeerStatus {
  url?: string;
  did: string;
  state: "connected" | "connecting" | "backoff" | "refused" | string;
  spaces: string[] | null;
  since: string;
  dropped: number;
  /** How often this node turned it away (a former member's computer trying again): not misbehaviour. */
  refused?: number;
  /** Who it is (docs/spec/06-nodes.md §1.7): the account its `who` proved, its profile name, one of this account's own devices, a keeper's name. */
  account?: string;
  profileName?: string;
  own?: boolean;
  keeper?: string;
}
/** A space's page: its summary (roles: this account's), and the roles defined in it (spaceRoles). */
export interface SpaceDetail extends SpaceSummary {
  createdAt: string;
  spaceRoles: RoleInfo[] | null;
  keyId?: string;
  peers: PeerStatus[] | null;
  /** What this account may do here now (node/api Rights): show only the controls it allows. */
  may?: Rights;
}
/**
 * api.Rights: what this account may do in a space, each judged as the space would judge the change
 * (03 §4.5). Invite controls: `invite` (roles a role invite may open), `inviteViewOnly`, `closeInvites`
 * (keys of the open invites this account may close).
 */
export interface Rights {
  member: boolean;
  /** Why this computer may change nothing here: "not-member" (removed, left, view-only) or "no-key". */
  blocked?: "not-member" | "no-key" | "removed" | string;
  assignSelf: string[] | null;
  assignOthers: string[] | null;
  removeMembers: boolean;
  stepDown: boolean;
  leave: boolean;
  defineRoles: string[] | null;
  keepers: boolean;
  invite: string[] | null;
  inviteViewOnly: boolean;
  closeInvites: string[] | null;
}
/** api.MemberRights: what this account may do to one member. */
export interface MemberRights {
  give: string[] | null;
  take: string[] | null;
  remove: boolean;
}
export type Template = "team" | "club" | "notebook";
export interface CreateSpace {
  name: string;
  private: boolean;
  template: Template;
}
export interface Member {
  did: string;
  profileName: string;
  roles: string[] | null;
  founder: boolean;
  pending: boolean;
  self: boolean;
  /** What this account may do to this member. */
  may?: MemberRights;
}
export interface AccessChange {
  id: string;
  author: string;
  kind: string;
  summary: string;
  createdAt: string;
  status: "applied" | "waiting" | "refused" | "struck" | string;
  reason?: string;
}
export interface CreateInvite {
  spaceId: string;
  role?: string;
  viewOnly: boolean;
  short?: boolean;
}
export interface Invite {
  spaceId: string;
  key: string;
  role?: string;
  viewOnly: boolean;
  /** When just created, and from inviteLink. */
  link?: string;
  createdAt: string;
  /** This computer keeps the link (it made the invite): inviteLink shows it again until the invite is closed. */
  hasLink?: boolean;
  /** How many ever joined through this invite (03 §7.3), those since gone too; stillMembers: how many of them are members
   * now; joinedNames: the profile names of those joined that have one. */
  joined?: number;
  stillMembers?: number;
  joinedNames?: string[] | null;
}
export interface InvitePreview {
  spaceId: string;
  spaceName: string;
  private: boolean;
  role?: string;
  roleTitle?: string;
  viewOnly: boolean;
  invitedBy: string;
  inviterName?: string;
  /** Where inviterName comes from: a profile in a space you share (checked), or the link (a claim). */
  inviterNameFrom?: "profile" | "link";
  nodes?: string[] | null;
}
/** api.FolderAccount: a data folder's account and what opens it here, read without unlocking it. */
export interface FolderAccount {
  did: string;
  profileName: string;
  /** Its vault has a passphrase wrap. */
  passphrase: boolean;
  /** This computer's keychain holds its key: it opens with nothing typed. */
  keychain: boolean;
}
export interface Folder {
  path: string;
  chosen: boolean;
  exists: boolean;
  holdsThisAccount: boolean;
  accounts: number;
  /** The folder a move left behind, until it is removed or kept (SetFolder modes below). */
  previous?: string;
  /** Only in the answer of "remove-previous": what was deleted and what stayed. */
  cleaned?: Cleaned;
  /** This account's registry entries in the folder (05 §15); absent when it does not hold the account. */
  registry?: RegistryEntries;
}
/** api.RegistryEntries: refused entries are left as they are and used by nothing. */
export interface RegistryEntries {
  loaded: number;
  refused: string[] | null;
  skipped: number;
}
/** api.Cleaned: the old copy after "remove-previous". */
export interface Cleaned {
  path: string;
  removed: number;
  kept: KeptFile[] | null;
  keptTotal: number;
  gone: boolean;
}
export interface KeptFile {
  path: string;
  why: "added" | "changed" | "differs" | "not-file" | string;
}
export interface SetFolder {
  path: string;
  mode: "use" | "move" | "remove-previous" | "keep-previous";
}
/** api.Network: whether other computers may connect to this one. */
export type NetworkMode = "off" | "this-computer" | "local-network";
export interface Network {
  mode: NetworkMode | string;
  /** The node URL others dial: what invites carry. */
  url?: string;
  port?: number;
  /** Set for this run by `minca host --listen`. */
  fixed?: string;
  note?: string;
  error?: string;
}
export interface SetNetwork {
  mode: NetworkMode;
}
export interface SpaceSync {
  spaceId: string;
  state: SyncState;
  toFetch: number;
  bytesIn: number;
  versions: number;
  /** What pulls from the data folder took and turned away (api.FolderPulls, 05 §16.3). */
  folder?: FolderPulls;
}
export interface FolderPulls {
  pulls: number;
  segments: number;
  stored: number;
  refused: number;
  skipped: number;
  empty: number;
  badHash: number;
  badKey: number;
}
export interface SyncStatus {
  paused: boolean;
  listen?: string;
  spaces: SpaceSync[] | null;
  peers: PeerStatus[] | null;
}
export interface NodeEvent {
  kind: "status" | "spaces" | "space" | "sync" | "joined" | "account" | string;
  spaceId?: string;
  data?: unknown;
}

/** api.Keeper: an always-on node that keeps a space whole (03 §10). */
export interface Keeper {
  did: string;
  name: string;
  /** The node URL members dial; absent for a keeper named without one. */
  url?: string;
  /** The keeper is this computer's node. */
  this?: boolean;
}
/** api.SetKeepers: each entry a host's address (node URL) or a named keeper's DID. */
export interface SetKeepers {
  spaceId: string;
  keepers: string[];
}

/** What a call says in a browser when `minca ui` is gone: its server exited, so nothing answers. */
export const notRunning = "Minca is not running on this computer — start it again.";

/**
 * A call's failure as the page shows it. In a browser, a fetch that reached no server rejects with a
 * TypeError ("Failed to fetch"): `minca ui` exited. It becomes notRunning, the browser's words as detail.
 */
export function unreached(kind: Host["kind"], e: unknown): unknown {
  if (kind !== "browser" || !(e instanceof TypeError)) return e;
  return new ApiError(notRunning, "unavailable", "", e.message);
}

export class Api {
  constructor(readonly host: Host) {}

  private c<T>(method: string, ...args: unknown[]): Promise<T> {
    return this.host.call<T>(method, ...args).catch((e: unknown) => Promise.reject(unreached(this.host.kind, e)));
  }

  keepers = (id: string) => this.c<Keeper[] | null>("Keepers", id);
  setKeepers = (req: SetKeepers) => this.c<Keeper[] | null>("SetKeepers", req);

  status = () => this.c<Status>("Status");
  account = () => this.c<Account>("Account");
  createAccount = (req: CreateAccount) => this.c<NewAccount>("CreateAccount", req);
  restoreAccount = (req: RestoreAccount) => this.c<Account>("RestoreAccount", req);
  setProfileName = (name: string) => this.c<void>("SetProfileName", name);
  /** The recovery code again, while the account's codeUnchecked. */
  recoveryCode = () => this.c<string>("RecoveryCode");
  confirmRecoveryCode = () => this.c<void>("ConfirmRecoveryCode");
  /** Which account a data folder holds and what opens it ("not_found" when none). */
  folderAccount = (path: string) => this.c<FolderAccount>("FolderAccount", path);

  spaces = () => this.c<SpaceSummary[] | null>("Spaces");
  space = (id: string) => this.c<SpaceDetail>("Space", id);
  createSpace = (req: CreateSpace) => this.c<SpaceSummary>("CreateSpace", req);
  leaveSpace = (id: string) => this.c<void>("LeaveSpace", id);

  members = (id: string) => this.c<Member[] | null>("Members", id);
  assign = (id: string, account: string, role: string) => this.c<void>("Assign", id, account, role);
  unassign = (id: string, account: string, role: string) => this.c<void>("Unassign", id, account, role);
  removeMember = (id: string, account: string) => this.c<void>("RemoveMember", id, account);
  stepDown = (id: string) => this.c<void>("StepDown", id);
  history = (id: string) => this.c<AccessChange[] | null>("History", id);

  createInvite = (req: CreateInvite) => this.c<Invite>("CreateInvite", req);
  invites = (id: string) => this.c<Invite[] | null>("Invites", id);
  closeInvite = (id: string, key: string) => this.c<void>("CloseInvite", id, key);
  /** An open invite again, with the link this computer kept. */
  inviteLink = (id: string, key: string) => this.c<Invite>("InviteLink", id, key);
  previewInvite = (link: string) => this.c<InvitePreview>("PreviewInvite", link);
  join = (link: string) => this.c<SpaceSummary>("Join", link);

  folder = () => this.c<Folder>("Folder");
  setFolder = (req: SetFolder) => this.c<Folder>("SetFolder", req);

  network = () => this.c<Network>("Network");
  setNetwork = (req: SetNetwork) => this.c<Network>("SetNetwork", req);

  syncStatus = () => this.c<SyncStatus>("SyncStatus");
  syncNow = (id = "") => this.c<void>("SyncNow", id);
  pauseSync = () => this.c<void>("PauseSync");
  resumeSync = () => this.c<void>("ResumeSync");

  /** Optional window bindings (H16/H18); absent ones reject with CodeMissing. */
  chooseFolder = () => this.c<string>("ChooseFolder");
  autostart = () => this.c<boolean>("Autostart");
  setAutostart = (on: boolean) => this.c<void>("SetAutostart", on);
  /** What happens to sync once the window closes (app.AfterClose…). */
  afterClose = () => this.c<AfterClose>("AfterClose");
  /** The links handed to the window so far, each {link, id} as its "invite" event carried it. */
  links = () => this.c<unknown[] | null>("Links");
  /** Stop syncing in the background (the tray) and close the window. */
  quit = () => this.c<void>("Quit");

  /** The "status" event: a snapshot on subscribing, then every change. */
  onStatus(fn: (s: Status) => void): Unsubscribe {
    return this.host.on("status", (d) => fn(d as Status));
  }
  /** A node Watch event kind (api.Event.Data of that kind). */
  on(kind: string, fn: (e: NodeEvent) => void): Unsubscribe {
    return this.host.on(kind, (d) => fn(asEvent(kind, d)));
  }
}

/**
 * What happens to sync once the window closes: a tray with its icon keeps
 * syncing; a background process with no icon does (the desktop shows no tray
 * icons); another process owns the node (minca host, minca ui); or it stops.
 */
export type AfterClose = "tray" | "background" | "other" | "stops";

/** Events arrive either as the api.Event or as its Data alone. */
export function asEvent(kind: string, d: unknown): NodeEvent {
  if (d && typeof d === "object" && "kind" in d && (d as NodeEvent).kind === kind) return d as NodeEvent;
  return { kind, data: d };
}
