import { describe, expect, it } from "vitest";
import { folderState } from "./format";

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
