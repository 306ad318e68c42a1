/**
 * Reads the word-study lexicon and prints what it holds: `npx tsx scripts/snapshot/study/lexicons/report.ts`.
 * For checking the readers against a new version of the sources (counts, sizes, time taken).
 */
import { FULLER_HTML_MAX_BYTES } from './html';
import { lexiconSourcesDir, lexiconSourcesInstalled, readLexicon } from './index';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'usage: tsx scripts/snapshot/study/lexicons/report.ts\n\nReads the lexicon sources (env STUDY_SOURCES_DIR, default /usr/share/bibledit-cloud/sources) and prints counts.',
  );
  process.exit(0);
}
if (!lexiconSourcesInstalled()) {
  console.error(
    `lexicon sources not found under ${lexiconSourcesDir()} (Debian package bibledit-cloud-data)`,
  );
  process.exit(1);
}

const started = performance.now();
const { entries, sources, gaps, stats } = readLexicon();
const readMs = performance.now() - started;
const all = [...entries.values()];
const count = (prefix: string) => all.filter((e) => e.number.startsWith(prefix)).length;
const json = JSON.stringify(all);
const fullers = all.flatMap((e) => e.fuller ?? []);
const largest = fullers.reduce((max, f) => Math.max(max, Buffer.byteLength(f.html)), 0);

const lines: [string, string | number][] = [
  ['sources folder', lexiconSourcesDir()],
  ['entries H', count('H')],
  ['entries G', count('G')],
  ['H with BDB', stats.withBdb],
  ['G with Abbott-Smith', stats.withAbbottSmith],
  ['fuller entries (linked)', fullers.length],
  [
    `truncated at ${FULLER_HTML_MAX_BYTES} bytes`,
    `BDB ${stats.truncated.bdb}, Abbott-Smith ${stats.truncated.abbottSmith}`,
  ],
  ['largest fuller HTML (bytes)', largest],
  [
    'verse refs linked / unlinked',
    `BDB ${stats.refs.bdb.linked}/${stats.refs.bdb.unlinked}, Abbott-Smith ${stats.refs.abbottSmith.linked}/${stats.refs.abbottSmith.unlinked}`,
  ],
  [
    'gaps',
    `${gaps.length}${gaps.length ? ` (${gaps.slice(0, 3).join(', ')}${gaps.length > 3 ? ', …' : ''})` : ''}`,
  ],
  ['fuller entries without a Strong entry', stats.orphans.length ? stats.orphans.join(', ') : 0],
  ['JSON of all entries (bytes)', Buffer.byteLength(json)],
  ['time (ms)', Math.round(readMs)],
];
const width = Math.max(...lines.map(([k]) => k.length));
for (const [k, v] of lines) console.log(`${k.padEnd(width)}  ${v}`);
console.log('\nsources:');
for (const s of sources) console.log(`- ${s.name} (${s.file}; ${s.feeds}):\n  ${s.license}`);
