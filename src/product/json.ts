/**
 * Values JSON can hold, as a draft keeps them: what comes back the same from a JSON round trip.
 * Anything else would come back from storage as something else (a Date as a string, `undefined`
 * as nothing), so it is refused where it is given.
 */

/** Throws a TypeError when `value` would not come back the same from JSON (a cycle or a BigInt makes `stringify` throw). */
export function assertJson(value: unknown): void {
  try {
    if (jsonEqual(JSON.parse(JSON.stringify(value)), value)) return;
  } catch {}
  throw new TypeError('EMWeb: a draft holds only what JSON can hold');
}

/** Whether two values JSON can hold are the same once written (the order of an object's keys aside). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
