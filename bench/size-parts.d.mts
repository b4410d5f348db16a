/** What each part of src/ adds to dist/emweb.js, gzipped; see size-parts.mjs. */
export function sizeByPart(asked?: string[]): Promise<{
  whole: number;
  parts: { name: string; bytes: number }[];
  /** Everything no part covers, the libraries included; null when only some parts were asked. */
  rest: number | null;
  libraries: { name: string; adds: number; total: number }[];
}>;
