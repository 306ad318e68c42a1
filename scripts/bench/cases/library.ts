import type { BenchCase } from '../types';

/**
 * The reference library: a chapter's commentaries against the XML of the same
 * chapters (John 1-21, and the 150 Psalms, whose Treasury of David entries are the longest, cut
 * at the preview), a verse's commentaries, topics and cited-with list, a page of the longest
 * entry (Psalm 119), the topic search and topics (GOD and JESUS, THE CHRIST are the largest); the
 * chapter's margin: its cross-references (with and without their text) against the same chapters'
 * XML, and the KJV's margin notes of Genesis against Genesis's XML.
 */
const TOPICS = [
  'love',
  'faith',
  'god',
  'jesus-the-christ',
  'prayer',
  'nicodemus',
  'jonah',
  'david',
];
const WORDS = ['love', 'faith', 'god', 'jesus', 'prayer', 'sin', 'king', 'water'];

export const cases: BenchCase[] = [
  {
    name: 'chapter show John 1-21 (XML)',
    request: (_, i) => ({ path: `/chapters/KJV:John.${(i % 21) + 1}.xml` }),
  },
  {
    name: 'chapter commentaries John 1-21',
    request: (_, i) => ({ path: `/chapters/KJV:John.${(i % 21) + 1}/commentaries.xml` }),
  },
  {
    name: 'chapter show Psalms (XML)',
    request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}.xml` }),
  },
  {
    name: 'chapter commentaries Psalms',
    request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}/commentaries.xml` }),
  },
  {
    name: 'chapter cross-references John 1-21',
    request: (_, i) => ({ path: `/chapters/KJV:John.${(i % 21) + 1}/cross-references.xml` }),
  },
  {
    name: 'chapter cross-references with text John 1-21',
    request: (_, i) => ({
      path: `/chapters/KJV:John.${(i % 21) + 1}/cross-references.xml?include=text`,
    }),
  },
  {
    name: 'chapter show Genesis (XML)',
    request: (_, i) => ({ path: `/chapters/KJV:Gen.${(i % 50) + 1}.xml` }),
  },
  {
    name: 'chapter footnotes Genesis (KJV margin)',
    request: (_, i) => ({ path: `/chapters/KJV:Gen.${(i % 50) + 1}/footnotes.xml` }),
  },
  {
    name: 'verse commentaries John 3',
    request: (_, i) => ({ path: `/verses/KJV:John.3.${(i % 36) + 1}/commentaries.xml` }),
  },
  {
    name: 'verse topics John 3',
    request: (_, i) => ({ path: `/verses/KJV:John.3.${(i % 36) + 1}/topics.xml` }),
  },
  {
    name: 'verse cited with John 3',
    request: (_, i) => ({ path: `/verses/KJV:John.3.${(i % 36) + 1}/related.xml` }),
  },
  {
    name: 'entry page Ps 119 (TDavid)',
    request: (_, i) => ({ path: `/commentaries/TDavid/KJV:Ps.119.1.xml?page=${(i % 40) + 1}` }),
  },
  {
    name: 'topic search',
    request: (_, i) => ({ path: `/topics.xml?q=${WORDS[i % WORDS.length]}` }),
  },
  {
    name: 'topic (first 100 sub-topics)',
    request: (_, i) => ({ path: `/topics/${TOPICS[i % TOPICS.length]}.xml` }),
  },
];
