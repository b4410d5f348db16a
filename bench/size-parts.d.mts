/** What each part of src/ adds to dist/emweb.js, gzipped; see size-parts.mjs. */
export function sizeByPart(asked?: string[]): Promise<{
  whole: number;
  parts: { name: string; bytes: number }[];
  /** Everything no part covers, the libraries included; null when only some parts were asked. */
  rest: number | null;
  libraries: { name: string; adds: number; total: number }[];
}>;
/** Stand-ins by part: module path endings and the code that replaces them. */
export const PARTS: Record<string, Record<string, string>>;
