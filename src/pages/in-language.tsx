import type { Child } from 'hono/jsx';
import { MessagesContext, messagesFor } from './messages';

/**
 * A page rendered in the interface language of `lang` (a version's ISO 639-3 code, or none for
 * English): its components read that table with useMessages().
 */
export function inLanguage(lang: string | undefined, page: Child) {
  return <MessagesContext.Provider value={messagesFor(lang)}>{page}</MessagesContext.Provider>;
}
