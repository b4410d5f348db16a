// The e2e form screen (pages/options.js, `?render=form` and `?routes=form`) as the working-day checks
// drive it: its comment field typed into with real keys, and the moment a text leaves the client.
import type { Page } from './page';

export const commentField = (page: Page) => page.locator('#app >> input[name="comment"]');

/** Clicks into the comment field and types `text` there with real key presses, once it has focus. */
export async function typeComment(page: Page, text: string): Promise<void> {
  await commentField(page).click();
  await page.waitFor(() => (document.querySelector('#app')?.shadowRoot?.activeElement as HTMLElement)?.tagName === 'INPUT');
  await page.type(text);
  await page.waitFor(
    (want) => (document.querySelector('#app')?.shadowRoot?.querySelector('input') as HTMLInputElement)?.value === want,
    text,
    { what: `"${text}" typed` },
  );
}

/**
 * From now on, the page notes (in `window.__e2eGoneAt`) the moment the client's shadow root stops
 * holding `text`: a MutationObserver, so the moment is the page's own, not the polling's.
 */
export const noteWhenGone = (page: Page, text: string) =>
  page.evaluate((gone) => {
    const root = document.querySelector('#app')!.shadowRoot!;
    const w = window as any;
    w.__e2eGoneAt = null;
    const look = () => {
      if (w.__e2eGoneAt === null && !(root.textContent ?? '').includes(gone)) {
        w.__e2eGoneAt = Date.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    look();
  }, text);

/** The moment noteWhenGone saw its text go, once it has. */
export const goneAt = (page: Page) =>
  page.waitFor(() => (window as any).__e2eGoneAt as number | null, undefined, { what: 'the text gone' });
