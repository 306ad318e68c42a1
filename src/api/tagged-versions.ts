import versionsData from '../../data/versions.json';

/**
 * The built versions whose words carry Strong's numbers and parsing (`words` in
 * data/versions.json, which the catalogue is built from): the data decides which are tagged, and
 * the descriptions (the route table's, the schemas', the MCP tools') name them from here.
 */
const TAGGED: readonly { id: string; lang: string }[] = versionsData.versions.filter(
  (v) => 'words' in v && v.words,
);

/** Their codes, in the service's order: `KJV`, `WLC`, `TR`, `SBLGNT`. */
export const TAGGED_VERSION_CODES: readonly string[] = TAGGED.map((v) => v.id);

/**
 * The tagged versions in the original languages, whose tagged words are the text's own (an
 * English version's are its phrases, tagged with the numbers of the words they render), in words:
 * `WLC, TR and SBLGNT`.
 */
export const ORIGINAL_TAGGED_VERSIONS: string = (() => {
  const codes = TAGGED.filter((v) => v.lang !== 'eng').map((v) => v.id);
  return codes.length > 1 ? `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}` : codes.join('');
})();
