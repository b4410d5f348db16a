import type { ComponentChildren } from 'preact';
import { useErrorBoundary } from 'preact/hooks';
import { useLayoutEffect, useReducer } from 'react';
import { effect } from '../state/signal';
import { BUILD_VERSION } from '../constants';
import { ClientContext } from './hooks';
import { SpeedDial } from './SpeedDial';
import type { Shell } from './shell';

export const MODES = { oracle: 'Oracle', secgw: 'Security gateway', token: 'Token' };

/**
 * Server JSON as text. String() throws on an object whose toString is not a function
 * (`{"toString":1}`), so objects are shown as their JSON.
 */
const text = (v: unknown): string => (v == null || v === '' ? '—' : typeof v == 'object' ? JSON.stringify(v) : String(v));

/** The start-up facts, for hosts that bring no screens of their own. */
function Home({ shell: { state, client } }: { shell: Shell }) {
  const c = state.claims.value ?? {};
  const config = state.config.value;
  const facts = {
    'Sign-in mode': MODES[state.authType.value!],
    User: c.userId,
    'Server version': state.version.value,
    'Cloud instance': state.isCloud.value ? 'Yes' : 'No',
    'API base': client.value!.apiBase,
    Configuration: config ? config.configurationItemName : 'Unavailable',
  };
  return (
    <section>
      <h2>Start-up</h2>
      <dl>
        {Object.entries(facts).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const Panel = (p: { title: string; text: string; button: string; onClick(): void }) => (
  <section class="p" role="alert">
    <h2>{p.title}</h2>
    <p>{p.text}</p>
    <button type="button" onClick={p.onClick}>
      {p.button}
    </button>
  </section>
);

/** A host screen that throws while rendering takes only itself down, never the shell; the server hears of it. */
function Screen({ children, onError }: { children: ComponentChildren; onError(e: unknown): void }) {
  const [error, reset] = useErrorBoundary(onError);
  return error ? <Panel title="This screen failed" text={text((error as Error).message ?? error)} button="Try again" onClick={reset} /> : <>{children}</>;
}

function Main({ shell }: { shell: Shell }) {
  const phase = shell.phase.value;
  const client = shell.client.value;
  return phase === 'error' ? (
    <Panel title="The client could not start" text={shell.error.value} button="Retry" onClick={shell.retry} />
  ) : phase === 'signin' ? (
    <Panel title="Sign-in required" text="The security gateway asks you to sign in." button="Sign in" onClick={shell.signIn} />
  ) : !client ? (
    <p class="p" role="status">
      Starting…
    </p>
  ) : shell.render ? (
    <ClientContext.Provider value={client}>
      <Screen onError={(e) => client.logger.error('EMWeb: a screen failed to render', e)}>{shell.render(client)}</Screen>
    </ClientContext.Provider>
  ) : (
    <Home shell={shell} />
  );
}

/** The shell: header, main area, speed dial, and a live region for short notices. */
export function App({ shell }: { shell: Shell }) {
  const { state, client, notice } = shell;
  // Signals without their Preact integration (a kilobyte saved): the shell re-renders itself, and
  // with it every part below, whenever a signal it shows changes.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(
    () =>
      effect(() => {
        for (const s of [...Object.values(state), shell.phase, shell.error, client, notice]) s.value;
        rerender(0);
      }),
    [shell],
  );
  const config = state.config.value;
  const name = text((config && config.displayName) || 'EMWeb');
  const version = state.version.value;
  const user = state.claims.value?.userId;
  return (
    <div class="r" data-bp={state.breakpoint.value} aria-busy={shell.phase.value === 'loading'}>
      <header>
        <div>
          <h1>{name}</h1>
          <small>
            Server {version ?? '…'} · Build {BUILD_VERSION}
          </small>
        </div>
        {state.isCloud.value && <b class="c">Cloud</b>}
        {state.authType.value && <b class="t">{MODES[state.authType.value]}</b>}
        <span>{user == null ? 'Not signed in' : text(user)}</span>
      </header>
      {/* Not <main>: the host page owns its main landmark. */}
      <div class="m">
        <Main shell={shell} />
      </div>
      {client.value && shell.actions.length > 0 && <SpeedDial actions={shell.actions} onSelect={shell.run} />}
      <div class="n" role="status" aria-live="polite">
        {notice.value && <span>{notice.value}</span>}
      </div>
    </div>
  );
}
