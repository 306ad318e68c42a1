import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, HAS_CHROMIUM, HEADLESS } from './chromium';
import type { FromSite, ToSite } from './site-process';

/**
 * The browser project's global setup (vitest.config.ts): one site for all its test files. Vitest
 * runs the global setups of all projects before any test, and the browser files only after the
 * Workers files (their group comes second): so the site is started without being waited for, in a
 * process of its own (./site-process.ts), and comes up (bundle, workerd, KV seed) while the
 * Workers tests run. The files reach it through a small HTTP endpoint here (its address is
 * provided as `browserSite`) that answers once the site is up: `POST /accounts` with an e-mail
 * address makes an account and answers `{ url, token }`, or the error the start failed with;
 * `GET /axe.min.js` is axe-core.
 */
/**
 * axe-core, for the files' pages to load by URL (./harness.ts `axe`): a script loaded from one URL
 * is compiled once per renderer and taken from V8's cache on the next pages, where the same 550 KB
 * inlined into each page was compiled again every time (~0.15 s of chromium's CPU a page, ~2 s a
 * run; 27 November 2026).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
/** Where the endpoint below serves axe-core. */
export const AXE_PATH = '/axe.min.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // The browser files skip themselves without chromium (but on CI): nothing to start for them.
  if (!HAS_CHROMIUM && !process.env.CI) return undefined;
  // One chromium for every browser file, each in a context of its own (./harness.ts openBrowser),
  // started beside the site. Without chromium (CI always has it) the files fail to connect.
  const chromium = HAS_CHROMIUM ? puppeteer.launch({ executablePath: CHROMIUM, headless: HEADLESS, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] }) : null;
  const site = fork(fileURLToPath(new URL('./site-process.ts', import.meta.url)), [], { cwd: REPO_ROOT, execArgv: ['--import', 'tsx'] });
  const exited = once(site, 'exit');
  const gone = exited.then(([code]) => `the site's process exited (${String(code)})`);
  const up = new Promise<string>((resolve, reject) => {
    site.on('message', (m: FromSite) => (m.type === 'up' ? resolve(m.url) : m.type === 'failed' ? reject(new Error(m.error)) : undefined));
    void gone.then((why) => reject(new Error(why)));
  });
  // Reported to the files that ask for the site; not an unhandled rejection meanwhile.
  up.catch(() => undefined);

  type Answer = Extract<FromSite, { type: 'account' }>;
  const answers = new Map<number, (m: Answer) => void>();
  site.on('message', (m: FromSite) => {
    if (m.type !== 'account') return;
    answers.get(m.id)?.(m);
    answers.delete(m.id);
  });
  void gone.then((error) => answers.forEach((answer, id) => answer({ type: 'account', id, error })));
  let nextId = 0;
  const account = async (email: string): Promise<{ url: string; token: string }> => {
    const url = await up;
    const id = nextId++;
    const answer = await new Promise<Answer>((resolve) => {
      answers.set(id, resolve);
      site.send({ type: 'account', id, email } satisfies ToSite);
    });
    if (answer.token === undefined) throw new Error(answer.error);
    return { url, token: answer.token };
  };

  const endpoint = createServer((req, res) => {
    if (req.method === 'GET' && req.url === AXE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' }).end(axeSource);
      return;
    }
    if (req.method !== 'POST' || req.url !== '/accounts') {
      res.writeHead(404).end();
      return;
    }
    let email = '';
    req.on('data', (d) => (email += d));
    req.on('end', () => {
      account(email).then(
        (answer) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer)),
        (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(err instanceof Error ? err.message : String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  project.provide('browserSite', `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`);
  const browser = await chromium;
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');

  return async () => {
    endpoint.close();
    await browser?.close();
    if (site.exitCode === null && site.signalCode === null) {
      site.send({ type: 'stop' } satisfies ToSite);
      await exited;
    }
  };
}
