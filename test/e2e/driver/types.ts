// What each engine's driver does for the harness: the few primitives that differ from one
// automation protocol to the next. Everything else (waiting, finding elements through shadow roots,
// clicking by selector, what the page reported) is built once on these, in ../page.ts.
import type { EngineName, EnginePaths } from '../engines.mjs';

export type { EngineName };

export interface Viewport {
  width: number;
  height: number;
}

export type ColorScheme = 'light' | 'dark';

/** The keys a check may press, named as KeyboardEvent.key names them ('Space' for ' '). */
export type Key = 'Enter' | 'Space' | 'Escape' | 'Tab' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** Each key as its KeyboardEvent.key: the name Playwright and Puppeteer press it by. */
export const KEY_VALUES: Record<Key, string> = {
  Enter: 'Enter',
  Space: ' ',
  Escape: 'Escape',
  Tab: 'Tab',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  Home: 'Home',
  End: 'End',
};

/** One tab (a top-level window) of a session. */
export interface Tab {
  /** Loads `url` and resolves once its `load` event has fired. */
  goto(url: string): Promise<void>;
  /**
   * Evaluates a JavaScript expression in the page, outside the page's CSP; a promise it gives is
   * awaited. The harness only passes expressions whose value is a string (JSON it made).
   */
  evaluate(expression: string): Promise<unknown>;
  /** A real pointer click (move, press, release) at a point of the viewport, in CSS pixels. */
  clickAt(x: number, y: number): Promise<void>;
  /** One key pressed and released, sent to whatever has focus. */
  press(key: Key): Promise<void>;
  /** Types `text` (letters, digits, spaces) as real key presses, each sent to whatever has focus. */
  type(text: string): Promise<void>;
  /** Sets the size of the viewport (the page's innerWidth and innerHeight). */
  setViewport(size: Viewport): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /** Another window of the same session (cookies and storage shared), visible beside this one. */
  newTab(viewport: Viewport): Promise<Tab>;
  /** Closes the window as a user would: the page gets `pagehide`. */
  close(): Promise<void>;
  /** The address of every top-level window of the session (this one, those it made, those a page opened). */
  windowUrls(): Promise<string[]>;
  /**
   * Closes the window the way a user closing it would, letting the page's `beforeunload` ask first:
   * `'asked'` when the browser's own prompt came up (it is dismissed: the page stays open), `'closed'`
   * when the page closed without asking. Only where the protocol can see that prompt (Chromium's).
   */
  closeAskingFirst?(): Promise<'asked' | 'closed'>;
  /**
   * Every console message of the tab, the browser's own warnings (an unused or unmatched preload)
   * among them: only where the protocol reports those, which Chromium's does. Firefox's WebDriver
   * BiDi and WebKitWebDriver report the page's own calls at most (pages/recorder.js has those).
   */
  browserConsole?(): string[];
}

/** A fresh browsing session: no cookies, no storage, no cache; one blank tab to start with. */
interface Session {
  readonly tab: Tab;
  close(): Promise<void>;
}

interface SessionOptions {
  viewport: Viewport;
  colorScheme: ColorScheme;
}

/** One engine, launched on first use. */
export interface Driver {
  readonly name: EngineName;
  /** e.g. "Firefox 153.7.0esr", once launched. */
  version(): Promise<string>;
  open(options: SessionOptions): Promise<Session>;
  /** Ends every browser and helper process it started. */
  quit(): Promise<void>;
}

export type DriverFactory = (paths: EnginePaths) => Driver;
