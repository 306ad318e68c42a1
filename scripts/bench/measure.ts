import { kvReadsOf } from '../../src/http/server-timing';
import type { BenchContext, BenchRequest } from './types';

/** What one measured case yields. */
/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface Measurement {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  /** Mean of the KV reads reported in Server-Timing over the measured requests. */
  kvReads: number;
  errors: number;
  /** The statuses other than the one expected, and how many of each ('network' for a failed fetch). */
  unexpected: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Closed-loop load: `concurrency` workers send requests back to back for `seconds` (and at most
 * `maxRequests`), to loopback only. Bounded in time and count, so it always stops by itself.
 */
export async function measure(
  ctx: BenchContext,
  request: (i: number) => BenchRequest,
  options: { seconds: number; concurrency: number; maxRequests: number; expectStatus: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  let kvReads = 0;
  let errors = 0;
  const unexpected: Record<string, number> = {};
  const tally = (what: string) => {
    errors++;
    unexpected[what] = (unexpected[what] ?? 0) + 1;
  };
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  async function worker() {
    while (performance.now() < deadline && issued < options.maxRequests) {
      const i = issued++;
      const r = request(i);
      const t0 = performance.now();
      try {
        const res = await fetch(ctx.baseUrl + r.path, {
          method: r.method ?? 'GET',
          headers: { Authorization: ctx.authorization, ...r.headers },
          body: r.body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        kvReads += kvReadsOf(res.headers.get('Server-Timing')) ?? 0;
        if (res.status !== options.expectStatus) tally(String(res.status));
      } catch {
        tally('network');
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    kvReads: latencies.length ? kvReads / latencies.length : 0,
    errors,
    unexpected,
  };
}
