/**
 * The ledger: what became of every entry that reached the server threshold. `queued` is not kept
 * here but counted from what the queue and the transport hold, so `logged === sent + queued +
 * dropped` is a fact to check, not a sum that holds by construction. A drop report sent to the
 * server is not a logged entry: it is never counted.
 */
import { Surroundings } from './env';
import type { DropCounts } from './types';

export type DropReason = keyof DropCounts;

/** The reasons whose counts are reported to the server (a beforeSend drop is the page's own choice). */
const REPORTED_REASONS = ['queueFull', 'rateLimited', 'storeFull', 'rejected', 'network'] as const;
export type ReportCounts = Record<(typeof REPORTED_REASONS)[number], number>;

const noReports = () => Object.fromEntries(REPORTED_REASONS.map((reason) => [reason, 0])) as ReportCounts;

export class Ledger extends Surroundings {
  _logged = 0;
  /** Of `_logged`: entries of earlier pages taken from storage at start. */
  _restored = 0;
  _sent = 0;
  _droppedBy: DropCounts = { ...noReports(), beforeSend: 0 };
  /** Drops not yet carried to the server by a drop report; null when there are none. */
  _unreported: ReportCounts | null = null;
  /** When the oldest of those happened: they are due like an entry queued then. */
  _unreportedSince = 0;

  /** Counts `n` entries lost for `reason`; the first loss of an episode (until its count is reported) is said on the console. */
  _drop(reason: DropReason, n: number): void {
    if (n <= 0) return;
    this._droppedBy[reason] += n;
    if (reason === 'beforeSend') return;
    // A failed send is reported as it happens, with its status.
    if (!this._unreported && reason !== 'rejected' && reason !== 'network') this._report('dropped entries:', reason);
    this.#episode()[reason] += n;
  }

  #episode(): ReportCounts {
    if (!this._unreported) {
      this._unreported = noReports();
      this._unreportedSince = this._now();
    }
    return this._unreported;
  }

  /**
   * Drops counted elsewhere (by an earlier page, in a drop report lost with its batch) that are
   * still to be reported. They may come from storage: only whole positive counts are taken.
   */
  _reportLater(counts: Partial<Record<DropReason, unknown>>): void {
    for (const reason of REPORTED_REASONS) {
      const n = counts[reason];
      if (!Number.isSafeInteger(n) || (n as number) <= 0) continue;
      this.#episode()[reason] += n as number;
    }
  }
}
