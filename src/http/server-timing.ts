/**
 * The KV reads a request made, reported in a standard `Server-Timing` entry (browsers show its
 * description in their developer tools; the bench and the tests read the count back):
 *
 *   Server-Timing: kv;desc="KV reads: 2"
 *
 * The count is in `desc` because `dur` means milliseconds and devtools ignore other parameters.
 */
const METRIC = 'kv';

export function kvReadsEntry(count: number): string {
  return `${METRIC};desc="KV reads: ${count}"`;
}

/** The count from a response's `Server-Timing` header, or null when it has no such entry. */
export function kvReadsOf(serverTiming: string | null): number | null {
  const match =
    serverTiming && new RegExp(`(?:^|,)\\s*${METRIC};desc="KV reads: (\\d+)"`).exec(serverTiming);
  return match ? Number(match[1]) : null;
}
