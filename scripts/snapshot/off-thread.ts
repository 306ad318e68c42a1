/**
 * Runs a pair producer in a worker thread, beside the imports and the producers on the main
 * thread: the build otherwise uses one core of the machine's two (docs/speed.md "The first npm run
 * dev").
 *
 * Only a producer that reads no imported text may run here (the reference library and the word
 * study read their own sources; the study reads the versions' manifest entries): the versions'
 * parsed text would cost more to copy to the worker than the producer saves, so the worker's
 * versions have their manifest entries only, and reading their text throws. It starts with the
 * build, before the imports: it reads its sources first (`prepare`), while the main thread imports
 * the versions, and waits for the catalogue (which the imports make) only when it first reads it;
 * the main thread hands it over (`giveCatalogue`) after the imports. What its sources give the
 * imports too (the tagged texts the Hebrew and Greek versions are made of) it shares, so that no
 * source is read twice. Its pairs come back whole, with its log lines, the ids it skipped and its
 * figures; pairs with a `finalize` cannot cross a thread and are refused.
 */
import {
  isMainThread,
  MessageChannel,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
  type MessagePort,
} from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { CatalogueValue } from '../../src/snapshot/types';
import { loadCanon } from './canon';
import { computeInputsHash } from './inputs';
import { DATA_DIR, resolvePackageFile } from './paths';
import { BACKGROUND_NICE, niceThisThread } from './priority';
import { keptEntry } from './readings-cache';
import type { KvPair } from './limits';
import type { ManifestVersion } from './manifest';
import type { PairProducer, ProducerContext } from './producer-types';

/** What a producer's `prepare` may use: the versions' manifest entries, the log, `share`. */
export interface PrepareContext {
  manifests: ManifestVersion[];
  log: (msg: string) => void;
  /** Hands the main thread a value it waits for (`OffThreadRun.shared`), by name. */
  share: (name: string, value: unknown) => void;
}

/**
 * The producers that may run off-thread, by name, loaded in the worker only; `prepare` reads their
 * sources before they need the catalogue.
 */
const OFF_THREAD: Record<
  string,
  () => Promise<{ producer: PairProducer; prepare?: (ctx: PrepareContext) => Promise<void> }>
> = {
  study: async () => {
    const [{ studyProducer }, { prepareStudy }] = await Promise.all([
      import('./study/producer'),
      import('./study/tagged'),
    ]);
    return { producer: studyProducer, prepare: prepareStudy };
  },
  library: async () => {
    const [{ libraryProducer }, { prepareLibrary }] = await Promise.all([
      import('./library/producer'),
      import('./library/library'),
    ]);
    return { producer: libraryProducer, prepare: prepareLibrary };
  },
};

/** What the worker is given: the context's cloneable parts, the versions' manifest entries only. */
export type OffThreadContext = Pick<
  ProducerContext,
  'snapshotId' | 'books' | 'versionBooks' | 'studyBooks' | 'libraryChapters'
> & { manifests: ManifestVersion[] };

interface Done {
  pairs: KvPair[];
  skipped: string[];
  figures: Record<string, unknown>;
  /** The producer's own time in the worker (the build's log of phases). */
  milliseconds: number;
}
type Message =
  | { log: string }
  | { shared: { name: string; value: unknown } }
  | { prepared: true }
  | { done: Done };

/** The word study's nice value: it reads the tagged texts the imports wait for. */
const STUDY_NICE = 5;

export function isOffThread(name: string): boolean {
  return name in OFF_THREAD;
}

/** A producer started off-thread. */
export interface OffThreadRun {
  /** Hands the worker the catalogue, which it waits for once it has read its sources. */
  giveCatalogue(catalogue: CatalogueValue): void;
  /** What the worker shared by `name` (rejects if it fails first). */
  shared(name: string): Promise<unknown>;
  /** Ends the worker (a build that failed before it needs its pairs). */
  stop(): void;
  done: Promise<Done>;
}

/**
 * Starts producer `name` in a worker thread; `done` resolves with its pairs when it has finished.
 * With `keep`, the worker then keeps them in the build's cache itself (keptOffThread), off the
 * main thread (a v8 serialization of up to 180 MB).
 */
export function produceOffThread(
  name: string,
  ctx: OffThreadContext,
  log: (msg: string) => void = () => {},
  keep = false,
): OffThreadRun {
  if (!isOffThread(name)) throw new Error(`producer ${name} cannot run off-thread`);
  // The worker loads this TypeScript module through tsx's loader, whoever started the build.
  const tsx = pathToFileURL(resolvePackageFile('tsx/dist/loader.mjs')).href;
  const channel = new MessageChannel();
  // Set to 1 once the catalogue is on the channel: the worker waits on it synchronously
  // (Atomics.wait), since its producer reads the catalogue inside synchronous code.
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { offThreadProducer: name, ctx, keep, catalogue: { port: channel.port2, signal } },
    transferList: [channel.port2],
    execArgv: ['--import', tsx],
    env: process.env,
  });
  // What the worker shares, by name: asked for before or after it arrives. Once the worker has
  // prepared, a name it did not share never comes (an error, not a wait that never ends).
  const sharing = new Map<string, unknown>();
  const waiting = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }[]
  >();
  let prepared = false;
  let failure: Error | undefined;
  const settle = () => {
    for (const [key, list] of waiting) {
      if (sharing.has(key)) for (const w of list) w.resolve(sharing.get(key));
      else if (failure || prepared)
        for (const w of list)
          w.reject(failure ?? new Error(`producer ${name} (worker) did not share ${key}`));
      else continue;
      waiting.delete(key);
    }
  };
  const done = new Promise<Done>((resolve, reject) => {
    let result: Done | undefined;
    const fail = (e: Error) => {
      failure = e;
      settle();
      reject(e);
    };
    worker.on('message', (m: Message) => {
      if ('log' in m) log(m.log);
      else if ('shared' in m) sharing.set(m.shared.name, m.shared.value);
      else if ('prepared' in m) prepared = true;
      else resolve((result = m.done));
      settle();
    });
    worker.on('error', fail);
    // After its pairs, the worker may still be keeping them (`keep`).
    worker.on('exit', (code) => {
      if (!result) fail(new Error(`producer ${name} (worker) exited with ${code}`));
    });
  });
  let given = false;
  return {
    giveCatalogue(catalogue) {
      if (given) return;
      given = true;
      channel.port1.postMessage(catalogue);
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    },
    shared: (key) =>
      new Promise((resolve, reject) => {
        waiting.set(key, [...(waiting.get(key) ?? []), { resolve, reject }]);
        settle();
      }),
    stop: () => void worker.terminate(),
    done,
  };
}

/** The text that keys a producer's kept pairs: its name, the build's inputs, its context. */
function keyOf(name: string, ctx: OffThreadContext): string {
  return JSON.stringify({ name, inputs: computeInputsHash(DATA_DIR), ctx }, (_, v) =>
    v instanceof Set
      ? [...(v as Set<unknown>)]
      : v instanceof Map
        ? [...(v as Map<unknown, unknown>)]
        : v,
  );
}

/** What keeps a producer's pairs: with its log lines, and the hash of the catalogue they were made with. */
type Kept = Done & { told: string[]; catalogue: string };

const catalogueHash = (catalogue: CatalogueValue) =>
  createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');

/**
 * produceOffThread, its result kept between builds (./readings-cache.ts): a producer that runs
 * off-thread reads no imported text, so what it makes is fixed by the build's inputs (its code,
 * the data folder it builds from, the source packages' versions) and by `ctx`, which key it. A
 * fresh clone on a machine that built the same inputs reads the study's and the library's pairs
 * back (about a second) instead of making them again (each about half a minute of a core:
 * docs/speed.md "The first npm run dev"); no worker starts then, and it shares nothing. The
 * catalogue, made by the imports from the same inputs, is fixed by them too; the kept pairs carry
 * its hash, and pairs kept with another catalogue are made again. Its log lines are told again.
 */
export function keptOffThread(
  name: string,
  ctx: OffThreadContext,
  log: (msg: string) => void = () => {},
): Omit<OffThreadRun, 'shared' | 'done'> & {
  /** What the worker shares; null when no worker runs (its pairs are kept). */
  shared: OffThreadRun['shared'] | null;
  done: Promise<Done & { kept: boolean }>;
} {
  const entry = keptEntry<Kept>(`off-thread-${name}`, keyOf(name, ctx));
  let catalogue: CatalogueValue | undefined;
  const made = (run: OffThreadRun) => run.done.then((done) => ({ ...done, kept: false }));
  if (!entry?.exists()) {
    const run = produceOffThread(name, ctx, log, !!entry);
    return { ...run, done: made(run) };
  }
  // Read back once the catalogue is known: after the imports, not before them.
  let gotCatalogue!: () => void;
  const given = new Promise<void>((resolve) => (gotCatalogue = resolve));
  let late: OffThreadRun | undefined;
  const done = given.then(() => {
    const startedAt = Date.now();
    const k = entry.kept();
    if (k && k.catalogue === catalogueHash(catalogue!)) {
      log(`  ${name}: its pairs kept from an earlier build of the same inputs`);
      for (const m of k.told) log(m);
      return { ...k, milliseconds: Date.now() - startedAt, kept: true };
    }
    late = produceOffThread(name, ctx, log, true);
    late.giveCatalogue(catalogue!);
    return made(late);
  });
  return {
    giveCatalogue(c) {
      catalogue = c;
      gotCatalogue();
    },
    shared: null,
    stop: () => late?.stop(),
    done,
  };
}

/** The worker's side: prepare, then produce with the catalogue the main thread hands over. */
async function runInWorker(): Promise<void> {
  const {
    offThreadProducer: name,
    ctx,
    keep,
    catalogue: channel,
  } = workerData as {
    offThreadProducer: string;
    ctx: OffThreadContext;
    keep: boolean;
    catalogue: { port: MessagePort; signal: Int32Array };
  };
  // The main thread's imports and search index come first (./priority.ts): the word study, whose
  // tagged texts the imports wait for, a little below them, the library further.
  niceThisThread(name === 'study' ? STUDY_NICE : BACKGROUND_NICE);
  const { producer, prepare } = await OFF_THREAD[name]!();
  const told: string[] = [];
  const log = (msg: string) => {
    told.push(msg);
    parentPort!.postMessage({ log: msg } satisfies Message);
  };
  const started = Date.now();
  await prepare?.({
    manifests: ctx.manifests,
    log,
    share: (key, value) =>
      parentPort!.postMessage({ shared: { name: key, value } } satisfies Message),
  });
  parentPort!.postMessage({ prepared: true } satisfies Message);
  const done: Done = { pairs: [], skipped: [], figures: {}, milliseconds: 0 };
  const { manifests, ...rest } = ctx;
  let catalogue: CatalogueValue | undefined;
  const full: ProducerContext = {
    ...rest,
    get catalogue(): CatalogueValue {
      while (!catalogue) {
        Atomics.wait(channel.signal, 0, 0);
        catalogue = receiveMessageOnPort(channel.port)?.message as CatalogueValue | undefined;
      }
      return catalogue;
    },
    canon: loadCanon(),
    versions: manifests.map((manifest) => ({
      manifest,
      get ir(): never {
        throw new Error(`producer ${name} runs off-thread and cannot read ${manifest.id}'s text`);
      },
    })),
    stemmers: new Map(),
    log,
    skipped: done.skipped,
    figures: done.figures,
  };
  for (const pair of producer.produce(full)) {
    if (pair.finalize) throw new Error(`${pair.key}: a pair with finalize cannot cross a thread`);
    done.pairs.push({ key: pair.key, value: pair.value });
  }
  done.milliseconds = Date.now() - started;
  channel.port.close();
  parentPort!.postMessage({ done } satisfies Message);
  // Kept for the next build of the same inputs, with the catalogue it was made with (keptOffThread).
  if (keep)
    keptEntry<Kept>(`off-thread-${name}`, keyOf(name, ctx))?.keep({
      ...done,
      told,
      catalogue: catalogueHash(catalogue!),
    });
}

// A failure rejects here, which ends the worker with an 'error' the build rejects with.
if (!isMainThread && (workerData as { offThreadProducer?: string } | null)?.offThreadProducer)
  void runInWorker();
