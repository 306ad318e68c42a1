import type { BenchCase } from '../types';

/** John 3's verses, cycling so that the chapter LRU is exercised the way readers use it. */
export const cases: BenchCase[] = [
  { name: 'verse show', request: (_, i) => ({ path: `/verses/KJV:John.3.${(i % 36) + 1}.xml` }) },
  { name: 'chapter show', request: (_, i) => ({ path: `/chapters/KJV:Ps.${(i % 150) + 1}.xml` }) },
  { name: 'book list', request: () => ({ path: '/versions/KJV/books.xml' }) },
];
