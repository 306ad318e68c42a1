/**
 * The merged lexicon (./lexicons) read once per build, with the copyright line of each language's
 * entries made from the sources' own license wording ("record each license in the
 * copyright of each version or resource").
 */
import type { StudyMetaValue } from '../../../src/snapshot/study-types';
import { readLexicon } from './lexicons/index';
import { studySourcesInstalled } from './sources';
import type { LexiconEntry } from './types';

export interface StudyLexicon {
  entries: Map<string, LexiconEntry>;
  sources: StudyMetaValue['sources'];
  gaps: string[];
  copyright: StudyMetaValue['lexiconCopyright'];
}

let loaded: StudyLexicon | null | undefined;

export function studyLexicon(): StudyLexicon | null {
  if (loaded !== undefined) return loaded;
  if (!studySourcesInstalled()) return (loaded = null);
  const lexicon = readLexicon();
  const sources = lexicon.sources.map((s) => ({
    name: s.name,
    license: s.license,
    feeds: s.feeds,
  }));
  const line = (test: (name: string) => boolean) =>
    sources
      .filter((s) => test(s.name))
      .map((s) => `${s.name}: ${s.license}`)
      .join(' ');
  loaded = {
    entries: lexicon.entries,
    sources,
    gaps: lexicon.gaps,
    copyright: {
      hbo: `${line((n) => /hebrew|brown|bdb/i.test(n))} From the Debian package bibledit-cloud-data.`,
      grc: `${line((n) => /greek|abbott/i.test(n))} From the Debian package bibledit-cloud-data.`,
    },
  };
  return loaded;
}
