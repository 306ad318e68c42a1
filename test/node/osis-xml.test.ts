import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { OSIS_XML_OPTIONS, parseOsisXml } from '../../scripts/snapshot/importers/osis-xml';

// The OSIS importer's own reader of the markup OSIS sources use (scripts/snapshot/importers/osis-xml.ts)
// makes the tree fast-xml-parser makes with the importer's options, and gives up (null: the
// importer then runs fast-xml-parser) on any markup outside it. Made-up documents.

const fastXmlParser = new XMLParser(OSIS_XML_OPTIONS);

/** Plain data (the reader shares frozen nodes; the trees compare as data). */
const data = (tree: unknown) => JSON.parse(JSON.stringify(tree)) as unknown;

describe("the OSIS importer's XML reader", () => {
  it.each([
    [
      'a document as mod2osis writes it',
      '<?xml version="1.0" encoding="UTF-8" ?>\n\n<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace">\n\n<osisText osisIDWork="Made" xml:lang="en">\n\t<div type="book" osisID="Gen">\n\n\t<chapter osisID="Gen.1">\n\t\t<verse osisID="Gen.1.1"><w lemma="strong:H7225">In the beginning</w> <w lemma="strong:H0430">God</w><note placement="foot"><reference type="annotateRef">1:1 </reference>A note.</note> <transChange type="added">was</transChange>.<div eID="gen1" type="x-p"/></verse>\n\n\t</chapter>\n\t</div>\n\t</osisText>\n</osis>\n',
    ],
    [
      'entities, quotes and spacing in tags',
      `<a x='1' y = "2 > 1" z="&amp;&lt;&gt;&quot;&apos;" flag>Tom &amp; Jerry &lt;3 <b\tc="d"/><e /> <f></f>   <g h="i/">j</g></a>`,
    ],
    [
      'text around the root and white space of every kind',
      ' before <r>\n\t <s> </s>\t\n</r> after',
    ],
    ['elements left open', '<r><s>unclosed'],
  ])('%s: the tree fast-xml-parser makes', (_, xml) => {
    const tree = parseOsisXml(xml);
    expect(tree).not.toBeNull();
    expect(data(tree)).toEqual(data(fastXmlParser.parse(xml)));
  });

  it.each([
    ['a comment', '<r><!-- note --></r>'],
    ['CDATA', '<r><![CDATA[x]]></r>'],
    ['a DOCTYPE', '<!DOCTYPE osis><r/>'],
    ['an instruction after the start', '<r><?pi x?></r>'],
    ['a character reference', '<r>&#x2014;</r>'],
    ['another entity', '<r>&nbsp;</r>'],
    ['an ampersand alone', '<r>Tom & Jerry</r>'],
    ['a carriage return', '<r>\r\n</r>'],
    ['a closing tag with nothing open', '</r>'],
    ['a name JavaScript reserves', '<r __proto__="x"/>'],
  ])('gives up on %s', (_, xml) => {
    expect(parseOsisXml(xml)).toBeNull();
  });
});
