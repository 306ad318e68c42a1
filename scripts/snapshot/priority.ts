/**
 * Scheduling priorities of the build's own threads and processes. The imports and the search
 * index on the main thread are the build's critical path; the word study's and the library's
 * workers, the library's `mod2imp` runs and `npm run dev`'s D1 migrations are needed only at its
 * end. On two cores every runnable thread gets an equal share: with ten of them, the main thread
 * got a fifth of the machine and waited 27 s for the 1 s `mod2imp` of the KJV (docs/speed.md
 * "The first npm run dev"). A niced thread yields to the main thread and takes what it leaves.
 * Linux's nice values are per thread (setpriority(2) on a thread id), and a process a thread starts
 * inherits the thread's; anywhere else this does nothing.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/** The nice value of the build's background work: below the main thread, not starved. */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority to `nice` (a worker thread: its own only). */
export function niceThisThread(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the thread keeps its priority.
  }
}

/** Lowers a child process's priority to `nice`. */
export function niceProcess(pid: number | undefined, nice: number): void {
  if (!pid) return;
  try {
    os.setPriority(pid, nice);
  } catch {
    // Gone already, or not allowed.
  }
}
