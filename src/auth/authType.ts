/** The three ways a user signs in; the probe decides which one the server plays. */
export type AuthType = 'oracle' | 'secgw' | 'token';

export const isAuthType = (value: unknown): value is AuthType => value === 'oracle' || value === 'secgw' || value === 'token';
