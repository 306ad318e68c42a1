import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { writeBenchConfig } from '../../scripts/bench/config';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { RATE_LIMITS } from '../../src/http/rate-limits';
import { IMPORT_MOST_COUNTS } from '../../src/api/limits';

/**
 * The limits live in wrangler.toml; src/http/rate-limits.ts repeats their periods
 * (the binding does not report them, and Retry-After needs them) and docs/configuration.md states them.
 * This keeps the three in step.
 */

interface LimitConfig {
  name: string;
  namespace: string;
  limit: number;
  period: number;
}

function wranglerLimits(file = path.join(REPO_ROOT, 'wrangler.toml')): LimitConfig[] {
  const toml = readFileSync(file, 'utf8');
  return toml
    .split(/^\[\[ratelimits\]\]\s*$/m)
    .slice(1)
    .map((block) => {
      const name = /^name\s*=\s*"([A-Z_]+)"/m.exec(block)?.[1];
      const namespace = /^namespace_id\s*=\s*"(\d+)"/m.exec(block)?.[1];
      const simple = /^simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/m.exec(
        block,
      );
      if (!name || !namespace || !simple)
        throw new Error(`unreadable [[ratelimits]] block:\n${block}`);
      return { name, namespace, limit: Number(simple[1]), period: Number(simple[2]) };
    });
}

describe('rate limit configuration', () => {
  const configured = wranglerLimits();

  it('wrangler.toml binds exactly the limiters the worker uses, with distinct namespaces', () => {
    expect(configured.map((l) => l.name).sort()).toEqual(
      Object.values(RATE_LIMITS)
        .map((l) => l.binding)
        .sort(),
    );
    expect(new Set(configured.map((l) => l.namespace)).size).toBe(configured.length);
  });

  it('the periods src/http/rate-limits.ts sends as Retry-After are those of wrangler.toml', () => {
    for (const limit of Object.values(RATE_LIMITS)) {
      expect(configured.find((l) => l.name === limit.binding)?.period).toBe(limit.period);
    }
  });

  it("an import counts at most TRANSFER_LIMITER's limit, so any import can pass within one window", () => {
    expect(configured.find((l) => l.name === RATE_LIMITS.transfer.binding)?.limit).toBe(
      IMPORT_MOST_COUNTS,
    );
  });

  it('docs/configuration.md states each limit as configured', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    for (const l of configured) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${l.name}\` |`));
      expect(row, l.name).toBeDefined();
      expect(row!.endsWith(`| ${l.limit} per ${l.period} s |`), row).toBe(true);
    }
  });

  it('the bench runs the same configuration with every limit raised and absolute paths', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = writeBenchConfig(dir);
    const bench = wranglerLimits(file);
    expect(bench.map(({ name, namespace, period }) => ({ name, namespace, period }))).toEqual(
      configured.map(({ name, namespace, period }) => ({ name, namespace, period })),
    );
    for (const l of bench) expect(l.limit).toBeGreaterThanOrEqual(1_000_000);
    const text = readFileSync(file, 'utf8');
    const main = /^main = "([^"]+)"/m.exec(text)?.[1];
    expect(main && path.isAbsolute(main) && existsSync(main)).toBe(true);
    expect(/^migrations_dir = "([^"]+)"/m.exec(text)?.[1]).toBe(path.join(REPO_ROOT, 'migrations'));
    expect(/^directory = "([^"]+)"/m.exec(text)?.[1]).toBe(path.join(REPO_ROOT, 'public'));
  });
});
