/**
 * Which server entries are repeats of each other, and which of them go as they are. Two entries are
 * repeats when they have the same level, the same message, and (when `additional` holds an error)
 * the same name, message and first stack frame of its first error. Within a rolling minute the
 * first `groupRepeatsAfter` of a kind go as they are; the queue counts the later ones into one
 * grouped entry. Each level has its own kinds, so that a key is the entry's texts alone: without
 * an error, the message itself, with no new string to build (a storm of distinct messages is
 * the logger's hot path).
 */
import type { LogLevel } from '../product/constants';
import { messageText } from './serialize';

/** Kinds remembered at most, per level: past it they are all forgotten (their next entries go as they are, as if new). */
const MAX_KINDS = 256;
/** Text kept of each part of a kind: longer texts are the same kind when their first 8 Ki characters are. */
const MAX_PART = 8 * 1024;

export interface Kind<Group> {
  /** When its entries that went as they are did so, within the last minute, oldest first (at most the limit). */
  times: number[];
  /** The grouped entry in the queue counting its repeats, while there is one. */
  group?: Group | undefined;
}

/** At most 8 Ki characters of a text (a key is made a copy when it is looked up: it keeps no 2 MB message alive). */
const cut = (text: string) => (text.length > MAX_PART ? text.slice(0, MAX_PART) : text);

/** The first line of the stack after V8's `Name: message` header (other engines start with the frame). */
function firstFrame(name: string, message: string, stack: string): string | undefined {
  const header = message ? `${name}: ${message}` : name;
  const text = cut(stack);
  return /\S.*/.exec(text.startsWith(header) ? text.slice(header.length) : text)?.[0];
}

const isError = (value: unknown): value is Error => value instanceof Error;

/** What of a logged call tells its kind, besides its level (the queue's LogCall has these and more). */
interface Logged {
  message: unknown;
  additional: unknown[];
}

/**
 * What makes a call a repeat of another at its level, as a key: its parts apart by a
 * character log texts do not hold. Null when it cannot be told (hostile values): such an entry
 * is never grouped.
 */
export function repeatKind(call: Logged): string | null {
  try {
    const text = cut(typeof call.message === 'string' ? call.message : messageText(call.message));
    const error = call.additional.find(isError);
    if (!error) return text;
    const name = String(error.name);
    const message = String(error.message);
    const stack = String(error.stack);
    return `${text}\0${cut(name)}\0${cut(message)}\0${firstFrame(name, message, stack)}`;
  } catch {
    return null;
  }
}

/**
 * The kinds seen lately, per level. For a call at `at`: its kind when it is a repeat to
 * count (`limit` of its kind went as they are within the last minute), else null (it goes as it
 * is, and is noted).
 */
export function createRepeats<Group>(): (level: LogLevel, key: string, at: number, limit: number) => Kind<Group> | null {
  const byLevel: Map<string, Kind<Group>>[] = [];
  return (level, key, at, limit) => {
    let kinds = byLevel[level] ?? new Map<string, Kind<Group>>();
    const kind = kinds.get(key);
    if (!kind) {
      // A new map, not clear(): in V8, clearing this long-lived map made a storm of distinct errors
      // cost half again as much per call (measured by bench/logger.ts).
      if (kinds.size >= MAX_KINDS) kinds = new Map();
      byLevel[level] = kinds;
      kinds.set(key, { times: [at] });
      return null;
    }
    const { times } = kind;
    while (times.length && (times[0] as number) <= at - 60_000) times.shift();
    if (times.length >= limit) return kind;
    times.push(at);
    return null;
  };
}
