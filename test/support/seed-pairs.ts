import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SnapshotFiles } from '../../scripts/fixture';
import { concordanceKey, lexiconKey, searchTermKey, topicKey } from '../../src/snapshot/keys';
import { words } from '../../src/snapshot/search-text';
import { stemmerFor } from '../../src/snapshot/stemmers';
import { normalizeStrongs } from '../../src/snapshot/strongs';

/**
 * The fixture snapshot's pairs a test run puts into KV (Node side: vitest.config.ts gives them to
 * the Workers tests, test/browser/site-under-test.ts to the browser tests' site). Every put costs
 * about a millisecond in workerd (five through Miniflare's proxy), and three quarters of the
 * fixture's 22,000 pairs are search terms and Strong's entries no test reads: the Workers tests
 * read 33 of its 16,500 search terms and 11 of its 3,600 lexicon entries and concordances.
 *
 * So those two kinds are put only for what the tests write down, in their sources and in the files
 * they inline (`import doc from '…/json.md?raw'`: its examples are requests): the search terms of
 * every word, in every language's stems as the worker stems a query (`keyword=love` seeds `love`;
 * percent-escapes are decoded, so `coraz%C3%B3n` is `corazón`), and the lexicon entries and
 * concordances of every Strong's number (`G25`, `h157`); likewise Nave's topics (437 in the
 * fixture, a few read) only by the ids written (`/topics/nicodemus`). Everything else (catalogue, chapters,
 * tagged words, search metadata and spelling vocabularies) is put whole. A word or number a test
 * computes at run time instead of writing it is not seeded: write it in the test (or a comment of
 * it), and restart a watching vitest, which reads the sources once.
 */
export async function seedPairs(snapshot: SnapshotFiles, sources: string[]): Promise<SnapshotFiles['pairs']> {
  const written = writtenWords(sources);
  const id = snapshot.snapshotId;
  const termPrefix = searchTermKey(id, '', '').slice(0, -1);
  const lexiconPrefix = lexiconKey(id, '');
  const concordancePrefix = concordanceKey(id, '', '').slice(0, -1);
  const topicPrefix = topicKey(id, '');

  const terms = new Set<string>();
  const languages = new Set(snapshot.pairs.filter((p) => p.key.startsWith(termPrefix)).map((p) => p.key.slice(termPrefix.length).split(':')[0]));
  for (const lang of languages) {
    const stem = await stemmerFor(lang);
    for (const term of written.terms) terms.add(searchTermKey(id, lang, stem(term)));
  }
  const numberOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);

  return snapshot.pairs.filter((p) => {
    // A big stem's further shards (`…:the#1`) go with its first.
    if (p.key.startsWith(termPrefix)) return terms.has(p.key.replace(/#\d+$/, ''));
    if (p.key.startsWith(lexiconPrefix) || p.key.startsWith(concordancePrefix)) return written.numbers.has(numberOf(p.key));
    if (p.key.startsWith(topicPrefix)) return written.slugs.has(p.key.slice(topicPrefix.length));
    return true;
  });
}

/** The .ts files under `dir`, but for those under the folders `except` (relative to `dir`). */
export function testSources(dir: string, except: string[] = []): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !except.some((e) => f.startsWith(`${e}${path.sep}`)))
    .map((f) => path.join(dir, f));
}

/** The folded terms (hyphen parts too), the Strong's numbers and the slugs (`jesus-the-christ`) written in `files` and the files they inline. */
function writtenWords(files: string[]): { terms: Set<string>; numbers: Set<string>; slugs: Set<string> } {
  const terms = new Set<string>();
  const numbers = new Set<string>();
  const slugs = new Set<string>();
  const inlined = (file: string, text: string) => [...text.matchAll(/^import \w+ from '([^']+)\?raw';$/gm)].map((m) => path.resolve(path.dirname(file), m[1]));
  const texts = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [text, ...inlined(file, text).map((f) => readFileSync(f, 'utf8'))];
  });
  for (const source of texts) {
    const text = source.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeEscapes);
    for (const slug of text.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []) slugs.add(slug);
    for (const w of words(text)) {
      terms.add(w.term);
      for (const part of w.parts) terms.add(part);
      const number = normalizeStrongs(w.term);
      if (number) numbers.add(number);
    }
  }
  return { terms, numbers, slugs };
}

function decodeEscapes(escapes: string): string {
  try {
    return decodeURIComponent(escapes);
  } catch {
    return ' ';
  }
}
