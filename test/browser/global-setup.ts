import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, HAS_CHROMIUM, HEADLESS } from './chromium';
import type { FromSite, ToSite } from './site-process';

/**
 * Where the endpoint below serves axe-core, for the files' pages to load by URL (./harness.ts
 * `axe`): a script loaded from one URL is compiled once per renderer and taken from V8's cache on
 * the next pages, where the same 550 KB inlined into each page was compiled again every time
 * (~0.15 s of chromium's CPU a page, ~2 s a run; 27 November 2026).
 */
export const AXE_PATH = '/axe.min.js';

/**
 * The node project's global setup (vitest.config.ts), for its browser files: one chromium and one
 * site for all of them, each file in a browser context and an account of its own (./harness.ts).
 * The files reach them through a small HTTP endpoint here, whose address is provided as
 * `browserSite`:
 * - `POST /accounts` with an e-mail address makes an account on the site and answers
 *   `{ url, bundle, token }` (or the error the site's start failed with) once the site is up;
 * - `POST /read-keys` with `{ email, origins }` makes an account and a publishable read key of it
 *   accepted from `origins` (docs/tagger.md), and answers `{ url, token, key }`;
 * - `GET /browser` answers chromium's DevTools address as text once it has started;
 * - `GET /axe.min.js` is axe-core.
 *
 * Both start when a file first asks, so that a run of the scripts' files alone starts neither
 * (they are one project with the browser files, whose Vitest workers then run files of both one
 * after another: a worker is only reused for a file of its own project, and two projects started
 * 8 workers in a full run against 3, 1.5 s more of their CPU and 2.6 s more in all, three
 * alternating runs each on the 2-core build machine; 27 November 2026). `npm test`
 * (scripts/test.ts), whose run always has browser files, sets BROWSER_SITE_AT_ONCE: they then
 * come up beside the Workers tests' start. The site runs in a process of its own (./site-process.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: BrowserAndSite | undefined;
  const start = (): BrowserAndSite => (started ??= startBrowserAndSite());
  if (process.env.BROWSER_SITE_AT_ONCE) start();
  // Read here, not when the module loads: ./harness.ts imports AXE_PATH in every test worker.
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));

  const answer = (res: ServerResponse, work: Promise<string>, type: string) =>
    work.then(
      (body) => res.writeHead(200, { 'Content-Type': type }).end(body),
      (err: unknown) =>
        res
          .writeHead(500, { 'Content-Type': 'text/plain' })
          .end(err instanceof Error ? err.message : String(err)),
    );
  const endpoint = createServer((req, res) => {
    if (req.method === 'GET' && req.url === AXE_PATH) {
      res
        .writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' })
        .end(axeSource);
    } else if (req.method === 'GET' && req.url === '/browser') {
      void answer(res, start().browserEndpoint, 'text/plain');
    } else if (req.method === 'POST' && req.url === '/accounts') {
      let email = '';
      req.on('data', (d) => (email += d));
      req.on(
        'end',
        () => void answer(res, start().account(email).then(JSON.stringify), 'application/json'),
      );
    } else if (req.method === 'POST' && req.url === '/read-keys') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const { email, origins } = JSON.parse(body) as { email: string; origins: string[] };
        void answer(res, start().account(email, origins).then(JSON.stringify), 'application/json');
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  project.provide('browserSite', `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`);

  return async () => {
    endpoint.close();
    await started?.stop();
  };
}

interface BrowserAndSite {
  /** Chromium's DevTools address, once it has started. */
  browserEndpoint: Promise<string>;
  /** A new account on the site, once it is up; with `origins`, and a read key of it accepted from them. */
  account: (
    email: string,
    origins?: string[],
  ) => Promise<{ url: string; bundle: string; token: string; key?: string }>;
  stop: () => Promise<void>;
}

/** Launches chromium and forks the site's process, side by side. */
function startBrowserAndSite(): BrowserAndSite {
  const chromium = HAS_CHROMIUM
    ? puppeteer.launch({
        executablePath: CHROMIUM,
        headless: HEADLESS,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      })
    : Promise.reject(
        new Error(
          `no chromium at ${CHROMIUM} (Debian's chromium-headless-shell; .ci/run installs it)`,
        ),
      );
  // Reported to the files that ask for it; not an unhandled rejection meanwhile.
  chromium.catch(() => undefined);
  // tsx's ESM loader alone: the site's TypeScript is all ES modules, and tsx's CommonJS hook
  // scans every file `require` loads for module syntax, here wrangler's and Miniflare's bundles
  // (21 MB, scripts/lib/commonjs.ts): ~1.4 s of the site process's CPU (4.5 -> 3.1 s of its own,
  // two runs each on the busy 2-core machine; 28 November 2026).
  const site = fork(fileURLToPath(new URL('./site-process.ts', import.meta.url)), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx/esm'],
  });
  const exited = once(site, 'exit');
  const gone = exited.then(([code]) => `the site's process exited (${String(code)})`);
  const up = new Promise<{ url: string; bundle: string }>((resolve, reject) => {
    site.on('message', (m: FromSite) =>
      m.type === 'up'
        ? resolve({ url: m.url, bundle: m.bundle })
        : m.type === 'failed'
          ? reject(new Error(m.error))
          : undefined,
    );
    void gone.then((why) => reject(new Error(why)));
  });
  up.catch(() => undefined);

  type Answer = Extract<FromSite, { type: 'account' }>;
  const answers = new Map<number, (m: Answer) => void>();
  site.on('message', (m: FromSite) => {
    if (m.type !== 'account') return;
    answers.get(m.id)?.(m);
    answers.delete(m.id);
  });
  void gone.then((error) =>
    answers.forEach((answer, id) => answer({ type: 'account', id, error })),
  );
  let nextId = 0;
  const account = async (
    email: string,
    origins?: string[],
  ): Promise<{ url: string; bundle: string; token: string; key?: string }> => {
    const { url, bundle } = await up;
    const id = nextId++;
    const answer = await new Promise<Answer>((resolve) => {
      answers.set(id, resolve);
      site.send({ type: 'account', id, email, origins } satisfies ToSite);
    });
    if (answer.token === undefined) throw new Error(answer.error);
    return { url, bundle, token: answer.token, key: answer.key };
  };

  const stop = async () => {
    await (await chromium.catch(() => null))?.close();
    if (site.exitCode === null && site.signalCode === null) {
      site.send({ type: 'stop' } satisfies ToSite);
      await exited;
    }
  };
  return { browserEndpoint: chromium.then((browser) => browser.wsEndpoint()), account, stop };
}
