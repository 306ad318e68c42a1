import { Layout } from './layout';

/**
 * Error pages of HTML requests (issue 10 §2): the same status and messages as the API's error
 * document, as a short page. A 401 says how to sign in: the browser shows its own Basic sign-in
 * dialog (the response carries `WWW-Authenticate`), where the API token is the user name.
 */
const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign in with your API token',
  403: 'Not allowed',
  404: 'Not found',
  413: 'Too large',
  415: 'Unsupported body',
  422: 'Not saved',
  429: 'Too many requests',
  503: 'Not available',
};

export function ErrorPage(props: { status: number; messages: string[] }) {
  const title = TITLES[props.status] ?? 'Something went wrong';
  return (
    <Layout title={title} personal={false}>
      <h1>{title}</h1>
      {props.status === 401 ? (
        <>
          <p>
            Every page of this service needs an API token. When your browser asks you to sign in, enter the <strong>token as the user name</strong> and
            anything (or nothing) as the password.
          </p>
          <p>A token is made with the account of a user, on the machine that runs the service:</p>
          <pre>
            <code>npm run user -- create you@example.com --password 'a good password'</code>
          </pre>
          <p>It prints the token on its last line. The same token works for the XML and JSON API, sent as the HTTP Basic user name.</p>
        </>
      ) : (
        <ul>
          {props.messages.map((m) => (
            <li>{m}</li>
          ))}
        </ul>
      )}
      <p>
        <a href="/">Home</a> · <a href="/versions">Versions</a>
      </p>
    </Layout>
  );
}
