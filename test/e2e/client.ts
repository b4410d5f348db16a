// Helpers for the client's own checks (boot, layout, speed dial, security, logging, a11y).
//
// Everything here finds the client's UI by role, accessible name, text, tag or an ARIA attribute the
// contract fixes (`aria-haspopup="menu"`), never by class name: the markup inside the shadow root is
// free to change. ` >> ` steps from the mount element into its open shadow root (dom.ts).
import * as assert from 'uvu/assert';
import type { DemoServer, RecordedRequest } from '../../demo/server.mjs';
import packageJson from '../../package.json' with { type: 'json' };
import type { Locator, Page } from './page';

export { breakpointOf } from '../../src/state/breakpoint';

/** The build version the bundle says it is: package.json's. */
export const BUILD = packageJson.version;

/** The floating action button: the contract makes it a `button` with `aria-haspopup="menu"`. */
export const fab = (page: Page, mount = '#emweb'): Locator => page.locator(`${mount} >> button[aria-haspopup="menu"]`);

/** The client's header (inside the shadow root of `mount`). */
export const header = (page: Page, mount = '#emweb'): Locator => page.locator(`${mount} >> header`);

/** `role` elements named `name` inside the client in `mount`. */
export const byRole = (page: Page, role: string, name?: string, mount = '#emweb'): Locator =>
  page.locator(`${mount} >> role=${role}${name === undefined ? '' : `[name="${name}"]`}`);

/** Elements of the client in `mount` whose text contains `text`. */
export const byText = (page: Page, text: string, mount = '#emweb'): Locator => page.locator(`${mount} >> text=${text}`);

/** The open speed dial's menu and its items. */
export const menu = (page: Page, mount = '#emweb'): Locator => byRole(page, 'menu', undefined, mount);
export const menuItems = (page: Page, mount = '#emweb'): Locator => page.locator(`${mount} >> role=menu >> role=menuitem`);

/** The facts of a Client that survive structured cloning. */
export interface ClientFacts {
  authType: string;
  apiBase: string;
  config: Record<string, unknown> | false;
  version: string;
  isCloud: boolean;
  claims: Record<string, unknown> | null;
  breakpoint: string;
}

/**
 * Waits until the client in `mount` has started: `EMWeb.bootstrap({ mount })` (the same promise the
 * script tag or manual.js started) has resolved and the floating action button is visible.
 * Returns the client's facts. Call it after the page's `load` (open() waits for it), so that the
 * script tag's own boot has already begun.
 */
export async function clientReady(page: Page, mount = '#emweb'): Promise<ClientFacts> {
  const facts = await page.evaluate(async (selector) => {
    const c = await (window as any).EMWeb.bootstrap({ mount: selector });
    return {
      authType: c.authType,
      apiBase: c.apiBase,
      config: c.config,
      version: c.version,
      isCloud: c.isCloud,
      claims: c.claims,
      breakpoint: c.state.breakpoint.value,
    };
  }, mount);
  await fab(page, mount).waitFor('visible');
  return facts;
}

/** `client.state.breakpoint.value` of the client in `mount`. */
export const breakpoint = (page: Page, mount = '#emweb'): Promise<string> =>
  page.evaluate(async (selector) => (await (window as any).EMWeb.bootstrap({ mount: selector })).state.breakpoint.value, mount);

export const isFabFocused = (f: { tag: string; haspopup: string | null } | null): boolean =>
  f?.tag === 'button' && f.haspopup === 'menu';

/** Requests to /api/ in arrival order. */
export const apiRequests = (server: DemoServer): RecordedRequest[] => server.requests.filter((r) => r.path.startsWith('/api/'));

/** Start-up API requests: everything under /api/ but the logger. */
export const startupRequests = (server: DemoServer): RecordedRequest[] =>
  apiRequests(server).filter((r) => !r.path.endsWith('/clientlogger/'));

/** Messages of every log entry the server received with status `status` (any status when omitted). */
export const loggedMessages = (server: DemoServer, status?: number): string[] =>
  server.logBatches
    .filter((b) => status === undefined || b.status === status)
    .flatMap((b) => b.entries.map((e) => String(e.message)));

/** Asserts that `box` lies wholly inside a `width`×`height` viewport. */
export function assertInViewport(
  box: { x: number; y: number; width: number; height: number } | null,
  width: number,
  height: number,
  what: string,
): void {
  assert.ok(box, `${what}: has a box`);
  assert.ok(box!.width > 0 && box!.height > 0, `${what}: not empty (${JSON.stringify(box)})`);
  assert.ok(box!.x >= 0 && box!.y >= 0, `${what}: left/top inside the viewport (${JSON.stringify(box)})`);
  assert.ok(
    box!.x + box!.width <= width && box!.y + box!.height <= height,
    `${what}: right/bottom inside ${width}×${height} (${JSON.stringify(box)})`,
  );
}

/** A short notice of the client (a live region) whose text contains `text` (any text when omitted). */
export const notice = (page: Page, text?: string, mount = '#emweb'): Locator =>
  page.locator(`${mount} >> [role=status], [role=alert], [aria-live]${text === undefined ? '' : ` >> has-text=${text}`}`);

/**
 * Waits until the client in `mount` has both learnt the breakpoint `bp` (its state) and rendered
 * for it (the `data-breakpoint` its shell carries): the UI re-renders after the state changes.
 */
export async function shownAt(page: Page, bp: string, mount = '#emweb'): Promise<void> {
  await page.waitFor(
    async ({ selector, want }) => {
      const state = (await (window as any).EMWeb.bootstrap({ mount: selector })).state.breakpoint.value;
      const shown = document
        .querySelector(selector)
        ?.shadowRoot?.querySelector('[data-breakpoint]')
        ?.getAttribute('data-breakpoint');
      return state === want && shown === want;
    },
    { selector: mount, want: bp },
    { what: `the client shown at ${bp}` },
  );
}

/** The CSP header of `path` as the demo server sends it (the browser got the same page). */
export async function cspOf(server: DemoServer, path: string): Promise<string | null> {
  const res = await fetch(server.url + path);
  await res.arrayBuffer();
  return res.headers.get('content-security-policy');
}

/**
 * Offline as the client meets it, in any engine: the log endpoint's connections are dropped (a
 * network failure), and the page says it is offline (`navigator.onLine` false and the `offline`
 * event); back online, the reverse and the `online` event. Only the current document is told.
 */
export async function setOffline(page: Page, server: DemoServer, offline: boolean, logger = '/api/clientlogger/'): Promise<void> {
  server.setOptions({ statuses: offline ? { [logger]: 0 } : {} });
  await page.evaluate((off) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !off });
    window.dispatchEvent(new Event(off ? 'offline' : 'online'));
  }, offline);
}

/**
 * From now on, the page's document notes the delay of every setTimeout it arms (timersArmed reads
 * them): how a check sees that the logger's flush timer is armed, or that nothing arms it.
 */
export const watchTimers = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as any;
    w.__e2eTimers = [];
    if (w.__e2eSetTimeout) return;
    w.__e2eSetTimeout = setTimeout;
    w.setTimeout = (callback: () => void, ms?: number) => {
      w.__e2eTimers.push(ms ?? 0);
      return w.__e2eSetTimeout(callback, ms);
    };
  });
export const timersArmed = (page: Page): Promise<number[]> => page.evaluate(() => (window as any).__e2eTimers);

/**
 * Whether leaving the page now would ask first: a cancelable `beforeunload` dispatched on the
 * window comes back cancelled, as the browser's prompt needs (what `closeAskingFirst` sees as a
 * prompt, checked in the page, in every engine).
 */
export const leavingAsks = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Types into the demo ticket's comment as a keyboard would leave it: the value, then the `input` event. */
export const typeComment = (page: Page, text: string): Promise<void> =>
  page.evaluate((value) => {
    const field = document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea') as HTMLTextAreaElement;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);

/** The demo ticket's comment as shown, or `null` without one. */
export const commentValue = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.querySelector('#emweb')?.shadowRoot?.querySelector('textarea')?.value ?? null);
