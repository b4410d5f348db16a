// One line of a stack, as the engines write it:
//   Chromium   "    at Object.Bn (https://host/web/emweb.js:1:51534)"   or "    at https://host/web/emweb.js:1:200"
//   Firefox, Safari   "Bn@https://host/web/emweb.js:1:51534"          or "@https://host/web/emweb.js:1:200"
// Lines and columns count from 1 in all three. A frame that waits on an `await` is marked
// "at async Bn (…)" by Chromium and "async*Bn@…" by Firefox.

export interface Frame {
  style: 'at' | 'at-sign';
  /** What comes before the function's name: the indentation, `at ` (Chromium), the async mark. */
  lead: string;
  /** The frame waits on an `await`: its place in the code is not a call. */
  awaits: boolean;
  /** The function's name as the stack gives it, '' when none. */
  functionName: string;
  url: string;
  /** The last path segment of the URL, without query or fragment: the bundle's file name. */
  file: string;
  line: number;
  column: number;
}

const AT = /^(?<lead>\s*at\s+(?:async\s+)?)(?:(?<name>.*?)\s+\()?(?<url>\S+?):(?<line>\d+):(?<column>\d+)\)?\s*$/;
const AT_SIGN = /^(?<lead>\s*(?:async\*)?)(?<name>[^@\s]*)@(?<url>\S+?):(?<line>\d+):(?<column>\d+)\s*$/;

export function fileOf(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The frame a stack line holds, or null for any other line (the message, `<anonymous>`, native code). */
export function parseFrame(text: string): Frame | null {
  const at = AT.exec(text)?.groups;
  if (at) return frame('at', at);
  const atSign = AT_SIGN.exec(text)?.groups;
  return atSign ? frame('at-sign', atSign) : null;
}

function frame(style: Frame['style'], parts: Record<string, string | undefined>): Frame {
  const { lead = '', name = '', url = '' } = parts;
  return {
    style,
    lead,
    awaits: /async/.test(lead),
    functionName: name,
    url,
    file: fileOf(url),
    line: Number(parts.line),
    column: Number(parts.column),
  };
}

/** The frame written back in its engine's style, at another place and under another name. */
export function formatFrame(frame: Frame, functionName: string, location: string): string {
  if (frame.style === 'at-sign') return `${frame.lead}${functionName}@${location}`;
  return functionName ? `${frame.lead}${functionName} (${location})` : `${frame.lead}${location}`;
}
