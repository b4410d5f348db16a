import { readJwtPayload } from '../auth/jwtPayload';

/**
 * Who a stored JWT signs in, by its `userId`, read even when its `exp` has passed (the user who
 * left is the one of the last token before the session ended); `null` without one.
 */
export function userOf(jwt: string | null): string | null {
  const userId = readJwtPayload(jwt)?.userId;
  return userId == null ? null : String(userId);
}

/** Whether the session came back for the user who left; where either is unknown, it counts as the same. */
export const isSameUser = (left: string | null, back: string | null): boolean => left === null || back === null || left === back;
