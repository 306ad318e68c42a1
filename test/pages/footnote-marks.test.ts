import { describe, expect, it } from 'vitest';
import {
  markedNotes,
  markLabel,
  withFootnoteMarks,
} from '../../src/pages/components/footnote-marks';
import type { FootnoteValue } from '../../src/snapshot/types';

// The notes' marks in verse HTML (src/pages/components/footnote-marks.ts), on verses made up here
// in the snapshot's markup.

const note = (verse: number, offset: number, title?: true): FootnoteValue => ({
  verse,
  offset,
  anchor: 'x',
  text: 'a note',
  ...(title ? { title } : {}),
});
const marksIn = (html: string) => [...html.matchAll(/<sup class="fn-mark">.*?<\/sup>/g)].length;
/** The HTML's text with each mark as `[label]`, the verse number and tags dropped. */
const shown = (html: string) =>
  html
    .replace(/<sup class="fn-mark"><a [^>]*>(\w+)<\/a><\/sup>/g, '[$1]')
    .replace(/<sup class="v[^"]*">\d+<\/sup>/, '')
    .replace(/<[^>]+>/g, '');

describe('footnote marks', () => {
  it('letters a chapter’s marks as printed Bibles do', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(markLabel)).toEqual([
      'a',
      'b',
      'z',
      'aa',
      'ab',
      'az',
      'ba',
    ]);
  });

  it('puts each mark after the character its offset counts to, entities as one', () => {
    const html =
      '<span class="v1_1_11"><sup class="v1_1_11">11</sup>Let the earth bring forth grass, <span class="add">and</span> Cain &amp; Abel.</span>';
    const marks = markedNotes([note(11, 0), note(11, 31), note(11, 36), note(11, 49)]);
    const out = withFootnoteMarks(html, marks);
    expect(shown(out)).toBe('[a]Let the earth bring forth grass[b], and[c] Cain &amp; Abel.[d]');
    expect(out).toContain(
      '<sup class="fn-mark"><a href="#fn-11-b" id="fnref-11-b" aria-describedby="fn-11-b">b</a></sup>',
    );
    // The verse number is untouched and the mark at 0 follows it.
    expect(
      out.startsWith('<span class="v1_1_11"><sup class="v1_1_11">11</sup><sup class="fn-mark">'),
    ).toBe(true);
  });

  it("counts a title note in the title, and the text's notes without the title", () => {
    const html =
      '<span class="para"><span class="title">A Psalm of David.</span><span class="v19_3_1"><sup class="v19_3_1">1</sup>LORD, how are they increased!</span></span>';
    const out = withFootnoteMarks(html, markedNotes([note(1, 16, true), note(1, 4)]));
    expect(shown(out)).toBe('A Psalm of David[a].LORD[b], how are they increased!');
  });

  it('keeps a title note inside the title past a nested span in it', () => {
    // A Psalm title with a supplied word (`<span class="add">`) before its note, shaped as the
    // snapshot writes KJV Ps 34:1: the nested span's close must not end the title.
    const html =
      '<span class="para"><span class="title">A Psalm <span class="add">of</span> David, when he changed his behaviour.</span><span class="v19_34_1"><sup class="v19_34_1">1</sup>I will bless the LORD.</span></span>';
    const out = withFootnoteMarks(html, markedNotes([note(1, 33, true), note(1, 6)]));
    expect(shown(out)).toBe(
      'A Psalm of David, when he changed[a] his behaviour.I will[b] bless the LORD.',
    );
    expect(out).toContain(
      'changed<sup class="fn-mark"><a href="#fn-1-a" id="fnref-1-a" aria-describedby="fn-1-a">a</a></sup> his behaviour.</span><span class="v19_34_1">',
    );
  });

  it('counts characters beyond the BMP as one', () => {
    const html = '<span class="v1"><sup class="v1">1</sup>𝔄𝔅 word</span>';
    expect(shown(withFootnoteMarks(html, markedNotes([note(1, 2)])))).toBe('𝔄𝔅[a] word');
  });

  it('marks a note past the text at the end of the verse, and nothing without notes', () => {
    const html = '<span class="v1"><sup class="v1">1</sup>Short.</span>';
    const out = withFootnoteMarks(html, markedNotes([note(1, 99)]));
    expect(out).toBe(
      '<span class="v1"><sup class="v1">1</sup>Short.<sup class="fn-mark"><a href="#fn-1-a" id="fnref-1-a" aria-describedby="fn-1-a">a</a></sup></span>',
    );
    expect(marksIn(out)).toBe(1);
    expect(withFootnoteMarks(html, [])).toBe(html);
  });
});
