/**
 * Turns whatever a page logs into one bounded, JSON-safe, scrubbed entry. It must survive hostile
 * input (cycles, throwing getters and toJSON, revoked Proxies, 2 MB strings) and never let a
 * secret out.
 */

import { isPlainObject } from '../../browser/http';
import { LogLevel } from '../../product/constants';
import type { LogEntry } from '../types';
import { CUT, isSecretKey, REDACTED, redactText } from './scrub';

/**
 * An entry as queued: its JSON (its own time still a mark: see `stamp`), when it was logged, and
 * the size of that JSON in UTF-8 bytes once something needed it (see `entryBytes`).
 */
export interface QueuedEntry {
  tag: 'entry';
  json: string;
  at: number;
  bytes?: number;
}

/** Largest entry, in bytes of UTF-8 JSON. */
export const MAX_ENTRY_BYTES = 32 * 1024;
/** Largest context, in bytes of UTF-8 JSON. */
const MAX_CONTEXT_BYTES = 4 * 1024;
/** Longest string kept, in characters. */
const MAX_STRING = 8 * 1024;
/** Characters all the strings of one value may keep, together: more could never fit an entry. */
const MAX_TEXT = 32 * 1024;
/** Values one walk may visit: whatever is logged, one call must not cost the page a frame. */
const MAX_VALUES = 5000;
/** Nesting kept: an object or array this deep is cut. */
const MAX_DEPTH = 6;
/** Items of an array, or keys of an object, kept. */
const MAX_ITEMS = 100;

const NON_ASCII = /[^\0-\x7f]/;

/**
 * UTF-8 length of a string (a TextEncoder would allocate the bytes to count them). Most entries
 * are ASCII, where it is the length: a native scan says so faster than a loop over the characters.
 * A surrogate, 0xD800 to 0xDFFF, counts 2: a pair makes the 4 bytes it takes.
 */
export function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7ff) bytes += code >= 0xd800 && code <= 0xdfff ? 1 : 2;
    else if (code > 0x7f) bytes += 1;
  }
  return bytes;
}

/**
 * A JSON-safe copy of `value`, never a throw: strings (and what JSON lacks: NaN, BigInt, symbols)
 * as text cut at 8 KiB, then redacted; errors as `{ name, message, stack, cause }` plus their own
 * fields; arrays and typed arrays as their first 100 items, objects as their first 100 keys, a key
 * named like a secret with its value redacted. Cycles, what lies 6 levels deep, and what cannot
 * be read (a revoked Proxy, a throwing getter or toJSON) become `CUT`. Map and Set have no own
 * keys, so they show as `{}`. Re-entrant: each call walks with its own budget, so a toJSON that
 * logs, or serialises something else, cannot disturb the walk it was called from.
 */
export function toSafe(value: unknown, devToken?: string | null): unknown {
  /** Values the walk may still visit. */
  let budget = MAX_VALUES;
  /** Characters its strings may still keep. */
  let room = MAX_TEXT;
  /** The objects above the one being copied, outermost first: a cycle is one met again among them. */
  const above: object[] = [];

  /** Cut at 8 Ki characters (and at what the value's strings may still keep), then redacted. */
  const text = (value: string) => {
    const max = Math.min(MAX_STRING, room);
    room -= Math.min(max, value.length);
    return redactText(value.length > max ? value.slice(0, max) + CUT : value, devToken);
  };

  /** The first 100 items copied (a hole, like an item undefined, is written `null`). */
  const items = (list: ArrayLike<unknown>) => Array.from({ length: Math.min(list.length, MAX_ITEMS) }, (_, i) => copy(list[i]));

  function object(value: object): unknown {
    if (above.length >= MAX_DEPTH || above.includes(value)) return CUT;
    above.push(value);
    try {
      const { toJSON } = value as { toJSON?: unknown };
      if (typeof toJSON === 'function') return copy(toJSON.call(value));
      // Items by index: listing the keys of a 2 MB typed array (a file read into memory) takes long.
      if (Array.isArray(value) || ArrayBuffer.isView(value)) return items(value as ArrayLike<unknown>);
      const source: object =
        value instanceof Error
          ? { ...value, name: value.name, message: value.message, stack: value.stack, cause: value.cause }
          : value;
      const out: Record<string, unknown> = {};
      // A key "__proto__" is lost here (it sets the copy's prototype), harmlessly: JSON writes own keys only.
      for (const key of Object.keys(source).slice(0, MAX_ITEMS)) {
        out[redactText(key, devToken)] = isSecretKey(key) ? REDACTED : copy(Reflect.get(source, key));
      }
      return out;
    } finally {
      above.pop();
    }
  }

  function copy(value: unknown): unknown {
    try {
      if (--budget < 0) return CUT;
      if (typeof value === 'function') return '[Function]';
      if (value === undefined || value === null || typeof value === 'boolean') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      return typeof value === 'object' ? object(value) : text(String(value));
    } catch {
      return CUT;
    }
  }

  return copy(value);
}

/** The message as text: an Error gives its message, a string itself, anything else its safe JSON. */
export function messageText(message: unknown, devToken?: string | null): string {
  let text: unknown = message;
  try {
    if (message instanceof Error) text = message.message;
  } catch {
    // a hostile "error": the generic path below
  }
  return typeof text === 'string' ? redactText(text, devToken) : String(JSON.stringify(toSafe(text, devToken)));
}

/** `new Date(ms).toISOString()`: a RangeError for a time a Date cannot hold. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

/**
 * A call's time, checked as isoTime would (a RangeError past ±8.64e15 ms, or for NaN) without
 * formatting it: its text is written only when its entry goes (`stamp`), and most of a storm's never do.
 */
export function loggedTime(ms: number): number {
  if (!(Math.abs(ms) <= 8.64e15)) throw new RangeError(`no time: ${ms}`);
  return ms;
}

/**
 * Where an entry's own time goes until its batch is made (`stamp`): in a storm most entries are
 * counted or pushed out and never sent, so a call does not format its time. JSON text never holds a
 * raw NUL (JSON.stringify escapes it), so the mark is found where the timestamp goes and nowhere else.
 */
const TIME_MARK = '\0';

/** The entry's JSON with its own time written in place of the mark (one written whole is left as it is). */
export const stamp = (json: string, at: number): string => json.replace(TIME_MARK, () => JSON.stringify(isoTime(at)));

/** The bytes an entry's JSON takes once its time is written, counted the first time something needs them. */
export const entryBytes = (entry: { json: string; at: number; bytes?: number }): number =>
  (entry.bytes ??= utf8Bytes(stamp(entry.json, entry.at)));

/** At most the bytes `entryBytes` would count, without counting: 3 a UTF-16 unit, and 28 more for the time a mark stands for. */
export const bytesAtMost = (json: string): number => 3 * json.length + 28;

/** A new entry, JSON-safe and scrubbed (not yet cut to size: see entryJson); no timestamp: its own time, written when it goes. */
export function safeEntry(
  level: LogLevel,
  message: unknown,
  additional: unknown,
  timestamp: string | undefined,
  devToken: string | null,
): SafeEntry {
  const safe = toSafe(additional, devToken);
  // A timestamp is never cut by entryJson: whatever beforeSend or a stored entry hands in is bounded here.
  return {
    level,
    message: messageText(message, devToken),
    additional: Array.isArray(safe) ? safe : [safe],
    timestamp: timestamp?.slice(0, 64),
  };
}

/** An entry made safe; without a timestamp it takes the call's own time when its batch is made. */
export type SafeEntry = Omit<LogEntry, 'timestamp'> & { timestamp: string | undefined };

/** Whether a value (parsed from storage, or returned by beforeSend) has an entry's shape. */
export function isEntry(value: unknown): value is LogEntry {
  if (!isPlainObject(value)) return false;
  const { level, message, additional, timestamp, context } = value;
  return (
    Number.isInteger(level) &&
    (level as number) >= LogLevel.TRACE &&
    (level as number) <= LogLevel.FATAL &&
    typeof message === 'string' &&
    Array.isArray(additional) &&
    typeof timestamp === 'string' &&
    (context === undefined || isPlainObject(context))
  );
}

/** Stands in for a context whose JSON is over 4 KiB. */
export const CONTEXT_CUT = `,"context":{"${CUT}":true}`;

/**
 * How an entry ends, made once by setContext (not once an entry): `,"context":` and the context
 * made safe and scrubbed like a logged value; `CONTEXT_CUT` when that is over 4 KiB; nothing for
 * what is not a plain object.
 */
export function contextJson(context: unknown, devToken: string | null): string {
  if (!isPlainObject(context)) return '';
  const json = JSON.stringify(toSafe(context, devToken));
  return utf8Bytes(json) > MAX_CONTEXT_BYTES ? CONTEXT_CUT : `,"context":${json}`;
}

/**
 * The entry as JSON of at most 32 KiB, ready to queue; `tail` ends it (the fields of a grouped
 * entry, then the context: see `contextJson`). Without a timestamp it holds the mark its time is
 * written over when it goes (`stamp`), counted as the bytes of that time. When too big, the
 * message is cut first (it is usually what grew) down to its first KiB, then `additional` gives
 * way from its end; each cut ends in `CUT`.
 */
export function entryJson(entry: SafeEntry, tail: string, at: number): QueuedEntry {
  const { level } = entry;
  const timestamp = entry.timestamp === undefined ? TIME_MARK : JSON.stringify(entry.timestamp);
  let { message, additional } = entry;
  for (;;) {
    // Written field by field (the same text JSON.stringify gives the whole): no object to build, no copy to cut.
    const json = `{"level":${level},"message":${JSON.stringify(message)},"additional":${JSON.stringify(additional)},"timestamp":${timestamp}${tail}}`;
    const queued: QueuedEntry = { tag: 'entry', json, at };
    // An entry short enough in characters fits without counting its bytes (bytesAtMost).
    if (bytesAtMost(json) <= MAX_ENTRY_BYTES) return queued;
    const over = entryBytes(queued) - MAX_ENTRY_BYTES;
    if (over <= 0) return queued;
    // Each step removes at least `over` bytes (plus room for the mark), or the last two items.
    if (message.length > 1024 + CUT.length) message = message.slice(0, Math.max(1024, message.length - over - 12)) + CUT;
    else additional = [...additional.slice(0, -2), CUT];
  }
}
