import { createRequire } from 'node:module';

// `ws` comes with Miniflare; its types are not installed, so it is loaded untyped.
const WebSocket = createRequire(import.meta.url)('ws');

/** A DevTools session with our worker's isolate in workerd. */
export interface Inspector {
  send: (method: string, params?: Record<string, unknown>) => Promise<any>;
  close: () => void;
}

/**
 * Connects to the isolate that runs our worker, on Miniflare's inspector port (its other isolates
 * serve KV, D1, …; ours is named `core:user:`).
 */
export async function inspectUserIsolate(port: number): Promise<Inspector> {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = list.find((t) => t.webSocketDebuggerUrl.endsWith('core:user:'));
  if (!target) throw new Error(`no user isolate on inspector port ${port}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on('message', (data: unknown) => {
    const m = JSON.parse(String(data));
    if (m.id) waiting.get(m.id)?.(m.result);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const n = ++id;
        waiting.set(n, resolve);
        ws.send(JSON.stringify({ id: n, method, params }));
      }),
    close: () => ws.close(),
  };
}
