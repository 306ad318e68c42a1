import type { BenchCase } from '../types';

/**
 * Search cases. Keyword searches run over all versions (no `version`); words cycle so
 * the isolate's postings cache sees a realistic mix. Target: the two-word search at ≥25% of
 * "verse show" throughput, with KV reads (Server-Timing) ≤ terms + verses on the page.
 */
const ONE = ['love', 'faith', 'light', 'mercy', 'grace', 'peace', 'truth', 'spirit'];
const TWO = [
  'living+water',
  'good+shepherd',
  'holy+spirit',
  'eternal+life',
  'daily+bread',
  'kingdom+heaven',
];
const THREE = ['love+one+another', 'faith+hope+charity', 'lord+my+shepherd', 'light+of+world'];

export const cases: BenchCase[] = [
  {
    name: 'keyword search: one word (all versions)',
    request: (_, i) => ({ path: `/verses.xml?keyword=${ONE[i % ONE.length]}` }),
  },
  {
    name: 'keyword search: two words (all versions)',
    request: (_, i) => ({ path: `/verses.xml?keyword=${TWO[i % TWO.length]}` }),
  },
  {
    name: 'keyword search: three words (all versions)',
    request: (_, i) => ({ path: `/verses.xml?keyword=${THREE[i % THREE.length]}` }),
  },
  {
    name: 'passage lookup',
    request: (_, i) => ({ path: `/passages.xml?q[]=john+${(i % 21) + 1}:1-5&version=ALL` }),
  },
];
