import libraryData from '../../../data/library.json';
import { verseId } from '../../catalogue/ids';
import { rangeName, verseReference } from '../../catalogue/names';
import { loadCatalogue, type Catalogue } from '../../catalogue/store';
import { ApiError } from '../../http/errors';
import { entryPassage, entryPath, verseCommentaries } from '../../library/commentaries';
import { verseCrossReferences } from '../../library/cross-references';
import { verseTopics } from '../../library/topics';
import type { SnapshotReader } from '../../cache/snapshot-reader';
import { reference, version } from '../fields';
import { askedVersion, resolveReference } from '../references';
import { cut, moreLine, plainText } from '../text';
import { tool } from '../tool';

/** How much of each section verse_study quotes: a verse's lists run to a hundred references. */
export const STUDY_BOUNDS = {
  crossReferences: 12,
  crossReferenceChars: 220,
  commentaries: 3,
  commentaryChars: 900,
  topics: 8,
  topicLines: 3,
};

/**
 * The commentaries a full build reads (data/library.json), named in verse_study's description,
 * which is listed before any snapshot is read.
 */
const COMMENTARY_NAMES = libraryData.commentaries.map((c) => c.name).join(', ');

/**
 * One section of the study: its lines, or, when the snapshot lacks its source (a build without
 * the library answers the API's 404), a line that says so; the other sections still answer.
 */
async function section(title: string, build: () => Promise<string[]>): Promise<string[]> {
  try {
    return [title, ...(await build()), ''];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [title, `(${err.message})`, ''];
    throw err;
  }
}

async function crossReferences(snap: SnapshotReader, cat: Catalogue, id: string) {
  const r = await verseCrossReferences(snap, cat, id, 'text');
  const targets = r.verses[0]?.targets ?? [];
  const shown = targets.slice(0, STUDY_BOUNDS.crossReferences);
  return [
    ...(shown.length ? [] : ['None.']),
    ...shown.map((t) => {
      const name = verseReference(cat.books[t.bookIndex], t.chapter, t.verse);
      const text = t.html ? `: ${cut(plainText(t.html), STUDY_BOUNDS.crossReferenceChars)}` : '';
      return `- ${name}${t.bothWays ? ' (both ways)' : ''}${text}`;
    }),
    ...moreLine(shown.length, targets.length, 'cross-references', 'the REST API lists them all'),
    `Source: ${plainText(r.work.copyright)}`,
  ];
}

async function commentaries(snap: SnapshotReader, cat: Catalogue, id: string) {
  const c = await verseCommentaries(snap, cat, id);
  const shown = c.entries.slice(0, STUDY_BOUNDS.commentaries);
  const works = c.meta?.commentaries ?? [];
  const lines = shown.length ? [] : ['None.'];
  for (const e of shown) {
    const work = works.find((w) => w.id === e.value.c);
    const passage = entryPassage(cat, e);
    const on = passage ? ` on ${rangeName(passage.book, passage)}` : '';
    const whole = e.value.p
      ? ` (cut; whole entry: ${entryPath(e.value.c, e.book, e.chapter, e.value.v)})`
      : '';
    lines.push(
      `- ${work?.name ?? e.value.c}${on}: ${cut(plainText(e.html).replace(/\n/g, ' '), STUDY_BOUNDS.commentaryChars)}${whole}`,
    );
  }
  lines.push(...moreLine(shown.length, c.entries.length, 'entries', 'the REST API lists them all'));
  const used = new Set(shown.map((e) => e.value.c));
  for (const w of works.filter((w) => used.has(w.id)))
    lines.push(`${w.name}, ${w.author} (${w.year}): ${plainText(w.copyright)}`);
  return lines;
}

async function topics(snap: SnapshotReader, cat: Catalogue, id: string) {
  const t = await verseTopics(snap, cat, id);
  const shown = t.topics.slice(0, STUDY_BOUNDS.topics);
  return [
    ...(shown.length ? [] : ['None.']),
    ...shown.map(
      (x) =>
        `- ${x.name}: ${x.lines
          .slice(0, STUDY_BOUNDS.topicLines)
          .map((l) => l.text)
          .join('; ')}`,
    ),
    ...moreLine(shown.length, t.topics.length, 'topics', 'the REST API lists them all'),
    ...(t.meta.topics ? [`Nave's Topical Bible: ${plainText(t.meta.topics.copyright)}`] : []),
  ];
}

export const verseStudy = tool({
  name: 'verse_study',
  title: 'Study a verse: cross-references, commentaries, topics',
  description: `What the reference library says of one verse (the first verse of the reference given): its cross-references (Treasury of Scripture Knowledge, with their text), the commentaries' entries on it (${COMMENTARY_NAMES}) and the Nave's topics that cite it, each section short (at most ${STUDY_BOUNDS.crossReferences} references, ${STUDY_BOUNDS.commentaries} entries, ${STUDY_BOUNDS.topics} topics) and with its sources' copyright.`,
  input: { reference, version },
  readOnly: true,
  async run(args, ctx) {
    const snap = ctx.snapshot;
    const cat = await loadCatalogue(snap);
    const v = askedVersion(cat, args.version);
    const { resolved } = await resolveReference(snap, args.reference, v);
    const { passage } = resolved[0];
    const book = cat.books[passage.bookIndex];
    const id = verseId(book, passage.startChapter, passage.startVerse);
    return [
      `${verseReference(book, passage.startChapter, passage.startVerse)} (${v.id})`,
      '',
      ...(await section('Cross-references:', () => crossReferences(snap, cat, id))),
      ...(await section('Commentaries:', () => commentaries(snap, cat, id))),
      ...(await section("Topics (Nave's):", () => topics(snap, cat, id))),
    ]
      .join('\n')
      .trimEnd();
  },
});
