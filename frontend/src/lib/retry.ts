// How long until a removed computer tries its space again (api.Removal.retryEvery), in people's words.

const minuteNs = 60e9;

/** "in about an hour" and the like, from nanoseconds; "" for none. */
export function retryWords(ns: number | undefined): string {
  if (!ns || ns <= 0) return "";
  const min = Math.round(ns / minuteNs);
  if (min < 2) return "in a minute";
  if (min < 45) return `in about ${min} minutes`;
  if (min < 90) return "in about an hour";
  return `in about ${Math.round(min / 60)} hours`;
}
