/**
 * How a logged call becomes the entry the server receives: made JSON-safe and scrubbed, the
 * context and a grouped entry's counts added, passed through beforeSend (and scrubbed again), cut
 * to 32 KiB. Owns the context and the beforeSend hook.
 */

import type { SafeStorage } from '../../browser/storage';
import { type LogLevel, STORAGE_KEYS } from '../../product/constants';
import type { BeforeSend } from '../types';
import { CONTEXT_CUT, contextJson, entryJson, isEntry, isoTime, type QueuedEntry, safeEntry } from './serialize';

/** A call to the logger at a server level, as it came in. */
export interface LogCall {
  level: LogLevel;
  message: unknown;
  additional: unknown[];
  /** When, in ms (the clock's): its timestamp is written from it when its entry goes. */
  at: number;
  /** The context as it was then, as the end of the entry's JSON (see `contextJson`). */
  context: string;
}

/** What a grouped entry adds to its latest call: how many calls it stands for, and when the first was logged (null: it stands for itself alone). */
export type Repeat = { count: number; firstAt: number } | null;

/** Writes a call as the entry the server receives (null: beforeSend dropped it). */
export type WriteEntry = (call: LogCall, repeat: Repeat) => QueuedEntry | null;

export interface Entries {
  /** The queue's `writeEntry`: a call as the entry the server receives. */
  _write: WriteEntry;
  /** Made safe, scrubbed and bounded once, when set. */
  _setContext(context: unknown): void;
  /** The context as the end of an entry's JSON ('' when none). */
  _context(): string;
  /** The hook of the latest start() (anything but a function removes it). */
  _setBeforeSend(hook: unknown): void;
}

/** A grouped entry's fields, before the context (the counts are ours: beforeSend cannot change them). */
const repeatJson = (repeat: Repeat) =>
  repeat ? `,"repeated":${repeat.count},"firstTimestamp":"${isoTime(repeat.firstAt)}"` : '';

/** The page's store (the development token is read from it) and how the logger reports its own trouble (page/env.ts). */
export function createEntries({ local, report }: { local: SafeStorage; report(...what: unknown[]): void }): Entries {
  let context = '';
  let beforeSend: BeforeSend | null = null;
  /** A failing beforeSend is reported once. */
  let beforeSendWarned = false;

  const write: WriteEntry = (call, repeat) => {
    // The development token need not look like a JWT: the stored one is taken out by value.
    const devToken = local.get(STORAGE_KEYS.devToken);
    const counts = repeatJson(repeat);
    // The hook is handed the entry whole; else its time is written when it goes (serialize.ts: stamp).
    const original = entryJson(
      safeEntry(call.level, call.message, call.additional, beforeSend ? isoTime(call.at) : undefined, devToken),
      counts + call.context,
      call.at,
    );
    if (!beforeSend) return original;
    let result: unknown;
    try {
      // A copy: a hook that changes the entry and then throws must leave it as it was.
      result = beforeSend(JSON.parse(original.json));
    } catch (error) {
      result = error;
    }
    if (result === false) return null;
    if (isEntry(result)) {
      const { level, message, additional, timestamp, context } = result;
      const changed = safeEntry(level, message, additional, timestamp, devToken);
      return entryJson(changed, counts + contextJson(context, devToken), call.at);
    }
    if (!beforeSendWarned) {
      beforeSendWarned = true;
      report('beforeSend failed:', result);
    }
    return original;
  };

  return {
    _write: write,
    _setContext(value) {
      context = contextJson(value, local.get(STORAGE_KEYS.devToken));
      if (context === CONTEXT_CUT) report('context over 4 KiB left out');
    },
    _context: () => context,
    _setBeforeSend(hook) {
      beforeSend = typeof hook === 'function' ? (hook as BeforeSend) : null;
    },
  };
}
