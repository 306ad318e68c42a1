import type { Tool } from '../tool';
import { verseStudy } from './library';
import { addNote, listMyNotes, tagVerses } from './notes';
import { lookupPassage, searchText } from './scripture';
import { wordStudy } from './study';

/** Every tool of the endpoint, in the order `tools/list` gives them (docs/mcp.md lists them so). */
export const TOOLS: readonly Tool[] = [
  lookupPassage,
  searchText,
  wordStudy,
  verseStudy,
  listMyNotes,
  addNote,
  tagVerses,
] as unknown as readonly Tool[];
