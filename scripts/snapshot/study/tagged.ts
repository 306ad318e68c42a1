/**
 * The tagged texts the build knows, by the name data/versions.json gives them in a
 * version's `words` (the version whose words carry Strong's numbers) and in the `tagged` source
 * format (a version whose text is the tagged text itself: the Hebrew Bible, the Greek New
 * Testament). Each is read once per build, whoever asks first.
 */
import { cachedReading } from '../readings-cache';
import { readKjvTagged } from './kjv-tagged';
import { studyLexicon } from './lexicon-source';
import { readOshb } from './oshb';
import { readSblgnt, strongsByLemma } from './sblgnt';
import { studySourcesInstalled } from './sources';
import { readTextusReceptus } from './textus-receptus';
import type { TaggedVerse } from './types';
import type { PrepareContext } from '../off-thread';

const READERS: Record<string, () => TaggedVerse[]> = {
  /** CrossWire's tagged KJV (bibledit-cloud-data kjv.xml): English words with their numbers. */
  'kjv-xml': () => readKjvTagged(),
  /** The Open Scriptures Hebrew Bible (morphhb), in its own (Hebrew) numbering. */
  oshb: () => readOshb(),
  /**
   * The Greek New Testament of the KJV's own tags: the Textus Receptus words in their order.
   * Kept between processes (../readings-cache.ts), as the OSHB and kjv.xml keep theirs: rebuilt
   * from kjv.xml's New Testament it costs seconds, and the test fixture's build, the study
   * producer and the node tests each read it.
   */
  'textus-receptus': () => cachedReading('textus-receptus', () => readTextusReceptus()),
  /**
   * The SBL Greek New Testament with MorphGNT's lemmas and parsing; Strong's numbers by lemma
   * from the Greek lexicon's headwords. Kept between processes, as the TR above.
   */
  sblgnt: () => cachedReading('sblgnt', () => readSblgnt(sblgntNumbers())),
};

/** A lemma's Strong's number from the lexicon the build reads (./sblgnt.ts strongsByLemma). */
export function sblgntNumbers(): ReturnType<typeof strongsByLemma> {
  const lexicon = studyLexicon();
  if (!lexicon) throw new Error('the SBLGNT needs the Greek lexicon (bibledit-cloud-data)');
  return strongsByLemma([...lexicon.entries].map(([n, e]) => [n, e.word]));
}

const read = new Map<string, TaggedVerse[]>();

/** The verses of a tagged text; null when the study sources are not installed. */
export function taggedText(name: string): TaggedVerse[] | null {
  const reader = READERS[name];
  if (!reader)
    throw new Error(`unknown tagged text "${name}" (known: ${Object.keys(READERS).join(', ')})`);
  if (!studySourcesInstalled()) return null;
  let verses = read.get(name);
  if (!verses) {
    verses = reader();
    read.set(name, verses);
  }
  return verses;
}

/** A tagged text as a version's own text: each verse's plain text (../importers/tagged.ts). */
export interface TaggedVersionText {
  /** The tagged text's verses, those without text included. */
  verses: number;
  texts: (Pick<TaggedVerse, 'book' | 'chapter' | 'verse' | 'before'> & { text: string })[];
}

/** The tagged text `name` as a version's text; null when the study sources are not installed. */
export function taggedVersionText(name: string): TaggedVersionText | null {
  const verses = taggedText(name);
  if (!verses) return null;
  return {
    verses: verses.length,
    texts: verses.map((v) => ({
      book: v.book,
      chapter: v.chapter,
      verse: v.verse,
      ...(v.before ? { before: v.before } : {}),
      text: verseText(v),
    })),
  };
}

/** The name a tagged version's text is shared by between threads (../off-thread.ts). */
export const taggedShareName = (name: string) => `tagged:${name}`;

/**
 * The word study's `prepare` (../off-thread.ts): reads its sources before it needs the catalogue,
 * the texts of the versions made of a tagged text first (the main thread's imports of the Hebrew
 * and Greek versions wait for them: `share`), then the tagged words of every version, then the
 * lexicons.
 */
export async function prepareStudy({ manifests, share }: PrepareContext): Promise<void> {
  for (const m of manifests)
    if (m.source.format === 'tagged')
      share(taggedShareName(String(m.source.text)), taggedVersionText(String(m.source.text)));
  for (const m of manifests) if (typeof m.words === 'string') taggedText(m.words);
  studyLexicon();
}

/** A word's text followed by what the source puts after it, for the plain text of a verse. */
export function verseText(v: TaggedVerse): string {
  return v.words
    .map((w) => w.text + (w.after ?? ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
