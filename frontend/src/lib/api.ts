// The typed API of the Go side (package app). One method per bound Go
// method; types mirror app's wire types (their JSON names).
import type { Host, Unsubscribe } from "./host";

/** app.Status */
export interface Status {
  version: string;
  profile: string;
  storePath: string;
  storeSchema: number;
  journalMode: string;
  dataFolder: string;
  dataFolderChosen: boolean;
  dataFolderExists: boolean;
  line: string;
}

export class Api {
  constructor(readonly host: Host) {}

  status(): Promise<Status> {
    return this.host.call<Status>("Status");
  }

  /** The "status" event: a snapshot on subscribing, then every change. */
  onStatus(fn: (s: Status) => void): Unsubscribe {
    return this.host.on("status", (d) => fn(d as Status));
  }
}
