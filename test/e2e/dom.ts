// The harness's in-page half: finds elements through open shadow roots by CSS, ARIA role and
// accessible name, or text, tells whether they are visible, and where a pointer would click them.
// Kept as source text, installed once per document as window.__e2eDom by Page (page.ts): the
// TypeScript loader would otherwise wrap its inner functions in a helper the page does not have.
//
// Selectors: parts joined by ` >> `; each part is searched below every match of the part before it
// (the first, in the whole document), open shadow roots included at any depth.
//   CSS                        `#emweb >> header h1` (a CSS part does not cross a shadow boundary itself)
//   role=R / role=R[name="N"]  ARIA role R (explicit, or the tag's own: button, heading, link, region…)
//                              whose accessible name is exactly N (whitespace collapsed)
//   text=T                     the innermost elements whose text contains T (case aside, whitespace collapsed)
//   has-text=T                 keeps those of the part before whose text contains T (likewise)
export const DOM_SOURCE = `() => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const lower = (s) => norm(s).toLowerCase();
  const IMPLICIT = {
    BUTTON: 'button', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading',
    NAV: 'navigation', MAIN: 'main', UL: 'list', OL: 'list', LI: 'listitem', DIALOG: 'dialog', TEXTAREA: 'textbox',
  };
  const role = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.trim().split(/\\s+/)[0];
    if (el.tagName === 'A') return el.hasAttribute('href') ? 'link' : null;
    if (el.tagName === 'SECTION') return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
    return IMPLICIT[el.tagName] || null;
  };
  const byId = (el, id) => el.getRootNode().getElementById?.(id) ?? null;
  const name = (el) => {
    const label = norm(el.getAttribute('aria-label'));
    if (label) return label;
    const ids = el.getAttribute('aria-labelledby');
    if (ids) return norm(ids.split(/\\s+/).map((id) => byId(el, id)?.textContent || '').join(' '));
    return norm(el.textContent) || norm(el.getAttribute('title'));
  };
  // Every element below root (an element, shadow root or document), its open shadow tree first.
  const below = (root, out = []) => {
    if (root.shadowRoot) below(root.shadowRoot, out);
    for (const el of root.children) {
      out.push(el);
      below(el, out);
    }
    return out;
  };
  const parent = (el) => el.parentElement || el.getRootNode().host || null;
  const inside = (el, outer) => {
    for (let at = el; at; at = parent(at)) if (at === outer) return true;
    return false;
  };
  const matcher = (part) => {
    const byRole = /^role=([\\w-]+)(?:\\[name="(.*)"\\])?$/s.exec(part);
    if (byRole) return (el) => role(el) === byRole[1] && (byRole[2] === undefined || name(el) === byRole[2]);
    if (part.startsWith('text=')) {
      const text = lower(part.slice(5));
      return (el) => lower(el.textContent).includes(text) && ![...el.children].some((c) => lower(c.textContent).includes(text));
    }
    return (el) => el.matches(part);
  };
  const find = (selector) => {
    let scopes = [document];
    for (const part of selector.split(' >> ').map((p) => p.trim())) {
      if (part.startsWith('has-text=')) {
        const text = lower(part.slice(9));
        scopes = scopes.filter((el) => lower(el.textContent).includes(text));
        continue;
      }
      const matches = matcher(part);
      const found = new Set();
      for (const scope of scopes) for (const el of below(scope)) if (matches(el)) found.add(el);
      scopes = [...found];
    }
    return scopes;
  };
  const visible = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'contents') return [...el.children].some(visible);
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  // The element a pointer at (x, y) would hit, looking into open shadow roots.
  const hit = (x, y) => {
    let at = document.elementFromPoint(x, y);
    while (at && at.shadowRoot) {
      const deeper = at.shadowRoot.elementFromPoint(x, y);
      if (!deeper || deeper === at) break;
      at = deeper;
    }
    return at;
  };
  // Where to click el: the centre of its box once it is in view, has stopped moving for a frame,
  // and is what a pointer there would hit; else a reason to wait.
  const clickPoint = async (el) => {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const before = el.getBoundingClientRect();
    await frame();
    await frame();
    const box = el.getBoundingClientRect();
    if (['x', 'y', 'width', 'height'].some((k) => box[k] !== before[k])) return { wait: 'still moving' };
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const target = hit(x, y);
    if (!target || !inside(target, el)) return { wait: 'covered by ' + (target ? target.outerHTML.slice(0, 80) : 'nothing') };
    return { x, y };
  };
  // The element that has focus, looking through open shadow roots.
  const focused = () => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el === document.body ? null : el;
  };
  return { find, visible, role, name, clickPoint, focused, norm };
}`;
