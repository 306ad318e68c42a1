import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { cdata } from '../../src/render/document';
import { renderJson } from '../../src/render/json';
import { formatTimestamp } from '../../src/render/timestamp';
import { cdataSection, renderXml } from '../../src/render/xml';

describe('XML renderer', () => {
  it('writes one element per key, repeated elements for arrays, and an id attribute for objects with id', () => {
    const xml = renderXml({
      books: {
        book: [
          { id: 'KJV:Gen', ord: 1 },
          { id: 'KJV:Exod', ord: 2 },
        ],
        meta: { fums_tid: 't' },
      },
    });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<books><book id="KJV:Gen"><id>KJV:Gen</id><ord>1</ord></book><book id="KJV:Exod"><id>KJV:Exod</id><ord>2</ord></book><meta><fums_tid>t</fums_tid></meta></books>',
    );
  });

  it('escapes markup in text and attributes and stays well-formed', () => {
    const xml = renderXml({ notes: { note: [{ id: 'a"<&>', title: '<b>&amp;"\'' }] } });
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      processEntities: true,
    }).parse(xml);
    expect(parsed.notes.note.title).toBe('<b>&amp;"\'');
    expect(parsed.notes.note['@id']).toBe('a"<&>');
  });

  it('keeps "]]>" inside CDATA intact by splitting the section', () => {
    const text = 'a]]>b]]>';
    const xml = renderXml({ notes: { note: { content: cdata(text) } } });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(cdataSection(text)).toBe('<![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>]]>');
    const parsed = new XMLParser({ cdataPropName: false }).parse(xml);
    expect(String(parsed.notes.note.content)).toBe(text);
  });

  it('writes CR as a character reference, in text, attributes and CDATA, so it reads back as CR', () => {
    const xml = renderXml({
      notes: { note: { id: 'a\rb', title: 'x\r\ny', content: cdata('p\rq\r\n]]>r') } },
    });
    expect(xml).not.toContain('\r');
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      trimValues: false,
      htmlEntities: true,
    }).parse(xml);
    expect(parsed.notes.note.title).toBe('x\r\ny');
    expect(parsed.notes.note.content).toBe('p\rq\r\n]]>r');
    expect(parsed.notes.note['@id']).toBe('a\rb');
  });

  it('renders null as an empty element and leaves undefined out', () => {
    expect(renderXml({ notes: { note: { moderated: null, next: undefined } } })).toContain(
      '<note><moderated/></note>',
    );
  });

  it('drops characters XML 1.0 cannot carry', () => {
    const xml = renderXml({ a: { b: 'x\u0001y', c: cdata('p\u0000q') } });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<b>xy</b>');
  });
});

describe('JSON renderer', () => {
  it('mirrors the XML names and nesting, CDATA as plain strings', () => {
    const json = JSON.parse(
      renderJson({ verses: { verse: [{ id: 'KJV:John.3.16', text: cdata('<span>x</span>') }] } }),
    );
    expect(json).toEqual({ verses: { verse: [{ id: 'KJV:John.3.16', text: '<span>x</span>' }] } });
  });
});

describe('timestamps', () => {
  it('use the spec form', () => {
    expect(formatTimestamp(Date.UTC(2010, 9, 29, 14, 3, 39))).toBe(
      'Fri, 29 Oct 2010 14:03:39 +0000',
    );
    // Single-digit days are zero-padded, and the time is UTC whatever the input's form.
    expect(formatTimestamp(new Date(Date.UTC(2024, 1, 5, 3, 4, 5)))).toBe(
      'Mon, 05 Feb 2024 03:04:05 +0000',
    );
    expect(formatTimestamp('2024-02-05T03:04:05Z')).toBe('Mon, 05 Feb 2024 03:04:05 +0000');
  });
});
