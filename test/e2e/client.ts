// Helpers for the client's own e2e tests (boot, layout, speed dial, security, logging, a11y).
//
// Everything here finds the client's UI by role, accessible name, text, tag or an ARIA attribute the
// contract fixes (`aria-haspopup="menu"`), never by class name: the markup inside the shadow root is
// free to change. Playwright's CSS and role locators pierce the open shadow root.
import type { Locator, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { DemoServer, RecordedRequest } from '../../demo/server.mjs';

export const BUILD = '1.229.0';

/** The floating action button: the contract makes it a `button` with `aria-haspopup="menu"`. */
export const fab = (page: Page, mount = '#emweb'): Locator => page.locator(`${mount} button[aria-haspopup="menu"]`);

/** The client's header (inside the shadow root of `mount`). */
export const header = (page: Page, mount = '#emweb'): Locator => page.locator(`${mount} header`);

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
  await fab(page, mount).waitFor({ state: 'visible' });
  return facts;
}

/** `client.state.breakpoint.value` of the client in `mount`. */
export const breakpoint = (page: Page, mount = '#emweb'): Promise<string> =>
  page.evaluate(async (selector) => (await (window as any).EMWeb.bootstrap({ mount: selector })).state.breakpoint.value, mount);

/** The element that really has focus, looking through open shadow roots. */
export interface Focused {
  tag: string;
  role: string | null;
  text: string;
  haspopup: string | null;
}

export const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      text: (el.textContent ?? '').trim(),
      haspopup: el.getAttribute('aria-haspopup'),
    };
  });

export const isFabFocused = (f: Focused | null): boolean => f?.tag === 'button' && f.haspopup === 'menu';

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

/** A short notice of the client (a live region) holding `text`. */
export const notice = (page: Page, text: string | RegExp, mount = '#emweb'): Locator =>
  page.locator(`${mount} [role=status], ${mount} [role=alert], ${mount} [aria-live]`).filter({ hasText: text });

/** The contract's breakpoint for a viewport width: xs under 768, sm under 992, md under 1200, else lg. */
export const breakpointOf = (width: number): string => (width < 768 ? 'xs' : width < 992 ? 'sm' : width < 1200 ? 'md' : 'lg');

/**
 * Waits until the client in `mount` has both learnt the breakpoint `bp` (its state) and rendered
 * for it (the `data-breakpoint` its shell carries): the UI re-renders after the state changes.
 */
export async function shownAt(page: Page, bp: string, mount = '#emweb'): Promise<void> {
  await page.waitForFunction(
    async ({ selector, want }) => {
      const state = (await (window as any).EMWeb.bootstrap({ mount: selector })).state.breakpoint.value;
      const shown = document
        .querySelector(selector)
        ?.shadowRoot?.querySelector('[data-breakpoint]')
        ?.getAttribute('data-breakpoint');
      return state === want && shown === want;
    },
    { selector: mount, want: bp },
  );
}

/** Resolves after the page has painted twice: whatever the last step scheduled has rendered. */
export const painted = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
