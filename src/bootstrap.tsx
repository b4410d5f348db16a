import { signal } from '@preact/signals';
import { render } from 'react-dom';
import { loadConfiguration } from './api/configuration';
import { apiBase as apiBaseOf } from './auth/apiBase';
import type { AuthType } from './auth/authType';
import { authHeaders } from './auth/token';
import { AUTH_PATH, DEFAULTS, STARTUP_TIMEOUT_MS, STORAGE_KEYS } from './constants';
import { BUNDLE_PRODUCTION } from './mode';
import { getPage } from './page';
import { breakpointOf, watchBreakpoint } from './state/breakpoint';
import { createState } from './state/signals';
import { runStartup } from './startup';
import type { BootstrapOptions, Client, SpeedDialAction } from './types';
import { builtInActions } from './ui/actions';
import { App } from './ui/App';
import type { Phase, Shell } from './ui/shell';
import { adoptStyles } from './ui/styles';

const boots = new WeakMap<Element, Promise<Client>>();

function findMount(mount: Element | string): Element {
  if (typeof mount !== 'string') {
    if (mount instanceof Element) return mount;
    throw new Error('EMWeb: the mount option must be an element or a CSS selector');
  }
  let el: Element | null = null;
  try {
    el = document.querySelector(mount);
  } catch {
    // An invalid selector is reported like a missing element: the message names it either way.
  }
  if (!el) throw new Error(`EMWeb: no mount element matches the selector "${mount}"`);
  return el;
}

/**
 * Starts the client in the mount element. Calling it again for the same element returns the
 * same promise; a rejected start (the probe failed) offers Retry in the UI, and a later call
 * returns that retry's promise.
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

  // The logger comes first, so that anything start-up trips over is caught and kept.
  logger.start({ production, config: options.logger, captureErrors: options.captureErrors !== false });
  page.mounted++;

  const state = createState(breakpointOf(innerWidth));
  const stopBreakpoint = watchBreakpoint(window.matchMedia && ((q) => window.matchMedia(q)), (bp) => {
    state.breakpoint.value = bp;
  });

  const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  const container = document.createElement('div');
  shadow.append(container);

  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  let mounted = true;
  const notice = signal('');
  const notify = (message: string) => {
    notice.value = message;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (notice.value = ''), 4000);
  };

  const signIn = options.onSignInRequired ?? (() => location.assign(`${origin}${AUTH_PATH}?returnUrl=${encodeURIComponent(location.href)}`));

  const requestConfig = (authType: AuthType) => {
    const base = apiBaseOf(authType, production);
    return loadConfiguration({ fetch: (...a) => fetch(...a), origin, base, headers: authHeaders(authType, local), timeoutMs, log: logger });
  };

  let actions: SpeedDialAction[] = options.actions ?? builtInActions({
    notify,
    reloadConfiguration: async () => {
      const config = await requestConfig(state.authType.value!);
      if (config) state.config.value = config;
      return !!config;
    },
    signOut: () => {
      local.remove(STORAGE_KEYS.jwt);
      local.remove(STORAGE_KEYS.authType);
      if (state.authType.value === 'secgw') location.assign(origin + AUTH_PATH);
      else location.reload();
    },
  });
  if (actions.length > DEFAULTS.maxSpeedDialActions) {
    if (!production) {
      console.warn(`EMWeb: the speed dial holds at most ${DEFAULTS.maxSpeedDialActions} actions; ${actions.length - DEFAULTS.maxSpeedDialActions} left out`);
    }
    actions = actions.slice(0, DEFAULTS.maxSpeedDialActions);
  }

  const phase = signal<Phase>('loading');
  const shell: Shell = {
    state,
    phase,
    error: signal(''),
    client: signal(null),
    apiBase: signal(''),
    notice,
    actions,
    render: options.render,
    run(action) {
      const client = shell.client.value;
      if (!client) return;
      Promise.resolve()
        .then(() => action.run(client))
        .catch((e) => {
          logger.error(`EMWeb: the action "${action.label}" failed`, e);
          notify(`${action.label} failed`);
        });
    },
    retry: () => void start().catch(() => {}),
    signIn: () => signIn(),
  };
  render(<App shell={shell} />, container);

  const client: Client = {
    get authType() {
      return state.authType.value!;
    },
    get apiBase() {
      return shell.apiBase.value;
    },
    get config() {
      return state.config.value || false;
    },
    get version() {
      return state.version.value ?? '';
    },
    get isCloud() {
      return !!state.isCloud.value;
    },
    get claims() {
      return state.claims.value;
    },
    state,
    logger,
    async unmount() {
      if (!mounted) return;
      mounted = false;
      if (boots.get(el) === current) boots.delete(el);
      clearTimeout(noticeTimer);
      stopBreakpoint();
      // The UI goes first so that nothing the user sees waits on the network.
      render(null, container);
      container.remove();
      if (--page.mounted === 0) await logger.stop();
      else await logger.flush();
    },
  };

  let current: Promise<Client>;
  const start = (): Promise<Client> => {
    phase.value = 'loading';
    current = runStartup(
      {
        fetch: (...a) => fetch(...a),
        local,
        origin,
        production,
        timeoutMs,
        log: logger,
        now: Date.now,
        resolveAuthType: page.resolver(origin, timeoutMs),
      },
      (update) => {
        if (!mounted) return;
        if (update.authType) {
          state.authType.value = update.authType;
          shell.apiBase.value = update.apiBase!;
          // Entries logged before the mode was known have waited for this.
          logger.setEndpoint(origin + update.apiBase + 'clientlogger/');
        }
        if ('config' in update) state.config.value = update.config!;
        if ('version' in update) state.version.value = update.version!;
        if ('isCloud' in update) state.isCloud.value = update.isCloud!;
        if ('claims' in update) state.claims.value = update.claims!;
      },
    ).then(
      (result) => {
        if (result.signInRequired) {
          phase.value = 'signin';
          signIn();
        } else {
          phase.value = 'ready';
        }
        shell.client.value = client;
        return client;
      },
      (error: Error) => {
        shell.error.value = error.message;
        phase.value = 'error';
        throw error;
      },
    );
    boots.set(el, current);
    return current;
  };
  return start();
}
