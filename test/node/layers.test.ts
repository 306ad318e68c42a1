import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules, checked on the source: the folders of src/ stand in one order, each importing
 * only from those below it (LAYERS; docs/architecture.md); no module imports itself back through
 * others (type imports included: a circle of types is still a circle for a reader); and the data
 * modules know nothing of Hono's request context.
 */

/**
 * The folders of src/ from the bottom up (a top-level module is its own layer: `env` for
 * src/env.ts). The shared definitions lowest (the snapshot's keys and types, the renderer, the
 * isolate's caches, HTTP's pieces, the contract), then the data modules, then what composes them:
 * middleware, the OpenAPI description, the views, the handlers, the app.
 */
export const LAYERS = [
  'snapshot',
  'render',
  'cache',
  'env',
  'http',
  'api',
  'db',
  'auth',
  'catalogue',
  'search',
  'study',
  'library',
  'annotations',
  'mcp',
  'middleware',
  'openapi',
  'pages',
  'routes',
  'app',
  'index',
];

/** The layer of a file of src/: its folder, or its own name at the top. */
const layerOf = (file: string) => file.split('/')[1].replace(/\.tsx?$/, '');

const ROOTS = ['src', 'scripts'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolve(from: string, spec: string): string {
  const base = path.normalize(path.join(path.dirname(from), spec));
  for (const ext of ['', '.ts', '.tsx', '/index.ts'])
    if (existsSync(base + ext) && statSync(base + ext).isFile()) return base + ext;
  return base;
}

/** Module → the project modules it imports (relative imports and re-exports, types included). */
const graph = new Map<string, string[]>();
/** Module → the packages it imports. */
const packages = new Map<string, string[]>();
for (const file of ROOTS.flatMap((r) => sourceFiles(r))) {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map(
    (m) => m[1],
  );
  graph.set(
    file,
    specs.filter((s) => s.startsWith('.')).map((s) => resolve(file, s)),
  );
  packages.set(
    file,
    specs.filter((s) => !s.startsWith('.')),
  );
}

describe('layers of the source', () => {
  it('has no import circles', () => {
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const circles: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const dep of graph.get(file) ?? []) {
        if (!graph.has(dep)) continue;
        if (state.get(dep) === 'open')
          circles.push([...stack.slice(stack.indexOf(dep)), dep].join(' → '));
        else if (!state.has(dep)) visit(dep);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('names every folder of src/ in its order of layers', () => {
    const folders = new Set([...graph.keys()].filter((f) => f.startsWith('src/')).map(layerOf));
    expect([...folders].filter((f) => !LAYERS.includes(f))).toEqual([]);
  });

  it('imports only from below: no module of a layer imports a module of a layer above it', () => {
    const rank = (file: string) => LAYERS.indexOf(layerOf(file));
    const up = [...graph].flatMap(([file, deps]) =>
      file.startsWith('src/')
        ? deps
            .filter((d) => d.startsWith('src/') && rank(d) > rank(file))
            .map((d) => `${file} → ${d}`)
        : [],
    );
    expect(up).toEqual([]);
  });

  it('keeps Hono out of the data modules (search, catalogue, annotations, snapshot)', () => {
    const hono = [...packages].filter(
      ([file, pkgs]) =>
        /^src\/(search|catalogue|annotations|snapshot)\//.test(file) &&
        pkgs.some((p) => p === 'hono' || p.startsWith('hono/')),
    );
    expect(hono.map(([file]) => file)).toEqual([]);
  });
});
