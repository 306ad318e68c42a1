import { describe, expect, it } from 'vitest';
import { renderedTextBytes } from '../../src/render/size';

/**
 * The bound of a text's rendered bytes (src/render/size.ts), counted character by character: the
 * same as its definition, the UTF-8 bytes (TextEncoder's) and 16 more for each character a
 * renderer writes longer (`]]>` once), whatever the text.
 */
const EXPANDED = /[\u0000-\u001f"\\<>&']|\]\]>/g;
const defined = (text: string) =>
  new TextEncoder().encode(text).length + (text.match(EXPANDED)?.length ?? 0) * 16 + 12;

describe('renderedTextBytes', () => {
  it('is its definition on every kind of character', () => {
    for (const text of [
      '',
      'plain',
      '&<>"\'\\',
      '\u0000\u0001\t\n\r\u001f',
      ']]>',
      ']]]>',
      ']]>]]>',
      ']>]]',
      'ж日本語',
      '😀 and 😀',
      '\ud800 lone \udc00',
      'end \ud83d',
      '&<>"'.repeat(2_500),
    ])
      expect(renderedTextBytes(text), JSON.stringify(text.slice(0, 20))).toBe(defined(text));
  });
});
