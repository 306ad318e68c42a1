/**
 * Byte encoding of search postings (format in src/snapshot/types.ts `SearchTermValue`), shared by
 * the build (encode) and the worker (decode). Varints (7 bits per byte, high bit = more) over
 * delta-coded doc ids and positions keep a posting at a few bytes; base64 keeps the KV value a
 * plain string (bulk put files are JSON) at 4/3 of the bytes.
 */

import { Buffer } from 'node:buffer';

/**
 * Base64 by the runtime, not by hand (a hand-written decoder took ~4 ms per 540 KiB value, the
 * runtime ~0.4 ms): `Uint8Array.fromBase64` where the runtime has it, otherwise `Buffer`, which
 * Node has and the worker gets from `nodejs_compat` (wrangler.toml).
 */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array })
  .fromBase64;

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function fromBase64(text: string): Uint8Array {
  return nativeFromBase64 ? nativeFromBase64(text) : Buffer.from(text, 'base64');
}

/** Growable byte buffer with varint writes (build side). */
export class ByteWriter {
  // Small at first: the build encodes one stem's postings of one chapter at a time (a few bytes,
  // over a million times), and a larger first buffer was most of the build's garbage.
  private buf = new Uint8Array(64);
  length = 0;

  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(v: number): void {
    this.ensure(1);
    this.buf[this.length++] = v & 0xff;
  }

  varint(v: number): void {
    if (v < 0 || !Number.isInteger(v)) throw new Error(`varint out of range: ${v}`);
    this.ensure(8);
    while (v >= 0x80) {
      this.buf[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.length++] = v;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Sequential reader over bytes (worker side). */
export class ByteReader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  byte(): number {
    return this.buf[this.pos++];
  }

  varint(): number {
    let result = 0;
    let shift = 1;
    for (;;) {
      const b = this.buf[this.pos++];
      if (b === undefined) throw new Error('truncated varint in search index');
      result += (b & 0x7f) * shift;
      if (b < 0x80) return result;
      shift *= 128;
    }
  }
}

/** One document's entry in a stem's postings (build side, before encoding). */
export interface PostingEntry {
  doc: number;
  impact: number;
  /** Ascending word positions of the stem in the document. */
  positions: number[];
  /** Form ids present in the document (ascending). */
  forms: number[];
}

/** Encodes entries (ascending doc order) relative to `base`; forms only when `multiForm`. */
export function encodePostings(
  entries: PostingEntry[],
  base: number,
  multiForm: boolean,
): Uint8Array {
  const w = new ByteWriter();
  let prev = base;
  for (const e of entries) {
    w.varint(e.doc - prev);
    prev = e.doc;
    w.byte(e.impact);
    w.varint(e.positions.length);
    let p = 0;
    for (const pos of e.positions) {
      w.varint(pos - p);
      p = pos;
    }
    if (multiForm) {
      w.varint(e.forms.length);
      for (const f of e.forms) w.varint(f);
    }
  }
  return w.bytes();
}

/** Decoded postings of one stem (all shards), in doc order; columns for cheap scanning. */
export interface Postings {
  forms: string[];
  df: number;
  docs: Int32Array;
  impacts: Uint8Array;
  /** positions[posOffsets[i] … posOffsets[i+1]) are document i's positions. */
  posOffsets: Int32Array;
  positions: Int32Array;
  /** Bit set per document of the form ids present (form ids ≥ 31 share bit 31). */
  formBits: Uint32Array;
}

export function emptyPostings(): Postings {
  return {
    forms: [],
    df: 0,
    docs: new Int32Array(0),
    impacts: new Uint8Array(0),
    posOffsets: new Int32Array(1),
    positions: new Int32Array(0),
    formBits: new Uint32Array(0),
  };
}

/** The bit of a form id in `Postings.formBits`. */
export function formBit(formId: number): number {
  return (1 << Math.min(formId, 31)) >>> 0;
}

/** Decodes shards (each `{base, count, bytes}`) into one column set. */
export function decodePostings(
  forms: string[],
  df: number,
  shards: { base: number; count: number; bytes: Uint8Array }[],
): Postings {
  const total = shards.reduce((n, s) => n + s.count, 0);
  const docs = new Int32Array(total);
  const impacts = new Uint8Array(total);
  const posOffsets = new Int32Array(total + 1);
  const formBits = new Uint32Array(total);
  let positions = new Int32Array(Math.max(16, total * 2));
  let np = 0;
  let i = 0;
  const multiForm = forms.length > 1;
  for (const s of shards) {
    const r = new ByteReader(s.bytes);
    let doc = s.base;
    for (let k = 0; k < s.count; k++, i++) {
      doc += r.varint();
      docs[i] = doc;
      impacts[i] = r.byte();
      const tf = r.varint();
      if (np + tf > positions.length) {
        const next = new Int32Array(Math.max(positions.length * 2, np + tf));
        next.set(positions.subarray(0, np));
        positions = next;
      }
      let p = 0;
      for (let t = 0; t < tf; t++) {
        p += r.varint();
        positions[np++] = p;
      }
      posOffsets[i + 1] = np;
      if (multiForm) {
        const k2 = r.varint();
        let bits = 0;
        for (let f = 0; f < k2; f++) bits = (bits | formBit(r.varint())) >>> 0;
        formBits[i] = bits;
      } else {
        formBits[i] = 1;
      }
    }
  }
  return { forms, df, docs, impacts, posOffsets, positions: positions.subarray(0, np), formBits };
}
