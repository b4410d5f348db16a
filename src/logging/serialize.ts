/**
 * Turns whatever a page logs into one bounded, JSON-safe entry. It must survive hostile input
 * (cycles, throwing getters and toJSON, revoked Proxies, 2 MB strings) and never let a JWT out.
 */
import type { LogLevel } from '../constants';

/** Largest entry, in bytes of UTF-8 JSON. */
export const MAX_ENTRY_BYTES = 32 * 1024;
/** Appended to whatever was shortened. */
export const CUT = '…[cut]';

/**
 * Every run of base64url-and-dot characters holding `eyJ` with a dot after it becomes `[redacted]`.
 * Applied to each string before it is escaped (in JSON text, `\n` + token would make one run with
 * the `n`, and redacting it would break the escape), after it is cut: a token the cut split is still
 * caught once its first dot is in; before that only its header is left, which says nothing. Whole
 * runs, found by a pattern that never backtracks: linear on any input. (No `eyJ` gives index -1,
 * which `>>> 0` turns into a start past any run's end: no match.)
 */
export const redact = (s: string): string =>
  s.includes('eyJ') ? s.replace(/[\w.-]+/g, (w) => (w.includes('.', w.indexOf('eyJ') >>> 0) ? '[redacted]' : w)) : s;

/**
 * UTF-8 length of a string (a TextEncoder would allocate the bytes to count them). A surrogate,
 * 0xD800 to 0xDFFF (`c >> 11 == 27`), counts 2: a pair makes the 4 bytes it takes.
 */
export function utf8Bytes(s: string): number {
  let n = s.length;
  for (let i = 0, c; i < s.length; ) if ((c = s.charCodeAt(i++)) > 127) n += c < 2048 || c >> 11 == 27 ? 1 : 2;
  return n;
}

// Values one top-level value may walk, and characters its strings may keep (more could never fit
// an entry): whatever is logged, one call must not cost the page a frame.
let budget = 0;
let room = 0;

/** `s` at most 8 KiB, and within the room left; marked when cut. */
const clip = (s: string, max = Math.min(8192, room)) => ((room -= Math.min(max, s.length)), s.length > max ? s.slice(0, max) + CUT : s);
// The objects above the one being copied, by depth: a cycle is one met again among them.
const above: object[] = [];

/**
 * A JSON-safe copy of `v`, never a throw: strings (and what JSON lacks: NaN, BigInt, symbols) as
 * text cut at 8 KiB (32 Ki characters in all), then redacted; undefined kept (JSON drops it, or
 * makes it null in arrays); errors as `{ name, message, stack, cause }` plus their own fields;
 * arrays and typed arrays as their first 100 items, objects as their first 100 keys. Cycles,
 * what lies 6 levels deep, and what cannot be read (a revoked Proxy, a throwing getter or toJSON)
 * are cut: `CUT` stands in their place. Map and Set have no own keys, so they show as `{}`.
 */
export function toSafe(v: any, depth = 0): unknown {
  if (!depth) (budget = 5000), (room = 32768);
  try {
    const t = typeof v;
    if (--budget < 0) return CUT;
    if (t == 'function') return '[Function]';
    if (t != 'object' || !v) return v == null || t == 'boolean' || (t == 'number' && isFinite(v)) ? v : redact(clip(String(v)));
    // Ancestors only (an object met twice side by side is not a cycle): they hold the first `depth`
    // places, so that is where an ancestor is found first; -1 (not found) `>>> 0` is past them all.
    if (depth > 5 || above.indexOf(v) >>> 0 < depth) return CUT;
    above[depth++] = v;
    if (typeof v.toJSON == 'function') return toSafe(v.toJSON(), depth);
    if (v instanceof Error) v = { ...v, name: v.name, message: v.message, stack: v.stack, cause: v.cause };
    // Items by index: listing the keys of a 2 MB typed array (a file read into memory) takes long.
    if (Array.isArray(v) || ArrayBuffer.isView(v)) return [].slice.call(v, 0, 100).map((x) => toSafe(x, depth));
    // A key "__proto__" is lost here (it sets the copy's prototype), harmlessly: JSON writes own keys only.
    const out: any = {};
    for (const k of Object.keys(v).slice(0, 100)) out[redact(k)] = toSafe(v[k], depth);
    return out;
  } catch {
    return CUT;
  }
}

/** The message as text: an Error gives its message, a string itself, anything else its safe JSON. */
export function messageText(m: unknown): string {
  try {
    if (m instanceof Error) m = m.message;
  } catch {
    // a hostile "error": the generic path below
  }
  return typeof m == 'string' ? redact(m) : JSON.stringify(toSafe(m)) + '';
}

let stamp: [number, string] = [NaN, ''];

/**
 * One entry as JSON of at most MAX_ENTRY_BYTES. When too big, the message is cut first (it is
 * usually what grew) down to its first KiB, then `additional` gives way from its end.
 */
export function serializeEntry(level: LogLevel, message: unknown, additional: unknown[], now: number): string {
  // In a storm many entries share a millisecond: its ISO text is made once.
  if (now !== stamp[0]) stamp = [now, new Date(now).toISOString()];
  const e = { level, message: messageText(message), additional: toSafe(additional) as unknown[], timestamp: stamp[1] };
  for (let json, over, m; ; ) {
    // A JSON string takes at most 3 bytes a character: short ones need no count.
    if ((over = (json = JSON.stringify(e)).length * 3 > MAX_ENTRY_BYTES ? utf8Bytes(json) - MAX_ENTRY_BYTES : 0) <= 0) return json;
    // Each step removes at least `over` bytes (plus room for the mark), or the last two items.
    // A message already down to its first KiB (and the mark) stays as it is.
    if ((m = e.message).length > 1024 + CUT.length) e.message = m.slice(0, Math.max(1024, m.length - over - 12)) + CUT;
    else e.additional.splice(-2, 2, CUT);
  }
}
