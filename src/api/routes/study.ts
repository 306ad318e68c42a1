import { CHAPTER_ANSWER_BYTES, KV_READS } from '../budgets';
import { p, chapterId, verseId } from './params';
import { unlimited, SNAPSHOT_CHAPTER, renderedPage } from './presets';
import { tagged } from '../operation';
import { TAGGED_VERSION_CODES } from '../tagged-versions';

/** The Study operations, in the order the description lists them. */
export const STUDY_ROUTES = tagged('Study', [
  {
    method: 'get',
    path: '/verses/{verse_id}/words',
    bounds: SNAPSHOT_CHAPTER,
    summary: `A verse's words with their Strong's numbers, lemmas and morphology (tagged versions: ${TAGGED_VERSION_CODES.join(', ')})`,
    params: [verseId()],
    response: 'WordsDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/greek-differences',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      'Where the Textus Receptus (TR) and the SBL Greek New Testament (SBLGNT) differ, word by word: added, omitted or changed, in a verse or a chapter of either',
    params: [
      p(
        'verse_id',
        '`TR:Book.N.M` or `SBLGNT:Book.N.M`, or a chapter `TR:Book.N`',
        'SBLGNT:3John.1.15',
      ),
    ],
    response: 'GreekDifferencesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/words',
    // Ps 119's words in XML, each with its decoded parsing: 584 KiB (the bench's largest).
    bounds: renderedPage(KV_READS.chapter),
    summary: "A chapter's verses with their words, Strong's numbers, lemmas and morphology",
    params: [chapterId()],
    response: 'WordsDocument',
  },
  {
    method: 'get',
    path: '/strongs/{number}',
    bounds: unlimited('snapshot', CHAPTER_ANSWER_BYTES, KV_READS.page),
    summary:
      "A Strong's lexicon entry with the fuller lexicon linked to it (BDB, Abbott-Smith) and where it occurs",
    params: [
      p(
        'number',
        '`H` and a number for Hebrew and Aramaic, `G` for Greek; zero padding and lower case are accepted (`G0025`, `g25`)',
        'G25',
      ),
    ],
    response: 'StrongsDocument',
  },
]);
