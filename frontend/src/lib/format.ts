// Words the UI shows for what the Go side reports.
import type { Status } from "./api";

export interface FolderState {
  label: string;
  tone: "neutral" | "good" | "warn";
  hint: string;
}

/** What the data folder is, in a label and a sentence. Mirrors app.FolderState. */
export function folderState(s: Pick<Status, "dataFolderChosen" | "dataFolderExists">): FolderState {
  if (s.dataFolderChosen && s.dataFolderExists) {
    return { label: "In use", tone: "good", hint: "Your account's data lives here." };
  }
  if (s.dataFolderChosen) {
    return { label: "Missing", tone: "warn", hint: "The folder you chose is not there. Is a drive unplugged?" };
  }
  return {
    label: s.dataFolderExists ? "Default, not chosen yet" : "Default, not created yet",
    tone: "neutral",
    hint: "Minca suggests this folder. Nothing is written there until you choose it.",
  };
}
