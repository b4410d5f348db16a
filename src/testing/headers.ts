/**
 * The check a browser's fetch makes on each header before anything is sent: a name that is not an
 * HTTP token, or a value holding CR, LF, NUL or a character above U+00FF, makes it reject with a
 * TypeError. happy-dom's `Headers` skips the check, so the fake makes it: a stored token that a
 * browser refuses to send must not pass a test.
 */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters fetch refuses in a value
const REFUSED_IN_VALUE = /[\0\r\n]|[^\u0000-\u00ff]/;

export const isSendableHeader = (name: string, value: string): boolean => TOKEN.test(name) && !REFUSED_IN_VALUE.test(value);
