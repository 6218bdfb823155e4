import { describe, expect, it } from "vitest";
import { afterCloseOf } from "./afterClose";

describe("afterCloseOf", () => {
  it("reads the window's afterClose event", () => {
    for (const v of ["tray", "background", "other", "stops"]) expect(afterCloseOf({ afterClose: v })).toBe(v);
  });
  it("refuses anything else", () => {
    for (const d of [null, undefined, "tray", {}, { afterClose: "gone" }, { afterClose: 1 }, { available: false }])
      expect(afterCloseOf(d)).toBeUndefined();
  });
});
