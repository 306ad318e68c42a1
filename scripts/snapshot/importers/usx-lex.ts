/**
 * USX, the XML form of USFM (https://ubsicap.github.io/usx/), as the USFM lexer's tokens, so that
 * one reader (usfm-book.ts) reads both: `<book code style="id">` is `\id CODE`, `<para style>` a
 * paragraph marker, `<chapter number sid>` and `<verse number sid>` `\c` and `\v` (their `eid`
 * ends are dropped: the next start ends a verse), `<char style>` a character marker with its
 * close (nested inside another: `\+`), `<note style caller>` a note with its caller, `<ms>` a
 * milestone, table rows and cells their markers. Attributes other than these (Strong's numbers,
 * links) are not text. A small tag scanner, not a general XML parser: USX has no DTD, CDATA or
 * comments that carry text, and the scanner keeps each token's line for the errors.
 */
import { SourceLineError, type UsfmToken } from './usfm-lex';

const TAG =
  /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e] ?? m),
  );
}

export function lexUsx(xml: string, file: string): UsfmToken[] {
  const out: UsfmToken[] = [];
  let line = 1;
  let last = 0;
  /** Open elements, with the closing marker each owes (none for a paragraph). */
  const open: { tag: string; close: string | null }[] = [];
  const countLines = (s: string) => {
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) line++;
  };
  const marker = (name: string, closing = false, nested = false) =>
    out.push({ kind: 'marker', name, closing, nested, line });
  const text = (t: string) => {
    if (t) out.push({ kind: 'text', text: t, line });
  };
  for (const m of xml.matchAll(TAG)) {
    const between = xml.slice(last, m.index);
    text(decode(between));
    countLines(between);
    last = m.index! + m[0].length;
    const [, slash, tag, attrText = '', selfClosing] = m;
    if (!tag) {
      countLines(m[0]);
      continue;
    }
    const a: Record<string, string> = {};
    for (const x of attrText.matchAll(ATTR)) a[x[1]!] = decode(x[2] ?? x[3] ?? '');
    if (slash) {
      const top = open.pop();
      if (!top || top.tag !== tag)
        throw new SourceLineError(file, line, `</${tag}> closes <${top?.tag ?? 'nothing'}>`);
      if (top.close)
        marker(
          top.close,
          true,
          open.some((o) => o.tag === 'char'),
        );
      countLines(m[0]);
      continue;
    }
    const style = a.style ?? '';
    let close: string | null = null;
    switch (tag) {
      case 'book':
        marker('id');
        text(`${a.code ?? ''} `);
        break;
      case 'chapter':
        if (a.number && !a.eid) {
          marker('c');
          text(`${a.number}\n`);
        }
        break;
      case 'verse':
        if (a.number && !a.eid) {
          marker('v');
          text(`${a.number} `);
        }
        break;
      case 'para':
      case 'row':
      case 'cell':
        if (style) marker(style);
        break;
      case 'char':
        marker(
          style,
          false,
          open.some((o) => o.tag === 'char'),
        );
        close = style;
        break;
      case 'note':
        marker(style);
        text(`${a.caller ?? '+'} `);
        close = style;
        break;
      case 'ms':
        marker(style);
        break;
      case 'figure':
        marker('fig');
        close = 'fig';
        break;
      case 'sidebar':
        marker('esb');
        close = 'esbe';
        break;
      default:
      // usx, table, ref, optbreak, periph, link …: their words, if any, are read as they come.
    }
    if (!selfClosing) open.push({ tag, close });
    else if (close) marker(close, true);
    countLines(m[0]);
  }
  text(decode(xml.slice(last)));
  return out;
}
