import { beforeAll, describe, expect, it } from 'vitest';
import {
  lexiconSourcesInstalled,
  readLexicon,
  type Lexicon,
} from '../../scripts/snapshot/study/lexicons/index';
import {
  el,
  link,
  renderHtml,
  span,
  tidy,
  TRUNCATION_MARK,
} from '../../scripts/snapshot/study/lexicons/html';
import { parseOsisRef } from '../../scripts/snapshot/study/lexicons/refs';
import { restorePlus } from '../../scripts/snapshot/study/lexicons/strongs-hebrew';
import { parseXml, textContent } from '../../scripts/snapshot/study/lexicons/xml';
import { lemmaIndex } from '../../scripts/snapshot/study/producer';
import { foldLemma } from '../../src/snapshot/search-text';

// The lexicon readers (scripts/snapshot/study/lexicons) over the Debian package
// bibledit-cloud-data. Without the package the source-reading tests are skipped (CI has it).
const installed = lexiconSourcesInstalled();

const ALLOWED_TAGS = new Set(['p', 'b', 'i', 'ol', 'li', 'span', 'a']);
const HREF =
  /^\/(?:strongs\/[HG]\d+[a-z]?|verses\/KJV:[1-4]?[A-Za-z]+\.\d+\.\d+|chapters\/KJV:[1-4]?[A-Za-z]+\.\d+)$/;

/** Every way a fuller entry's HTML could leave the subset; [] when it holds. */
function subsetProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([^\s>/]*)([^>]*)>/g)) {
    const [tag, close, name, attrs] = [m[0], m[1], m[2]!, m[3]!.trim()];
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag ${tag}`);
    if (close) {
      if (stack.pop() !== name) problems.push(`unbalanced ${tag}`);
      continue;
    }
    if (name === 'a' && stack.includes('a')) problems.push('link inside a link');
    stack.push(name);
    if (name === 'span' && !/^lang="(?:he|arc|grc)"$/.test(attrs))
      problems.push(`span attributes ${attrs}`);
    else if (name === 'a') {
      const href = /^href="([^"]*)"$/.exec(attrs)?.[1];
      if (!href || !HREF.test(href)) problems.push(`a attributes ${attrs}`);
    } else if (name !== 'span' && attrs) problems.push(`attributes on ${tag}`);
  }
  if (stack.length) problems.push(`unclosed ${stack.join(',')}`);
  const text = html.replace(/<[^>]*>/g, '');
  if (/[<>]/.test(text)) problems.push('unescaped < or >');
  if (/&(?!(?:amp|lt|gt|quot);)/.test(text)) problems.push('unescaped &');
  return problems;
}

describe('lexicon HTML subset (html.ts)', () => {
  it('escapes text and attributes and refuses hrefs outside the subset', () => {
    expect(renderHtml([el('p', ['a < b & "c" > d'])]).html).toBe(
      '<p>a &lt; b &amp; "c" &gt; d</p>',
    );
    expect(() => link('javascript:alert(1)', ['x'])).toThrow();
    expect(() => link('/strongs/H1"onmouseover="x', ['x'])).toThrow();
    expect(
      renderHtml([el('p', [link('/strongs/H1', ['a ', link('/strongs/H2', ['b'])])])]).html,
    ).toBe('<p><a href="/strongs/H1">a b</a></p>');
  });

  it('tidies whitespace and drops empty elements', () => {
    const blocks = tidy([
      el('p', ['\n  ', el('b', ['  ']), 'one \n two ', span('he', ['אב']), '  ']),
      ' ',
      el('ol', [el('li', [' x '])]),
    ]);
    expect(renderHtml(blocks).html).toBe(
      '<p>one two <span lang="he">אב</span></p><ol><li>x</li></ol>',
    );
  });

  it('cuts a long entry at an element boundary, closes what is open, and marks the cut', () => {
    const items = Array.from({ length: 200 }, (_, i) =>
      el('li', [
        el('b', [`${i + 1}.`]),
        ` sense ${i + 1} `,
        link('/verses/KJV:Gen.1.1', ['Gn 1:1']),
      ]),
    );
    const { html, truncated } = renderHtml([el('p', ['head']), el('ol', items)], 2000);
    expect(truncated).toBe(true);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(2000);
    expect(html.endsWith(`</li></ol>${TRUNCATION_MARK}`)).toBe(true);
    expect(subsetProblems(html)).toEqual([]);
    expect(renderHtml([el('p', ['short'])], 2000)).toEqual({
      html: '<p>short</p>',
      truncated: false,
    });
  });
});

describe('lexicon helpers', () => {
  it('reads the sources’ references as meant', () => {
    expect(parseOsisRef('Gen.1.1')).toEqual({ book: 'Gen', chapter: 1, verse: 1 });
    expect(parseOsisRef('Is.17.13')).toEqual({ book: 'Isa', chapter: 17, verse: 13 });
    expect(parseOsisRef('iKgs.7.30')).toEqual({ book: '1Kgs', chapter: 7, verse: 30 });
    expect(parseOsisRef('Exod24.17')).toEqual({ book: 'Exod', chapter: 24, verse: 17 });
    expect(parseOsisRef('Ezra,6,15')).toEqual({ book: 'Ezra', chapter: 6, verse: 15 });
    expect(parseOsisRef('Job.37:23')).toEqual({ book: 'Job', chapter: 37, verse: 23 });
    expect(parseOsisRef('Gen.30.20!a')).toEqual({ book: 'Gen', chapter: 30, verse: 20 });
    expect(parseOsisRef('Exod.3.12-Exod.3.15')).toEqual({ book: 'Exod', chapter: 3, verse: 12 });
    expect(parseOsisRef('Ps.33')).toEqual({ book: 'Ps', chapter: 33 });
    expect(parseOsisRef('LXX:Ps.1.1')).toBeNull();
    expect(parseOsisRef('Sir.1.1')).toBeNull();
    expect(parseOsisRef('')).toBeNull();
  });

  it('puts back the + the Hebrew KJV renderings lost', () => {
    expect(restorePlus('break,   not escape')).toBe('break, + not escape');
    expect(restorePlus('  carbuncle,   mason')).toBe('+ carbuncle, + mason');
    expect(restorePlus('nine (  -teen,   -teenth, -th), ( ) man')).toBe(
      'nine (+ -teen, + -teenth, -th), (+) man',
    );
  });

  it('reads XML with mixed content, entities, a DOCTYPE and a BOM', () => {
    const root = parseXml(
      '\ufeff<?xml version="1.0"?><!DOCTYPE d [<!ELEMENT d ANY>]><d a="x &amp; y"><w>א</w> &lt;and&gt; <e/>end</d>',
    );
    expect(root.attrs.a).toBe('x & y');
    expect(textContent(root)).toBe('א <and> end');
    expect(() => parseXml('<a><b></a>')).toThrow();
  });
});

// "by lemma": headwords fold as keyword search folds words.
describe('lemma folding', () => {
  it('folds a headword as keyword search folds words, and drops the numbers lexicons append', () => {
    expect(foldLemma('ἀγαπάω')).toBe('αγαπαω');
    expect(foldLemma('אָהַב')).toBe('אהב');
    expect(foldLemma('יְהוָ֔ה')).toBe('יהוה');
    expect(foldLemma('ἄγιος G40')).toBe('αγιος');
    expect(foldLemma('ἄν 1')).toBe('αν');
    expect(foldLemma('εἰ δὲ μή γε')).toBe('ει δε μη γε');
    expect(foldLemma(' 12 ')).toBe('');
  });
});

describe.skipIf(!installed && !process.env.CI)('lexicon readers over bibledit-cloud-data', () => {
  let lexicon: Lexicon;
  beforeAll(() => {
    lexicon = readLexicon();
  }, 30_000);
  const entry = (n: string) => lexicon.entries.get(n)!;

  it('has every Hebrew number and the assigned Greek numbers; the gaps are the unassigned ones', () => {
    const numbers = [...lexicon.entries.keys()];
    expect(numbers.filter((n) => n.startsWith('H'))).toHaveLength(8674);
    expect(numbers.filter((n) => n.startsWith('G'))).toHaveLength(5624 - 101);
    expect(numbers.every((n) => /^[HG][1-9]\d*$/.test(n))).toBe(true);
    expect(lexicon.gaps).toEqual([
      'G2717',
      ...Array.from({ length: 100 }, (_, i) => `G${3203 + i}`),
    ]);
    expect(numbers[0]).toBe('H1');
    expect(lexicon.stats.orphans).toEqual([]);
  });

  it('reads Strong’s Hebrew: H157 love', () => {
    const e = entry('H157');
    expect(e.word).toBe('אָהַב');
    expect(e.transliteration).toBe('ʼâhab');
    expect(e.pronunciation).toBe("aw-hab'");
    expect(e.derivation).toMatch(/a primitive root$/);
    expect(e.definition).toMatch(/^to have affection for/);
    expect(e.kjvRenderings).toMatch(/love/);
    expect(entry('H3068').related).toEqual(['H1961', 'H3050', 'H3069']);
    expect(entry('H3068').kjvRenderings).toContain('Compare H3050, H3069');
    expect(entry('H9').related).toEqual(['H6', 'H10']);
    expect(entry('H6').kjvRenderings).toContain('+ not escape');
  });

  it('reads Strong’s Greek: G25 love', () => {
    const e = entry('G25');
    expect(e.word).toBe('ἀγαπάω'); // NFC: the file writes the accent as oxia (U+1F71)
    expect(e.word).toBe(e.word.normalize('NFC'));
    expect(e.transliteration).toBe('agapáō');
    expect(e.pronunciation).toBe("ag-ap-ah'-o");
    expect(e.kjvRenderings).toBe('(be-)love(-ed).');
    expect(e.definition).toMatch(/^to love .*Compare G5368\.$/);
    expect(e.related).toEqual(['H5689', 'G5368']);
    expect(entry('G1').related).toEqual(['G427', 'G260']);
    expect(entry('G2').related).toEqual(['H175']);
  });

  it('links BDB to Hebrew numbers, in the KJV’s verse numbering', () => {
    const bdb = entry('H157').fuller!;
    expect(bdb.map((f) => [f.source, f.id, f.headword])).toEqual([['BDB', 'a.bh.aa', 'אָהֵב']]);
    expect(bdb[0]!.html).toMatch(/^<p><span lang="he">אָהֵב<\/span>/);
    // H122 is split into two words by the lexical index (122a, 122b): two entries, in that order.
    expect(entry('H122').fuller!.map((f) => f.id)).toEqual(['a.bd.ac', 'a.bd.ae']);
    // BDB cites Nu 17:27 (Hebrew numbering), which is the KJV's Num 17:12.
    const perish = entry('H6').fuller![0]!.html;
    expect(perish).toContain('<a href="/verses/KJV:Num.17.12">Nu 17:27</a>');
    expect(perish).not.toContain('KJV:Num.17.27');
    expect(lexicon.stats.withBdb).toBeGreaterThan(8600);
  });

  it('links Abbott-Smith to Greek numbers', () => {
    const as = entry('G25').fuller!;
    expect(as.map((f) => [f.source, f.headword])).toEqual([['Abbott-Smith', 'ἀγαπάω']]);
    expect(as[0]!.html).toContain('<a href="/verses/KJV:Matt.5.43">');
    expect(as[0]!.html).toContain('<a href="/strongs/H157"><span lang="he">');
    expect(as[0]!.html).toContain('<a href="/strongs/G5368"><span lang="grc">φιλέω</span></a>');
    // One entry under several numbers (λέγω: G2036|G2046|G3004|G4483).
    for (const n of ['G2036', 'G3004', 'G4483'])
      expect(entry(n).fuller!.map((f) => f.headword)).toContain('λέγω');
    expect(lexicon.stats.withAbbottSmith).toBeGreaterThan(5300);
  });

  it('keeps every fuller entry inside the HTML subset and the size cap', () => {
    const fullers = [...lexicon.entries.values()].flatMap((e) => e.fuller ?? []);
    expect(fullers.length).toBeGreaterThan(14_000);
    const bad = fullers
      .map((f) => [f.id, subsetProblems(f.html)] as const)
      .filter(([, p]) => p.length);
    expect(bad.slice(0, 5)).toEqual([]);
    expect(fullers.filter((f) => Buffer.byteLength(f.html) > 24 * 1024)).toEqual([]);
    expect(fullers.every((f) => f.html.length > 0 && f.headword.length > 0)).toBe(true);
  });

  it('states each source’s license as the files give it', () => {
    const license = Object.fromEntries(lexicon.sources.map((s) => [s.name, s.license]));
    expect(license["Strong's Greek Dictionary"]).toContain('Public Domain -- Copy Freely');
    expect(license["Strong's Hebrew Dictionary"]).toContain('Creative Commons Attribution 4.0');
    expect(license['Brown-Driver-Briggs']).toContain('Open Scriptures Hebrew Bible Project');
    expect(license['Abbott-Smith']).toContain('1922');
  });

  // The headword index the build writes (`lm:H`, `lm:G`), from the same real lexicons.
  it('leads each folded headword to the numbers it heads, homographs together', () => {
    const greek = lemmaIndex(lexicon.entries, 'G', null)!;
    const hebrew = lemmaIndex(lexicon.entries, 'H', null)!;
    expect(greek.αγαπαω).toEqual(['G25']);
    expect(greek.λογος).toEqual(['G3056']);
    expect(hebrew.אהב).toEqual(['H157', 'H158', 'H159']);
    expect(hebrew.יהוה).toEqual(expect.arrayContaining(['H3068']));
    // Only one language's numbers in each, and headwords of all of the lexicon's entries.
    expect(
      Object.values(greek)
        .flat()
        .every((n) => n.startsWith('G')),
    ).toBe(true);
    expect(
      Object.values(hebrew)
        .flat()
        .every((n) => n.startsWith('H')),
    ).toBe(true);
    expect(Object.keys(greek).length).toBeGreaterThan(5_000);
    expect(Object.keys(hebrew).length).toBeGreaterThan(6_000);
    expect(Object.keys(greek).some((w) => /\d/.test(w))).toBe(false);
    // A build of a few books keeps the headwords of the numbers it uses only.
    expect(lemmaIndex(lexicon.entries, 'G', new Set(['G25']))).toEqual({ αγαπαω: ['G25'] });
  });
});
