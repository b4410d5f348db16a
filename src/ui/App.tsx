import { BUILD_VERSION } from '../constants';
import { ClientContext } from './hooks';
import { ScreenBoundary } from './ScreenBoundary';
import { SpeedDial } from './SpeedDial';
import type { Shell } from './shell';

export const MODES = { oracle: 'Oracle sign-in', secgw: 'Security gateway', token: 'Token sign-in' };

const show = (v: unknown) => (v == null || v === '' ? '—' : String(v));

function Header({ shell: { state } }: { shell: Shell }) {
  const config = state.config.value;
  const name = String((config && config.displayName) || 'EMWeb');
  const version = state.version.value;
  const mode = state.authType.value;
  const user = state.claims.value?.userId;
  return (
    <header>
      <i aria-hidden="true">{name[0]}</i>
      <div>
        <h1>{name}</h1>
        <small>
          {version ? 'Server ' + version : version == null ? 'Server …' : 'Server version unknown'} · Build {BUILD_VERSION}
        </small>
      </div>
      {state.isCloud.value && <b class="c">Cloud</b>}
      {mode && <b class="m">{MODES[mode]}</b>}
      <span>{user == null ? 'Not signed in' : String(user)}</span>
    </header>
  );
}

const Card = ({ title, rows }: { title: string; rows: [string, unknown][] }) => (
  <section aria-label={title}>
    <h2>{title}</h2>
    <dl>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  </section>
);

/** The start-up facts, for hosts that bring no screens of their own. */
function Home({ shell }: { shell: Shell }) {
  const { state } = shell;
  const claims = state.claims.value ?? {};
  const config = state.config.value;
  const cloud = state.isCloud.value;
  return (
    <>
      <p class="l">{claims.userId == null ? 'Welcome.' : `Welcome, ${claims.userId}.`} The client has started.</p>
      <div class="g">
        <Card
          title="Sign-in"
          rows={[
            ['Mode', state.authType.value && MODES[state.authType.value]],
            ['User', claims.userId],
            ['Profile', claims.profileId],
            ['Language', claims.langId],
          ]}
        />
        <Card
          title="Server"
          rows={[
            ['Version', state.version.value],
            ['Cloud instance', cloud == null ? cloud : cloud ? 'Yes' : 'No'],
            ['API base', shell.client.value?.apiBase],
            ['Configuration', config ? config.configurationItemName : config === false ? 'Unavailable' : null],
          ]}
        />
        <Card
          title="Client"
          rows={[
            ['Build', BUILD_VERSION],
            ['Breakpoint', state.breakpoint.value],
            ['Session', claims.sid],
          ]}
        />
      </div>
    </>
  );
}

const Panel = ({ title, text, button, onClick }: { title: string; text: string; button: string; onClick(): void }) => (
  <section class="p" role="alert">
    <h2>{title}</h2>
    <p>{text}</p>
    <button type="button" onClick={onClick}>
      {button}
    </button>
  </section>
);

function Main({ shell }: { shell: Shell }) {
  const phase = shell.phase.value;
  const client = shell.client.value;
  if (phase === 'error')
    return <Panel title="The client could not start" text={shell.error.value} button="Retry" onClick={shell.retry} />;
  if (phase === 'signin')
    return <Panel title="Sign-in required" text="The security gateway asks you to sign in." button="Sign in" onClick={shell.signIn} />;
  if (!client)
    return (
      <p class="p l" role="status">
        <span class="s" aria-hidden="true" />
        Starting…
      </p>
    );
  return shell.render ? (
    <ClientContext.Provider value={client}>
      <ScreenBoundary>{shell.render(client)}</ScreenBoundary>
    </ClientContext.Provider>
  ) : (
    <Home shell={shell} />
  );
}

/** The shell: header, main area, speed dial, and a live region for short notices. */
export function App({ shell }: { shell: Shell }) {
  return (
    <div class="r" data-bp={shell.state.breakpoint.value} aria-busy={shell.phase.value === 'loading'}>
      <Header shell={shell} />
      <main>
        <Main shell={shell} />
      </main>
      {shell.client.value && shell.actions.length > 0 && <SpeedDial actions={shell.actions} onSelect={shell.run} />}
      <div class="n" role="status" aria-live="polite">
        {shell.notice.value && <span>{shell.notice.value}</span>}
      </div>
    </div>
  );
}
