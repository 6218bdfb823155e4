import { describe, expect, it } from "vitest";
import { ApiError, asApiError, codeOf, copyWith, decodeReply, detectHost, takeToken, type HostWindow } from "./host";

function storage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

function browserWindow(hash: string): HostWindow & { replaced: string[] } {
  const replaced: string[] = [];
  return {
    replaced,
    location: { hash, pathname: "/", search: "" },
    history: { replaceState: (_d, _u, url) => void replaced.push(url) },
    sessionStorage: storage(),
  };
}

describe("takeToken", () => {
  it("reads the fragment, keeps it, and clears the address bar", () => {
    const w = browserWindow("#token=00ff");
    expect(takeToken(w)).toBe("00ff");
    expect(w.replaced).toEqual(["/"]);
    w.location.hash = "";
    expect(takeToken(w)).toBe("00ff"); // after a reload
  });
  it("ignores what is not a hex token", () => {
    expect(takeToken(browserWindow("#token=<script>"))).toBe("");
    expect(takeToken(browserWindow("#tokens=ab"))).toBe("");
  });
});

describe("decodeReply", () => {
  it("returns the result", () => {
    expect(decodeReply(200, '{"result":{"a":1}}')).toEqual({ a: 1 });
    expect(decodeReply(200, '{"result":null}')).toBeNull();
  });
  it("throws the Go error's text", () => {
    expect(() => decodeReply(500, '{"error":"status: disk full"}')).toThrow("status: disk full");
    expect(() => decodeReply(403, '{"error":"bad or missing token"}')).toThrow("bad or missing token");
  });
  it("throws on what is not a reply", () => {
    expect(() => decodeReply(502, "<html>")).toThrow("bad reply (HTTP 502)");
    expect(() => decodeReply(200, "null")).toThrow("bad reply");
    expect(() => decodeReply(404, "{}")).toThrow("bad reply (HTTP 404)");
  });
});

describe("detectHost", () => {
  it("uses the Wails bindings when the window has them", async () => {
    const heard: unknown[] = [];
    const w: HostWindow = {
      location: { hash: "", pathname: "/", search: "" },
      go: {
        app: {
          App: {
            Status: async () => ({ version: "1" }),
            Fail: () => Promise.reject("it failed"),
          },
        },
      },
      runtime: {
        EventsOn: (name, fn) => {
          fn({ name });
          return () => heard.push("off");
        },
      },
    };
    const host = detectHost(w);
    expect(host.kind).toBe("window");
    await expect(host.call("Status")).resolves.toEqual({ version: "1" });
    await expect(host.call("Fail")).rejects.toThrow("it failed");
    await expect(host.call("Nope")).rejects.toThrow("no method Nope");
    const off = host.on("status", (d) => heard.push(d));
    off();
    expect(heard).toEqual([{ name: "status" }, "off"]);
  });

  it("calls the bridge over HTTP in a browser", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const w = browserWindow("#token=abcd");
    w.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response('{"result":42}', { status: 200 });
    }) as typeof fetch;
    const host = detectHost(w);
    expect(host.kind).toBe("browser");
    await expect(host.call("Add", 40, 2)).resolves.toBe(42);
    expect(sent[0].url).toBe("api/v1/Add");
    expect(sent[0].init.body).toBe("[40,2]");
    expect(sent[0].init.headers).toEqual({ "Content-Type": "application/json", "X-Minca-Token": "abcd" });
  });
});

describe("errors the UI branches on", () => {
  it("keeps the code and hint of an api.Error sent as an object", () => {
    try {
      decodeReply(400, '{"error":{"code":"locked","message":"the vault is locked","hint":"enter your passphrase"}}');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect(codeOf(e)).toBe("locked");
      expect((e as ApiError).hint).toBe("enter your passphrase");
      expect((e as Error).message).toBe("the vault is locked");
    }
  });
  it("reads a code sent beside the error text", () => {
    expect(() => decodeReply(404, '{"error":"no account","code":"no_account"}')).toThrow("no account");
    try {
      decodeReply(404, '{"error":"no account","code":"no_account"}');
    } catch (e) {
      expect(codeOf(e)).toBe("no_account");
    }
  });
  it("marks a method the host does not bind as missing", () => {
    expect(asApiError(new Error('no method "ChooseFolder"')).code).toBe("missing");
    expect(asApiError('{"code":"forbidden","message":"no"}').code).toBe("forbidden");
    expect(asApiError("plain").code).toBe("");
    expect(codeOf(new Error("x"))).toBe("");
  });
});

describe("copyWith", () => {
  const loc = { hash: "", pathname: "/", search: "" };
  function clipboard() {
    const copied: string[] = [];
    return { copied, clipboard: { writeText: async (t: string) => void copied.push(t) } };
  }

  it("copies through the window's CopyText binding, not navigator.clipboard", async () => {
    const bound: string[] = [];
    const nav = clipboard();
    const w: HostWindow = {
      location: loc,
      go: { app: { App: { CopyText: async (t: unknown) => void bound.push(String(t)) } } },
      runtime: { EventsOn: () => () => {} },
      navigator: nav,
    };
    await copyWith(w, "minca-link");
    await copyWith(w, "code");
    expect(bound).toEqual(["minca-link", "code"]);
    expect(nav.copied).toEqual([]);
  });

  it("falls back to navigator.clipboard when the binding fails, and says why when neither copies", async () => {
    const nav = clipboard();
    const failing = { CopyText: () => Promise.reject("window: the window is not open") };
    const w: HostWindow = { location: loc, go: { app: { App: failing } }, runtime: { EventsOn: () => () => {} }, navigator: nav };
    await copyWith(w, "x");
    expect(nav.copied).toEqual(["x"]);
    await expect(copyWith({ ...w, navigator: undefined }, "x")).rejects.toThrow("window: the window is not open");
  });

  it("uses navigator.clipboard in a browser, and rejects without one", async () => {
    const nav = clipboard();
    await copyWith({ location: loc, navigator: nav }, "link");
    expect(nav.copied).toEqual(["link"]);
    await expect(copyWith({ location: loc }, "link")).rejects.toMatchObject({ code: "missing" });
  });
});
