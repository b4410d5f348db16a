// The script-tag entry: window.EMWeb, the automatic start from `data-mount`, and a guard against
// the script being loaded twice.
import htm from 'htm/mini';
import type { VNode } from 'preact';
import {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { bootstrap, bootstrapWhenParsed, unmount, whenMountable } from './client/bootstrap';
import { getPage } from './client/page';
import type { BootstrapOptions } from './client/types';
import type { Logger } from './logging/types';
import { runsInProduction } from './product/build';
import { BUILD_VERSION } from './product/constants';
import { lazy } from './routes/lazy';
import type { Client } from './types/client';
import { useDraft } from './ui/useDraft';

/** The React API a screen written without a bundler needs, from the bundle's own copy (a second copy's hooks would fail). */
const React = {
  createElement,
  Fragment,
  useState,
  useEffect,
  useMemo,
  useRef,
  useCallback,
  useReducer,
  useContext,
  createContext,
};

/** `window.EMWeb`: what the script-tag bundle gives a host page. */
export interface EMWebGlobal {
  /** The bundle's version (package.json's). */
  buildVersion: string;
  /** Starts the client (see the options); resolves to the `Client` once start-up is done. */
  bootstrap(options?: BootstrapOptions): Promise<Client>;
  /**
   * Ends whatever runs in that element (default `'#emweb'`), started, starting or failed: its UI, listeners,
   * timers and share of the page's logger. A later `bootstrap` there starts afresh; nothing there: resolves.
   */
  unmount(mount?: Element | string): Promise<void>;
  /** The page's one logger, there as soon as the script has run. */
  logger: Logger;
  /** The bundle's own `createElement`, `Fragment`, hooks and `createContext`, for screens written without a bundler. */
  React: typeof React;
  /** Tagged templates that build elements: no build step, and no `eval`, so it works under a strict CSP. */
  html: (strings: TemplateStringsArray, ...values: unknown[]) => VNode | VNode[];
  /** A screen for `routes` whose module is imported the first time its route is shown. */
  lazy: typeof lazy;
  /** `useState` whose value survives a reload, a crash and a closed tab, for the signed-in user only. */
  useDraft: typeof useDraft;
}

declare global {
  interface Window {
    EMWeb?: EMWebGlobal;
  }
}

// `document.currentScript` is only set while this runs, so it is read now.
const script = document.currentScript;
const data = script instanceof HTMLScriptElement ? script.dataset : {};
const production = runsInProduction(data.production === 'false' ? false : undefined);

// A second copy of the script keeps the first: two loggers and two probes would fight.
const first = window.EMWeb;
window.EMWeb ??= {
  buildVersion: BUILD_VERSION,
  bootstrap,
  unmount,
  logger: getPage()._logger,
  React,
  html: htm.bind<VNode>(createElement),
  lazy,
  useDraft,
};

if (data.mount) {
  const options: BootstrapOptions = { mount: data.mount, production };
  if (!first) bootstrapWhenParsed(data.mount, options);
  else {
    // The first copy's bootstrap: the same element gets the same start. A failed start is on
    // screen with its Retry button; the host page must not see it thrown.
    whenMountable(data.mount, () => void first.bootstrap(options).catch(() => {}));
  }
}
