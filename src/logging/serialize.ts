/**
 * Turns whatever a page logs into a bounded, JSON-safe entry. Everything here must survive
 * hostile input (cycles, throwing getters and toJSON, revoked Proxies, 2 MB strings) and must
 * never let a JWT leave the page, so every string passes through `clip`, which redacts.
 */
import { LogLevel } from '../constants';

/** Largest entry, in bytes of UTF-8 JSON. */
export const MAX_ENTRY_BYTES = 32 * 1024;
/** Appended to whatever was shortened. */
export const CUT = '…[cut]';
export const REDACTED = '[redacted]';

const MAX_STRING = 8 * 1024; // one string inside `additional`
const MIN_MESSAGE = 1024; // what a cut leaves of a message, at least
const MAX_DEPTH = 6;
const MAX_ITEMS = 100; // array items, object keys, Map/Set entries
const BUDGET = 48 * 1024; // rough characters one entry may walk through before the rest is cut

/**
 * A JWT: `eyJ` + three base64url parts. It must start a word (`^` or a character that cannot be
 * part of one), which also keeps the scan linear on input like "eyJeyJeyJ…".
 */
const JWT = /(^|[^\w-])eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

export const redact = (s: string): string => (s.includes('eyJ') ? s.replace(JWT, '$1' + REDACTED) : s);

/**
 * `s` redacted and at most `max` characters (plus the cut marker). Cutting first keeps the regex
 * off megabyte strings; a token the cut split in two is then caught at the tail: the last run of
 * token characters, from its first part that starts `eyJ`.
 */
export function clip(s: string, max: number): string {
  if (s.length <= max) return redact(s);
  s = redact(s.slice(0, max));
  let r = s.length;
  while (r > 0 && /[\w.-]/.test(s[r - 1]!)) r--;
  const m = /(^|\.)eyJ/.exec(s.slice(r));
  if (m) s = s.slice(0, r + m.index + m[1]!.length) + REDACTED;
  return s + CUT;
}

/** UTF-8 length of a string that came out of JSON.stringify (so no lone surrogates). */
export function utf8Bytes(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return n;
}

const THROWS = '[Throws]';
const read = (o: object, k: PropertyKey): unknown => {
  try {
    return (o as Record<PropertyKey, unknown>)[k];
  } catch {
    return THROWS;
  }
};

type Budget = { n: number };

/** A JSON-safe copy of `v`. Never throws: whatever cannot be read becomes a marker string. */
export function toSafe(v: unknown, depth = 0, seen: object[] = [], b: Budget = { n: BUDGET }): unknown {
  if (b.n <= 0) return CUT;
  try {
    switch (typeof v) {
      case 'string':
        b.n -= Math.min(v.length, MAX_STRING);
        return clip(v, MAX_STRING);
      case 'number':
        b.n -= 8;
        return Number.isFinite(v) ? v : String(v); // JSON would turn NaN and Infinity into null
      case 'boolean':
        return v;
      case 'undefined':
        return '[undefined]';
      case 'bigint':
        return v + 'n';
      case 'symbol':
        return clip(v.toString(), MAX_STRING);
      case 'function':
        return clip(`[Function ${String(read(v, 'name')) || 'anonymous'}]`, 200);
    }
    if (v === null) return null;
    const o = v as object;
    if (seen.includes(o)) return '[Circular]';
    b.n -= 4;
    seen.push(o);
    try {
      return object(o, depth, seen, b);
    } finally {
      seen.pop();
    }
  } catch {
    // a revoked Proxy, a throwing trap, a getter that throws on a property we had to touch
    return '[Unserializable]';
  }
}

const tag = (o: object) => Object.prototype.toString.call(o).slice(8, -1);

function object(o: object, depth: number, seen: object[], b: Budget): unknown {
  const next = (x: unknown) => toSafe(x, depth + 1, seen, b);
  if (o instanceof Date) return isNaN(+o) ? 'Invalid Date' : o.toISOString();
  const isError = o instanceof Error || tag(o) === 'Error';
  if (depth >= MAX_DEPTH) return isError ? clip(String(read(o, 'message')), 200) : Array.isArray(o) ? '[Array]' : '[Object]';
  if (isError) {
    const e = bare();
    e.name = next(read(o, 'name'));
    e.message = next(read(o, 'message'));
    e.stack = next(read(o, 'stack'));
    if ('cause' in o) e.cause = next(read(o, 'cause'));
    return keys(o, e, next);
  }
  if (typeof read(o, 'toJSON') === 'function') return next((o as { toJSON(): unknown }).toJSON());
  if (Array.isArray(o)) return items(o, o.length, next);
  if (o instanceof Map) return items(o, o.size, (kv) => (kv as unknown[]).map(next));
  if (o instanceof Set) return items(o, o.size, next);
  if (o instanceof RegExp) return clip(String(o), 200);
  if (ArrayBuffer.isView(o) || o instanceof ArrayBuffer) return `[${tag(o)}]`;
  const nodeName = read(o, 'nodeName');
  if (typeof nodeName === 'string' && typeof read(o, 'nodeType') === 'number') return `[${nodeName}]`;
  return keys(o, bare(), next);
}

/** No prototype: a logged key such as `__proto__` or `constructor` stays an ordinary key. */
const bare = (): Record<string, unknown> => Object.create(null);

function items(list: Iterable<unknown>, size: number, map: (x: unknown) => unknown): unknown[] {
  const out: unknown[] = [];
  for (const x of list) {
    if (out.length === MAX_ITEMS) {
      out.push(`[${size - MAX_ITEMS} more]`);
      break;
    }
    out.push(map(x));
  }
  return out;
}

function keys(o: object, out: Record<string, unknown>, next: (x: unknown) => unknown): Record<string, unknown> {
  let n = 0;
  for (const k of Object.keys(o)) {
    if (k in out) continue;
    if (n++ === MAX_ITEMS) {
      out['[cut]'] = `${Object.keys(o).length - MAX_ITEMS} more keys`;
      break;
    }
    out[clip(k, 200)] = next(read(o, k));
  }
  return out;
}

/** The message as a string: an Error gives its message, anything else its safe JSON text. */
export function messageText(m: unknown): string {
  if (typeof m === 'string') return m;
  if (m === undefined) return '';
  try {
    if (m instanceof Error) return String(m.message);
  } catch {
    /* a hostile "error": fall through to the generic path */
  }
  const s = toSafe(m);
  return typeof s === 'string' ? s : JSON.stringify(s);
}

export interface Serialized {
  json: string;
  bytes: number;
}

/**
 * One entry as JSON of at most MAX_ENTRY_BYTES. The message is cut first (it is usually what
 * grew) down to its first KiB, then `additional` from its end, each marked with CUT.
 */
export function serializeEntry(
  level: LogLevel,
  message: unknown,
  args: ArrayLike<unknown>,
  from: number,
  now: number,
): Serialized {
  const b = { n: BUDGET };
  const additional: unknown[] = [];
  for (let i = from; i < args.length; i++) additional.push(toSafe(args[i], 0, [], b));
  const e = { level, message: clip(messageText(message), MAX_ENTRY_BYTES), additional, timestamp: iso(now) };
  let json = stringify(e);
  let bytes = utf8Bytes(json);
  if (bytes > MAX_ENTRY_BYTES) {
    // Dropping k characters of the message removes at least k bytes of JSON. The message keeps
    // its first KiB whatever happens: it says what went wrong, the rest is detail.
    const keep = Math.max(MIN_MESSAGE, e.message.length - (bytes - MAX_ENTRY_BYTES) - CUT.length * 3);
    if (keep < e.message.length) e.message = cutAt(e.message, keep) + CUT;
    while ((bytes = utf8Bytes((json = stringify(e)))) > MAX_ENTRY_BYTES && additional.length) {
      if (additional[additional.length - 1] === CUT) additional.pop();
      if (additional.length) additional[additional.length - 1] = CUT;
    }
  }
  return { json, bytes };
}

/** Written out by hand: measurably cheaper than JSON.stringify of the whole object, same text. */
const stringify = (e: { level: number; message: string; additional: unknown[]; timestamp: string }) =>
  `{"level":${e.level},"message":${JSON.stringify(e.message)},"additional":${JSON.stringify(e.additional)},"timestamp":"${e.timestamp}"}`;

// Error storms log many entries within one millisecond: formatting the date costs more than all
// the rest of an entry, so the last one is kept.
let lastTime = NaN;
let lastIso = '';
function iso(t: number): string {
  if (t !== lastTime) {
    const d = new Date(t);
    lastIso = (isNaN(+d) ? new Date() : d).toISOString();
    lastTime = t;
  }
  return lastIso;
}

/** `s` shortened to `n` characters without splitting a surrogate pair. */
const cutAt = (s: string, n: number) => {
  const c = s.charCodeAt(n - 1);
  return s.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
};

/** The ERROR entry that tells the server how many entries never reached it. */
export function dropReport(queueFull: number, rateLimited: number, now: number): Serialized {
  return serializeEntry(
    LogLevel.ERROR,
    `emweb.logger dropped ${queueFull} entries (queue full) and ${rateLimited} (rate limit)`,
    [{ queueFull, rateLimited }],
    0,
    now,
  );
}
