import type { Tool } from '../tool';
import { verseStudy } from './library';
import { addNote, listMyNotes, tagVerses } from './notes';
import { lookupPassage, searchText } from './scripture';
import { grammarSearch } from './grammar';
import { wordStudy } from './study';

/**
 * Every tool of the endpoint, in the order `tools/list` gives them (docs/mcp.md lists them so).
 * Each `run` takes its own arguments' type, which a list of tools cannot name, hence the cast: the
 * server parses a call's arguments with that tool's own schema before running it (../server.ts).
 */
export const TOOLS: readonly Tool[] = [
  lookupPassage,
  searchText,
  wordStudy,
  grammarSearch,
  verseStudy,
  listMyNotes,
  addNote,
  tagVerses,
] as unknown as readonly Tool[];
