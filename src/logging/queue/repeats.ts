/**
 * Which server entries are repeats of each other, and which of them go as they are. Two entries are
 * repeats when they have the same level, the same message, and (when `additional` holds an error)
 * the same name, message and first stack frame of its first error. Within a rolling minute the
 * first `groupRepeatsAfter` of a kind go as they are; the queue counts the later ones into one
 * grouped entry. Each level has its own kinds, so that a key is the entry's texts alone: without
 * an error, the message itself, with no new string to build (a storm of distinct messages is
 * the logger's hot path). Kinds are found by their message's text; those of one text (told apart
 * by their error) are compared part by part, not hashed: hashing the new strings of a thrown
 * error took most of a grouped repeat's time (bench/logger.ts).
 */
import type { LogLevel } from '../../product/constants';
import { messageText } from '../entry/serialize';

/** Kinds remembered at most, per level: past it they are all forgotten (their next entries go as they are, as if new). */
const MAX_KINDS = 256;
/** Text kept of each part of a kind: longer texts are the same kind when their first 8 Ki characters are. */
const MAX_PART = 8 * 1024;

/** A kind's key: the message's text, then, when `additional` holds an error, its name, message and first frame. */
export type KindKey = string[];

export interface Kind<Group> {
  key: KindKey;
  /** The kind remembered before it with the same text (another error, or none). */
  next: Kind<Group> | undefined;
  /** When its entries that went as they are did so, within the last minute, oldest first (at most the limit). */
  times: number[];
  /** The grouped entry in the queue counting its repeats, while there is one. */
  group?: Group | undefined;
}

/** At most 8 Ki characters of a text (a key is made a copy when it is looked up: it keeps no 2 MB message alive). */
const cut = (text: string) => (text.length > MAX_PART ? text.slice(0, MAX_PART) : text);

/**
 * The first line of the stack after V8's `Name: message` header (other engines start with the
 * frame). Found with indexOf and a scan: in V8, startsWith and a regular expression took most of
 * a grouped repeat's time (bench/logger.ts).
 */
function firstFrame(name: string, message: string, stack: string): string {
  const text = cut(stack);
  const header = message ? `${name}: ${message}` : name;
  let start = text.indexOf(header) === 0 ? header.length : 0;
  while (text.charCodeAt(start) <= 32) start++;
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
}

const isError = (value: unknown): value is Error => value instanceof Error;

/** Two keys part by part: a string compared is not hashed. A loop, not `every`: no callback a call. */
function sameKey(a: KindKey, b: KindKey): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What of a logged call tells its kind, besides its level (the queue's LogCall has these and more). */
interface Logged {
  message: unknown;
  additional: unknown[];
}

/**
 * What makes a call a repeat of another at its level, as a key. Null when it cannot be told
 * (hostile values): such an entry is never grouped.
 */
export function repeatKind(call: Logged): KindKey | null {
  try {
    const text = cut(typeof call.message === 'string' ? call.message : messageText(call.message));
    const error = call.additional.find(isError);
    if (!error) return [text];
    const name = String(error.name);
    const message = String(error.message);
    const stack = String(error.stack);
    return [text, cut(name), cut(message), firstFrame(name, message, stack)];
  } catch {
    return null;
  }
}

/**
 * The kinds seen lately, per level. For a call at `at`: its kind when it is a repeat to
 * count (`limit` of its kind went as they are within the last minute), else null (it goes as it
 * is, and is noted).
 */
export function createRepeats<Group>(): (level: LogLevel, key: KindKey, at: number, limit: number) => Kind<Group> | null {
  const byLevel: Map<string, Kind<Group>>[] = [];
  /** Kinds remembered, per level (a map's size counts their texts only). */
  const counts: number[] = [];
  return (level, key, at, limit) => {
    let kinds = byLevel[level] ?? new Map<string, Kind<Group>>();
    const text = key[0] as string;
    let kind = kinds.get(text);
    while (kind && !sameKey(kind.key, key)) kind = kind.next;
    if (!kind) {
      // A new map, not clear(): in V8, clearing this long-lived map made a storm of distinct errors
      // cost half again as much per call (measured by bench/logger.ts).
      const count = (counts[level] ?? 0) + 1;
      counts[level] = count > MAX_KINDS ? 1 : count;
      if (count > MAX_KINDS) kinds = new Map();
      byLevel[level] = kinds;
      kinds.set(text, { key, next: kinds.get(text), times: [at] });
      return null;
    }
    const { times } = kind;
    while (times.length && (times[0] as number) <= at - 60_000) times.shift();
    if (times.length >= limit) return kind;
    times.push(at);
    return null;
  };
}
