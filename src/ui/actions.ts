import { BUILD_VERSION } from '../constants';
import type { Client, SpeedDialAction } from '../types';

export interface ActionContext {
  notify(message: string): void;
  signOut(): void;
}

/** What a support engineer asks for first, and no secret: no token, no cookie. */
export const diagnostics = ({ version, authType, apiBase, isCloud }: Client): string =>
  JSON.stringify({ build: BUILD_VERSION, version, authType, apiBase, isCloud, userAgent: navigator.userAgent });

/**
 * The speed dial's built-in actions. What a user of the shell needs from it, in bytes it can
 * afford: no About (the header shows the versions) and no Reload configuration (a reload does it).
 */
export const builtInActions = ({ notify, signOut }: ActionContext): SpeedDialAction[] => [
  { label: 'Send logs now', run: (c) => c.logger.flush().then(() => notify('Logs sent')) },
  {
    label: 'Copy diagnostics',
    // A refused or missing clipboard (an insecure page) is a notice, not an error to report.
    run: async (c) => notify(await navigator.clipboard.writeText(diagnostics(c)).then(() => 'Diagnostics copied', () => 'Copy refused')),
  },
  { label: 'Sign out', run: signOut },
];
