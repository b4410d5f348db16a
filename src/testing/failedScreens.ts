import type { LogEntry } from '../logging/types';

/** What the client logs, with the error, when a host's screen throws (src/client/mount.tsx). */
const SCREEN_FAILED = 'EMWeb: a screen failed to render';

/**
 * A screen that throws is replaced by the failed-screen panel, and its error goes only to the
 * server: in a test that checks for the screen's text, the assertion fails with nothing pointing
 * at the cause. Told here, the error and its stack reach the test's output.
 */
export function reportFailedScreens(entries: readonly LogEntry[], report: (text: string) => void): void {
  for (const entry of entries) {
    if (entry?.message !== SCREEN_FAILED) continue;
    const error = (entry.additional?.[0] ?? {}) as { name?: unknown; message?: unknown; stack?: unknown };
    const cause = typeof error.stack === 'string' ? error.stack : `${String(error.name)}: ${String(error.message)}`;
    report(`emweb/testing: a screen failed to render, and the client shows its failed-screen panel instead:\n${cause}`);
  }
}
