/**
 * The ledger: what became of every entry that reached the server threshold. `queued` is not kept
 * here but counted from what the queue and the transport hold, so `logged === sent + queued +
 * dropped` is a fact to check, not a sum that holds by construction. A drop report sent to the
 * server is not a logged entry: it is never counted.
 */
import type { DropCounts, LoggerStats, TransportStatus } from './types';

export type DropReason = keyof DropCounts;

/** The reasons whose counts are reported to the server (a beforeSend drop is the page's own choice). */
const REPORTED_REASONS = ['queueFull', 'rateLimited', 'storeFull', 'rejected', 'network'] as const;
export type ReportCounts = Record<(typeof REPORTED_REASONS)[number], number>;

export interface Ledger {
  logged: number;
  /** Of `logged`: entries of earlier pages taken from storage at start. */
  restored: number;
  sent: number;
  droppedBy: DropCounts;
  /** Drops not yet carried to the server by a drop report. */
  unreported: ReportCounts;
  /** When the oldest of those happened (null: none): they are due like an entry queued then. */
  unreportedSince: number | null;
}

const noReports = (): ReportCounts => ({ queueFull: 0, rateLimited: 0, storeFull: 0, rejected: 0, network: 0 });

export const createLedger = (): Ledger => ({
  logged: 0,
  restored: 0,
  sent: 0,
  droppedBy: { ...noReports(), beforeSend: 0 },
  unreported: noReports(),
  unreportedSince: null,
});

const isReported = (reason: DropReason): reason is keyof ReportCounts => reason !== 'beforeSend';

/** Counts `n` entries lost for `reason`. True when this starts an episode (nothing was waiting to be reported). */
export function countDrop(ledger: Ledger, reason: DropReason, n: number, now: number): boolean {
  if (n <= 0) return false;
  ledger.droppedBy[reason] += n;
  if (!isReported(reason)) return false;
  const quiet = ledger.unreportedSince === null;
  reportLater(ledger, reason, n, now);
  return quiet;
}

/** The unreported counts, handed to a drop report (null when there are none); the episode ends. */
export function takeUnreported(ledger: Ledger): ReportCounts | null {
  if (ledger.unreportedSince === null) return null;
  const counts = ledger.unreported;
  ledger.unreported = noReports();
  ledger.unreportedSince = null;
  return counts;
}

/** Drops counted elsewhere (an earlier page, a lost drop report) that are still to be reported. */
export function reportLater(ledger: Ledger, reason: keyof ReportCounts, n: number, now: number): void {
  if (n <= 0) return;
  ledger.unreported[reason] += n;
  ledger.unreportedSince ??= now;
}

/** The counts of a drop report that was lost with its batch: reported again later. */
export function addUnreported(ledger: Ledger, counts: ReportCounts, now: number): void {
  for (const reason of REPORTED_REASONS) reportLater(ledger, reason, counts[reason], now);
}

export function statsOf(ledger: Ledger, queued: number, status: TransportStatus): LoggerStats {
  const droppedBy = { ...ledger.droppedBy };
  let dropped = 0;
  for (const reason in droppedBy) dropped += droppedBy[reason as DropReason];
  return { logged: ledger.logged, sent: ledger.sent, queued, dropped, droppedBy, restored: ledger.restored, status };
}

/** Counts read back from storage, as this client writes them: whatever is not a count reads as 0. */
export function readReportCounts(value: Record<string, unknown>): ReportCounts {
  const counts = noReports();
  for (const reason of REPORTED_REASONS) {
    const n = value[reason];
    if (typeof n === 'number' && n > 0 && n < 2 ** 31) counts[reason] = Math.floor(n);
  }
  return counts;
}
