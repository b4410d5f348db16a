/**
 * The client as hosts and screens see it: the `Client`, what a screen is given, the speed dial's
 * actions. Below the routes and the UI, which are handed a client, so that they import it from here
 * and never from the client/ that puts them together.
 */
import type { ComponentChild, ComponentType } from 'preact';
import type { ClientFetchInit } from '../api/clientFetch';
import type { ClientConfiguration } from '../api/configuration';
import type { Logger, LoggerStats } from '../logging/types';
import type { ClientState, StartupFacts } from '../state/clientState';

/** What `bootstrap` resolves to: the facts start-up learnt (read live from `state`), and what a host may do with them. */
export interface Client extends StartupFacts {
  /** The client's state as signals, read-only: a screen that reads one re-renders when it changes. */
  readonly state: ClientState;
  /** The page's one logger (docs/logger.md). */
  logger: Logger;
  /**
   * Calls the product's API: `path` is relative to the API base (`'tickets?state=open'` asks
   * `{origin}{apiBase}tickets?state=open`); any other path rejects with a TypeError and nothing is sent.
   * The call carries the sign-in (the session cookie; under the `token` authType `Authorization: Bearer …`
   * unless `init.headers` sets its own). `init` is fetch's, plus `json` (sent as a JSON body) and
   * `timeoutMs` (default: the bootstrap option). Resolves with the `Response` whatever its status;
   * rejects with the caller's signal's reason, a `TimeoutError` or `AbortError` DOMException (the
   * call took too long, the client ended), or fetch's own TypeError when no answer came. Under the
   * gateway a 401 mid-day shows the sign-in dialog over the screen and calls `onSignInRequired`
   * (once for a burst); the call waits and is sent again once the session is back
   * (`waitForSignIn: false` resolves with the 401 instead).
   */
  fetch(path: string, init?: ClientFetchInit): Promise<Response>;
  /**
   * Says whether the shown screen holds work the person would lose. While it does, a move inside the
   * client, leaving the page and the built-in Sign out ask first. It clears when the screen goes.
   */
  setUnsaved(unsaved: boolean): void;
  /**
   * Shows `text` (as text) in the shell's notices: `info` (default) and `success` go after 6 s, an
   * `error` stays until dismissed. At most 5 shown, each text cut at 500 characters. Returns what
   * dismisses it for this call (a repeat another call still holds stays).
   */
  notify(text: string, options?: NotifyOptions): () => void;
  /** Fetches the configuration again; the header follows. `false` when it could not be loaded. */
  reloadConfiguration(): Promise<ClientConfiguration | false>;
  /**
   * What a support request needs, nothing secret: versions, authType, API base, cloud, breakpoint, user
   * agent, the logger's figures and the route's pattern (never its path).
   */
  diagnostics(): Diagnostics;
  /**
   * Shows the route of a URL on the page's origin under /web/ (pushing a history entry, or replacing
   * it), with the `routes` option; another URL of the origin, or any without `routes`, the browser
   * loads. A URL of another origin or scheme (`javascript:`) throws a `TypeError`: nothing runs.
   */
  navigate(url: string | URL, options?: NavigateOptions): void;
  /** Forgets the stored sign-in (`jwt`, `devToken`, `authType`), then calls `onSignOut`. */
  signOut(): void;
  /** Flushes the logger, stops timers and listeners, and removes the UI. */
  unmount(): Promise<void>;
}

/** What a route's screen is called with. */
export interface ScreenProps {
  /** The client the screen runs in. */
  client: Client;
  /** The pattern's params, decoded: `{ id: 'SD-1042' }` for `'tickets/:id'`. */
  params: Record<string, string>;
  /** The location's search. */
  query: URLSearchParams;
}

/** A component, or `lazy(() => import(url))`. */
export type RouteScreen = ComponentType<ScreenProps>;

/** Path patterns relative to `/web/` (`''`, `'tickets'`, `'tickets/:id'`, `'*'`), first match wins. */
export type Routes = Record<string, RouteScreen>;

/** What `client.diagnostics()` gives, to copy into a support request: nothing secret. */
export interface Diagnostics {
  /** This bundle's version. */
  buildVersion: string;
  /** The server's version text. */
  serverVersion: string;
  /** How the client signs in. */
  authType: string;
  /** The API path in use. */
  apiBase: string;
  /** Whether the instance runs in the vendor's cloud. */
  isCloud: boolean;
  /** The viewport's breakpoint. */
  breakpoint: string;
  /** The browser's user agent. */
  userAgent: string;
  /** The logger's figures. */
  logger: LoggerStats;
  /** The pattern of the route shown (never its path: a path can hold ids); `null` without a matching route. */
  route: string | null;
}

/** An entry of the floating action button's speed dial. */
export interface SpeedDialAction {
  /** The menu item's text. */
  label: string;
  /** May return (a promise of) a short text, shown as a notice. A failure is a notice and an ERROR log entry. */
  run(client: Client): unknown;
}

/** What `render` may give: an element (`EMWeb.html`, `EMWeb.React.createElement`, JSX), a string, or a DOM node. */
export type Screen = ComponentChild | Node;

/** The speed dial's actions as the option gives them: an array replaces the built-ins; a function receives them and returns the list. */
export type SpeedDialActions = SpeedDialAction[] | ((builtIns: SpeedDialAction[]) => SpeedDialAction[]);

/** How `client.navigate` moves. */
export interface NavigateOptions {
  /** Replaces the current history entry instead of pushing one. */
  replace?: boolean;
}

/** `info` and `success` are polite and go by themselves; an `error` stays until it is dismissed. */
export type NoticeTone = 'info' | 'success' | 'error';

/** How `client.notify` shows its notice. */
export interface NotifyOptions {
  /** `info` (default), `success` or `error`. */
  tone?: NoticeTone;
}

/** What `useDraft` returns third: when the copy the screen started with was kept, and how to let it go. */
export interface Draft {
  /** When the restored copy was kept (epoch ms); `null` when the screen started with `initial`. */
  readonly restoredAt: number | null;
  /** The work is saved: the kept copy goes and the screen's unsaved state ends; the value stays. */
  clear(): void;
  /** The kept copy goes and `initial` is back. */
  discard(): void;
}

/** `useDraft`'s answer: like `useState`'s, with the draft third. */
export type DraftState<T> = [value: T, setValue: (value: T) => void, draft: Draft];
