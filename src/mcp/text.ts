import { MCP_BOUNDS } from '../api/mcp';
import { htmlText } from '../snapshot/search-text';

/**
 * Tool output is plain text an assistant can quote: the snapshot's HTML (verse text, commentary
 * entries, lexicon articles) is read as text, and every list is bounded, saying when it was cut.
 */

/** Elements that end a line of text (a commentary's paragraphs and list items). */
const BLOCK_END = /<\/(p|li|ol|ul|div|h[1-6])>|<br\s*\/?>/gi;

/**
 * The readable text of the snapshot's HTML: tags dropped (a verse number `<sup>` too, as keyword
 * search reads verses: src/snapshot/search-text.ts), entities decoded, a block's end a line's,
 * runs of spaces one. `marked`: the words keyword search and the concordance wrap in `<em>` (the
 * match, the rendering of a Strong's number) come in asterisks, as Markdown emphasis, a run of
 * them (`living water`) in one pair.
 */
export function plainText(html: string, marked = false): string {
  const source = marked
    ? html.replace(/<\/em>((?:\s|<[^>]*>)*)<em>/g, '$1').replace(/<\/?em>/g, '*')
    : html;
  return htmlText(source.replace(BLOCK_END, '\n'))
    .text.split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** `text` of at most `max` characters: cut at a word, with an ellipsis, when longer. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()} …`;
}

/** The line that says what a bounded list left out. */
export function moreLine(shown: number, total: number, what: string, how: string): string[] {
  return total > shown ? [`(${shown} of ${total} ${what} shown; ${how})`] : [];
}

/**
 * Room in an answer for what surrounds a tool's text: the JSON-RPC envelope and the result's
 * `content` and `isError` (4 KiB), and the request's id, which the answer repeats and which may
 * be a string as long as the body that carried it (serialized again, it is no longer).
 */
const ENVELOPE_BYTES = MCP_BOUNDS.bodyBytes + 4 * 1024;

/** Bytes of `text` as a JSON string in UTF-8: what the answer carries of it. */
function jsonBytes(text: string): number {
  return new TextEncoder().encode(JSON.stringify(text)).byteLength;
}

/**
 * A tool's text within the answer's bound (src/api/mcp.ts MCP_BOUNDS.answerBytes): unchanged when it
 * fits, as every tool's fullest answer does (test/mcp/bounds.test.ts), otherwise cut, saying so,
 * so that no stored content or snapshot entry can make an answer larger.
 */
export function fitAnswer(text: string): string {
  const room = MCP_BOUNDS.answerBytes - ENVELOPE_BYTES;
  let bytes = jsonBytes(text);
  if (bytes <= room) return text;
  const note = `\n(cut: an answer carries at most ${MCP_BOUNDS.answerBytes} bytes)`;
  let head = text;
  while (bytes > room) {
    // Each character is 1 to 6 bytes as JSON; cut by the measured ratio, then measure again.
    head = head.slice(0, Math.floor(head.length * ((room - jsonBytes(note)) / bytes) * 0.98));
    // Never half a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
    bytes = jsonBytes(head + note);
  }
  return head + note;
}
