import { documentedPath } from '../openapi/document';
import { accessOf, ROUTES as OPERATIONS, TAGS, type Operation } from '../api/table';
import { Layout } from './layout';

/**
 * /docs: the API reference as a page, generated from the same route table as /openapi.json
 * (src/openapi/document.ts), so the two always say the same. No external renderer or CDN: a
 * small page of ours, under the site's Content-Security-Policy.
 */
/** Descriptions use `backticks` for code, as in the OpenAPI document's Markdown. */
function Text(props: { text: string }) {
  return <>{props.text.split('`').map((part, i) => (i % 2 ? <code>{part}</code> : part))}</>;
}

function OperationEntry(props: { op: Operation }) {
  const { op } = props;
  const params = op.params ?? [];
  const id = `${op.method}-${op.path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return (
    <section class="result" aria-labelledby={id}>
      <h3 id={id}>
        <code>
          {op.method.toUpperCase()} {documentedPath(op)}
        </code>
      </h3>
      <p>
        <Text text={op.summary} />
        {accessOf(op) === 'personal' ? ' (API version 1 only)' : ''}
        {accessOf(op) === 'public' ? ' (no token needed)' : ''}
      </p>
      {params.length ? (
        <ul>
          {params.map((p) => (
            <li>
              <code>{p.name}</code> ({p.in}
              {p.required ? ', required' : ''}): <Text text={p.description} />
            </li>
          ))}
        </ul>
      ) : null}
      <p class="muted">
        {op.body ? (
          <>
            Body: <code>{op.body}</code> as XML or JSON.{' '}
          </>
        ) : null}
        {op.response ? (
          <>
            Answer: <code>{op.response}</code>
            {op.status === 201 ? ' (201 with Location)' : ''}.
          </>
        ) : op.status === 302 ? (
          'Answer: 302 with Location.'
        ) : accessOf(op) === 'public' || op.formats?.length === 1 ? null : (
          'Answer: an empty body.'
        )}
      </p>
    </section>
  );
}

export function ApiDocsPage() {
  return (
    <Layout title="API reference" personal={false}>
      <h1>API reference</h1>
      <p>
        Append <code>.xml</code> for XML or <code>.js</code> for JSON; the same address without a
        suffix is the page of the resource. Every request carries the API token as the HTTP Basic
        user name. An optional <code>/v1</code> or <code>/v2</code> prefix selects the API version;
        account, tags, taggings and notes exist only in version 1. The machine-readable description
        is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav aria-label="Sections">
        <ul class="columns">
          {TAGS.map((t) => (
            <li>
              <a href={`#tag-${t}`}>{t}</a>
            </li>
          ))}
        </ul>
      </nav>
      {TAGS.map((t) => (
        <section aria-labelledby={`tag-${t}`}>
          <h2 id={`tag-${t}`}>{t}</h2>
          {OPERATIONS.filter((op) => op.tag === t).map((op) => (
            <OperationEntry op={op} />
          ))}
        </section>
      ))}
    </Layout>
  );
}
