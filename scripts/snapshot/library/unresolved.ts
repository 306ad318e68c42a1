/**
 * The library's references that do not resolve as written (data/library-unresolved.json), each
 * with its reason, and where what was meant is clear, the passage meant (`meant`, OSIS): those
 * resolve to it. The build fails on an unresolved reference the file does not list, and on a
 * listed one that no longer occurs (the source changed: check the entry).
 */
import { readFileSync } from 'node:fs';
import { DATA_DIR } from '../paths';
import { dataFile } from '../data-files';

export interface ListedReference {
  module: string;
  /** The commentary key (`Numbers 6:2`) or topic name (`CORINTH`). */
  entry: string;
  osisRef: string;
  /** What the reference's words are in the entry (for the reader of the list). */
  text: string;
  reason: string;
  /** The passage meant, in OSIS (`Phil.3.1 Phil.3.3`), when the entry makes it clear. */
  meant?: string;
}

export const UNRESOLVED_FILE = dataFile(DATA_DIR, 'libraryUnresolved');

export const listedKey = (r: { module: string; entry: string; osisRef: string }) =>
  `${r.module}\u0000${r.entry}\u0000${r.osisRef}`;

export function loadListedReferences(file = UNRESOLVED_FILE): Map<string, ListedReference> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { references: ListedReference[] };
  return new Map(raw.references.map((r) => [listedKey(r), r]));
}
