import { describe, expect, it } from 'vitest';
import { finishNotes, lastWord } from '../../scripts/snapshot/footnotes/finish';
import { kindOf, loadKindRules } from '../../scripts/snapshot/footnotes/kinds';
import {
  loadMarginAnchors,
  marginNotesOf,
  placeMarginNotes,
  type MarginAnchor,
} from '../../scripts/snapshot/footnotes/margin';
import { footnoteChapterValue } from '../../scripts/snapshot/footnotes/producer';
import { parseOsisVerses } from '../../scripts/snapshot/importers/osis';
import type { ImportContext } from '../../scripts/snapshot/importers/types';
import type { VerseIR, VersionIR } from '../../scripts/snapshot/ir';
import { loadCanon } from '../../scripts/snapshot/canon';

// The translators' notes' build (scripts/snapshot/footnotes/, the OSIS importer's notes) on texts
// made up here, and the committed rules (data/footnote-kinds.json, data/margin-anchors.json).

const verse = (n: number, text: string, title?: string): VerseIR => ({
  verse: n,
  para: false,
  tokens: text ? [{ text }] : [],
  ...(title ? { title: [{ text: title }] } : {}),
});
const version = (...verses: VerseIR[]): VersionIR => ({
  books: [{ osis: 'Gen', chapters: [{ chapter: 1, verses }] }],
});
const rules = loadKindRules();

describe('the OSIS importer keeps notes at their places', () => {
  const ctx = {
    canon: loadCanon(),
    version: 'X',
    log: () => {},
  } as unknown as ImportContext;
  const osis = (body: string) =>
    `<osis><osisText><div type="book" osisID="Gen"><chapter osisID="Gen.1">${body}</chapter></div></osisText></osis>`;

  it('records each note after the text before it, without the reference it repeats', () => {
    const ir = parseOsisVerses(
      osis(
        '<verse osisID="Gen.1.1">In the beginning, God<note placement="foot"><reference type="annotateRef">1:1 </reference>The Hebrew word, <rdg>Elohim</rdg>.</note> created <w lemma="x">the</w> heavens.<note type="crossReference"><reference type="annotateRef">1:1 </reference><reference>John 1:1</reference></note></verse>',
      ),
      ctx,
    );
    const v = ir.books[0]!.chapters[0]!.verses[0]!;
    expect(v.tokens.map((t) => t.text).join('')).toBe('In the beginning, God created the heavens.');
    expect(v.notes).toEqual([
      { in: 'text', offset: 21, text: 'The Hebrew word, Elohim.' },
      { in: 'text', offset: 42, text: 'John 1:1', kind: 'cross-reference' },
    ]);
  });

  it("records a note in a Psalm's title in the title", () => {
    const ir = parseOsisVerses(
      osis(
        '<title type="psalm" canonical="true">A Psalm of David<note placement="foot">or, for David</note>.</title><verse osisID="Gen.1.1">Text.</verse>',
      ),
      ctx,
    );
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes).toEqual([
      { in: 'title', offset: 16, text: 'or, for David' },
    ]);
  });
});

describe('margin notes from another edition (footnotes/margin.ts)', () => {
  it('reads each note with its words, its verse, and no USFM leftovers', () => {
    const xml =
      '<verse osisID="Gen.1.1">x<note placement="foot"><reference type="annotateRef">1.1 </reference>the \\nd LORD\\+nd* hath…: Heb. the hand of the <seg><divineName>LORD</divineName></seg></note></verse>' +
      '<verse osisID="Gen.1.2">y<note placement="foot"><reference type="annotateRef">1.2 </reference>grass: Heb. tender grass</note></verse>';
    expect(marginNotesOf(xml)).toEqual([
      { verse: 'Gen.1.1', anchor: 'the LORD hath…', text: 'Heb. the hand of the LORD' },
      { verse: 'Gen.1.2', anchor: 'grass', text: 'Heb. tender grass' },
    ]);
  });

  it('places notes after their words, each on the first occurrence no earlier note is on', () => {
    const ir = version(
      verse(1, 'And the man called, and the Beersheba well was the well of the oath.'),
    );
    const r = placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', anchor: 'the man…', text: 'Heb. the Adam' },
        { verse: 'Gen.1.1', anchor: 'Beer-sheba', text: 'that is, The well of the oath' },
        { verse: 'Gen.1.1', anchor: 'the well', text: 'or, the pit' },
      ],
      {},
    );
    expect(r).toEqual({ placed: 3, insideWord: 0, byHand: 0, dropped: 0, problems: [] });
    const text = 'And the man called, and the Beersheba well was the well of the oath.';
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => text.slice(0, n.offset))).toEqual(
      [
        'And the man',
        'And the man called, and the Beersheba',
        'And the man called, and the Beersheba well was the well',
      ],
    );
  });

  it("places a note on repeated words at their first occurrence, whatever the notes' order", () => {
    // The edition writes a verse's notes at its end, not always in their words' order (as
    // 1 Sam 3:17's "more also" before "thing"): a later note's words are not searched after it.
    const text = 'What is the word he said? Hide no word from me, and more also, any word at all.';
    const ir = version(verse(1, text));
    placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', anchor: 'more also', text: 'Heb. so add' },
        { verse: 'Gen.1.1', anchor: 'word', text: 'or, thing' },
      ],
      {},
    );
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => text.slice(0, n.offset))).toEqual(
      ['What is the word he said? Hide no word from me, and more also', 'What is the word'],
    );
  });

  it('places a note written twice on words said twice on each occurrence', () => {
    // Dan 12:5's two "bank" (Heb. lip), Ezek 44:5's two "mark well": one note per occurrence.
    const text = 'One stood on this bank of the river, and one on that bank of the river.';
    const ir = version(verse(1, text));
    const r = placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', anchor: 'bank', text: 'Heb. lip' },
        { verse: 'Gen.1.1', anchor: 'bank', text: 'Heb. lip' },
      ],
      {},
    );
    expect(r).toEqual({ placed: 2, insideWord: 0, byHand: 0, dropped: 0, problems: [] });
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => text.slice(0, n.offset))).toEqual(
      ['One stood on this bank', 'One stood on this bank of the river, and one on that bank'],
    );
  });

  it('places three notes on words said three times each on its own occurrence', () => {
    // Past two, the search for a free occurrence must go on past every taken one, not one alone.
    const text = 'Holy, holy, holy, is the LORD.';
    const ir = version(verse(1, text));
    const note = { verse: 'Gen.1.1', anchor: 'holy', text: 'Heb. set apart' };
    const r = placeMarginNotes('X', ir, [note, note, note], {});
    expect(r).toEqual({ placed: 3, insideWord: 0, byHand: 0, dropped: 0, problems: [] });
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => text.slice(0, n.offset))).toEqual(
      ['Holy', 'Holy, holy', 'Holy, holy, holy'],
    );
  });

  it('places a note on a later occurrence of its words where the hand list says so', () => {
    // Gen 27:3's "take" twice: the note (Heb. hunt) is on the second, as data/margin-anchors.json says.
    const text = 'Now take thy bow, and go out, and take me some meat.';
    const ir = version(verse(1, text));
    const r = placeMarginNotes('X', ir, [{ verse: 'Gen.1.1', anchor: 'take', text: 'Heb. hunt' }], {
      'Gen.1.1': [{ anchor: 'take', at: 'and take', why: 'the second' }],
    });
    expect(r).toEqual({ placed: 0, insideWord: 0, byHand: 1, dropped: 0, problems: [] });
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => text.slice(0, n.offset))).toEqual(
      ['Now take thy bow, and go out, and take'],
    );
  });

  it("searches a Psalm's title before its text", () => {
    const ir = version(verse(1, 'Help, LORD.', 'To the chief Musician upon Sheminith'));
    placeMarginNotes(
      'X',
      ir,
      [{ verse: 'Gen.1.1', anchor: 'upon…', text: 'or, upon the eighth' }],
      {},
    );
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes).toEqual([
      { in: 'title', offset: 26, text: 'or, upon the eighth', anchor: 'upon…' },
    ]);
  });

  it('fails on a note it cannot place and on a hand entry no note needs', () => {
    const ir = version(verse(1, 'Jerubbaal was his name.'), verse(2, 'And Hathath.'));
    const stale: MarginAnchor = { anchor: 'gone', at: null, why: 'x' };
    const r = placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', anchor: 'Jerubbesheth', text: 'that is, Let the shameful thing plead' },
        { verse: 'Gen.1.1', anchor: 'Hathath…', text: 'or, Hathath and …' },
      ],
      { 'Gen.1.1': [{ anchor: 'Hathath…', verse: 'Gen.1.2', at: 'Hathath', why: 'x' }, stale] },
    );
    expect(r.placed).toBe(0);
    expect(r.byHand).toBe(1);
    expect(r.problems).toEqual([
      expect.stringMatching(
        /Gen\.1\.1: "Jerubbesheth" is not in the text; data\/margin-anchors\.json must place it/,
      ),
      expect.stringMatching(/places "gone", but no note needs it/),
    ]);
    expect(ir.books[0]!.chapters[0]!.verses[1]!.notes).toEqual([
      { in: 'text', offset: 11, text: 'or, Hathath and …', anchor: 'Hathath…' },
    ]);
  });

  it('reads a nested note (words: words: text) as the inner words and the text', () => {
    const xml =
      '<verse osisID="Mic.3.6">x<note placement="foot"><reference type="annotateRef">3.6 </reference>that…: vision: Heb. from a vision</note>' +
      '<note placement="foot"><reference type="annotateRef">3.6 </reference>Eve: Heb. Chavah: that is Living</note></verse>';
    expect(marginNotesOf(xml)).toEqual([
      { verse: 'Mic.3.6', anchor: 'vision', text: 'Heb. from a vision' },
      { verse: 'Mic.3.6', anchor: 'Eve', text: 'Heb. Chavah: that is Living' },
    ]);
  });

  // Made-up verses shaped like Gen 2:23, Exod 10:25, Josh 22:34 and Mic 3:6, where a substring
  // search put the note inside another word or on the wrong words.
  it('places a note after its words as whole words, never inside another word', () => {
    const texts = [
      'She shall be called Woman, because she was taken out of Man.',
      'Thou must give us also sacrifices.',
      'And they called the altar Ed: for it shall be a witness.',
      'That ye shall not have a vision; that ye shall not divine.',
    ];
    const ir = version(...texts.map((t, i) => verse(i + 1, t)));
    const r = placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', anchor: 'Woman', text: 'Heb. Isha' },
        { verse: 'Gen.1.1', anchor: 'Man', text: 'Heb. Ish' },
        { verse: 'Gen.1.2', anchor: 'us', text: 'Heb. into our hands' },
        { verse: 'Gen.1.3', anchor: 'Ed', text: 'that is, A witness' },
        { verse: 'Gen.1.4', anchor: 'vision', text: 'Heb. from a vision' },
        { verse: 'Gen.1.4', anchor: 'divine', text: 'Heb. from divining' },
      ],
      {},
    );
    expect(r).toEqual({ placed: 6, insideWord: 0, byHand: 0, dropped: 0, problems: [] });
    const before = ir.books[0]!.chapters[0]!.verses.flatMap((v, i) =>
      v.notes!.map((n) => texts[i]!.slice(0, n.offset)),
    );
    expect(before).toEqual([
      'She shall be called Woman',
      'She shall be called Woman, because she was taken out of Man',
      'Thou must give us',
      'And they called the altar Ed',
      'That ye shall not have a vision',
      'That ye shall not have a vision; that ye shall not divine',
    ]);
  });

  it('fails on words found only inside another word unless the hand list places them', () => {
    const notes = [{ verse: 'Gen.1.1', anchor: 'plain', text: 'Heb. plains' }];
    const text = 'He sat in the plains of Mamre.';
    const unlisted = placeMarginNotes('X', version(verse(1, text)), notes, {});
    expect(unlisted.placed).toBe(0);
    expect(unlisted.insideWord).toBe(1);
    expect(unlisted.problems).toEqual([
      expect.stringMatching(/Gen\.1\.1: "plain" is in the text only inside another word/),
    ]);
    const ir = version(verse(1, text));
    const listed = placeMarginNotes('X', ir, notes, {
      'Gen.1.1': [{ anchor: 'plain', at: 'plains', why: 'x' }],
    });
    expect(listed).toEqual({ placed: 0, insideWord: 1, byHand: 1, dropped: 0, problems: [] });
    expect(ir.books[0]!.chapters[0]!.verses[0]!.notes!.map((n) => n.offset)).toEqual([20]);
  });

  it('drops a note the hand list names as a copy, instead of serving it twice', () => {
    const ir = version(verse(1, 'And the sons of Othniel; Hathath.'), verse(2, 'And Meonothai.'));
    const note = { anchor: 'Hathath…', text: 'or, Hathath, and Meonothai' };
    const r = placeMarginNotes(
      'X',
      ir,
      [
        { verse: 'Gen.1.1', ...note },
        { verse: 'Gen.1.2', ...note },
      ],
      { 'Gen.1.2': [{ anchor: 'Hathath…', drop: true, why: 'x' }] },
    );
    expect(r).toEqual({ placed: 1, insideWord: 0, byHand: 0, dropped: 1, problems: [] });
    const [v1, v2] = ir.books[0]!.chapters[0]!.verses;
    expect(v1!.notes!.map((n) => n.offset)).toEqual([32]);
    expect(v2!.notes).toBeUndefined();
  });

  it('the committed hand list says why for every entry', () => {
    const all = loadMarginAnchors();
    expect(Object.keys(all)).toEqual(['KJV']);
    for (const list of Object.values(all.KJV!))
      for (const a of list) expect(a.why.length, a.anchor).toBeGreaterThan(20);
  });
});

describe('finishing the notes (footnotes/finish.ts)', () => {
  it('gives each note its anchor and kind, orders them, and keeps a text-less slot’s notes', () => {
    const ir = version(verse(1, 'For God so loved the world.', 'A title'), verse(2, ''));
    ir.books[0]!.chapters[0]!.verses[0]!.notes = [
      { in: 'text', offset: 26, text: 'Gr. the order of things' },
      { in: 'text', offset: 7, text: 'A note with no kind' },
      { in: 'title', offset: 7, text: 'or, A heading' },
    ];
    ir.books[0]!.chapters[0]!.verses[1]!.notes = [
      { in: 'text', offset: 0, text: 'TR adds a verse' },
    ];
    const r = finishNotes('X', ir, rules);
    expect(r.problems).toEqual([]);
    expect(r.count).toBe(4);
    expect(r.byKind).toEqual({ literal: 1, none: 1, alternative: 1, textual: 1 });
    expect(footnoteChapterValue(ir.books[0]!.chapters[0]!)).toEqual({
      notes: [
        {
          verse: 1,
          title: true,
          offset: 7,
          anchor: 'title',
          kind: 'alternative',
          text: 'or, A heading',
        },
        { verse: 1, offset: 7, anchor: 'God', text: 'A note with no kind' },
        { verse: 1, offset: 26, anchor: 'world', kind: 'literal', text: 'Gr. the order of things' },
        { verse: 2, offset: 0, anchor: '', kind: 'textual', text: 'TR adds a verse' },
      ],
    });
  });

  it('gives a note before any word of its verse the next word as its anchor', () => {
    // The WEB writes some notes at a verse's start (offset 0): they are on its first word.
    const ir = version(verse(1, '“Behold, the days come.”'));
    ir.books[0]!.chapters[0]!.verses[0]!.notes = [{ in: 'text', offset: 0, text: 'or, Look' }];
    expect(finishNotes('X', ir, rules).problems).toEqual([]);
    expect(footnoteChapterValue(ir.books[0]!.chapters[0]!)!.notes[0]).toMatchObject({
      offset: 0,
      anchor: 'Behold',
    });
  });

  it('fails on a note outside its text and on a title the verse lacks', () => {
    const ir = version(verse(1, 'Short.'));
    ir.books[0]!.chapters[0]!.verses[0]!.notes = [
      { in: 'text', offset: 7, text: 'past the end' },
      { in: 'title', offset: 0, text: 'no title' },
    ];
    expect(finishNotes('X', ir, rules).problems).toEqual([
      'X Gen.1.1: a note at 7, outside its text of 6 characters',
      'X Gen.1.1: a note on a title the verse does not have ("no title")',
    ]);
  });

  it('takes the last word before a place', () => {
    expect(lastWord('the son of Jerubbe-sheth’s, ')).toBe('Jerubbe-sheth’s');
    expect(lastWord('In the beginning, God')).toBe('God');
    expect(lastWord('')).toBe('');
  });
});

describe('kinds (data/footnote-kinds.json)', () => {
  it.each([
    ['Heb. tender grass', 'literal'],
    ['Chaldee, the words', 'literal'],
    ['Gr. foreigners.', 'literal'],
    ['or, about', 'alternative'],
    ['also called, Muppim and Huppim', 'alternative'],
    ['that is, Let Baal plead', 'explanation'],
    ['TR adds “Amen.”', 'textual'],
    ['NU omits “in Ephesus”', 'textual'],
    ['Some Greek manuscripts add: “Two will be…”', 'textual'],
    ['See Ezekiel 10.', 'cross-reference'],
    ['which in the Coptic signifies, A revealer of secrets', 'explanation'],
    ['to see, that is, to enjoy', 'explanation'],
    ['probably an extinct animal of some kind', 'explanation'],
    ['he is called Ezekias', 'alternative'],
    ['she is also called Michaiah', 'alternative'],
    ['Shimeah, also called, Shimma', 'alternative'],
    ['of, pursue', 'alternative'],
    ['an edge of cloth so woven that it cannot unravel', undefined],
    ['A shekel is about 10 grams', undefined],
    ['The Hebrew word rendered “God” is “אֱלֹהִ֑ים” (Elohim).', undefined],
  ])('%s → %s', (text, kind) => {
    expect(kindOf(text, rules)).toBe(kind);
  });
});
