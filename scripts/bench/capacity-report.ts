import { cpus, loadavg } from 'node:os';
import {
  bytesPerAccount,
  CAPACITY_LEVELS,
  movePause,
  oneDatabaseThroughTheWorker,
  readingEveryDatabase,
  sqliteWrites,
} from './capacity';
import { median } from './measure';
import { printTable } from './table';

/**
 * `npm run bench -- --capacity`: scripts/bench/capacity.ts measured, printed as docs/scale.md
 * "Capacity, measured" reads it: each case at each level, where it saturates, SQLite's own time
 * per write, bytes per account and the accounts a 10 GB database holds, a chapter's public notes
 * from one database and from three at the quotas, and the move's pause.
 */

/** D1's largest database (its limits page: 10 GB, which cannot be raised). */
const D1_DATABASE_BYTES = 10e9;

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

export async function printCapacity(options: { seconds: number; levels?: number[] }) {
  const load = () => fmt(loadavg()[0], 1);
  console.log(
    `one database's capacity (docs/scale.md), ${cpus().length} cores, load average ${load()} at the start (this machine is shared: figures move with it); each part printed as it is measured`,
  );

  const bytes = await bytesPerAccount();
  console.log(
    `\nbytes per account: typical ${fmt(bytes.typical / 1024, 1)} KiB (${bytes.typicalIs}), at every quota ${fmt(bytes.atQuota / 1e6, 2)} MB; a 10 GB database holds ${fmt(D1_DATABASE_BYTES / bytes.typical)} typical accounts or ${fmt(D1_DATABASE_BYTES / bytes.atQuota)} at every quota (load ${load()})`,
  );

  console.log(
    "\nSQLite's own time per write batch (the engine D1 runs, one thread as one D1 database is), the data modules' own batches, median of 5 rounds of 400:",
  );
  for (const w of await sqliteWrites())
    console.log(
      `  ${w.name}: ${fmt(w.ms, 3)} ms: at most ${fmt(w.perSecond)} a second for one database's primary (load ${load()})`,
    );

  console.log(
    "\na chapter's public notes at the quotas (our worker's CPU with its local D1s, wall time, median of 20 after 5):",
  );
  for (const f of await readingEveryDatabase(20))
    console.log(
      `  ${f.databases} database${f.databases > 1 ? 's' : ''}, ${fmt(f.referencesEach)} readable references in each: CPU ${fmt(f.cpuMs, 1)} ms, wall ${fmt(f.wallMs, 1)} ms, ${fmt(f.bytes / 1024)} KiB (load ${load()})`,
    );

  const moves = await movePause(5);
  const pauses = moves.map((m) => m.pauseMs);
  console.log(
    `\nmoving an account at every quota (${moves[0]?.rows ?? 0} rows) between local databases, ${moves.length} times: writes paused ${pauses.map((p) => fmt(p)).join(', ')} ms (median ${fmt(median(pauses))} ms); the whole move ${moves.map((m) => fmt(m.wholeMs)).join(', ')} ms (load ${load()})`,
  );

  console.log(
    `\nthrough our worker and one local D1 (workerd, this load and the D1 on the same cores), ${options.seconds} s a level, closed loop:`,
  );
  const cases = await oneDatabaseThroughTheWorker(
    options.seconds,
    options.levels ?? CAPACITY_LEVELS,
  );
  printTable(
    ['case', 'at once', 'req/s', 'p50 ms', 'p99 ms', 'not 2xx'],
    cases.flatMap((c) =>
      c.levels.map((l) => [
        c.name,
        String(l.concurrency),
        fmt(l.throughput),
        fmt(l.p50, 1),
        fmt(l.p99, 1),
        String(l.errors),
      ]),
    ),
    2,
  );
  for (const c of cases)
    console.log(
      `  ${c.kind} ${c.name}: at most ${fmt(c.peak.throughput)}/s (${c.peak.concurrency} at once, p50 ${fmt(c.peak.p50, 1)} ms, p99 ${fmt(c.peak.p99, 1)} ms); saturated from ${c.saturated.concurrency} at once (p50 ${fmt(c.saturated.p50, 1)} ms, p99 ${fmt(c.saturated.p99, 1)} ms)`,
    );
  console.log(`load average at the end ${load()}`);
}
