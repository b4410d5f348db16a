import type { FlushResult } from '../logging/types';
import type { Client, SpeedDialAction } from '../types/client';
import { DEFAULT_STRINGS, fill, type Strings } from './strings';

/** The text that says how many queued entries came to each outcome of a flush, in the order they are said. */
const FLUSH_TEXTS = { sent: 'logsSent', kept: 'logsKept', dropped: 'logsDropped' } as const;

/** What "Send logs now" tells the user, from what became of the queued entries. */
function flushNotice(result: FlushResult, strings: Strings): string {
  const parts = (Object.keys(FLUSH_TEXTS) as (keyof typeof FLUSH_TEXTS)[])
    .filter((outcome) => result[outcome])
    .map((outcome) => fill(strings[FLUSH_TEXTS[outcome]], { count: result[outcome] }));
  return parts.length ? parts.join(' · ') : strings.logsNothingToSend;
}

/** Runs a speed-dial action: a text it gives back is shown; a failure is shown and logged, never thrown. */
export function runAction(action: SpeedDialAction, client: Client, notify: (message: string) => void, failedText: string): void {
  // Run in a promise, so that an action that throws at once is caught like one that rejects.
  Promise.resolve()
    .then(() => action.run(client))
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

/**
 * The speed dial's own actions; each returns the notice to show. Sign out goes ahead once
 * `confirmSignOut` says so (it asks while any tab has unsaved work).
 */
export function builtInActions(
  strings: Strings = DEFAULT_STRINGS,
  confirmSignOut: () => Promise<boolean> = async () => true,
): SpeedDialAction[] {
  return [
    {
      label: strings.sendLogs,
      run: async (client: Client) => flushNotice(await client.logger.flush(), strings),
    },
    {
      label: strings.reloadConfiguration,
      run: async (client: Client) =>
        (await client.reloadConfiguration()) ? strings.configurationReloaded : strings.configurationUnavailable,
    },
    {
      label: strings.copyDiagnostics,
      run: async (client: Client) => {
        try {
          await navigator.clipboard.writeText(JSON.stringify(client.diagnostics(), null, 2));
          return strings.diagnosticsCopied;
        } catch {
          // No clipboard (an insecure origin, a denied permission): said, not thrown.
          return strings.diagnosticsNotCopied;
        }
      },
    },
    {
      label: strings.signOut,
      run: async (client: Client) => {
        if (await confirmSignOut()) client.signOut();
      },
    },
  ];
}
