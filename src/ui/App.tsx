import { ClientContext } from './hooks';
import { Header } from './Header';
import { Home } from './Home';
import { SpeedDial } from './SpeedDial';
import { ScreenBoundary } from './ScreenBoundary';
import type { Shell } from './shell';

function Main({ shell }: { shell: Shell }) {
  const phase = shell.phase.value;
  const client = shell.client.value;
  if (phase === 'error') {
    return (
      <div class="panel" role="alert">
        <h2>The client could not start</h2>
        <p class="msg">{shell.error.value}</p>
        <button type="button" class="btn" onClick={shell.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (phase === 'signin') {
    return (
      <div class="panel">
        <h2>Sign-in required</h2>
        <p class="msg">The security gateway needs you to sign in before the client can start.</p>
        <button type="button" class="btn" onClick={shell.signIn}>
          Sign in
        </button>
      </div>
    );
  }
  if (phase === 'loading' || !client) {
    return (
      <div class="panel loading" role="status">
        <span class="spin" aria-hidden="true" />
        Starting…
      </div>
    );
  }
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
  const client = shell.client.value;
  return (
    <div class="root" data-bp={shell.state.breakpoint.value} aria-busy={shell.phase.value === 'loading'}>
      <Header shell={shell} />
      <main class="main">
        <Main shell={shell} />
      </main>
      {client && shell.actions.length > 0 && (
        <SpeedDial actions={shell.actions} onSelect={shell.run} />
      )}
      <div class="notice" role="status" aria-live="polite">
        {shell.notice.value && <span>{shell.notice.value}</span>}
      </div>
    </div>
  );
}
