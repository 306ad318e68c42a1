import type { BenchCase } from '../types';

/** Psalms and Isaiah in every version: 648 chapters, more than the isolate's chapter LRU keeps. */
const UNCACHED = ['KJV', 'ASV', 'WEB'].flatMap((v) => [
  ...Array.from({ length: 150 }, (_, i) => `${v}:Ps.${i + 1}`),
  ...Array.from({ length: 66 }, (_, i) => `${v}:Isa.${i + 1}`),
]);

export const cases: BenchCase[] = [
  // John 3's verses, cycling: the warm-isolate case (chapter value cached, no KV read).
  { name: 'verse show', request: (_, i) => ({ path: `/verses/KJV:John.3.${(i % 36) + 1}.xml` }) },
  // Verse 1 of 648 chapters in turn: mostly LRU misses, so one KV read per request.
  {
    name: 'verse show (chapter not cached)',
    request: (_, i) => ({ path: `/verses/${UNCACHED[i % UNCACHED.length]}.1.xml` }),
  },
  { name: 'chapter show', request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}.xml` }) },
  // The reading page of the same chapters (at least 0.8 × the chapter's XML).
  {
    name: 'chapter page (HTML)',
    request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}` }),
  },
  { name: 'book list', request: () => ({ path: '/versions/KJV/books.xml' }) },
];
