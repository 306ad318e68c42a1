/**
 * Writes the value files of the local KV store (scripts/lib/miniflare-kv.ts) while the build still
 * runs, in a worker thread: `npm run dev` on an empty store creates 190,940 files, 7.5–46 s that
 * are otherwise spent after the build, before the worker starts (docs/speed.md "The first npm run
 * dev"). The build hands over each producer's values as soon as they are made (BuildOptions
 * `onValues`); the load (./load-local.ts) then writes only the rows, in its one transaction, and
 * the files of the values not staged.
 *
 * A staged file is named by its content's SHA-256 and no row names it until the load commits, so a
 * build or load that stops halfway leaves the store as it was: the files written so far are found
 * again by the next load (a file no committed row names is written again, whole, as the loader
 * does with its own). The worker is niced below the build's own threads (./priority.ts): it takes
 * the CPU they leave (the main thread idles while it waits for the word study's worker) and the
 * time the disk makes them wait.
 */
import { Worker } from 'node:worker_threads';
import { openLocalKv, type LocalKvNamespace } from '../lib/miniflare-kv';

/** The lowest priority: the writes must not slow the build's critical path (./priority.ts). */
const STAGING_NICE = 19;

/**
 * The worker, plain JavaScript (no TypeScript loader to start): it hashes each value, writes its
 * file unless a committed row names it already, and answers each batch with its values' ids.
 * Its nice value is set as niceThisThread does (./priority.ts).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hash } = require('node:crypto');
const { existsSync, mkdirSync, renameSync, writeFileSync, readlinkSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
} catch {}
const named = new Set(workerData.named);
const done = new Set();
mkdirSync(workerData.blobsDir, { recursive: true });
let written = 0;
parentPort.on('message', (values) => {
  if (values === null) return parentPort.postMessage({ written });
  const ids = [];
  for (const value of values) {
    // The id ./load-local.ts contentBlobId gives: the SHA-256 of the value's UTF-8 bytes.
    const id = hash('sha256', value, 'hex');
    ids.push(id);
    if (done.has(id)) continue;
    done.add(id);
    const target = path.join(workerData.blobsDir, id);
    if (named.has(id) && existsSync(target)) continue;
    if (existsSync(target)) {
      writeFileSync(target + '.' + process.pid + '.tmp', value);
      renameSync(target + '.' + process.pid + '.tmp', target);
    } else writeFileSync(target, value);
    written++;
  }
  parentPort.postMessage({ ids });
});
`;

/** What a finished staging gives the load: each staged value's blob id (its file complete). */
export interface StagedBlobs {
  ids: Map<string, string>;
  /** Files written (the rest were stored already, or repeated values). */
  written: number;
}

export interface BlobStager {
  /** Values to write (their files may be written in any order, later). */
  stage(values: string[]): void;
  /** Waits for every staged value's file; the worker ends. */
  finish(): Promise<StagedBlobs>;
  /** Ends the worker without waiting (a build that failed). */
  stop(): void;
}

/**
 * A stager for the namespace `ns` resolves to (asked beside the build); its worker starts with
 * the first values staged, so that a build that is not run costs nothing.
 */
export function localBlobStager(ns: Promise<LocalKvNamespace>): BlobStager {
  const ids = new Map<string, string>();
  const pending: string[][] = [];
  let worker: Promise<Worker> | undefined;
  let failure: unknown;
  let onIds: (() => void) | undefined;
  const start = async (): Promise<Worker> => {
    const namespace = await ns;
    // The blob ids committed rows name: such a file is complete (./load-local.ts).
    const db = openLocalKv(namespace);
    const named = db
      ? (db.prepare('SELECT DISTINCT blob_id FROM _mf_entries').all() as { blob_id: string }[]).map(
          (r) => r.blob_id,
        )
      : [];
    db?.close();
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { blobsDir: namespace.blobsDir, named, nice: STAGING_NICE },
    });
    w.on('message', (m: { ids?: string[] }) => {
      if (!m.ids) return;
      const values = pending.shift()!;
      for (let i = 0; i < values.length; i++) ids.set(values[i], m.ids[i]);
      onIds?.();
    });
    w.on('error', (e) => {
      failure = e;
      onIds?.();
    });
    return w;
  };
  return {
    stage(values) {
      if (!values.length) return;
      worker ??= start();
      worker.catch(() => {}); // a failure is reported by finish
      void worker.then((w) => {
        pending.push(values);
        w.postMessage(values);
      });
    },
    async finish() {
      if (!worker) return { ids, written: 0 };
      const w = await worker;
      // Every batch staged before went out before this line (their callbacks were queued first).
      const written = await new Promise<number>((resolve, reject) => {
        const check = () => {
          if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        };
        onIds = check;
        w.on('message', (m: { written?: number }) => {
          if (m.written !== undefined) resolve(m.written);
        });
        w.postMessage(null);
        check();
      });
      await w.terminate();
      return { ids, written };
    },
    stop() {
      void worker?.then((w) => w.terminate()).catch(() => {});
    },
  };
}
