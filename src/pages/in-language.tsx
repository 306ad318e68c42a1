import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppEnv } from '../env';
import { MessagesContext, messagesFor } from './messages';

/**
 * A page rendered in the interface language of `lang` (a version's ISO 639-3 code, or none for
 * English): its components read that table with useMessages() (issue 19 §4).
 */
export function inLanguage(lang: string | undefined, page: Child) {
  return <MessagesContext.Provider value={messagesFor(lang)}>{page}</MessagesContext.Provider>;
}

/**
 * Records the language of the page a handler is answering, as soon as the handler knows it (the
 * version in the address), so that an error page for that address speaks it too (app.ts onError).
 */
export function speak(c: Context<AppEnv>, lang: string | undefined): void {
  if (lang) c.set('pageLang', lang);
}

/** The page in the language the handler recorded with speak(). */
export function spoken(c: Context<AppEnv>, page: Child) {
  return inLanguage(c.get('pageLang'), page);
}
