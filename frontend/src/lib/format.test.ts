import { describe, expect, it } from "vitest";
import { bytes, changeStatus, folderState, lastMember, peerWord, personName, progress, roleLabel, shortDID, spaceWord, syncNowSaid, syncWord, templates, when, withNames } from "./format";

describe("folderState", () => {
  // The labels match Go's app.FolderState, so the window and `minca status` agree.
  it.each([
    [false, false, "Default, not created yet", "neutral"],
    [false, true, "Default, not chosen yet", "neutral"],
    [true, false, "Missing", "warn"],
    [true, true, "In use", "good"],
  ])("chosen=%s exists=%s", (chosen, exists, label, tone) => {
    const s = folderState({ dataFolderChosen: chosen, dataFolderExists: exists });
    expect(s.label).toBe(label);
    expect(s.tone).toBe(tone);
  });
});

describe("words for sync, sizes, people and history", () => {
  it("names sync states", () => {
    expect(syncWord("synced")).toEqual({ label: "Up to date", tone: "good" });
    expect(syncWord("offline").label).toBe("No one to sync with");
    expect(syncWord("weird").label).toBe("weird");
    expect(spaceWord("offline", { refused: true })).toEqual({ label: "Removed", tone: "warn" });
    expect(spaceWord("offline", null)).toEqual(syncWord("offline"));
    expect(spaceWord("synced", undefined).label).toBe("Up to date");
    expect(peerWord("backoff")).toBe("Retrying soon");
  });
  it("formats bytes", () => {
    expect([0, 999, 1000, 1500, 12_345, 9_999_999, 2e9].map(bytes)).toEqual(["0 B", "999 B", "1.0 KB", "1.5 KB", "12 KB", "10 MB", "2.0 GB"]);
    expect(bytes(-1)).toBe("—");
  });
  it("says first-sync progress in versions and bytes", () => {
    expect(progress(0, 10, 5)).toBe("");
    expect(progress(30, 2_500_000, 10)).toBe("30 changes still to fetch · 2.5 MB received · 25%");
    expect(progress(1, 0, 0)).toBe("1 change still to fetch · 0 B received · 0%");
  });
  it("shortens account ids and prefers names", () => {
    const did = "did:key:zDnaerDaTF5BXEavCCsHD4pTq5gwM1dqBKz5jqAhmPu2pWqvW";
    expect(shortDID(did)).toBe("did:key:zDna…pWqvW".replace("pWqvW", "WqvW"));
    expect(personName("  Ana ", did)).toBe("Ana");
    expect(personName("", did)).toBe(shortDID(did));
    expect(shortDID("bob")).toBe("bob");
  });
  it("labels roles and history statuses", () => {
    expect(roleLabel("admin")).toBe("Admin");
    expect(roleLabel("mod", "Moderator")).toBe("Moderator");
    expect(changeStatus("struck")).toEqual({ label: "Struck out", tone: "warn" });
    expect(templates.map((t) => t.id)).toEqual(["team", "club", "notebook"]);
  });
  it("writes dates, nothing for Go's zero time", () => {
    expect(when("0001-01-01T00:00:00Z")).toBe("");
    expect(when("")).toBe("");
    expect(when("2026-12-02T17:43:00Z")).toMatch(/2026/);
  });
});

describe("withNames", () => {
  it("puts names in place of account ids", () => {
    const ana = "did:key:zDnaevqcekmhZyzFy8FjYmx2s5MTm5Pib3qYGq11Hqfs8RnY5";
    const ben = "did:key:zDnaerDaTF5BXEavCCsHD4pTq5gwM1dqBKz5jqAhmPu2pWqvW";
    const names = new Map([[ana, "Ana"]]);
    expect(withNames(`${ana} was given the role member by ${ben}`, names)).toBe(`Ana was given the role member by ${shortDID(ben)}`);
    expect(withNames("an invite was closed", names)).toBe("an invite was closed");
  });
});

describe("sync now and leaving, in words", () => {
  it("says there is no one to sync with rather than syncing, when no one is", () => {
    expect(syncNowSaid("offline")).toMatch(/^No one to sync with right now/);
    expect(syncNowSaid("offline")).not.toMatch(/Syncing now/);
    expect(syncNowSaid("synced")).toBe("Syncing now.");
    expect(syncNowSaid(undefined)).toBe("Syncing now.");
  });
  it("knows when the one leaving is the last member", () => {
    expect(lastMember([{ self: true }])).toBe(true);
    expect(lastMember([])).toBe(true);
    expect(lastMember([{ self: true }, { self: false }])).toBe(false);
  });
});
