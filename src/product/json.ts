/**
 * Values JSON can hold, as a draft keeps them: null, booleans, finite numbers, strings, and arrays
 * and plain objects of those, without cycles. Anything else would come back from storage as
 * something else (a Date as a string, `undefined` as nothing), so it is refused where it is given.
 */

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** What in `value` JSON cannot hold, or `null` when it can all be held. */
function unheld(value: unknown, parents: object[]): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : String(value);
  if (typeof value !== 'object') return typeof value;
  if (parents.includes(value)) return 'a cycle';
  if (!Array.isArray(value) && !isPlainObject(value)) return 'an object of a class';
  parents.push(value);
  for (const item of Object.values(value)) {
    const why = unheld(item, parents);
    if (why) return why;
  }
  parents.pop();
  return null;
}

/** Throws a TypeError naming what JSON cannot hold in `value`. */
export function assertJson(value: unknown): void {
  const why = unheld(value, []);
  if (why) throw new TypeError(`EMWeb: a draft holds only what JSON can hold, not ${why}`);
}

/** Whether two values JSON can hold are the same once written (the order of an object's keys aside). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
