import { CData, type DocNode, type Field, type ResponseDocument } from '../render/document';
import { Layout } from './layout';
import { useMessages } from './messages';

/**
 * The HTML form of a response document, for resources that have no page of their own in
 * src/pages (the status, account, tags, a tagging): the same names and nesting as the XML, as
 * nested definition lists, with every `path` a link. Text is escaped by hono/jsx; CDATA is text.
 * Scripture and personal pages with real layouts are in src/pages/.
 */
function Empty() {
  return <span class="muted">{useMessages().document.empty}</span>;
}

function Value(props: { name: string; value: Field }) {
  const { name, value } = props;
  if (value === undefined) return null;
  if (value === null) return <Empty />;
  // CDATA holds free text, a reader's own among it (tag names, note titles): isolated, so that
  // its direction never reorders what stands around it.
  if (value instanceof CData) return <bdi>{value.value}</bdi>;
  if (typeof value !== 'object') {
    return name === 'path' ? <a href={String(value)}>{String(value)}</a> : <>{String(value)}</>;
  }
  if (Array.isArray(value)) {
    return (
      <ol>
        {(value as Field[]).map((item) => (
          <li>
            <Value name={name} value={item} />
          </li>
        ))}
      </ol>
    );
  }
  return <Fields node={value as DocNode} />;
}

function Fields(props: { node: DocNode }) {
  const names = Object.keys(props.node).filter((k) => props.node[k] !== undefined && k !== 'meta');
  return (
    <dl>
      {names.map((k) => (
        <>
          <dt>{k}</dt>
          <dd>
            <Value name={k} value={props.node[k]} />
          </dd>
        </>
      ))}
    </dl>
  );
}

export function DocumentPage(props: { doc: ResponseDocument; personal: boolean }) {
  const [root] = Object.keys(props.doc);
  return (
    <Layout title={root} personal={props.personal}>
      <h1>{root}</h1>
      <p class="muted">{useMessages().document.intro}</p>
      <Fields node={props.doc[root]} />
    </Layout>
  );
}
