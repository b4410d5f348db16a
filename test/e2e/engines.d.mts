// Types of engines.mjs, for the TypeScript harness.

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface EnginePaths {
  /** The browser's executable (MiniBrowser for WebKitGTK). */
  browser: string;
  /** WebKitGTK only: WebKitWebDriver and xvfb-run. */
  driver?: string;
  xvfbRun?: string;
}

export type FoundEngine =
  | { name: EngineName; label: string; paths: EnginePaths; missing?: undefined }
  | { name: EngineName; label: string; missing: string; paths?: undefined };

export declare function isCI(): boolean;
export declare function findEngine(name: EngineName): FoundEngine;
export declare function selectedEngines(): EngineName[];
export declare function engineVersion(found: { name: EngineName; paths: EnginePaths }): string;
