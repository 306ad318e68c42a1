import { Layout } from './layout';
import { useMessages } from './messages';

/**
 * Error pages of HTML requests: the same status and messages as the API's error
 * document, as a short page. A 401 says how to sign in: the browser shows its own Basic sign-in
 * dialog (the response carries `WWW-Authenticate`), where the API token is the user name.
 */
export function ErrorPage(props: { status: number; messages: string[] }) {
  const t = useMessages();
  const title = t.errors.titles[props.status] ?? t.errors.fallbackTitle;
  const signIn = t.errors.signIn;
  return (
    <Layout title={title} personal={false}>
      <h1>{title}</h1>
      {props.status === 401 ? (
        <>
          <p>
            {signIn.before}
            <strong>{signIn.tokenAsUser}</strong>
            {signIn.after}
          </p>
          <p>{signIn.howToMake}</p>
          <pre>
            <code>npm run user -- create you@example.com --password 'a good password'</code>
          </pre>
          <p>{signIn.lastLine}</p>
        </>
      ) : (
        // The messages are the API's own (the same as the XML/JSON error document), in English.
        <ul lang={t.lang === 'en' ? undefined : 'en'}>
          {props.messages.map((m) => (
            <li>{m}</li>
          ))}
        </ul>
      )}
      <p>
        <a href="/">{t.errors.home}</a> · <a href="/versions">{t.site.versions}</a>
      </p>
    </Layout>
  );
}
