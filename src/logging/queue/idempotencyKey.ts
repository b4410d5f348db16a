// The key that lets a server tell the copies of a batch apart (post.ts and beacon.ts say how it travels).

/** A new key: 128 random bits as 32 hex characters. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
