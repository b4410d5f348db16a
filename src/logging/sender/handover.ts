/**
 * A tab's own entries while another tab sends: each is written here (context, beforeSend,
 * scrubbed), counted `logged` here, handed to the sender with a ref that names it across tabs,
 * and stays `queued` here until the sender says it was sent or dropped. Entries not yet settled
 * are handed again to each new sender (which drops a ref it knows already): none waits on a tab
 * that no longer sends, and none is counted twice. An entry an old sender said it had put in a batch
 * (its `resign`) is handed again in that batch, whole, under its key: never in a batch of another key.
 */

import type { LogCall, WriteEntry } from '../entry/entry';
import { stamp } from '../entry/serialize';
import type { Ledger } from '../queue/ledger';
import type { HandedEntry } from '../queue/queue';
import { repeatKind } from '../queue/repeats';
import type { FlushResult } from '../types';
import type { SettledOutcome, SharedBatch } from './messages';

export interface Handover {
  /** Writes a call and hands it on; false when beforeSend dropped it (counted). */
  _hand(call: LogCall): void;
  /** Every entry not yet settled that no batch an old sender told of holds, for a new sender. */
  _unsettled(): HandedEntry[];
  /** The batches old senders told of that hold entries of this tab not yet settled, for a new sender. */
  _batches(): SharedBatch[];
  /** An old sender's last word: the batches it formed with other tabs' entries and did not settle. */
  _learn(batches: readonly SharedBatch[]): void;
  _settled(refs: readonly string[], outcome: SettledOutcome): void;
  /** Entries handed and not yet settled. */
  _held(): number;
  /** The refs held now, and then what became of them once `done` settles. */
  _flush(done: Promise<unknown>): Promise<FlushResult>;
}

export interface HandoverParts {
  tab: string;
  ledger: Ledger;
  writeEntry: WriteEntry;
  groupRepeatsAfter(): number;
  /** Hands entries to the sender. */
  send(entries: HandedEntry[]): void;
}

export function createHandover({ tab, ledger, writeEntry, groupRepeatsAfter, send }: HandoverParts): Handover {
  const held = new Map<string, HandedEntry>();
  /** The entries an old sender put in a batch. */
  const inBatch = new Set<string>();
  const batches = new Map<string, SharedBatch>();
  let count = 0;
  const watchers = new Set<(ref: string, outcome: SettledOutcome) => void>();

  return {
    _hand(call) {
      const written = writeEntry(call, null);
      if (!written) return ledger._drop('beforeSend', 1);
      const entry: HandedEntry = {
        ref: `${tab}:${count++}`,
        // Written whole: it leaves this tab.
        json: stamp(written.json, call.at),
        at: call.at,
        level: call.level,
        kind: groupRepeatsAfter() ? repeatKind(call) : null,
      };
      held.set(entry.ref, entry);
      send([entry]);
    },
    _unsettled: () => [...held.values()].filter((entry) => !inBatch.has(entry.ref)),
    _batches() {
      for (const [key, batch] of batches) if (!batch.handed.flat().some((ref) => held.has(ref))) batches.delete(key);
      return [...batches.values()];
    },
    _learn(told) {
      for (const batch of told)
        for (const ref of batch.handed.flat())
          if (held.has(ref)) {
            inBatch.add(ref);
            batches.set(batch.key, batch);
          }
    },
    _settled(refs, outcome) {
      for (const ref of refs) {
        inBatch.delete(ref);
        if (!held.delete(ref)) continue;
        if (outcome === 'sent') ledger._deliver(1);
        else ledger._drop(outcome, 1);
        for (const watch of watchers) watch(ref, outcome);
      }
    },
    _held: () => held.size,
    async _flush(done) {
      const refs = new Set(held.keys());
      const result: FlushResult = { sent: 0, kept: 0, dropped: 0 };
      const watch = (ref: string, outcome: SettledOutcome) => {
        if (!refs.delete(ref)) return;
        if (outcome === 'sent') result.sent++;
        else result.dropped++;
      };
      watchers.add(watch);
      try {
        await done;
      } finally {
        watchers.delete(watch);
      }
      result.kept = refs.size;
      return result;
    },
  };
}
