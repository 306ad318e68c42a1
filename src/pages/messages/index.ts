import { createContext, useContext } from 'hono/jsx';
import { htmlLang } from '../lang';
import { en } from './en';
import { es } from './es';
import type { Messages } from './types';

export type { Messages } from './types';

/**
 * The interface languages of the reading site, by BCP 47 tag. A page speaks the
 * language of its scripture when there is a table for it (the RV1909's pages are Spanish), and
 * English otherwise; pages with no scripture of one language (home, the version list, personal
 * pages, searches over several languages) are English. Adding a language is adding a table here.
 */
const TABLES: Record<string, Messages> = { en, es };

export const DEFAULT_MESSAGES = en;

/** The table for a version's language (ISO 639-3 `spa`) or a BCP 47 tag (`es`); English when there is none. */
export function messagesFor(lang: string | undefined): Messages {
  return (lang && TABLES[htmlLang(lang)]) || DEFAULT_MESSAGES;
}

/**
 * The table of the page being rendered: page components read it with `useMessages()`, and the
 * renderer (src/http/html.ts) provides it, so no component passes it along by hand.
 */
export const MessagesContext = createContext<Messages>(DEFAULT_MESSAGES);

export function useMessages(): Messages {
  return useContext(MessagesContext);
}
