/**
 * Runs a pair producer in a worker thread, beside the producers on the main thread: the build
 * otherwise uses one core of the machine's two (docs/speed.md "The first npm run dev").
 *
 * Only a producer that reads no imported text may run here (the reference library and the word
 * study read their own sources; the study reads the versions' manifest entries): the versions'
 * parsed text would cost more to copy to the worker than the producer saves, so the worker's
 * versions have their manifest entries only, and reading their text throws. Its pairs come back
 * whole, with its log lines, the ids it skipped and its figures; pairs with a `finalize` cannot
 * cross a thread and are refused.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { loadCanon } from './canon';
import { computeInputsHash } from './inputs';
import { DATA_DIR, resolvePackageFile } from './paths';
import { cachedReadingAsync } from './readings-cache';
import type { KvPair } from './limits';
import type { ManifestVersion } from './manifest';
import type { PairProducer, ProducerContext } from './producer-types';

/** The producers that may run off-thread, by name, loaded in the worker only. */
const OFF_THREAD: Record<string, () => Promise<PairProducer>> = {
  study: async () => (await import('./study/producer')).studyProducer,
  library: async () => (await import('./library/producer')).libraryProducer,
};

/** What the worker is given: the context's cloneable parts, the versions' manifest entries only. */
export type OffThreadContext = Pick<
  ProducerContext,
  'snapshotId' | 'catalogue' | 'books' | 'versionBooks' | 'studyBooks' | 'libraryChapters'
> & { manifests: ManifestVersion[] };

interface Done {
  pairs: KvPair[];
  skipped: string[];
  figures: Record<string, unknown>;
  /** The producer's own time in the worker (the build's log of phases). */
  milliseconds: number;
}
type Message = { log: string } | { done: Done };

export function isOffThread(name: string): boolean {
  return name in OFF_THREAD;
}

/** Starts producer `name` in a worker thread; resolves with its pairs when it has finished. */
export function produceOffThread(
  name: string,
  ctx: OffThreadContext,
  log: (msg: string) => void = () => {},
): Promise<Done> {
  if (!isOffThread(name)) throw new Error(`producer ${name} cannot run off-thread`);
  // The worker loads this TypeScript module through tsx's loader, whoever started the build.
  const tsx = pathToFileURL(resolvePackageFile('tsx/dist/loader.mjs')).href;
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { offThreadProducer: name, ctx },
    execArgv: ['--import', tsx],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    let done: Done | undefined;
    worker.on('message', (m: Message) => {
      if ('log' in m) log(m.log);
      else done = m.done;
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      done ? resolve(done) : reject(new Error(`producer ${name} (worker) exited with ${code}`)),
    );
  });
}

/**
 * produceOffThread, its result kept between builds (./readings-cache.ts): a producer that runs
 * off-thread reads no imported text, so what it makes is fixed by the build's inputs (its code,
 * the data folder it builds from, the source packages' versions) and by `ctx`, which key it. A
 * fresh clone on a machine that built the same inputs reads the study's and the library's pairs
 * back (about a second) instead of making them again (each about half a minute of a core beside
 * the search index: docs/speed.md "The first npm run dev"). Its log lines are told again.
 */
export async function keptOffThread(
  name: string,
  ctx: OffThreadContext,
  log: (msg: string) => void = () => {},
): Promise<Done & { kept: boolean }> {
  const started = Date.now();
  let kept = false;
  let readIn = 0;
  const keyText = JSON.stringify({ name, inputs: computeInputsHash(DATA_DIR), ctx }, (_, v) =>
    v instanceof Set
      ? [...(v as Set<unknown>)]
      : v instanceof Map
        ? [...(v as Map<unknown, unknown>)]
        : v,
  );
  const made = await cachedReadingAsync(
    `off-thread-${name}`,
    async () => {
      const told: string[] = [];
      const done = await produceOffThread(name, ctx, (m) => {
        told.push(m);
        log(m);
      });
      return { ...done, told };
    },
    () => {
      kept = true;
      // Read on the main thread before the build's own producers run: the time it took is now.
      readIn = Date.now() - started;
    },
    keyText,
  );
  if (!kept) return { ...made, kept };
  log(`  ${name}: its pairs kept from an earlier build of the same inputs`);
  for (const m of made.told) log(m);
  return { ...made, milliseconds: readIn, kept };
}

async function runInWorker(): Promise<void> {
  const { offThreadProducer: name, ctx } = workerData as {
    offThreadProducer: string;
    ctx: OffThreadContext;
  };
  const started = Date.now();
  const producer = await OFF_THREAD[name]!();
  const done: Done = { pairs: [], skipped: [], figures: {}, milliseconds: 0 };
  const { manifests, ...rest } = ctx;
  const full: ProducerContext = {
    ...rest,
    canon: loadCanon(),
    versions: manifests.map((manifest) => ({
      manifest,
      get ir(): never {
        throw new Error(`producer ${name} runs off-thread and cannot read ${manifest.id}'s text`);
      },
    })),
    stemmers: new Map(),
    log: (msg) => parentPort!.postMessage({ log: msg } satisfies Message),
    skipped: done.skipped,
    figures: done.figures,
  };
  for (const pair of producer.produce(full)) {
    if (pair.finalize) throw new Error(`${pair.key}: a pair with finalize cannot cross a thread`);
    done.pairs.push({ key: pair.key, value: pair.value });
  }
  done.milliseconds = Date.now() - started;
  parentPort!.postMessage({ done } satisfies Message);
}

// A failure rejects here, which ends the worker with an 'error' the build rejects with.
if (!isMainThread && (workerData as { offThreadProducer?: string } | null)?.offThreadProducer)
  void runInWorker();
