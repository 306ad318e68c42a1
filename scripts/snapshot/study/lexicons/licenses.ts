/**
 * Each lexicon source with its license, for the copyright line of what it feeds. What the
 * installed files say is read from them (and the build stops if it is not there, rather than
 * ship text under a license nobody checked); what they do not say is stated here with where it
 * comes from:
 *
 * - sblgnt/strongsgreek.xml: its `<prologue>` says "Public Domain -- Copy Freely" and who made
 *   the XML.
 * - hebrewlexicon/*.xml carry no license; the package's hebrewlexicon.txt names the repository
 *   ("Source: https://github.com/openscriptures/HebrewLexicon"), whose readme.md says: "These
 *   files are released under the Creative Commons Attribution 4.0 International license. The
 *   actual text of Brown, Driver, Briggs and Strong's Hebrew dictionary remain in the public
 *   domain. For attribution purposes, credit the Open Scriptures Hebrew Bible Project."
 * - abbott-smith/abbott-smith.tei_lemma.xml: its TEI header gives title, author and date (1922)
 *   but no license; the package's abbott-smith.txt names the repository, whose README.md says:
 *   "The lexicon (abbott-smith.tei.xml), including the marked up version in this repository, is
 *   in the public domain."
 *
 * (The Debian package's copyright file covers all of bibledit-cloud-data with one GPL-3.0+
 * stanza for Bibledit's own code and says nothing about these sources.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { LEXICON_FILES, lexiconFile } from './dir';
import { firstChild, parseXml, squeeze, textContent, type XmlElement } from './xml';

export interface LexiconSource {
  name: string;
  /**
   * The license and attribution, as the files (and the repositories they name) state them; it
   * names the work and who encoded it, not `name` again (a copyright line writes `name: license`).
   */
  license: string;
  /** The file read, relative to the sources folder. */
  file: string;
  /** What the source feeds. */
  feeds: string;
}

const OSHB_REPOSITORY = 'https://github.com/openscriptures/HebrewLexicon';
const ABBOTT_SMITH_REPOSITORY = 'https://github.com/translatable-exegetical-tools/Abbott-Smith';

/** The repository a package note names (`Source: https://…`, `The repository is at https://…`). */
function namedRepository(name: 'hebrewLexiconNote' | 'abbottSmithNote', fallback: string): string {
  const file = lexiconFile(name);
  if (!existsSync(file)) return fallback;
  return (
    /https:\/\/github\.com\/[\w.-]+\/[\w.-]+/.exec(readFileSync(file, 'utf8'))?.[0] ?? fallback
  );
}

/** The Greek dictionary's own statement, from its prologue. */
function strongsGreekLicense(): string {
  const text = readFileSync(lexiconFile('strongsGreek'), 'utf8');
  const prologue = /<prologue>([\s\S]*?)<\/prologue>/.exec(text)?.[1] ?? '';
  const notice = /Public Domain -- Copy Freely/.exec(prologue)?.[0];
  const maker =
    /The XML version of this work was prepared in (\d{4}) by ([^(]+?)\s*\((http[^)]+)\)/.exec(
      prologue,
    );
  if (!notice || !maker)
    throw new Error(
      `${LEXICON_FILES.strongsGreek}: the prologue no longer states its license; check it before shipping`,
    );
  return `James Strong, Exhaustive Concordance (1890): "${notice}". XML e-text version prepared in ${maker[1]} by ${squeeze(maker[2]!)} (${maker[3]}).`;
}

/** Abbott-Smith's title page as its TEI header gives it. */
function abbottSmithLicense(): string {
  const text = readFileSync(lexiconFile('abbottSmith'), 'utf8');
  const header = /<teiHeader>[\s\S]*?<\/teiHeader>/.exec(text)?.[0];
  if (!header) throw new Error(`${LEXICON_FILES.abbottSmith}: no TEI header`);
  const child = (parent: XmlElement | undefined, name: string) =>
    parent ? firstChild(parent, name) : undefined;
  const words = (el: XmlElement | undefined) => (el ? squeeze(textContent(el)) : '');
  const desc = child(parseXml(header), 'fileDesc');
  const [title, author] = ['title', 'author'].map((name) =>
    words(child(child(desc, 'titleStmt'), name)),
  );
  const date = words(child(child(desc, 'publicationStmt'), 'date'));
  if (!title || !date)
    throw new Error(`${LEXICON_FILES.abbottSmith}: the TEI header lacks title or date`);
  return (
    `${author}, ${title} (${date}): public domain. ` +
    `TEI edition by the Abbott-Smith project (${namedRepository('abbottSmithNote', ABBOTT_SMITH_REPOSITORY)}): ` +
    `"The lexicon (abbott-smith.tei.xml), including the marked up version in this repository, is in the public domain."`
  );
}

/** The Open Scriptures Hebrew Bible project's statement for its lexicon files. */
function oshbLicense(work: string): string {
  return (
    `${work}: public domain. XML edition by the Open Scriptures Hebrew Bible Project (${namedRepository('hebrewLexiconNote', OSHB_REPOSITORY)}), ` +
    'released under the Creative Commons Attribution 4.0 International license (https://creativecommons.org/licenses/by/4.0/).'
  );
}

/** The four sources, in the order ./index.ts merges them. */
export function lexiconSources(): LexiconSource[] {
  return [
    {
      name: "Strong's Hebrew Dictionary",
      license: oshbLicense('James Strong, Exhaustive Concordance (1890)'),
      file: LEXICON_FILES.strongsHebrew,
      feeds: 'Hebrew and Aramaic entries (H numbers)',
    },
    {
      name: 'Brown-Driver-Briggs',
      license: oshbLicense(
        'Brown, Driver and Briggs, A Hebrew and English Lexicon of the Old Testament (1906)',
      ),
      file: LEXICON_FILES.bdb,
      feeds: 'fuller Hebrew entries (BDB), linked through LexicalIndex.xml',
    },
    {
      name: "Strong's Greek Dictionary",
      license: strongsGreekLicense(),
      file: LEXICON_FILES.strongsGreek,
      feeds: 'Greek entries (G numbers)',
    },
    {
      name: 'Abbott-Smith',
      license: abbottSmithLicense(),
      file: LEXICON_FILES.abbottSmith,
      feeds: 'fuller Greek entries (Abbott-Smith)',
    },
  ];
}
