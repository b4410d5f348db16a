import type { SpeedDialAction } from '../types';

export interface ActionContext {
  notify(message: string): void;
  signOut(): void;
}

/**
 * The speed dial's built-in actions, what the 14 KB budget affords: no About (the header shows the
 * versions), no Reload configuration (a reload does it), no Copy diagnostics. Hosts add their own
 * through `bootstrap({ actions })`.
 */
export const builtInActions = ({ notify, signOut }: ActionContext): SpeedDialAction[] => [
  { label: 'Send logs now', run: (c) => c.logger.flush().then(() => notify('Logs sent')) },
  { label: 'Sign out', run: signOut },
];
