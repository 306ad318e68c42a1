/**
 * Nave's Topical Bible: each topic (`$$$AARON`, TEI `<entryFree><def>…`) with its
 * sub-topics and the links between topics.
 *
 * A topic's `<def>` is lines (`<lb/>`), most of them sub-topics marked `→ ` or numbered `1. `,
 * some with a `<list>` of items under them; each line and each item is one sub-topic (`depth` 0
 * and 1), in the safe HTML subset with its references as links, the verses it cites, and the
 * topics it names (`<ref target="Nave:CHILDREN">`). Topic ids are slugs of the names
 * (`JESUS, THE CHRIST` → `jesus-the-christ`).
 *
 * Read as meant: a reference to a book of one chapter written `<ref osisRef="Jude.1.1">Jude 1</ref>:9`
 * (the attribute names verse 1, the words after it the verse meant: Jude 1:9) is read as the verses
 * after the colon. A link to a topic resolves to the topic of that name, else to the one topic
 * whose name starts with it and a comma or parenthesis (`Nave:JESUS` → `JESUS, THE CHRIST`); an
 * unresolved link keeps its words and is counted.
 */
import { fold, stem } from '../../../src/snapshot/search-text';
import { tidy, type Html } from '../study/lexicons/html';
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import { entryLinker, spanHref, type RefTally } from './links';
import { markupBlocks, type RefFound } from './markup';
import { resolveWords, type Span } from './references';
import { parseImp } from './sources';
import type { ListedReference } from './unresolved';

export interface SubTopic {
  depth: number;
  /** Inline HTML of the safe subset (no block element). */
  html: Html[];
  /** The verses it cites (resolved), in order. */
  cites: Span[];
  /** Ids of the topics it links to. */
  see: string[];
}

export interface Topic {
  id: string;
  /** The name as Nave writes it (capitals). */
  name: string;
  subtopics: SubTopic[];
}

export interface TopicsRead {
  topics: Topic[];
  tally: RefTally;
  /** Links to other topics: written, resolved to a topic, and distinct topic → topic pairs. */
  links: { written: number; resolved: number; pairs: number; unresolved: string[] };
  /** Entries of the module (mod2imp's keys), and those merged into an earlier entry of the same name. */
  entries: number;
  duplicates: number;
}

/** `JESUS, THE CHRIST` → `jesus-the-christ`: folded letters and digits, runs of anything else one hyphen. */
export function topicSlug(name: string): string {
  return fold(name.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ARROW = /^\s*→\s*/;

/**
 * The topic a `Nave:NAME` link names: the topic of that name; else the one topic whose name is
 * that name stemmed word by word (`COVENANTS` → `COVENANT`, `PRUNING-HOOK` → `PRUNINGHOOK`); else
 * the one whose stemmed name (keyword search's English stemmer) starts with it (`JESUS` → `JESUS, THE CHRIST`, `MINISTERS` →
 * `MINISTER, CHRISTIAN`). Two candidates or none: unresolved (`ANGEL`: `ANGEL (A SPIRIT)` or
 * `ANGEL (HOLY TRINITY)`).
 */
function topicResolver(topics: { id: string; name: string }[]): (target: string) => string | null {
  const words = (name: string) =>
    fold(name.toLowerCase())
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(stem);
  const byName = new Map(topics.map((t) => [t.name.toUpperCase(), t.id]));
  const stemmed = topics.map((t) => ({
    id: t.id,
    key: words(t.name).join(' '),
    joined: words(t.name).join(''),
  }));
  const unique = (found: { id: string }[]) => (found.length === 1 ? found[0]!.id : null);
  return (target) => {
    const name = target
      .replace(/^Nave:/i, '')
      .trim()
      .toUpperCase();
    const exact = byName.get(name);
    if (exact) return exact;
    const key = words(name).join(' ');
    const joined = words(name).join('');
    return (
      unique(stemmed.filter((t) => t.key === key || t.joined === joined)) ??
      unique(stemmed.filter((t) => t.key.startsWith(`${key} `)))
    );
  };
}

export function readTopics(
  imp: string,
  kjv: KjvVerses,
  tally: RefTally,
  listed: Map<string, ListedReference>,
): TopicsRead {
  const raw = parseImp(imp);
  // The module has two entries under each of two names (REVERENCE, SIN): one topic each, the
  // second entry's lines after the first's. Two different names with one slug would be an error.
  const byId = new Map<string, { id: string; name: string; body: string }>();
  let duplicates = 0;
  for (const e of raw) {
    const id = topicSlug(e.key);
    const same = byId.get(id);
    if (same && same.name !== e.key)
      throw new Error(`Nave: topics "${same.name}" and "${e.key}" have the same id ${id}`);
    if (same) duplicates++;
    byId.set(
      id,
      same ? { ...same, body: `${same.body}\n${e.body}` } : { id, name: e.key, body: e.body },
    );
  }
  const named = [...byId.values()];
  const resolveTopic = topicResolver(named);
  const links = { written: 0, resolved: 0, pairs: 0, unresolved: [] as string[] };
  const topics: Topic[] = named.map((t) => {
    const pairs = new Set<string>();
    // What each block (sub-topic) cites and links to, by block index.
    const cites = new Map<number, Span[]>();
    const see = new Map<number, string[]>();
    const add = <T>(map: Map<number, T[]>, block: number, items: T[]) =>
      map.set(block, [...(map.get(block) ?? []), ...items]);
    const spans: Span[] = [];
    const linker = entryLinker('Nave', t.name, kjv, tally, '', spans, listed);
    const link = (ref: RefFound): string | null => {
      const single = /^:(\d+(?:\s*[-,]\s*\d+)*)/.exec(ref.after);
      const m = /^([1-3]?[A-Za-z]+)\.1\.1$/.exec(ref.osisRef);
      if (single && m && kjv.lastVerse(m[1]!, 1) && !kjv.lastVerse(m[1]!, 2)) {
        // `Jude 1</ref>:9`: a book of one chapter, the verses after the colon.
        const read = resolveWords(`${m[1]} 1:${single[1]}`, kjv);
        if (!('problem' in read)) {
          tally.written++;
          tally.resolved++;
          tally.readAsMeant++;
          add(cites, ref.block, read.spans);
          return spanHref(read.spans[0]!);
        }
      }
      const before = spans.length;
      const href = linker(ref);
      add(cites, ref.block, spans.slice(before));
      return href;
    };
    const topicLink = (target: string, _text: string, block: number): string | null => {
      links.written++;
      const id = resolveTopic(target);
      if (!id) {
        links.unresolved.push(`${t.name} → ${target}`);
        return null;
      }
      links.resolved++;
      if (id !== t.id) pairs.add(id);
      add(see, block, [id]);
      return `/topics/${id}`;
    };
    const subtopics: SubTopic[] = [];
    markupBlocks(t.body, { link, topicLink }).forEach((block, i) => {
      const html = stripArrow(tidy(block.children));
      if (hasWords(html))
        subtopics.push({
          depth: block.depth,
          html,
          cites: cites.get(i) ?? [],
          see: [...new Set(see.get(i) ?? [])],
        });
      else if (cites.has(i) || see.has(i))
        throw new Error(`Nave ${t.name}: references in a line without words`);
    });
    links.pairs += pairs.size;
    return { id: t.id, name: t.name, subtopics };
  });
  return { topics, tally, links, entries: raw.length, duplicates };
}

/** A sub-topic's leading `→ ` (Nave's mark of a sub-topic; the depth says it) and the spaces around its words. */
function stripArrow(nodes: Html[]): Html[] {
  const out = [...nodes];
  if (typeof out[0] === 'string') out[0] = out[0].replace(ARROW, '').trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = out[last].trimEnd();
  return out.filter((n) => n !== '');
}

const hasWords = (nodes: Html[]): boolean =>
  nodes.some((n) => (typeof n === 'string' ? /[\p{L}\p{N}]/u.test(n) : hasWords(n.children)));
