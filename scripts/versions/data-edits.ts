/**
 * The edits `npm run version:add` and `version:remove` make to the data files, as text: an entry
 * appended to or cut out of data/versions.json in the file's own layout (one field a line, the
 * source on one line), so that no other version's lines change; and a language's book names in
 * data/book-names.json. Each edit is checked by parsing the result: the file must hold exactly
 * what it held before, plus or minus the one entry.
 */
import { isDeepStrictEqual } from 'node:util';
import type { MapEntry } from '../../src/catalogue/versification';
import type { ManifestVersion } from '../snapshot/manifest';

interface VersionsFile {
  versions: ManifestVersion[];
}

/** One entry in the file's layout: a field a line, each object value on one line. */
export function formatEntry(entry: ManifestVersion): string {
  const oneLine = (v: unknown): string =>
    JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']');
  const fields = Object.entries(entry).map(([k, v]) => `      ${JSON.stringify(k)}: ${oneLine(v)}`);
  return `    {\n${fields.join(',\n')}\n    }`;
}

export function appendVersion(text: string, entry: ManifestVersion): string {
  const end = text.lastIndexOf('\n  ]');
  if (end < 0) throw new Error('data/versions.json: no end of the "versions" list found');
  const out = `${text.slice(0, end)},\n${formatEntry(entry)}${text.slice(end)}`;
  const before = JSON.parse(text) as VersionsFile;
  const after = JSON.parse(out) as VersionsFile;
  if (!isDeepStrictEqual(after, { ...before, versions: [...before.versions, entry] }))
    throw new Error('data/versions.json: appending the entry would change other entries');
  return out;
}

export function removeVersion(text: string, id: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === `"id": ${JSON.stringify(id)},`);
  if (at < 0) throw new Error(`data/versions.json has no version ${id}`);
  let start = at;
  while (start > 0 && lines[start]!.trim() !== '{') start--;
  let end = at;
  while (end < lines.length && !/^\s*},?$/.test(lines[end]!)) end++;
  const kept = [...lines.slice(0, start), ...lines.slice(end + 1)];
  // The entry was the last: the one before it loses its comma.
  if (!lines[end]!.trim().endsWith(',')) kept[start - 1] = kept[start - 1]!.replace(/},$/, '}');
  const out = kept.join('\n');
  const before = JSON.parse(text) as VersionsFile;
  const after = JSON.parse(out) as VersionsFile;
  if (
    !isDeepStrictEqual(after, { ...before, versions: before.versions.filter((v) => v.id !== id) })
  )
    throw new Error(`data/versions.json: removing ${id} would change other entries`);
  return out;
}

interface BookNamesFile {
  $comment: string[];
  languages: Record<string, Record<string, string>>;
  /** Other names and abbreviations of a language's books, which references may use. */
  otherNames?: Record<string, Record<string, string[]>>;
}

/**
 * A language's book names added (the ones the table lacks: another version of the language keeps
 * the names it has), with the other names and abbreviations its source gives (`otherNames`: a
 * source's \h, \toc1, \toc3, read by the reference parser), or null when nothing changes. English
 * names are the canon's own, and the parser's English data reads English references.
 */
export function addBookNames(
  text: string,
  lang: string,
  names: Record<string, string>,
  otherNames: Record<string, string[]> = {},
): string | null {
  if (lang === 'eng') return null;
  const file = JSON.parse(text) as BookNamesFile;
  const table = { ...(file.languages[lang] ?? {}) };
  let added = 0;
  for (const [osis, name] of Object.entries(names))
    if (!table[osis]) {
      table[osis] = name;
      added++;
    }
  const others = { ...(file.otherNames?.[lang] ?? {}) };
  for (const [osis, list] of Object.entries(otherNames)) {
    const known = new Set([table[osis], ...(others[osis] ?? [])]);
    const fresh = list.filter((n) => !known.has(n));
    if (fresh.length) {
      others[osis] = [...(others[osis] ?? []), ...fresh];
      added++;
    }
  }
  if (!added) return null;
  file.languages[lang] = table;
  if (Object.keys(others).length) file.otherNames = { ...file.otherNames, [lang]: others };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A language's book names (and other names) removed when no version of it is left. */
export function removeBookNames(text: string, lang: string): string | null {
  const file = JSON.parse(text) as BookNamesFile;
  if (!file.languages[lang]) return null;
  delete file.languages[lang];
  if (file.otherNames?.[lang]) {
    delete file.otherNames[lang];
    if (!Object.keys(file.otherNames).length) delete file.otherNames;
  }
  return `${JSON.stringify(file, null, 2)}\n`;
}

interface GapsFile {
  $comment: string[];
  versions: Record<string, Record<string, string>>;
}

/** A version's empty slots set in data/versification-gaps.json (null: it has none). */
export function setGaps(text: string, id: string, gaps: Record<string, string>): string | null {
  if (!Object.keys(gaps).length) return null;
  const file = JSON.parse(text) as GapsFile;
  file.versions[id] = gaps;
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A version's empty slots removed from data/versification-gaps.json (null: it had none). */
export function removeGaps(text: string, id: string): string | null {
  const file = JSON.parse(text) as GapsFile;
  if (!file.versions[id]) return null;
  delete file.versions[id];
  return `${JSON.stringify(file, null, 2)}\n`;
}

interface MapFile {
  $comment: string[];
  versions: Record<string, MapEntry[]>;
}

/** What version:add writes at the end of each reason of data/versification-map.json it writes. */
export const MAP_MARK = '(npm run version:add)';

/**
 * A version's verse map appended to data/versification-map.json in the file's layout (an entry a
 * line), so that no other version's lines change; null when it has no entries.
 */
export function setMap(text: string, id: string, entries: MapEntry[]): string | null {
  if (!entries.length) return null;
  const end = text.lastIndexOf('\n  }\n}');
  if (end < 0) throw new Error('data/versification-map.json: no end of "versions" found');
  const lines = entries.map(
    (e) =>
      `      ${JSON.stringify(e).replace(/":/g, '": ').replace(/,"/g, ', "').replace(/^\{/, '{ ').replace(/\}$/, ' }')}`,
  );
  const out = `${text.slice(0, end)},\n    ${JSON.stringify(id)}: [\n${lines.join(',\n')}\n    ]${text.slice(end)}`;
  const before = JSON.parse(text) as MapFile;
  const after = JSON.parse(out) as MapFile;
  if (
    before.versions[id] ||
    !isDeepStrictEqual(after, { ...before, versions: { ...before.versions, [id]: entries } })
  )
    throw new Error(`data/versification-map.json: adding ${id} would change other entries`);
  return out;
}

/**
 * A version's verse map cut out of data/versification-map.json: null when it has none, `false`
 * when a person wrote some of its entries (their reasons lack MAP_MARK), which version:remove
 * leaves to a person.
 */
export function removeMap(text: string, id: string): string | null | false {
  const before = JSON.parse(text) as MapFile;
  const entries = before.versions[id];
  if (!entries) return null;
  if (!entries.every((e) => e.reason?.endsWith(MAP_MARK))) return false;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l === `    ${JSON.stringify(id)}: [`);
  let end = start;
  while (end < lines.length && !/^ {4}\],?$/.test(lines[end]!)) end++;
  const kept = [...lines.slice(0, start), ...lines.slice(end + 1)];
  if (!lines[end]!.endsWith(',')) kept[start - 1] = kept[start - 1]!.replace(/\],$/, ']');
  const out = kept.join('\n');
  const rest = { ...before.versions };
  delete rest[id];
  if (!isDeepStrictEqual(JSON.parse(out), { ...before, versions: rest }))
    throw new Error(`data/versification-map.json: removing ${id} would change other entries`);
  return out;
}
