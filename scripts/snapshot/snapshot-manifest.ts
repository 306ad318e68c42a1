import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A built snapshot folder's manifest.json: what the build wrote and from what. A module of its
 * own, without the build: the loader, the deploy script and the test fixture read it, and
 * `--help` of each answers without loading the build's modules.
 */
export interface SnapshotManifest {
  snapshotId: string;
  inputsHash: string;
  builtAt: string;
  /**
   * The build options (null = all). `downloads: false`: a snapshot an older build wrote without
   * the whole-version downloads (every build writes them now: scripts/snapshot/downloads.ts).
   */
  options: { books: string[] | null; versions: string[] | null; downloads?: boolean };
  /** The kv-NNN.json files, in load order. */
  files: string[];
  summary: BuildSummary;
}

export const MANIFEST_FILE = 'manifest.json';

/**
 * Whether the snapshot holds the whole-version downloads: every build writes them, but an older
 * `npm run dev` left them out (`npm run deploy` refuses such a snapshot; it is stale for a build).
 */
export function hasDownloads(m: SnapshotManifest): boolean {
  return m.options.downloads !== false;
}

/** What a build reports: its counts, and what it skipped and corrected. */
export interface BuildSummary {
  versions: number;
  /** Books with chapter keys (all books of every version, or the fixture subset). */
  books: number;
  chapters: number;
  verses: number;
  keys: number;
  /** UTF-8 bytes of all keys and values. */
  bytes: number;
  seconds: number;
  /** Versions skipped because their optional source is not installed. */
  skipped: string[];
  /** Corrections applied to raw source strings (corrections.ts): version -> correction file -> count. */
  corrections: Record<string, Record<string, number>>;
  /**
   * Text that is not verse text (apart.ts), per version: Psalm titles and Psalm 119 headings in the
   * IR, and subscriptions the build dropped (the KJV importer drops its 14 from the layout itself).
   */
  apart: Record<string, { psalmTitles: number; headings: number; subscriptionsDropped: number }>;
  /** Figures the producers report (the reference library's counts: `figures.library`). */
  figures?: Record<string, unknown>;
}

/** DIR's manifest, or null when there is none (or it is unreadable). */
export function readSnapshotManifest(dir: string): SnapshotManifest | null {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SnapshotManifest;
  } catch {
    return null;
  }
}
