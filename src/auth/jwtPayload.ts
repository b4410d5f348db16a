import { isPlainObject } from '../browser/http';

/** base64url, unpadded (`\w` is its letters, digits and `_`), and not empty. */
const BASE64URL = /^[\w-]+$/;

/**
 * The payload of a JWT as an object, or `null` when it is not one. Its base64url is decoded as
 * UTF-8 (atob alone yields a character per byte, which garbles any name beyond ASCII). Neither the
 * signature nor `exp` is checked. Never throws.
 */
export function readJwtPayload(jwt: string | null): Record<string, unknown> | null {
  try {
    const parts = jwt?.split('.') ?? [];
    const encoded = parts.length === 3 ? (parts[1] ?? '') : '';
    if (!BASE64URL.test(encoded)) return null;
    const bytes = Uint8Array.from(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isPlainObject(payload) ? payload : null;
  } catch {
    // Not base64, invalid UTF-8, or not JSON.
    return null;
  }
}
