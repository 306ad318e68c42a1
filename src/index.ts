import { createApp } from './app';

/** Worker entry point (wrangler.toml `main`). */
export default createApp();
