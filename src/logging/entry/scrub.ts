/**
 * What must never leave the page in a log entry: anything shaped like a JWT, the stored
 * development token (which need not look like one), and whatever sits under a key named like a
 * secret. Applied while an entry is made (serialize.ts), before it is queued or stored.
 */
export const REDACTED = '[redacted]';
/** Appended to whatever was shortened, and standing in for what could not be copied. */
export const CUT = '…[cut]';

/**
 * Keys whose whole value is replaced: any key that contains one of these, in any case, so that
 * `userPassword`, `X-Api-Key`, `refresh_token` and `Set-Cookie` go too (and, harmlessly, `tokenCount`).
 */
const SECRET_KEY = /passw(or)?d|secret|token|authorization|cookie|api[-_]?key/i;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/**
 * What leaves a string: every run of base64url-and-dot characters holding `eyJ` with a dot after it
 * becomes `[redacted]`, and so does the stored development token, however short (a short one takes
 * ordinary text with it: a garbled message is better than a token on the server).
 * Applied to each string before it is escaped (in JSON text, `\n` + token would make one run with
 * the `n`, and redacting it would break the escape), after it is cut: a token the cut split is still
 * caught once its first dot is in; before that only its header is left, which says nothing. Whole
 * runs, found by a pattern that never backtracks: linear on any input.
 */
export function redactText(text: string, devToken?: string | null): string {
  const out = text.includes('eyJ')
    ? text.replace(/[\w.-]+/g, (run) => {
        const start = run.indexOf('eyJ');
        return start >= 0 && run.includes('.', start) ? REDACTED : run;
      })
    : text;
  return devToken ? out.replaceAll(devToken, REDACTED) : out;
}
