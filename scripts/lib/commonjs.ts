import { createRequire } from 'node:module';

/**
 * Wrangler and Miniflare for the scripts and test processes that run them in Node: required, not
 * imported. Both are CommonJS bundles (wrangler's 15 MB, Miniflare's 6 MB), and an ESM `import`
 * of CommonJS first scans the whole file for the names it exports (Node's cjs-module-lexer):
 * measured on the 2-core build machine, 26 November 2026, ~1 s of CPU more for wrangler and
 * ~0.6 s more for Miniflare than `require`. Types come from the packages as usual.
 */
const require = createRequire(import.meta.url);

export function requireWrangler(): typeof import('wrangler') {
  return require('wrangler') as typeof import('wrangler');
}

export function requireMiniflare(): typeof import('miniflare') {
  return require('miniflare') as typeof import('miniflare');
}
