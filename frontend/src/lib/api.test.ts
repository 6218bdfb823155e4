import { describe, expect, it } from "vitest";
import { Api, notRunning, unreached } from "./api";
import { ApiError, type Host } from "./host";

const host = (kind: Host["kind"], fail: unknown): Host => ({
  kind,
  call: () => Promise.reject(fail),
  on: () => () => {},
});

describe("a call that reaches no Minca", () => {
  it("in a browser, a fetch that failed says Minca is not running, with the browser's words as detail", async () => {
    const err = await new Api(host("browser", new TypeError("Failed to fetch"))).status().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(notRunning);
    expect(err.code).toBe("unavailable");
    expect(err.detail).toBe("Failed to fetch");
  });
  it("the node's own errors, and the window's, pass unchanged", async () => {
    const node = new ApiError("No space here", "not_found");
    expect(await new Api(host("browser", node)).spaces().catch((e) => e)).toBe(node);
    const wails = new TypeError("x is not a function");
    expect(unreached("window", wails)).toBe(wails);
    expect(unreached("browser", "text")).toBe("text");
  });
});
