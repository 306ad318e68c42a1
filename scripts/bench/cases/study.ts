import type { BenchCase } from '../types';

/**
 * Word study: the words of a chapter against the chapter's XML (`chapter show`, the
 * same 150 Psalms), a lexicon entry, and the concordance of the most frequent Hebrew and Greek
 * numbers (H3068 "LORD", in ~6,500 KJV verses; G2532 "and", in ~5,000 KJV verses) and of a
 * middling one. One page (the default 15 verses) per request.
 */
export const cases: BenchCase[] = [
  {
    name: 'chapter words (KJV)',
    request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}/words.xml` }),
  },
  {
    name: 'chapter words (WLC)',
    request: (_, i) => ({ path: `/chapters/WLC:Ps.${(i % 150) + 1}/words.xml` }),
  },
  { name: 'lexicon entry', request: (_, i) => ({ path: `/strongs/G${(i % 5000) + 1}.xml` }) },
  {
    name: 'concordance H3068 (most frequent H)',
    request: (_, i) => ({ path: `/verses.xml?strongs=H3068&offset=${(i % 100) * 15}` }),
  },
  {
    name: 'concordance G2532 (most frequent G)',
    request: (_, i) => ({ path: `/verses.xml?strongs=G2532&offset=${(i % 100) * 15}` }),
  },
  { name: 'concordance G25', request: () => ({ path: '/verses.xml?strongs=G25' }) },
];
