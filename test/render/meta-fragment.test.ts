import { describe, expect, it } from 'vitest';
import type { ResponseDocument } from '../../src/render/document';
import { renderJson } from '../../src/render/json';
import { meta } from '../../src/render/meta';
import {
  freshMeta,
  metaFragment,
  metaTemplate,
  splitAroundMeta,
  withMeta,
} from '../../src/render/meta-fragment';
import { renderXml } from '../../src/render/xml';

// The meta written fresh around a kept body (src/render/meta-fragment.ts; docs/http.md "Kept responses").

const withoutTid = (body: string) => body.replace(/[0-9a-f]{14}\.\d{8}/g, 'TID');

describe('meta fragments', () => {
  it('split a body around its root meta and write a fresh one where rendering the document would', () => {
    const root = { chapter: [{ id: 'KJV:John.3', text: 'a "meta":{ b <meta> c' }], empty: null };
    for (const format of ['xml', 'js'] as const) {
      const render = (doc: ResponseDocument) =>
        format === 'js' ? renderJson(doc) : renderXml(doc);
      const whole = render({ chapters: { ...root, meta: meta() } });
      const split = splitAroundMeta(whole, format)!;
      expect(split, format).not.toBeNull();
      expect(withoutTid(split.before + metaFragment(format) + split.after)).toBe(withoutTid(whole));
      expect(split.before + metaFragment(format) + split.after).not.toBe(whole);
    }
    // withMeta (every XML/JSON response) writes what rendering the document with its meta writes.
    for (const format of ['xml', 'js'] as const) {
      const render = (doc: ResponseDocument) =>
        format === 'js' ? renderJson(doc) : renderXml(doc);
      for (const node of [root, {}]) {
        expect(withoutTid(withMeta(render({ chapters: node }), format, 'chapters')), format).toBe(
          withoutTid(render({ chapters: { ...node, meta: meta() } })),
        );
      }
    }
    // A kept body's template: its text answers again with a fresh id in every place the id goes,
    // byte for byte the document otherwise, non-ASCII text before the meta included.
    // An ASCII body is kept as text, any other as UTF-8 bytes (src/render/meta-fragment.ts).
    const asText = (body: string | Uint8Array) =>
      typeof body === 'string' ? body : new TextDecoder().decode(body);
    for (const format of ['xml', 'js'] as const) {
      const render = (doc: ResponseDocument) =>
        format === 'js' ? renderJson(doc) : renderXml(doc);
      for (const [text, kept] of [
        ['Génesis — בְּרֵאשִׁית', 'bytes'],
        ['In the beginning', 'pieces'],
      ] as const) {
        const whole = render({ chapters: { ...root, text, meta: meta() } });
        const template = metaTemplate(whole, format)!;
        expect(kept in template, `${format} ${text}`).toBe(true);
        const [a, b] = [asText(freshMeta(template)), asText(freshMeta(template))];
        expect(withoutTid(a), format).toBe(withoutTid(whole));
        expect(new TextEncoder().encode(a).length).toBe(new TextEncoder().encode(whole).length);
        expect(a).not.toBe(b);
        const ids = (body: string) => new Set(body.match(/[0-9a-f]{14}\.\d{8}/g));
        expect(ids(a).size, format).toBe(1);
        expect(ids(b).size, format).toBe(1);
      }
    }
    // A root with nothing but its meta.
    const bare = renderJson({ versions: { meta: meta() } });
    const split = splitAroundMeta(bare, 'js')!;
    expect(withoutTid(split.before + metaFragment('js') + split.after)).toBe(withoutTid(bare));
  });
});
