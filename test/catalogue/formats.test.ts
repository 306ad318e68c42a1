import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, parseXml } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

/** Every catalogue endpoint, as [path without suffix, root, resource element]. */
const ENDPOINTS: [string, string, string][] = [
  ['/versions', 'versions', 'version'],
  ['/versions/KJV', 'versions', 'version'],
  ['/versions/KJV/books', 'books', 'book'],
  ['/bookgroups', 'bookgroups', 'bookgroup'],
  ['/bookgroups/1', 'bookgroups', 'bookgroup'],
  ['/bookgroups/1/books', 'books', 'book'],
  ['/books/KJV:Jude', 'books', 'book'],
  ['/books/KJV:Jude/chapters', 'chapters', 'chapter'],
  ['/chapters/KJV:Jude.1', 'chapters', 'chapter'],
  ['/chapters/KJV:Jude.1/verses', 'verses', 'verse'],
  ['/verses/KJV:Jude.1.9', 'verses', 'verse'],
];

const asArray = (x: unknown) => (Array.isArray(x) ? x : [x]);

describe('every catalogue endpoint in XML and JSON', () => {
  it.each(ENDPOINTS)('%s: the JSON mirrors the XML', async (path, root, element) => {
    const xmlRes = await call(`${path}.xml`, token);
    const jsonRes = await call(`${path}.js`, token);
    expect([xmlRes.status, jsonRes.status]).toEqual([200, 200]);
    expect(xmlRes.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(jsonRes.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    const text = await xmlRes.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const xml = parseXml(text)[root];
    const json = ((await jsonRes.json()) as any)[root];

    // Same root, resources, order, and `meta` last in both.
    expect(Object.keys(xml).at(-1)).toBe('meta');
    expect(Object.keys(json).at(-1)).toBe('meta');
    const xmlItems = asArray(xml[element]);
    const jsonItems = json[element];
    expect(Array.isArray(jsonItems)).toBe(true);
    expect(jsonItems.map((r: any) => String(r.id))).toEqual(xmlItems.map((r: any) => r.id));
    // Each resource: the id attribute equals the id child, and the fields are the same, in order.
    for (let i = 0; i < xmlItems.length; i++) {
      expect(xmlItems[i]['@id']).toBe(xmlItems[i].id);
      expect(Object.keys(jsonItems[i])).toEqual(
        Object.keys(xmlItems[i]).filter((k) => k !== '@id'),
      );
      for (const link of ['parent', 'next', 'previous']) {
        if (!xmlItems[i][link]) continue;
        const [kind] = Object.keys(xmlItems[i][link]);
        expect(Object.keys(jsonItems[i][link][kind])).toEqual(['path', 'name', 'id']);
        expect(jsonItems[i][link][kind].path).not.toMatch(/\.(xml|js)$/);
        expect(xmlItems[i][link][kind]['@id']).toBe(String(jsonItems[i][link][kind].id));
      }
    }
  });
});
