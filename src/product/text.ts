/**
 * A value from the server or a host as text, never a throw: String() throws on an object whose
 * toString is not a function (`{"toString":1}`), so objects are shown as their JSON; nothing
 * shows as a dash.
 */
export function asText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  try {
    // JSON.stringify gives undefined, not text, for what has no JSON (a toJSON that returns nothing).
    return typeof value === 'object' ? (JSON.stringify(value) ?? '—') : String(value);
  } catch {
    return '—';
  }
}

/** What went wrong, for the user: an Error's message, else the thrown value as text. */
export function errorText(error: unknown): string {
  try {
    return asText(error instanceof Error ? error.message : error);
  } catch {
    return '—';
  }
}
