// The one module that knows where the UI runs: inside the Wails window
// (window.go bindings, window.runtime events) or in a browser against
// `minca ui` (POST /api/v1/<Method>, events over SSE). Everything else
// calls Host and never asks which it is.

export type Unsubscribe = () => void;

export interface Host {
  readonly kind: "window" | "browser";
  /** Calls App.<method>(...args) in Go; rejects with the Go error's text. */
  call<T>(method: string, ...args: unknown[]): Promise<T>;
  /** Listens to an app event; the first after subscribing is a snapshot. */
  on(event: string, fn: (data: unknown) => void): Unsubscribe;
}

/** Header that carries the per-run token of `minca ui`. */
export const tokenHeader = "X-Minca-Token";
const tokenKey = "minca.token";

type Bound = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** What the host detection reads from `window`. */
export interface HostWindow {
  go?: { app?: { App?: Bound } };
  runtime?: { EventsOn(name: string, fn: (data: unknown) => void): Unsubscribe };
  location: { hash: string; pathname: string; search: string };
  history?: { replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
  navigator?: { clipboard?: { writeText(text: string): Promise<void> } };
}

export function detectHost(w: HostWindow): Host {
  const bound = w.go?.app?.App;
  if (bound && w.runtime) return wailsHost(bound, w.runtime);
  return browserHost(w, takeToken(w));
}

/**
 * Puts text on the system clipboard. In the window, through its CopyText
 * binding (Wails' clipboard: WebKitGTK's navigator.clipboard may refuse or
 * do nothing), and navigator.clipboard only if that fails; in a browser,
 * navigator.clipboard. Rejects when neither copies.
 */
export async function copyWith(w: HostWindow, text: string): Promise<void> {
  const bound = w.runtime ? w.go?.app?.App?.CopyText : undefined;
  const clip = w.navigator?.clipboard;
  if (bound) {
    try {
      await bound(text);
      return;
    } catch (e) {
      if (!clip) throw asApiError(e);
    }
  }
  if (!clip) throw new ApiError("This page cannot reach the clipboard.", "missing");
  await clip.writeText(text);
}

/** copyWith on this page's window: what a Copy button calls, in either host. */
export function copyText(text: string): Promise<void> {
  return copyWith(globalThis as unknown as HostWindow, text);
}

function wailsHost(bound: Bound, runtime: NonNullable<HostWindow["runtime"]>): Host {
  return {
    kind: "window",
    call<T>(method: string, ...args: unknown[]) {
      const fn = bound[method];
      if (!fn) return Promise.reject(new ApiError(`no method ${method}`, "missing"));
      return fn(...args).catch((e: unknown) => Promise.reject(asApiError(e))) as Promise<T>;
    },
    on: (event, fn) => runtime.EventsOn(event, fn),
  };
}

/**
 * Reads the token `minca ui` put in the page address's fragment, keeps it
 * for reloads in sessionStorage, and removes it from the address bar.
 */
export function takeToken(w: HostWindow): string {
  const m = /(?:^#|&)token=([0-9a-f]+)/.exec(w.location.hash);
  if (m) {
    w.sessionStorage?.setItem(tokenKey, m[1]);
    w.history?.replaceState(null, "", w.location.pathname + w.location.search);
    return m[1];
  }
  return w.sessionStorage?.getItem(tokenKey) ?? "";
}

function browserHost(w: HostWindow, token: string): Host {
  let source: EventSource | undefined;
  return {
    kind: "browser",
    async call<T>(method: string, ...args: unknown[]) {
      const res = await w.fetch!(`api/v1/${encodeURIComponent(method)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", [tokenHeader]: token },
        body: JSON.stringify(args),
      });
      return decodeReply<T>(res.status, await res.text());
    },
    on(event, fn) {
      source ??= new w.EventSource!(`api/v1/events?token=${encodeURIComponent(token)}`);
      const listener = (e: MessageEvent) => fn(JSON.parse(e.data));
      source.addEventListener(event, listener as EventListener);
      return () => source?.removeEventListener(event, listener as EventListener);
    },
  };
}

/** An api.Error code (node/api/errors.go), or "missing" for an unbound method. */
export type Code =
  | "invalid" | "not_found" | "forbidden" | "conflict" | "no_account"
  | "locked" | "unavailable" | "internal" | "keychain_only" | "missing" | "";

/**
 * A failure the UI can branch on: node/api's *Error as it crosses the bridge. The message is in people's
 * words (app/uierror.go); detail is the node's technical text behind it, for a "Details" disclosure; reason,
 * for "forbidden", the refusal's code (no-grant, founder, not-member, no-key, …), for a refused invite link
 * "invite-" and why; why, what is wrong in plain words where the reason tells it (node/api InviteWhy).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: Code = "",
    readonly hint = "",
    readonly detail = "",
    readonly reason = "",
    readonly why = "",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The Code of any thrown value ("" when it carries none). */
export function codeOf(e: unknown): Code {
  return e instanceof ApiError ? e.code : "";
}

type WireError = string | { code?: string; message?: string; hint?: string; detail?: string; reason?: string; why?: string };

/** Reads an error as the bridge or Wails sends it: text, or {code, message, hint}. */
export function asApiError(e: unknown, code?: string, hint?: string): ApiError {
  if (e instanceof ApiError) return e;
  if (e && typeof e === "object" && "message" in e && typeof (e as { message: unknown }).message === "string") {
    const w = e as { code?: string; message: string; hint?: string; detail?: string; reason?: string; why?: string };
    if (e instanceof Error && w.message.startsWith("{")) return asApiError(w.message, code, hint);
    return new ApiError(w.message, guessCode(w.message, w.code ?? code), w.hint ?? hint ?? "", w.detail ?? "", w.reason ?? "", w.why ?? "");
  }
  const text = e instanceof Error ? e.message : String(e);
  // Wails rejects with the Go error's text; a JSON-shaped text is the *Error.
  if (text.startsWith("{")) {
    try {
      return asApiError(JSON.parse(text));
    } catch {
      /* plain text */
    }
  }
  return new ApiError(text, guessCode(text, code), hint ?? "");
}

function guessCode(text: string, code?: string): Code {
  return (code ?? (/^no method /.test(text) ? "missing" : "")) as Code;
}

/** Turns the bridge's {"result": …} or {"error": …} into a value or an ApiError. */
export function decodeReply<T>(status: number, body: string): T {
  let reply: { result?: T; error?: WireError; code?: string; hint?: string };
  try {
    reply = JSON.parse(body);
  } catch {
    throw new Error(`bad reply (HTTP ${status})`);
  }
  if (reply?.error !== undefined && reply.error !== null) throw asApiError(reply.error, reply.code, reply.hint);
  if (status !== 200 || reply === null || typeof reply !== "object") {
    throw new Error(`bad reply (HTTP ${status})`);
  }
  return reply.result as T;
}
