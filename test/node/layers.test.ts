import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of issue 20 §3, checked on the source: no module imports itself back through
 * others (type imports included: a circle of types is still a circle for a reader), the renderer
 * (src/render) imports nothing above it, and the data modules (src/search, src/catalogue,
 * src/annotations) know nothing of Hono's request context.
 */

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
  for (const ext of ['', '.ts', '.tsx', '/index.ts']) if (existsSync(base + ext) && statSync(base + ext).isFile()) return base + ext;
  return base;
}

/** Module → the project modules it imports (relative imports and re-exports, types included). */
const graph = new Map<string, string[]>();
/** Module → the packages it imports. */
const packages = new Map<string, string[]>();
for (const file of ROOTS.flatMap((r) => sourceFiles(r))) {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
  graph.set(file, specs.filter((s) => s.startsWith('.')).map((s) => resolve(file, s)));
  packages.set(file, specs.filter((s) => !s.startsWith('.')));
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
        if (state.get(dep) === 'open') circles.push([...stack.slice(stack.indexOf(dep)), dep].join(' → '));
        else if (!state.has(dep)) visit(dep);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('keeps the renderer below everything: src/render imports only src/render, the snapshot types and env', () => {
    const up = [...graph].flatMap(([file, deps]) => (file.startsWith('src/render/') ? deps.filter((d) => !/^src\/(render|snapshot)\/|^src\/env\.ts$/.test(d)).map((d) => `${file} → ${d}`) : []));
    expect(up).toEqual([]);
  });

  it('keeps Hono out of the data modules (search, catalogue, annotations, snapshot)', () => {
    const hono = [...packages].filter(([file, pkgs]) => /^src\/(search|catalogue|annotations|snapshot)\//.test(file) && pkgs.some((p) => p === 'hono' || p.startsWith('hono/')));
    expect(hono.map(([file]) => file)).toEqual([]);
  });
});
