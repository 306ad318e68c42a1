/**
 * USFM's lexical layer: a book's text as markers and text runs, each with its line, and the one
 * error type of the USFM and USX readers (a message naming the file and line).
 *
 * USFM 3.0 (https://ubsicap.github.io/usfm/): a marker is a backslash, an optional `+` (a
 * character marker nested in another), a name of letters, digits and hyphens, and an optional `*`
 * (a closing marker; `\*` alone closes a milestone). The whitespace after an opening marker
 * separates it from its content and is not text. A character marker's attributes follow its words
 * after `|` (`\w gracious|strong="H2603"\w*`) and are not text either.
 */

export class SourceLineError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

export type UsfmToken =
  | { kind: 'marker'; name: string; nested: boolean; closing: boolean; line: number }
  | { kind: 'text'; text: string; line: number };

const MARKER = /\\(\+?)([A-Za-z][A-Za-z0-9-]*)?(\*?)/g;

export function lexUsfm(text: string): UsfmToken[] {
  const tokens: UsfmToken[] = [];
  let line = 1;
  let last = 0;
  const pushText = (from: number, to: number) => {
    if (to <= from) return;
    const t = text.slice(from, to);
    tokens.push({ kind: 'text', text: t, line });
    line += countNewlines(t);
  };
  for (const m of text.matchAll(MARKER)) {
    const at = m.index!;
    pushText(last, at);
    const closing = m[3] === '*';
    tokens.push({ kind: 'marker', name: m[2] ?? '', nested: m[1] === '+', closing, line });
    last = at + m[0].length;
    // One whitespace character after an opening marker separates it from its content.
    if (!closing && /[ \t\r\n]/.test(text[last] ?? '')) {
      if (text[last] === '\r' && text[last + 1] === '\n') last++;
      if (text[last] === '\n') line++;
      last++;
    }
  }
  pushText(last, text.length);
  return stripAttributes(tokens);
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** A text run right before a closing character marker loses its attributes (from `|` on). */
function stripAttributes(tokens: UsfmToken[]): UsfmToken[] {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]!;
    if (t.kind !== 'text' || next.kind !== 'marker' || !next.closing) continue;
    const bar = t.text.indexOf('|');
    if (bar >= 0) t.text = t.text.slice(0, bar);
  }
  return tokens;
}

/**
 * Bytes to text, refusing what is not UTF-8 with the line of the first bad byte (a Latin-1 or
 * UTF-16 file would otherwise import as mojibake). A leading byte-order mark is dropped.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 10) line++;
    throw new SourceLineError(
      file,
      line,
      `not UTF-8 (byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')} at offset ${at}); convert the file to UTF-8 first (iconv -f <encoding> -t UTF-8)`,
    );
  }
}

function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n =
      c < 0x80
        ? 0
        : c >= 0xc2 && c < 0xe0
          ? 1
          : c >= 0xe0 && c < 0xf0
            ? 2
            : c >= 0xf0 && c < 0xf5
              ? 3
              : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return b.length;
}
