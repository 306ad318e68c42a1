import type { BookEntry, BookGroupEntry, DownloadFormat, VersionEntry } from '../snapshot/types';
import { bookId, chapterId, verseId } from './ids';

/**
 * The paths of catalogue resources, without a suffix (docs/contract.md: the API's `path`
 * fields), which are also the reading site's page addresses: written once here for both.
 */
export const versionPath = (v: Pick<VersionEntry, 'id'>) => `/versions/${v.id}`;
/** A version's whole download in one format (docs/kv-layout.md "Downloads"): it has a suffix. */
export const downloadPath = (v: Pick<VersionEntry, 'id'>, format: DownloadFormat) =>
  `${versionPath(v)}/download.${format}`;
export const groupPath = (g: BookGroupEntry) => `/bookgroups/${g.id}`;
export const bookPath = (b: BookEntry) => `/books/${bookId(b)}`;
export const chapterPath = (b: BookEntry, chapter: number) => `/chapters/${chapterId(b, chapter)}`;
export const versePath = (b: BookEntry, chapter: number, verse: number) =>
  `/verses/${verseId(b, chapter, verse)}`;
