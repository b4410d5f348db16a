// One tab of a real browser as a check sees it, the same in every engine: built on the few
// primitives each driver implements (driver/types.ts), with everything else done in the page itself.
import { writeFileSync } from 'node:fs';
import { DOM_SOURCE } from './dom';
import type { EngineName, Key, Tab, Viewport } from './driver/types';

export type { Key };

export interface WaitOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  /** Named in the error when the wait times out. */
  what?: string;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the page reported, recorded in the page by pages/recorder.js (across navigations of the tab). */
export interface PageRecord {
  console: { type: string; text: string }[];
  /** Uncaught errors and unhandled rejections. */
  errors: string[];
  csp: { effectiveDirective: string; blockedURI: string; sample: string; disposition: string }[];
}

/** The in-page helpers of dom.ts, as a check's in-page function receives them. */
interface Dom {
  find(selector: string): Element[];
  visible(el: Element): boolean;
  role(el: Element): string | null;
  name(el: Element): string;
  focused(): Element | null;
  norm(text: string | null): string;
  /** Where a pointer would click `el`, once it is in view, still and not covered; else why not yet. */
  clickPoint(el: Element): Promise<{ x: number; y: number } | { wait: string }>;
}

type InPage<A, R> = (arg: A) => R | Promise<R>;
type WithDom<A, R> = (dom: Dom, arg: A) => R | Promise<R>;

const DEFAULT_TIMEOUT = 10_000;

/**
 * `fn(arg)` as an expression the drivers evaluate. Its value is JSON made in the page, so every
 * engine hands back the same thing, and an error thrown in the page comes back as data. `__name` is
 * the helper the TypeScript loader wraps named functions in: a no-op here.
 */
function expression(source: string, arg: unknown, withDom: boolean): string {
  const call = withDom ? `(${source})(window.__e2eDom ||= (${DOM_SOURCE})(), __arg)` : `(${source})(__arg)`;
  return `(async (__arg) => {
    const __name = (f) => f;
    try { return JSON.stringify({ value: await ${call} }); }
    catch (e) { return JSON.stringify({ error: String(e && e.stack || e) }); }
  })(${JSON.stringify(arg) ?? 'undefined'})`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Page {
  constructor(
    readonly engine: EngineName,
    private readonly tab: Tab,
  ) {}

  /** Loads `url` and waits for its `load` event. */
  goto(url: string): Promise<void> {
    return this.tab.goto(url);
  }

  /** Runs `fn(arg)` in the page and returns its JSON-safe result (a promise is awaited). `fn` must use nothing from outside itself. */
  evaluate<R, A = undefined>(fn: InPage<A, R> | string, arg?: A): Promise<R> {
    return this.run(typeof fn === 'string' ? `() => (${fn})` : fn.toString(), arg, false);
  }

  /** Like evaluate, with the in-page helpers of dom.ts handed in first. */
  withDom<R, A = undefined>(fn: WithDom<A, R> | string, arg?: A): Promise<R> {
    return this.run(fn.toString(), arg, true);
  }

  private async run<R>(source: string, arg: unknown, withDom: boolean): Promise<R> {
    const json = await this.tab.evaluate(expression(source, arg, withDom));
    const result = JSON.parse(String(json)) as { value?: R; error?: string };
    if (result.error !== undefined) throw new Error(`in the page (${this.engine}): ${result.error}`);
    return result.value as R;
  }

  /**
   * Polls `fn(arg)` in the page until it returns a truthy value, and returns that value. A
   * navigation in between (the page is replaced while asked) is waited out like a falsy answer.
   */
  async waitFor<R, A = undefined>(fn: InPage<A, R>, arg?: A, options: WaitOptions = {}): Promise<NonNullable<R>> {
    return this.poll(() => this.evaluate(fn, arg), options.what ?? fn.toString().slice(0, 120), options.timeoutMs);
  }

  /** waitFor with the in-page helpers handed in. */
  async waitForDom<R, A = undefined>(fn: WithDom<A, R> | string, arg?: A, options: WaitOptions = {}): Promise<NonNullable<R>> {
    return this.poll(() => this.withDom(fn, arg), options.what ?? fn.toString().slice(0, 120), options.timeoutMs);
  }

  private async poll<R>(ask: () => Promise<R>, what: string, timeoutMs = DEFAULT_TIMEOUT): Promise<NonNullable<R>> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown = null;
    for (;;) {
      try {
        const value = await ask();
        if (value) return value as NonNullable<R>;
        last = value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        const said = last instanceof Error ? last.message.split('\n')[0] : JSON.stringify(last);
        throw new Error(`${this.engine}: timed out after ${timeoutMs} ms waiting for ${what} (last: ${said})`);
      }
      await sleep(40);
    }
  }

  /** The elements `selector` names (see dom.ts), looked up anew at each use. */
  locator(selector: string): Locator {
    return new Locator(this, selector);
  }

  /** The page's address. */
  url(): Promise<string> {
    return this.evaluate(() => location.href);
  }

  /** Waits until the page is at `url` (or a URL `test` accepts) and has loaded. */
  waitForURL(url: string | ((href: string) => boolean), options: WaitOptions = {}): Promise<string> {
    const test = typeof url === 'string' ? (href: string) => href === url : url;
    return this.poll(
      async () => {
        const { href, ready } = await this.evaluate(() => ({ href: location.href, ready: document.readyState === 'complete' }));
        return ready && test(href) ? href : null;
      },
      options.what ?? `the URL ${String(url)}`,
      options.timeoutMs,
    );
  }

  /**
   * Runs `action` (a click, say) and waits until a new document has replaced this one and loaded:
   * a mark left in the old document is gone.
   */
  async navigates(action: () => Promise<unknown>, options: WaitOptions = {}): Promise<void> {
    await this.evaluate(() => {
      (window as any).__e2eOldDocument = true;
    });
    await action();
    await this.waitFor(() => !(window as any).__e2eOldDocument && document.readyState === 'complete', undefined, {
      what: 'a new document',
      ...options,
    });
  }

  /** Reloads the page and waits for the new document to load. */
  reload(): Promise<void> {
    return this.navigates(() => this.evaluate(() => void setTimeout(() => location.reload())));
  }

  /** A real pointer click at a point of the viewport. */
  clickAt(x: number, y: number): Promise<void> {
    return this.tab.clickAt(x, y);
  }

  /** Presses and releases one key; whatever has focus gets it. */
  press(key: Key): Promise<void> {
    return this.tab.press(key);
  }

  /** Types `text` as real key presses into whatever has focus. */
  type(text: string): Promise<void> {
    return this.tab.type(text);
  }

  /** The address of every top-level window of the session: a tab the page opened is among them. */
  windowUrls(): Promise<string[]> {
    return this.tab.windowUrls();
  }

  /**
   * Closes the window letting `beforeunload` ask first: `'asked'` when the browser's prompt came up
   * (dismissed: the page stays), `'closed'` when it closed at once; `null` where the engine's
   * protocol cannot see that prompt (only Chromium's can).
   */
  closeAskingFirst(): Promise<'asked' | 'closed'> | null {
    return this.tab.closeAskingFirst?.() ?? null;
  }

  /** Sets the viewport's size and waits until the page sees it. */
  async setViewport(size: Viewport): Promise<void> {
    await this.tab.setViewport(size);
    await this.waitFor(({ width, height }) => innerWidth === width && innerHeight === height, size, {
      what: `a ${size.width}×${size.height} viewport`,
    });
  }

  /** A PNG of the viewport, also written to `file` when given. */
  async screenshot(file?: string): Promise<Buffer> {
    const png = await this.tab.screenshot();
    if (file) writeFileSync(file, png);
    return png;
  }

  /** Another window of the same session (cookies and storage shared). */
  async newPage(viewport: Viewport): Promise<Page> {
    return new Page(this.engine, await this.tab.newTab(viewport));
  }

  /** Closes the window as a user would (the page gets `pagehide`). */
  close(): Promise<void> {
    return this.tab.close();
  }

  /** Resolves once the page has painted twice: whatever the last step scheduled has rendered. */
  painted(): Promise<void> {
    return this.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  }

  /** What the page reported since the tab opened (recorder.js); empty on a page without the recorder. */
  async record(): Promise<PageRecord> {
    const record = await this.evaluate(() => (window as any).__e2eRecord ?? null).catch(() => null);
    return record ?? { console: [], errors: [], csp: [] };
  }

  /** Uncaught errors, CSP violations and console errors, one line each: `[]` when the page ran clean. */
  async problems(): Promise<string[]> {
    const { console: messages, errors, csp } = await this.record();
    return [
      ...errors.map((e) => `page error: ${e}`),
      ...csp.map((v) => `CSP violation: ${v.effectiveDirective} blocked ${v.blockedURI || '(inline)'} ${v.sample}`.trim()),
      ...messages.filter((m) => m.type === 'error').map((m) => `console error: ${m.text}`),
    ];
  }

  /** The tab's console with the browser's own warnings, where the engine's protocol reports them (Chromium); else null. */
  browserConsole(): string[] | null {
    return this.tab.browserConsole?.() ?? null;
  }

  /** The element that has focus (through open shadow roots), or null for the body. */
  focused(): Promise<Focused | null> {
    return this.withDom((dom) => {
      const el = dom.focused();
      return el
        ? {
            tag: el.tagName.toLowerCase(),
            role: el.getAttribute('role'),
            text: dom.norm(el.textContent),
            haspopup: el.getAttribute('aria-haspopup'),
          }
        : null;
    });
  }
}

export interface Focused {
  tag: string;
  role: string | null;
  text: string;
  haspopup: string | null;
}

export type State = 'visible' | 'hidden' | 'attached' | 'detached';

/** The elements a selector names, looked up in the page each time it is used. */
export class Locator {
  constructor(
    readonly page: Page,
    readonly selector: string,
  ) {}

  /** Narrows to matches of `selector` below these. */
  locator(selector: string): Locator {
    return new Locator(this.page, `${this.selector} >> ${selector}`);
  }

  /** How many elements match now, hidden ones included. */
  count(): Promise<number> {
    return this.page.withDom((dom, selector) => dom.find(selector).length, this.selector);
  }

  /** Whether one of them is visible now. */
  isVisible(): Promise<boolean> {
    return this.page.withDom((dom, selector) => dom.find(selector).some(dom.visible), this.selector);
  }

  /** Waits until one of them is visible (default), none is, one exists, or none does. */
  async waitFor(state: State = 'visible', options: WaitOptions = {}): Promise<void> {
    await this.page.waitForDom(
      (dom, { selector, state }) => {
        const found = dom.find(selector);
        if (state === 'attached') return found.length > 0;
        if (state === 'detached') return found.length === 0;
        const shown = found.some(dom.visible);
        return state === 'visible' ? shown : !shown;
      },
      { selector: this.selector, state },
      { what: `${this.selector} to be ${state}`, ...options },
    );
  }

  /**
   * Runs `fn(element, arg)` in the page on the first visible match, else the first match, once
   * there is one.
   */
  async evaluate<R, A = undefined>(fn: (el: any, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    // The check's function goes into the source as it is: no eval in the page, which its CSP forbids.
    const found = await this.page.waitForDom<{ value: R } | null, { selector: string; arg?: A }>(
      `async (dom, { selector, arg }) => {
        const all = dom.find(selector);
        const el = all.find(dom.visible) ?? all[0];
        return el ? { value: await (${fn.toString()})(el, arg) } : null;
      }`,
      { selector: this.selector, arg },
      { what: this.selector },
    );
    return found.value;
  }

  /** Visible text (innerText), trimmed. */
  text(): Promise<string> {
    return this.evaluate((el: HTMLElement) => el.innerText.trim());
  }

  /** textContent, whitespace collapsed and trimmed. */
  textContent(): Promise<string> {
    return this.evaluate((el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
  }

  /** Each match's visible text, trimmed. */
  texts(): Promise<string[]> {
    return this.page.withDom(
      (dom, selector) => dom.find(selector).map((el) => (el as HTMLElement).innerText.trim()),
      this.selector,
    );
  }

  attribute(name: string): Promise<string | null> {
    return this.evaluate((el: Element, n) => el.getAttribute(n), name);
  }

  /** The first visible match's box in the viewport, or null. */
  box(): Promise<Box | null> {
    return this.page.withDom((dom, selector) => {
      const el = dom.find(selector).find(dom.visible);
      if (!el) return null;
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    }, this.selector);
  }

  /** Computed values of `properties`. */
  style(properties: string[]): Promise<Record<string, string>> {
    return this.evaluate((el: Element, props) => {
      const style = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
    }, properties);
  }

  /** Gives the first visible match focus, as a script would. */
  async focus(): Promise<void> {
    await this.waitFor();
    await this.evaluate((el: HTMLElement) => el.focus());
  }

  /**
   * A real pointer click on the centre of the first visible match, once it is in view, still, and
   * what a pointer there hits (nothing covers it).
   */
  async click(options: WaitOptions = {}): Promise<void> {
    const point = await this.page.waitForDom(
      async (dom, selector) => {
        const el = dom.find(selector).find(dom.visible);
        const at = el && (await dom.clickPoint(el));
        return at && 'x' in at ? at : null;
      },
      this.selector,
      { what: `${this.selector} to be clickable`, ...options },
    );
    await this.page.clickAt(point.x, point.y);
  }
}
