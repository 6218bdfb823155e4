// Who can reach this computer, in words, from the node URL it listens on (SyncStatus.listen, 04 §5.2): the
// address itself is detail a person rarely needs, so the Sync page says this first and keeps the address under
// "Details".

/** Whether a URL's host is this computer only (a loopback address or localhost). */
export function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The sentence for a listening address; "" when this computer accepts no connections. */
export function reachLine(listen: string | undefined): string {
  if (!listen) return "";
  return isLoopback(listen)
    ? "Other Minca accounts on this computer can reach this one."
    : "Other computers on your network can reach this one.";
}
