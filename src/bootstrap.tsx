import { signal } from './state/signal';
import { render } from 'react-dom';
import { AUTH_PATH, DEFAULTS, STARTUP_TIMEOUT_MS, STORAGE_KEYS } from './constants';
import { BUNDLE_PRODUCTION } from './mode';
import { getPage } from './page';
import { breakpointOf, watchBreakpoint } from './state/breakpoint';
import { createState } from './state/signals';
import { runStartup } from './startup';
import { authHeaders } from './auth/token';
import type { BootstrapOptions, Client } from './types';
import { builtInActions } from './ui/actions';
import { App } from './ui/App';
import type { Phase, Shell } from './ui/shell';
import { adoptStyles } from './ui/styles';

const boots = new WeakMap<Element, Promise<Client>>();
// Read at call time, so a fetch the page wraps or replaces later is the one used.
const fetcher: typeof fetch = (...args) => fetch(...args);

function findMount(mount: Element | string): Element {
  if (mount instanceof Element) return mount;
  let el: Element | null = null;
  try {
    el = document.querySelector(mount);
  } catch {
    // An invalid selector is reported like a missing element: the message names it either way.
  }
  if (!el) throw new Error(`EMWeb: no mount element matches "${mount}"`);
  return el;
}

/**
 * Starts the client in the mount element. Calling it again for the same element returns the
 * same promise; when start-up fails, the UI offers Retry, and a later call returns the retry's.
 */
export function bootstrap(options: BootstrapOptions = {}): Promise<Client> {
  try {
    const el = findMount(options.mount ?? '#emweb');
    return boots.get(el) ?? mount(el, options);
  } catch (e) {
    return Promise.reject(e);
  }
}

function mount(el: Element, options: BootstrapOptions): Promise<Client> {
  const production = options.production ?? BUNDLE_PRODUCTION;
  const origin = options.origin ?? location.origin;
  const timeoutMs = options.timeoutMs ?? STARTUP_TIMEOUT_MS;
  const page = getPage(production);
  const { logger, local } = page;

  // The logger first, so that whatever start-up trips over is caught and kept.
  logger.start({ production, options: options.logger, captureErrors: options.captureErrors !== false });
  page.mounted++;

  const state = createState(breakpointOf(innerWidth));
  const stopBreakpoint = watchBreakpoint(globalThis.matchMedia?.bind(globalThis), (bp) => {
    state.breakpoint.value = bp;
  });

  const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  const container = shadow.appendChild(document.createElement('div'));

  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const notice = signal('');
  const notify = (message: string) => {
    notice.value = message;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (notice.value = ''), 4000);
  };
  const signIn =
    options.onSignInRequired ?? (() => location.assign(`${origin}${AUTH_PATH}?returnUrl=${encodeURIComponent(location.href)}`));

  const client = {
    state,
    logger,
    async unmount() {
      if (boots.get(el) !== current) return;
      boots.delete(el);
      clearTimeout(noticeTimer);
      stopBreakpoint();
      // The UI goes first: nothing the user sees waits on the network.
      render(null, container);
      container.remove();
      await (--page.mounted ? logger.flush() : logger.stop());
    },
  } as unknown as Client;

  let actions = options.actions ?? builtInActions({
    notify,
    signOut() {
      local.remove(STORAGE_KEYS.jwt);
      local.remove(STORAGE_KEYS.authType);
      if (client.authType === 'secgw') location.assign(origin + AUTH_PATH);
      else location.reload();
    },
  });
  const max = DEFAULTS.maxSpeedDialActions;
  if (actions.length > max) {
    if (!production) console.warn(`EMWeb: the speed dial holds ${max} actions at most; ${actions.length - max} left out`);
    actions = actions.slice(0, max);
  }

  const phase = signal<Phase>('loading');
  const error = signal('');
  const ready = signal<Client | null>(null);
  const shell: Shell = {
    state,
    phase,
    error,
    client: ready,
    notice,
    actions,
    render: options.render,
    run(action) {
      Promise.resolve(client)
        .then(action.run)
        .catch((e) => {
          logger.error(`EMWeb: ${action.label} failed`, e);
          notify(action.label + ' failed');
        });
    },
    retry: () => void start().catch(() => {}),
    signIn: () => signIn(),
  };
  render(<App shell={shell} />, container);

  let current: Promise<Client>;
  const start = (): Promise<Client> => {
    phase.value = 'loading';
    current = runStartup(
      { fetch: fetcher, local, origin, production, timeoutMs, log: logger, now: Date.now, resolveAuthType: page.resolver(origin, timeoutMs) },
      (update) => {
        Object.assign(client, update);
        for (const key in update) if (key in state) (state as any)[key].value = (update as any)[key];
        // Entries logged before the mode was known have waited for this.
        if (update.apiBase) logger.setEndpoint({ url: origin + update.apiBase + 'clientlogger/', headers: () => authHeaders(client.authType, local) });
      },
    ).then(
      (result) => {
        phase.value = result.signInRequired ? 'signin' : 'ready';
        ready.value = client;
        if (result.signInRequired) signIn();
        return client;
      },
      (e: Error) => {
        error.value = e.message;
        phase.value = 'error';
        throw e;
      },
    );
    boots.set(el, current);
    return current;
  };
  return start();
}
