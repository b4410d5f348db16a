import { BUILD_VERSION } from '../constants';
import type { Client, SpeedDialAction } from '../types';

export interface ActionContext {
  notify(message: string): void;
  reloadConfiguration(): Promise<unknown>;
  signOut(): void;
}

/** What a support engineer asks for first, and no secret: no token, no cookie. */
export const diagnostics = ({ version, authType, apiBase, isCloud, config, claims, state }: Client): string =>
  JSON.stringify({
    build: BUILD_VERSION,
    version,
    authType,
    apiBase,
    isCloud,
    configuration: config && config.configurationItemName,
    breakpoint: state.breakpoint.value,
    userId: claims?.userId,
    url: location.href,
    userAgent: navigator.userAgent,
    time: new Date().toISOString(),
  });

/** The speed dial's built-in actions. */
export const builtInActions = ({ notify, reloadConfiguration, signOut }: ActionContext): SpeedDialAction[] => [
  { label: 'Send logs now', run: (c) => c.logger.flush().then(() => notify('Logs sent')) },
  {
    label: 'Copy diagnostics',
    // Inside a promise, so that a missing clipboard API (an insecure page) becomes a notice too.
    run: (c) =>
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(diagnostics(c)))
        .then(
          () => notify('Diagnostics copied'),
          () => notify('The browser refused the clipboard'),
        ),
  },
  {
    label: 'Reload configuration',
    run: () => reloadConfiguration().then((ok) => notify(ok ? 'Configuration reloaded' : 'Configuration unavailable')),
  },
  { label: 'About', run: (c) => notify(`EMWeb ${BUILD_VERSION} · server ${c.version || 'unknown'}`) },
  { label: 'Sign out', run: signOut },
];
