// The key that lets a server tell the copies of a batch apart (see httpRequest.ts for how it travels).

/** A new key: 128 random bits as 32 hex characters. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    // No Web Crypto (a very old or locked-down page): still unique enough to tell batches apart.
    for (let i = 0; i < 16; i++) bytes[i] = Math.random() * 256; // a byte array keeps the whole part
  }
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
