import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { MAX_VERSE_SOURCE_CHARS, parseUsfmBook } from '../../scripts/snapshot/importers/usfm-book';
import { decodeUtf8, lexUsfm } from '../../scripts/snapshot/importers/usfm-lex';
import { readUsfm } from '../../scripts/snapshot/importers/usfm';
import { tokensText, type VerseIR } from '../../scripts/snapshot/ir';

// The USFM importer (scripts/snapshot/importers/usfm*.ts) on made-up text: every marker the
// issue lists, and each bad input's message naming the file and line.

const canon = loadCanon();
const book = (usfm: string, file = 'made-up.usfm') => parseUsfmBook(usfm, file, canon);
const verses = (usfm: string, c = 1) => book(usfm).chapters[c - 1]!.verses;
const text = (v: VerseIR) => tokensText(v.tokens);

const HEAD =
  '\\id PSA Made-up Psalter\n\\h Songs\n\\toc1 The Book of Songs\n\\toc2 Songs\n\\toc3 Sg\n\\mt1 The Book\n\\mt2 of Songs\n';

describe('the USFM reader, marker by marker', () => {
  it('reads what the book says about itself', () => {
    expect(book(`${HEAD}\\c 1\n\\p\n\\v 1 One.\n`).meta).toEqual({
      code: 'PSA',
      idText: 'Made-up Psalter',
      h: 'Songs',
      toc1: 'The Book of Songs',
      toc2: 'Songs',
      toc3: 'Sg',
      mt: 'The Book of Songs',
    });
  });

  it('reads chapters, verses, bridges, paragraphs, poetry and blank lines', () => {
    const b = book(
      `${HEAD}\\c 1\n\\p\n\\v 1 Alpha beta\n\\q1 gamma,\n\\q2 delta.\n\\v 2-3 Epsilon\n\\m zeta.\n\\b\n\\q1\n\\v 4 Eta.\n\\c 2\n\\p \\v 1 Theta.\n`,
    );
    const [v1, v2, v4] = b.chapters[0]!.verses;
    expect(text(v1!)).toBe('Alpha beta gamma, delta.');
    expect(v1!.para).toBe(true);
    expect(v2).toMatchObject({ verse: 2, lastverse: 3, para: false });
    expect(text(v2!)).toBe('Epsilon zeta.');
    // \b (a stanza break) before a verse's first word starts a paragraph there.
    expect(v4).toMatchObject({ verse: 4, para: true });
    expect(b.chapters[1]!.verses[0]).toMatchObject({ verse: 1, para: true });
    expect(b.counts.verses).toBe(4);
  });

  it("keeps \\d as the next verse's title and section headings out of the text", () => {
    const b = book(
      `${HEAD}\\c 1\n\\s1 A Made-up Heading\n\\d A song of \\nd Someone\\nd*.\n\\q1\n\\v 1 Words.\n\\ms1 BOOK TWO\n\\s2 Another\n\\sp Someone\n\\p\n\\v 2 More.\n`,
    );
    const [v1, v2] = b.chapters[0]!.verses;
    expect(tokensText(v1!.title!)).toBe('A song of Someone.');
    expect(text(v1!)).toBe('Words.');
    expect(text(v2!)).toBe('More.');
    expect(v2!.title).toBeUndefined();
    // A speaker's name (\sp) is counted apart from the section headings.
    expect(b.counts).toMatchObject({ titles: 1, headings: 3, speakers: 1 });
  });

  it('keeps section headings (\\s#, \\ms#) on the verse after them, without their references', () => {
    const [v1, v2, v3] = verses(
      `${HEAD}\\c 1\n\\s1 A Made-up \\it Heading\\it*\n\\r (Songs 2:1-3)\n\\p\n\\v 1 Words.\n\\ms1 BOOK TWO\n\\mr (Songs 2-3)\n\\s2 Another\n\\p\n\\v 2 More.\n\\v 3 Last.\n`,
    );
    expect(v1!.headings).toEqual(['A Made-up Heading']);
    expect(v2!.headings).toEqual(['BOOK TWO', 'Another']);
    expect(v3!.headings).toBeUndefined();
    expect([v1, v2].map((v) => text(v!))).toEqual(['Words.', 'More.']);
  });

  it('keeps footnotes and cross-references as notes at their places', () => {
    const b = book(
      `${HEAD}\\c 1\n\\d A title\\f + \\fr 1:0 \\ft of old\\f*.\n\\p\n\\v 1 In the start\\f + \\fr 1:1 \\ft Or, \\fqa at first\\fqa*.\\f* words\\x - \\xo 1:1 \\xt Gen 1:1\\x* were.\n`,
    );
    const v = b.chapters[0]!.verses[0]!;
    expect(text(v)).toBe('In the start words were.');
    expect(tokensText(v.title!)).toBe('A title.');
    expect(v.notes).toEqual([
      { in: 'title', offset: 7, text: 'of old' },
      { in: 'text', offset: 12, text: 'Or, at first.' },
      { in: 'text', offset: 18, text: 'Gen 1:1', kind: 'cross-reference' },
    ]);
    expect(b.counts).toMatchObject({ footnotes: 2, crossrefs: 1 });
  });

  it('puts a note in a section heading at the start of the next verse', () => {
    const b = book(
      `${HEAD}\\c 1\n\\s1 Heading\\f + \\fr 1:1 \\ft About it.\\f*\n\\p\n\\v 1 Text.\n`,
    );
    expect(b.chapters[0]!.verses[0]!.notes).toEqual([{ in: 'text', offset: 0, text: 'About it.' }]);
    expect(b.counts.headingNotes).toBe(1);
  });

  it("marks words of Jesus and supplied words, nested, and drops Strong's attributes", () => {
    const [v] = verses(
      `${HEAD}\\c 1\n\\p\n\\v 1 He said, \\wj Come \\+add and\\+add* \\+w see|strong="G1492"\\+w*.\\wj* They \\add went\\add* to \\nd the \\+w Lord|strong="H3068"\\+w*\\nd*.\n`,
    );
    expect(v!.tokens).toEqual([
      { text: 'He said, ' },
      { text: 'Come ', wj: true },
      { text: 'and', wj: true, add: true },
      { text: ' see.', wj: true },
      { text: ' They ' },
      { text: 'went', add: true },
      { text: ' to the Lord.' },
    ]);
  });

  it('reads the deuterocanon by its USFM codes', () => {
    expect(book('\\id TOB\n\\c 1\n\\p\n\\v 1 Made up.\n').osis).toBe('Tob');
    expect(book('\\id DAG\n\\c 1\n\\p\n\\v 1 Made up.\n').osis).toBe('DanGr');
    expect(book('\\id PS2\n\\c 1\n\\p\n\\v 1 Made up.\n').osis).toBe('AddPs');
  });

  it('counts the markers it does not handle, keeping their words, and skips milestones', () => {
    const b = book(
      `${HEAD}\\c 1\n\\p\n\\v 1 A \\zz odd\\zz* word \\qt-s |who="X"\\*said\\qt-e\\*.\n`,
    );
    expect(text(b.chapters[0]!.verses[0]!)).toBe('A odd word said.');
    expect(b.unhandled).toEqual({ zz: 1 });
  });

  it('skips peripheral books (front matter, glossary)', () => {
    expect(book('\\id GLO\n\\p \\k word\\k* a meaning\n').osis).toBeNull();
  });

  it('reads the whitespace after a marker as a separator and keeps line numbers', () => {
    const t = lexUsfm('\\id GEN\n\\c 1\n\\v 1 x\\f + \\ft y\\f*\n');
    expect(t.filter((x) => x.kind === 'marker').map((x) => [x.name, x.line])).toEqual([
      ['id', 1],
      ['c', 2],
      ['v', 3],
      ['f', 3],
      ['ft', 3],
      ['f', 3],
    ]);
  });
});

describe('bad USFM: a message naming the file and the line', () => {
  const msg = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };
  it('refuses a book without \\id', () => {
    expect(msg(() => book('\\c 1\n\\v 1 x\n', 'a.usfm'))).toBe(
      'a.usfm:1: no \\id: a USFM book must start with \\id and its book code (\\id GEN), not \\c',
    );
  });
  it('refuses a chapter out of order', () => {
    expect(msg(() => book('\\id GEN\n\\c 1\n\\v 1 x\n\\c 3\n\\v 1 y\n', 'a.usfm'))).toBe(
      'a.usfm:4: \\c 3 after \\c 1: chapters missing in between',
    );
    expect(msg(() => book('\\id GEN\n\\c 1\n\\v 1 x\n\\c 1\n', 'a.usfm'))).toBe(
      'a.usfm:4: \\c 1 after \\c 1: a chapter out of order or repeated',
    );
  });
  it('refuses a duplicated verse and one out of order', () => {
    expect(msg(() => book('\\id GEN\n\\c 1\n\\v 1 x\n\\v 2 y\n\\v 2 z\n', 'a.usfm'))).toBe(
      'a.usfm:5: \\v 2 in chapter 1 again: a duplicated verse (first at line 4)',
    );
    expect(msg(() => book('\\id GEN\n\\c 1\n\\v 1-3 x\n\\v 2 y\n', 'a.usfm'))).toBe(
      'a.usfm:4: \\v 2 in chapter 1 again: a duplicated verse (first at line 3)',
    );
    expect(msg(() => book('\\id GEN\n\\c 1\n\\v 5 x\n\\v 4 y\n', 'a.usfm'))).toBe(
      'a.usfm:4: \\v 4 after verse 5 in chapter 1: a verse out of order',
    );
  });
  it('refuses a book the canon does not know', () => {
    expect(msg(() => book('\n\\id XYZ Made up\n', 'a.usfm'))).toBe(
      "a.usfm:2: \\id XYZ: a book code the canon does not know (data/canon.json lists each book's USFM code)",
    );
  });
  it('refuses a file that is not UTF-8, at the line of the first bad byte', () => {
    const latin1 = Buffer.from('\\id GEN\n\\c 1\n\\v 1 Caf\xe9\n', 'latin1');
    expect(msg(() => decodeUtf8(latin1, 'a.usfm'))).toBe(
      'a.usfm:3: not UTF-8 (byte 0xe9 at offset 21); convert the file to UTF-8 first (iconv -f <encoding> -t UTF-8)',
    );
  });
  it('refuses a verse before any chapter', () => {
    expect(msg(() => book('\\id GEN\n\\v 1 x\n', 'a.usfm'))).toBe(
      'a.usfm:2: \\v before the first \\c',
    );
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'usfm-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('refuses a book in two files, and reads a folder in canon order', () => {
    writeFileSync(path.join(dir, 'b.usfm'), '\\id GEN\n\\c 1\n\\p\n\\v 1 Made up.\n');
    writeFileSync(path.join(dir, 'a.sfm'), '\\id EXO\n\\c 1\n\\p\n\\v 1 Made up.\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'not read');
    expect(readUsfm(dir, canon).ir.books.map((b) => b.osis)).toEqual(['Gen', 'Exod']);
    writeFileSync(path.join(dir, 'c.usfm'), '\\id GEN\n\\c 1\n\\p\n\\v 1 Made up.\n');
    expect(msg(() => readUsfm(dir, canon))).toBe(
      `${path.join(dir, 'c.usfm')}:1: \\id GEN again: the book is already in ${path.join(dir, 'b.usfm')}`,
    );
  });
});

// Hostile input: each bound (scripts/snapshot/importers/usfm-book.ts MAX_*) stops the reader with
// the file and line, before a number or a verse's size reaches data/ or the memory.
describe('the USFM reader, bounded', () => {
  const G = '\\id GEN Made up\n\\c 1\n\\p\n';
  it('refuses a verse number above 200 with the file and line', () => {
    expect(() => book(`${G}\\v 1 One.\n\\v 999999 Far.\n`, 'far.usfm')).toThrow(
      /^far\.usfm:5: \\v 999999: a verse number must be 1 to 200 \(Psalm 119 has 176 verses/,
    );
    expect(() => book(`${G}\\v 201 Far.\n`)).toThrow(/made-up\.usfm:4: \\v 201: a verse number/);
    expect(() => book(`${G}\\v 200 Last allowed.\n`)).not.toThrow();
  });

  it('refuses a chapter number above 150 with the file and line', () => {
    // Chapters must also run in order: 151 after 150 passes that check and meets the bound.
    const chapters = Array.from({ length: 151 }, (_, i) => `\\c ${i + 1}\n\\p\n\\v 1 W.\n`);
    expect(() => book(`\\id PSA Made up\n${chapters.join('')}`)).toThrow(
      /made-up\.usfm:452: \\c 151: a chapter number must be 1 to 150 \(Psalms has 150 chapters/,
    );
  });

  it('refuses a bridge of more than 30 verses, and one to verse 999999 without a stack overflow', () => {
    expect(() => book(`${G}\\v 1-31 Wide.\n`)).toThrow(
      /made-up\.usfm:4: \\v 1-31: a bridge of 31 verses, more than 30/,
    );
    expect(() => book(`${G}\\v 1-999999 Wide.\n`)).toThrow(
      /made-up\.usfm:4: \\v 1-999999: a verse number must be 1 to 200/,
    );
    expect(book(`${G}\\v 1-30 Wide.\n`).chapters[0]!.verses[0]!.lastverse).toBe(30);
  });

  it("refuses a verse's text or title of more than 10,000 characters, naming its \\v's line", () => {
    const long = 'word '.repeat(2001);
    expect(() => book(`${G}\\v 1 One.\n\\v 2 ${long}\n\\v 3 Three.\n`)).toThrow(
      /made-up\.usfm:5: verse 1:2: its text has 10004 characters, more than 10000/,
    );
    expect(() => book(`${G}\\v 1 One.\n\\d ${long}\n\\v 2 Two.\n`)).toThrow(
      /made-up\.usfm:6: verse 1:2: its title has 10004 characters, more than 10000/,
    );
  });

  it('refuses a verse of more source than any verse can hold before lexing it, naming its line', () => {
    const huge = `${'\\w word|strong="H1"\\w* '.repeat(30_000)}`;
    expect(huge.length).toBeGreaterThan(MAX_VERSE_SOURCE_CHARS);
    expect(() => book(`${G}\\v 1 One.\n\\v 2 ${huge}\n\\v 3 Three.\n`)).toThrow(
      new RegExp(
        `^made-up\\.usfm:5: a verse of ${huge.length + 6} source characters, more than ${MAX_VERSE_SOURCE_CHARS}`,
      ),
    );
    // The same in a USX file and in a folder of books.
    const dir = mkdtempSync(path.join(tmpdir(), 'usfm-huge-'));
    writeFileSync(path.join(dir, 'gen.usfm'), `${G}\\v 1 ${huge}\n`);
    expect(() => readUsfm(dir, canon)).toThrow(/gen\.usfm:4: a verse of \d+ source characters/);
    rmSync(dir, { recursive: true, force: true });
    // A verse of 10,000 characters with markup on every word is within it.
    const marked = '\\w word|strong="H1234" x-morph="He,Ncmsa"\\w* '.repeat(2_000);
    expect(() => book(`${G}\\v 1 ${marked}\n`)).not.toThrow(/source characters/);
  });
});
