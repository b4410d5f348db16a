/**
 * The ledger: what became of every entry that reached the server threshold. The only writer of counts,
 * and the owner of `stats()`. `queued` is not kept here but handed in from what the queue and the
 * delivery hold, so `logged === sent + queued + dropped` is a fact to check, not a sum that holds by
 * construction. A drop report sent to the server is not a logged entry: it is never counted.
 */
import type { Runtime } from '../page/env';
import type { DeliveryStatus, DropCounts, LoggerStats } from '../types';

export type DropReason = keyof DropCounts;

/** The reasons whose counts are reported to the server (a beforeSend drop is the page's own choice). */
const REPORTED_REASONS = ['queueFull', 'rateLimited', 'storeFull', 'rejected', 'tooLarge', 'network'] as const;
export type ReportCounts = Record<(typeof REPORTED_REASONS)[number], number>;

const noReports = () => Object.fromEntries(REPORTED_REASONS.map((reason) => [reason, 0])) as ReportCounts;

export interface Ledger {
  /** Entries that reached the server threshold; `restored` ones were stored by an earlier page. */
  _log(n: number, restored?: boolean): void;
  _deliver(n: number): void;
  /** Counts `n` entries lost for `reason`; the first loss not yet reported is said on the console. */
  _drop(reason: DropReason, n: number): void;
  /**
   * Drops counted elsewhere (by an earlier page, in a drop report lost with its batch) that are
   * still to be reported. They may come from storage: only whole positive counts are taken.
   */
  _reportLater(counts: unknown): void;
  /** The counts not yet reported, for a drop report to carry. Null when there are none. */
  _takeReport(): ReportCounts | null;
  /** The counts not yet reported, left where they are (the page's store keeps them); null when none. */
  _unreported(): Readonly<ReportCounts> | null;
  /** When the oldest loss not yet reported happened (it is due like an entry queued then); Infinity when none. */
  _unreportedSince(): number;
  _stats(queued: number, status: DeliveryStatus): Omit<LoggerStats, 'tabRole'>;
}

export function createLedger({ now, report }: Pick<Runtime, 'now' | 'report'>): Ledger {
  let logged = 0;
  let restored = 0;
  let sent = 0;
  const droppedBy: DropCounts = { ...noReports(), beforeSend: 0 };
  /** Drops not yet carried to the server by a drop report. */
  let unreported: ReportCounts | null = null;
  let since = Infinity;

  const unreportedCounts = () => {
    if (!unreported) {
      unreported = noReports();
      since = now();
    }
    return unreported;
  };

  return {
    _log(n, fromStore) {
      logged += n;
      if (fromStore) restored += n;
    },
    _deliver(n) {
      sent += n;
    },
    _drop(reason, n) {
      if (n <= 0) return;
      droppedBy[reason] += n;
      if (reason === 'beforeSend') return;
      // A failed send is reported as it happens, with its status.
      if (!unreported && reason !== 'rejected' && reason !== 'tooLarge' && reason !== 'network')
        report('dropped entries:', reason);
      unreportedCounts()[reason] += n;
    },
    _reportLater(counts) {
      for (const reason of REPORTED_REASONS) {
        const n = (counts as Partial<Record<DropReason, unknown>> | null)?.[reason];
        if (Number.isSafeInteger(n) && (n as number) > 0) unreportedCounts()[reason] += n as number;
      }
    },
    _takeReport() {
      const counts = unreported;
      unreported = null;
      since = Infinity;
      return counts;
    },
    _unreported: () => unreported,
    _unreportedSince: () => since,
    _stats(queued, status) {
      const by = { ...droppedBy };
      return {
        logged,
        sent,
        queued,
        dropped: Object.values(by).reduce((sum, n) => sum + n),
        droppedBy: by,
        restored,
        status,
      };
    },
  };
}
