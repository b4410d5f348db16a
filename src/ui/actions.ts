import { BUILD_VERSION } from '../constants';
import type { Client, SpeedDialAction } from '../types';

export interface ActionContext {
  notify(message: string): void;
  reloadConfiguration(): Promise<boolean>;
  signOut(): void;
}

/** What a support engineer needs to see first, and no secret: no token, no cookie. */
export const diagnostics = (client: Client): string =>
  JSON.stringify(
    {
      build: BUILD_VERSION,
      serverVersion: client.version,
      authType: client.authType,
      apiBase: client.apiBase,
      isCloud: client.isCloud,
      configuration: client.config ? client.config.configurationItemName : null,
      breakpoint: client.state.breakpoint.value,
      userId: client.claims?.userId ?? null,
      url: location.href,
      userAgent: navigator.userAgent,
      time: new Date().toISOString(),
    },
    null,
    2,
  );

/** The speed dial's built-in actions. */
export const builtInActions = (ctx: ActionContext): SpeedDialAction[] => [
  {
    label: 'Send logs now',
    icon: '↑',
    run: async (client) => {
      await client.logger.flush();
      ctx.notify('Queued log entries were sent');
    },
  },
  {
    label: 'Copy diagnostics',
    icon: '⧉',
    // Through a promise so that a missing clipboard API (an insecure page) is a notice too.
    run: (client) =>
      Promise.resolve(client)
        .then((c) => navigator.clipboard.writeText(diagnostics(c)))
        .then(
        () => ctx.notify('Diagnostics copied to the clipboard'),
        () => ctx.notify('The browser did not allow copying to the clipboard'),
      ),
  },
  {
    label: 'Reload configuration',
    icon: '↻',
    run: async () =>
      ctx.notify((await ctx.reloadConfiguration()) ? 'Configuration reloaded' : 'The configuration could not be loaded'),
  },
  {
    label: 'About',
    icon: 'i',
    run: (client) => ctx.notify(`EMWeb ${BUILD_VERSION} · server ${client.version || 'version unknown'}`),
  },
  { label: 'Sign out', icon: '⎋', run: () => ctx.signOut() },
];
