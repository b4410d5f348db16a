import { signal } from '@preact/signals';
import { render } from 'preact';
import { authHeaders } from './auth/token';
import { createClient } from './client';
import { AUTH_PATH, STARTUP_TIMEOUT_MS } from './constants';
import { currentFetch } from './http';
import { runsInProduction } from './mode';
import { getPage, type Page } from './page';
import { loadConfiguration, runStartup, type StartupDeps } from './startup';
import { watchBreakpoint } from './state/breakpoint';
import { applyStartupUpdate, createClientState } from './state/clientState';
import { fill, mergeStrings } from './strings';
import type { BootstrapOptions, Client, SpeedDialAction } from './types';
import { App } from './ui/App';
import { resolveActions } from './ui/actionList';
import { builtInActions } from './ui/actions';
import { createNotices } from './ui/notices';
import type { Phase, Shell } from './ui/shell';
import { adoptStyles } from './ui/styles';
import { errorText } from './ui/text';

/** How `bootstrap` keeps track of an element's start, so that a second call returns the same promise. */
export interface MountRecord {
  set(start: Promise<Client>): void;
  isCurrent(start: Promise<Client> | undefined): boolean;
  forget(): void;
}

/** The client's own box: an open shadow root (test automation can reach in), styled by the shell's sheet. */
function attachShadowRoot(element: Element): ShadowRoot {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  return shadow;
}

const defaultSignIn = (origin: string) => () =>
  location.assign(`${origin}${AUTH_PATH}?returnUrl=${encodeURIComponent(location.href)}`);

const defaultSignOut = (origin: string) => (client: Client) =>
  client.state.authType.peek() === 'secgw' ? location.assign(origin + AUTH_PATH) : location.reload();

/** Runs a speed-dial action: a text it gives back is shown; a failure is shown and logged, never thrown. */
function runAction(action: SpeedDialAction, client: Client, notify: (message: string) => void, failedText: string): void {
  Promise.resolve(client)
    .then((started) => action.run(started))
    .then(
      (result: unknown) => {
        if (typeof result === 'string' && result) notify(result);
      },
      (error: unknown) => {
        client.logger.error(`EMWeb: ${action.label} failed`, error);
        notify(fill(failedText, { action: action.label }));
      },
    );
}

/** What start-up needs from the page and the options; the configuration reload reuses it. */
function startupDeps(page: Page, options: BootstrapOptions, production: boolean): StartupDeps {
  const origin = options.origin ?? location.origin;
  const timeoutMs = options.timeoutMs ?? STARTUP_TIMEOUT_MS;
  return {
    fetch: currentFetch,
    local: page.local,
    origin,
    production,
    timeoutMs,
    log: page.logger,
    now: Date.now,
    resolveAuthType: page.resolverFor(origin, timeoutMs),
    cloudCheck: page.cloudCheck,
  };
}

interface Mounted {
  page: Page;
  shadow: ShadowRoot;
  record: MountRecord;
  /** Stops what the mount started besides the UI: timers, listeners. */
  stop(): void;
}

/** Takes the client down: the UI first (nothing the user sees waits on the network), then the logger's share. */
function unmounter({ page, shadow, record, stop }: Mounted, currentStart: () => Promise<Client> | undefined) {
  return async () => {
    if (!record.isCurrent(currentStart())) return;
    record.forget();
    stop();
    render(null, shadow);
    page.mountedClients--;
    await (page.mountedClients ? page.logger.flush() : page.logger.stop());
  };
}

/** Fetches the configuration again, as start-up does; a failure keeps the last one shown. */
function configurationReloader(deps: StartupDeps, shell: Shell, signInRequired: () => void) {
  return async () => {
    const authType = shell.state.authType.peek();
    if (!authType) return false;
    const loaded = await loadConfiguration(deps, authType);
    if (loaded.config) applyStartupUpdate(shell.state, { config: loaded.config });
    else if (loaded.signInRequired) signInRequired();
    return loaded.config;
  };
}

/** One start-up into the shell: the facts fill the state as they come, the phase says how it ended. */
function startClient(deps: StartupDeps, page: Page, shell: Shell, client: Client, signInRequired: () => void): Promise<Client> {
  const { state, phase } = shell;
  phase.value = 'loading';
  const onUpdate = (update: Parameters<typeof applyStartupUpdate>[1]) => {
    applyStartupUpdate(state, update);
    // Entries logged before the mode was known have waited for this.
    const base = state.apiBase.peek();
    if (update.authType && base) {
      const headers = () => authHeaders(state.authType.peek(), deps.local);
      page.logger.setEndpoint({ url: `${deps.origin}${base}clientlogger/`, headers });
    }
  };
  return runStartup(deps, { onUpdate, onSignInRequired: signInRequired }).then(
    (result) => {
      if (!result.signInRequired) phase.value = 'ready';
      shell.client.value = client;
      return client;
    },
    (error: unknown) => {
      shell.startError.value = errorText(error);
      phase.value = 'error';
      throw error;
    },
  );
}

/** Mounts the client in `element` and starts it; the UI shows the loading state before anything is asked. */
export function mountClient(element: Element, options: BootstrapOptions, record: MountRecord): Promise<Client> {
  const shadow = attachShadowRoot(element);
  const production = runsInProduction(options.production);
  const page = getPage(production);
  // The logger first, so that whatever start-up trips over is caught and kept.
  page.logger.start({ production, options: options.logger, captureErrors: options.captureErrors !== false });
  const deps = startupDeps(page, options, production);
  page.mountedClients++;

  const notices = createNotices();
  const strings = mergeStrings(options.strings);
  // watchBreakpoint reads the viewport's breakpoint at once.
  const state = createClientState(production, 'lg');
  const stopBreakpoint = watchBreakpoint(globalThis.matchMedia?.bind(globalThis), (breakpoint) => {
    state.breakpoint.value = breakpoint;
  });
  const shell: Shell = {
    state,
    phase: signal<Phase>('loading'),
    startError: signal(''),
    client: signal(null),
    notice: notices.current,
    focusRequests: signal(0),
    strings,
    actions: resolveActions(options.actions, builtInActions(strings), (message) => console.warn(message)),
    render: options.render,
    run: (action) => runAction(action, client, notices.show, strings.actionFailed),
    retry: () => void start(true).catch(() => {}),
    signIn: options.onSignInRequired ?? defaultSignIn(deps.origin),
    reportScreenError: (error) => page.logger.error('EMWeb: a screen failed to render', error),
  };
  const signInRequired = () => {
    shell.phase.value = 'signin';
    shell.focusRequests.value++;
    // The host's callback: a bug in it must not stop start-up.
    try {
      shell.signIn();
    } catch (error) {
      page.logger.error('EMWeb: onSignInRequired failed', error);
    }
  };

  let current: Promise<Client> | undefined;
  const client = createClient({
    state,
    logger: page.logger,
    local: page.local,
    reloadConfiguration: configurationReloader(deps, shell, signInRequired),
    onSignOut: options.onSignOut ?? defaultSignOut(deps.origin),
    unmount: unmounter(
      {
        page,
        shadow,
        record,
        stop() {
          notices.dispose();
          stopBreakpoint();
        },
      },
      () => current,
    ),
  });
  render(<App shell={shell} />, shadow);

  const start = (afterRetry: boolean): Promise<Client> => {
    current = startClient(deps, page, shell, client, signInRequired).finally(() => {
      if (afterRetry) shell.focusRequests.value++;
    });
    record.set(current);
    return current;
  };
  return start(false);
}
