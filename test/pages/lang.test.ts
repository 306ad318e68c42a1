import { describe, expect, it } from 'vitest';
import { htmlLang, textDirection } from '../../src/pages/lang';

// A version's language decides its text's direction, also for a language no version had before
// (npm run version:add): by its likely script, from the runtime's Unicode data (here workerd's).
describe('the direction of a language', () => {
  it('is right to left for the languages written in a right-to-left script', () => {
    for (const code of ['hbo', 'heb', 'ara', 'fas', 'urd', 'syc', 'yid', 'ARB'])
      expect(textDirection(code), code).toBe('rtl');
  });
  it('is the page’s own for the others and for what is not a language', () => {
    for (const code of ['eng', 'spa', 'grc', 'rus', 'zho', 'amh', 'not a tag', undefined])
      expect(textDirection(code), String(code)).toBeUndefined();
    expect(htmlLang('ara')).toBe('ara');
  });
});
