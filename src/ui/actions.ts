import { BUILD_VERSION } from '../constants';
import type { Client, SpeedDialAction } from '../types';

export interface ActionContext {
  notify(message: string): void;
  reloadConfiguration(): Promise<unknown>;
  signOut(): void;
}

/** What a support engineer asks for first, and no secret: no token, no cookie. */
export const diagnostics = ({ version, authType, apiBase, isCloud, claims, state }: Client): string =>
  JSON.stringify({
    build: BUILD_VERSION,
    version,
    authType,
    apiBase,
    isCloud,
    breakpoint: state.breakpoint.value,
    userId: claims?.userId,
    userAgent: navigator.userAgent,
  });

/** The speed dial's built-in actions. No About: the header shows the versions already. */
export const builtInActions = ({ notify, reloadConfiguration, signOut }: ActionContext): SpeedDialAction[] => [
  { label: 'Send logs now', run: (c) => c.logger.flush().then(() => notify('Logs sent')) },
  {
    label: 'Copy diagnostics',
    // A refused or missing clipboard (an insecure page) is a notice, not an error to report.
    run: async (c) => notify(await navigator.clipboard.writeText(diagnostics(c)).then(() => 'Diagnostics copied', () => 'Copy refused')),
  },
  {
    label: 'Reload configuration',
    run: async () => notify((await reloadConfiguration()) ? 'Configuration reloaded' : 'Configuration unavailable'),
  },
  { label: 'Sign out', run: signOut },
];
