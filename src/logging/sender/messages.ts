/**
 * What the tabs of one browser tell each other about the logger, over one BroadcastChannel per log
 * endpoint, and the browser APIs the sender part is handed (the lock, the channel): tests hand in
 * fakes. Every message names the tab it is from; one meant for one tab names it in `to`.
 */
import { isPlainObject } from '../../browser/http';
import { STORAGE_KEYS } from '../../product/constants';
import type { HandedEntry } from '../queue/queue';

export type SettledOutcome =
  | 'sent'
  | 'rejected'
  | 'tooLarge'
  | 'network'
  | 'queueFull'
  | 'rateLimited'
  | 'beforeSend'
  | 'storeFull';

/**
 * A batch a sender formed with other tabs' entries, as its record holds it and as the tabs tell it
 * on: `handed` names the refs of each entry of `body` (sender/intake.ts). Whichever tab sends it
 * again sends it whole, under `key`.
 */
export interface SharedBatch {
  key: string;
  body: string;
  handed: string[][];
}

export type TabMessage =
  /** A tab that starts asks which tab sends. */
  | { type: 'who'; from: string }
  /** The tab holding the lock sends: hand it your entries (again, those not yet settled). */
  | { type: 'sender'; from: string }
  /**
   * The sender gives its role up (hidden, frozen, leaving): until another says `sender`, send your
   * own. Its last word: `batches` are those it formed with other tabs' entries and has not settled.
   */
  | { type: 'resign'; from: string; batches?: SharedBatch[] }
  /**
   * Entries for the sender. `batches` (handing entries again to a new sender): those of the tab's
   * entries that an old sender put in a batch go as that batch, whole, under its key.
   */
  | { type: 'entries'; from: string; to: string; entries: HandedEntry[]; batches?: SharedBatch[] }
  /**
   * What became of entries: each tab settles its own by `refs`; the batch under `key` (a batch the
   * sender formed, which another tab may hold too) is settled wherever it is pending.
   */
  | { type: 'settled'; from: string; refs: string[]; key: string | null; outcome: SettledOutcome }
  /** A tab's flush(): the sender flushes, then answers `flushed` with the same `id`. */
  | { type: 'flush'; from: string; to: string; id: number }
  | { type: 'flushed'; from: string; to: string; id: number };

/** Names begin with `emweb.`, like the storage keys: a host's own never collide with them. */
export const lockName = (url: string) => `emweb.logger.sender ${url}`;
export const channelName = (url: string) => `emweb.logger.tabs ${url}`;
/** Batches the sender formed with other tabs' entries, kept until settled: a new sender replays them whole, with their keys. */
export const RECORD_PREFIX = STORAGE_KEYS.sentLogs;

/**
 * A message of this protocol, as far as the tab can tell before it reads the type: another version
 * of the client may share the channel, and a type the tab does not know is left alone.
 */
export const isTabMessage = (data: unknown): data is TabMessage => isPlainObject(data) && typeof data.from === 'string';
