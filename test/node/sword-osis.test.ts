import { describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { osisFromImp, type SwordModuleInfo } from '../../scripts/snapshot/importers/sword-osis';

// mod2osis's document made from mod2imp's entries (scripts/snapshot/importers/sword-osis.ts): the
// frame mod2osis writes, the entries it skips, and where it would be guessed (null: the build runs
// mod2osis itself). A made-up module; the real ones were compared byte for byte (docs/speed.md).

const info: SwordModuleInfo = {
  name: 'Made',
  description: 'A Made-up Bible',
  lang: 'en',
  encoding: 'UTF-8',
};

/** mod2imp's output: each entry `$$$key`, its raw text, a newline; one more newline at the end. */
const imp = (entries: [string, string][]) =>
  entries.map(([key, raw]) => `$$$${key}\n${raw}\n`).join('') + '\n';

const HEAD =
  '<?xml version="1.0" encoding="UTF-8" ?>\n\n' +
  '<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.bibletechnologies.net/2003/OSIS/namespace http://www.bibletechnologies.net/osisCore.2.1.1.xsd">\n\n' +
  '<osisText osisIDWork="Made" osisRefWork="defaultReferenceScheme" xml:lang="en">\n\n' +
  '\t<header>\n\t\t<work osisWork="Made">\n\t\t\t<title>A Made-up Bible</title>\n' +
  '\t\t\t<identifier type="OSIS">Bible.Made</identifier>\n\t\t\t<refSystem>Bible.KJV</refSystem>\n' +
  '\t\t</work>\n\t\t<work osisWork="defaultReferenceScheme">\n\t\t\t<refSystem>Bible.KJV</refSystem>\n' +
  '\t\t</work>\n\t</header>\n\n';

describe("mod2osis's document from mod2imp's entries", () => {
  const canon = loadCanon();

  it('writes the frame, skips headings, introductions and entries that render empty', () => {
    const doc = osisFromImp(
      imp([
        ['[ Module Heading ]', '<milestone type="x-importer"/>'],
        ['[ Testament 1 Heading ]', ''],
        ['Genesis 0:0', '<title>Genesis</title>'],
        ['Genesis 1:0', '<chapter osisID="Gen.1" sID="Gen.1"/>'],
        ['Genesis 1:1', '<w lemma="strong:H7225">In the beginning</w>.'],
        ['Genesis 1:2', '<chapter eID="Gen.1"/><div eID="p1" type="x-p"/>'],
        ['Genesis 1:3', ''],
        ['Genesis 2:1', 'The second.'],
        ['Tobit 1:1', 'Tobit.'],
        ['[ Testament 2 Heading ]', ''],
        ['Matthew 1:1', 'Matthew.'],
        ['Matthew 1:2', '<chapter eID="Matt.1"/> <div eID="b" osisID="Matt" type="book"/>'],
      ]),
      info,
      canon,
    );
    expect(doc).toBe(
      HEAD +
        '\t<div type="x-testament">\n' +
        '\t<div type="book" osisID="Gen">\n\n' +
        '\t<chapter osisID="Gen.1">\n' +
        '\t\t<verse osisID="Gen.1.1"><w lemma="strong:H7225">In the beginning</w>.</verse>\n\n' +
        '\t</chapter>\n' +
        '\t<chapter osisID="Gen.2">\n' +
        '\t\t<verse osisID="Gen.2.1">The second.</verse>\n\n' +
        '\t</chapter>\n' +
        '\t</div>\n' +
        // The deuterocanon stays in the first testament, as SWORD numbers it.
        '\t<div type="book" osisID="Tob">\n\n' +
        '\t<chapter osisID="Tob.1">\n' +
        '\t\t<verse osisID="Tob.1.1">Tobit.</verse>\n\n' +
        '\t</chapter>\n' +
        '\t</div>\n' +
        '\t</div>\n' +
        '\t<div type="x-testament">\n' +
        '\t<div type="book" osisID="Matt">\n\n' +
        '\t<chapter osisID="Matt.1">\n' +
        '\t\t<verse osisID="Matt.1.1">Matthew.</verse>\n\n' +
        // White space between milestones renders as itself: the entry is written.
        '\t\t<verse osisID="Matt.1.2"><chapter eID="Matt.1"/> <div eID="b" osisID="Matt" type="book"/></verse>\n\n' +
        '\t</chapter>\n' +
        '\t</div>\n' +
        '\t</div>\n' +
        '\t</osisText>\n</osis>\n',
    );
  });

  it('leaves out xml:lang without a language, and names the encoding the conf gives', () => {
    const doc = osisFromImp(
      imp([['John 1:1', 'In the beginning.']]),
      { ...info, lang: '', encoding: 'Latin-1' },
      canon,
    )!;
    expect(doc.startsWith('<?xml version="1.0" encoding="Latin-1" ?>')).toBe(true);
    expect(doc).toContain('<osisText osisIDWork="Made" osisRefWork="defaultReferenceScheme">');
  });

  it('gives up (null) where it would guess: a book it does not know, markup alone it cannot render', () => {
    expect(osisFromImp(imp([['Odes 1:1', 'A song.']]), info, canon)).toBeNull();
    expect(osisFromImp(imp([['John 1:1', '<milestone type="x-p"/>']]), info, canon)).toBeNull();
    expect(
      osisFromImp(imp([['John 1:1', '<div eID="b" osisID="John" type="book"/>']]), info, canon),
    ).toBeNull();
  });
});
