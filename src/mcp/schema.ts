/**
 * The MCP tools' argument schemas (docs/mcp.md "The tools"): each one both the JSON Schema that
 * `tools/list` gives a client and the check of a call's arguments, with the TypeScript type of what
 * it accepts, so a tool's `run(args)` is typed from its schema. Our own, not zod: zod was 109 KiB of
 * the Worker's 1 MiB bundle (docs/mcp.md "The bundle"), for the few kinds the tools need: strings
 * with a length and a pattern, integers and numbers with bounds, booleans, a choice of strings,
 * arrays with a number of items, each optionally absent and described, in an object that may
 * refuse other keys.
 *
 * What it lists is what `z.toJSONSchema(…, { io: 'input' })` listed for the same zod schemas, and a
 * refused value is told in zod's words (`z.prettifyError`: `✖ Too small: expected string to have
 * >=1 characters` then `  → at references[0]`), which docs/mcp.md and the tests quote.
 */

/** A JSON Schema, as `tools/list` gives it. */
export type JsonSchema = Record<string, unknown>;

/** One problem with a value, at its path from the arguments (`references`, 0). */
export interface Issue {
  path: (string | number)[];
  message: string;
}

/** A value's kind as zod names it in "received …". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

/**
 * A check of a value that has the schema's type: the issue's message, or null. Written as a
 * method's type so that a `Schema<string>` is a `Schema<unknown>` in a shape (methods' parameters
 * are compared bivariantly, functions' contravariantly).
 */
type Check<T> = { check(value: T): string | null }['check'];

/**
 * A schema of values of type T. Each method returns a new schema, so that a shared one
 * (src/mcp/fields.ts `reference`) is refined where it is used without changing it elsewhere.
 */
export abstract class Schema<T> {
  protected abstract readonly type: string;
  protected json: JsonSchema = {};
  protected checks: Check<T>[] = [];
  protected description?: string;

  /** What a value of another type is told, in zod's words. */
  protected typeMessage(value: unknown): string {
    return `Invalid input: expected ${this.type}, received ${kindOf(value)}`;
  }

  /** The value's type, before the checks: whether `value` is a T. */
  protected abstract accepts(value: unknown): value is T;

  /** The parts of its items, for an array's schema; none for the others. */
  protected items(_value: T, _path: Issue['path'], _issues: Issue[]): void {}

  protected with(json: JsonSchema, check?: Check<T>): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object), this) as this;
    copy.json = { ...this.json, ...json };
    copy.checks = check ? [...this.checks, check] : this.checks;
    return copy;
  }

  /** What an assistant reads of the argument. */
  describe(description: string): this {
    const copy = this.with({});
    copy.description = description;
    return copy;
  }

  /** The argument may be left out (but not sent as null, as zod's `optional`). */
  optional(): Optional<T> {
    return new Optional(this);
  }

  /** The JSON Schema of the values. */
  toJSON(): JsonSchema {
    return {
      type: this.type,
      ...this.json,
      ...(this.description === undefined ? {} : { description: this.description }),
    };
  }

  /** Adds the issues of `value` at `path`; the value is kept as given when it has none. */
  check(value: unknown, path: Issue['path'], issues: Issue[]): void {
    if (!this.accepts(value)) {
      issues.push({ path, message: this.typeMessage(value) });
      return;
    }
    this.items(value, path, issues);
    for (const check of this.checks) {
      const message = check(value);
      if (message) issues.push({ path, message });
    }
  }
}

/** An argument that may be left out. */
export class Optional<T> {
  constructor(readonly inner: Schema<T>) {}

  describe(description: string): Optional<T> {
    return new Optional(this.inner.describe(description));
  }
}

export class StringSchema extends Schema<string> {
  protected readonly type = 'string';
  protected accepts(value: unknown): value is string {
    return typeof value === 'string';
  }
  /** At least `n` UTF-16 code units (String.length), as zod counts. */
  min(n: number): this {
    return this.with({ minLength: n }, (v) =>
      v.length < n ? `Too small: expected string to have >=${n} characters` : null,
    );
  }
  max(n: number): this {
    return this.with({ maxLength: n }, (v) =>
      v.length > n ? `Too big: expected string to have <=${n} characters` : null,
    );
  }
  /** Matches `pattern`, listed as its source (a JSON Schema `pattern`); `message` says what it wants. */
  regex(pattern: RegExp, message?: string): this {
    return this.with({ pattern: pattern.source }, (v) =>
      pattern.test(v) ? null : (message ?? `Invalid string: must match pattern ${String(pattern)}`),
    );
  }
}

export class NumberSchema extends Schema<number> {
  protected type: 'number' | 'integer' = 'number';
  protected accepts(value: unknown): value is number {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    return this.type === 'number' || Number.isInteger(value);
  }
  /** A fraction is told it is not an `int`, anything else that it is not a `number`. */
  protected override typeMessage(value: unknown): string {
    const expected = this.type === 'integer' && typeof value === 'number' ? 'int' : 'number';
    return `Invalid input: expected ${expected}, received ${kindOf(value)}`;
  }
  /** A whole number (JSON Schema `integer`), within the safe integers as zod lists it. */
  int(): this {
    const copy = this.with({
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    copy.type = 'integer';
    copy.checks = [
      ...copy.checks,
      (v) =>
        v > Number.MAX_SAFE_INTEGER
          ? `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`
          : v < Number.MIN_SAFE_INTEGER
            ? `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`
            : null,
    ];
    return copy;
  }
  min(n: number): this {
    return this.with({ minimum: n }, (v) =>
      v < n ? `Too small: expected number to be >=${n}` : null,
    );
  }
  max(n: number): this {
    return this.with({ maximum: n }, (v) =>
      v > n ? `Too big: expected number to be <=${n}` : null,
    );
  }
}

export class BooleanSchema extends Schema<boolean> {
  protected readonly type = 'boolean';
  protected accepts(value: unknown): value is boolean {
    return typeof value === 'boolean';
  }
}

export class EnumSchema<V extends string> extends Schema<V> {
  protected readonly type = 'string';
  constructor(private readonly values: readonly V[]) {
    super();
    this.json = { enum: [...values] };
  }
  protected accepts(value: unknown): value is V {
    return this.values.includes(value as V);
  }
  protected override typeMessage(): string {
    return `Invalid option: expected one of ${this.values.map((v) => JSON.stringify(v)).join('|')}`;
  }
}

export class ArraySchema<T> extends Schema<T[]> {
  protected readonly type = 'array';
  constructor(private readonly item: Schema<T>) {
    super();
  }
  protected accepts(value: unknown): value is T[] {
    return Array.isArray(value);
  }
  /** Each item checked, unless there are too many: then only that is said (as zod does). */
  protected override items(value: T[], path: Issue['path'], issues: Issue[]): void {
    const max = this.json.maxItems;
    if (typeof max === 'number' && value.length > max) return;
    value.forEach((v, i) => this.item.check(v, [...path, i], issues));
  }
  min(n: number): this {
    return this.with({ minItems: n }, (v) =>
      v.length < n ? `Too small: expected array to have >=${n} items` : null,
    );
  }
  max(n: number): this {
    return this.with({ maxItems: n }, (v) =>
      v.length > n ? `Too big: expected array to have <=${n} items` : null,
    );
  }
  override toJSON(): JsonSchema {
    return { ...super.toJSON(), items: this.item.toJSON() };
  }
}

export const string = (): StringSchema => new StringSchema();
export const number = (): NumberSchema => new NumberSchema();
export const boolean = (): BooleanSchema => new BooleanSchema();
export const array = <T>(item: Schema<T>): ArraySchema<T> => new ArraySchema(item);
function enumOf<const V extends string>(values: readonly V[]): EnumSchema<V> {
  return new EnumSchema(values);
}
export { enumOf as enum };

/** A tool's arguments: each a schema, or an optional one. */
export type Shape = Record<string, Schema<unknown> | Optional<unknown>>;

type Value<S> = S extends Optional<infer T> ? T : S extends Schema<infer T> ? T : never;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends Optional<unknown> ? K : never;
}[keyof S];

/** The arguments a shape accepts: `{ reference: string; version?: string }`. */
export type Infer<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Value<S[K]>;
} & { [K in OptionalKeys<S>]?: Value<S[K]> };

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The JSON Schema of a tool's arguments; `strict`: an argument outside the shape is refused. */
export function objectJsonSchema(shape: Shape, strict: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    if (field instanceof Optional) properties[key] = field.inner.toJSON();
    else {
      properties[key] = field.toJSON();
      required.push(key);
    }
  }
  return {
    $schema: JSON_SCHEMA_DIALECT,
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(strict ? { additionalProperties: false } : {}),
  };
}

/**
 * A call's arguments checked against a tool's shape: the arguments the shape names (others are
 * dropped, or refused when `strict`), or every issue. `args` is an object (src/mcp/server.ts
 * refuses other values first).
 */
export function parseArguments<S extends Shape>(
  shape: S,
  strict: boolean,
  args: Record<string, unknown>,
): { ok: true; value: Infer<S> } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const given = Object.hasOwn(args, key) ? args[key] : undefined;
    if (field instanceof Optional) {
      if (given === undefined) continue;
      field.inner.check(given, [key], issues);
    } else field.check(given, [key], issues);
    value[key] = given;
  }
  if (strict) {
    const unknown = Object.keys(args).filter((k) => !Object.hasOwn(shape, k));
    if (unknown.length)
      issues.unshift({
        path: [],
        message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
      });
  }
  return issues.length ? { ok: false, issues } : { ok: true, value: value as Infer<S> };
}

/** A path as zod writes it: `references[0]`, `["a-b"]`. */
function pathText(path: Issue['path']): string {
  let text = '';
  for (const seg of path) {
    if (typeof seg === 'number') text += `[${seg}]`;
    else if (/[^\w$]/.test(seg)) text += `[${JSON.stringify(seg)}]`;
    else text += text ? `.${seg}` : seg;
  }
  return text;
}

/** The issues as `z.prettifyError` writes them: the shallowest first, each `✖ …` and `  → at …`. */
export function issuesText(issues: Issue[]): string {
  return [...issues]
    .sort((a, b) => a.path.length - b.path.length)
    .flatMap((i) => [`✖ ${i.message}`, ...(i.path.length ? [`  → at ${pathText(i.path)}`] : [])])
    .join('\n');
}
