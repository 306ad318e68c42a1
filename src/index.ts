import { createApp } from './app';
import { keptAnswer } from './middleware/scripture-cache';

const app = createApp();

/**
 * Worker entry point (wrangler.toml `main`): a read this isolate has answered before, for a caller
 * it has verified, is answered from the kept response (src/middleware/scripture-cache.ts
 * `keptAnswer`); everything else goes to the app.
 */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    return keptAnswer(request, env) ?? app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
