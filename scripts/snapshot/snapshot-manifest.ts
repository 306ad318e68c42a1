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
   * The build options (null = all). `downloads`: whether a full build holds the whole-version
   * downloads (absent in manifests written before it was an option, which all did).
   */
  options: { books: string[] | null; versions: string[] | null; downloads?: boolean };
  /** The kv-NNN.json files, in load order. */
  files: string[];
  summary: BuildSummary;
}

export const MANIFEST_FILE = 'manifest.json';

/**
 * Whether a full build's snapshot holds the whole-version downloads (`npm run deploy` refuses one
 * without them; a fixture build holds those it lists).
 */
export function hasDownloads(m: SnapshotManifest): boolean {
  return m.options.downloads ?? true;
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
