/**
 * Focus on a screen's first heading (made focusable by script), else on `fallback`: where a keyboard
 * or screen-reader user lands after a move, or when a dialog goes and what had focus is gone.
 */
export function focusFirstHeading(within: ParentNode, fallback?: HTMLElement): void {
  const heading = within.querySelector<HTMLElement>('h1,h2,h3,h4,h5,h6');
  if (heading) heading.tabIndex = -1;
  (heading ?? fallback)?.focus();
}

/**
 * The element that has focus, looked for through open shadow roots (the document's active element
 * is the client's host while focus is inside it); `null` when nothing has it (the body).
 */
export function focusedElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active === doc.body ? null : (active as HTMLElement | null);
}
