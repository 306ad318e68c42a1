/** The version manifest (data/versions.json): which translations the snapshot holds, and their sources. */
import { readFileSync } from 'node:fs';
import type { VersionEntry } from '../../src/snapshot/types';
import { DATA_DIR } from './paths';
import { dataFile } from './data-files';
import { VERSION_ID } from '../../src/snapshot/ids';

/** Where a version's text comes from; `format` names an importer (importers/index.ts). */
export interface SourceConfig {
  format: string;
  /** Human-readable package name and version (documentation; npm versions are pinned in package.json). */
  package?: string;
  /** File inside node_modules (npm sources) or absolute path. */
  path?: string;
  /** Command whose stdout is the source (Debian sources, e.g. `mod2osis engWEB2015eb`). */
  command?: string[];
  /** Further importer-specific options (see each importer). */
  [option: string]: unknown;
}

export interface ManifestVersion extends Omit<VersionEntry, 'books' | 'footnotes'> {
  optional?: boolean;
  /**
   * The tagged text whose words (with Strong's numbers) are this version's `wd:` values (
   * scripts/snapshot/study/tagged.ts): `kjv-xml` for the KJV, the text itself for a `tagged` source.
   */
  words?: string;
  source: SourceConfig;
  /**
   * The version's translators' notes (scripts/snapshot/footnotes/): those its own source carries
   * (OSIS `<note>`), or with `source` those of another edition of the same text, placed in it.
   */
  footnotes?: FootnotesConfig;
}

export interface FootnotesConfig {
  /** Another edition's notes (format `margin-osis`: ./footnotes/margin.ts), read like a text source. */
  source?: SourceConfig;
  /** Whose notes they are and on what terms (the `copyright` of every footnotes response). */
  copyright: string;
  /** The count the build must find: a source that changes fails the build. */
  expect: { notes: number };
}

/** A version id (src/snapshot/ids.ts, which the worker's arguments share). */
export { VERSION_ID };

export function loadManifest(file = dataFile(DATA_DIR, 'versions')): ManifestVersion[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { versions: ManifestVersion[] };
  const seen = new Set<string>();
  for (const v of raw.versions) {
    if (typeof v.id !== 'string' || !VERSION_ID.test(v.id))
      throw new Error(
        `versions.json: version id ${JSON.stringify(v.id)} is not a capital letter then 1 to 15 letters or digits`,
      );
    if (seen.has(v.id)) throw new Error(`versions.json: duplicate version id ${v.id}`);
    seen.add(v.id);
    if (!v.source?.format) throw new Error(`versions.json: ${v.id} has no source.format`);
  }
  return raw.versions;
}

/** The VersionEntry fields of a manifest entry (drops build-only fields such as `source`). */
export function versionEntry(v: ManifestVersion, books: string[]): VersionEntry {
  return {
    id: v.id,
    numericId: v.numericId,
    name: v.name,
    abbreviation: v.abbreviation,
    lang: v.lang,
    langName: v.langName,
    langNameEng: v.langNameEng,
    copyright: v.copyright,
    info: v.info,
    books,
  };
}
