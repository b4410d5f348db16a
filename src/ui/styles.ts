// The shell's look, in a constructed stylesheet adopted by the shadow root: `style-src 'self'`
// allows that, where it would block a <style> element. Nothing of the host page is inside the
// shadow root, so plain class names cannot clash. `.emweb`, the top element, resets what the host
// could still pass down by inheritance (colour, font and the rest): the host's own rules on the
// mount element would beat any `:host` rule. Custom properties are not reset by `all`, which is
// how a host's `--emweb-*` theme reaches in. Host screens render inside too: beyond buttons, the
// rules name the shell's own classes, so a screen keeps the browser's defaults. Surfaces, muted text and borders are mixed from the
// background and text colours, so a host's theme keeps them readable.
const CSS = `
.container { display: block; min-height: inherit; }
.emweb {
  all: initial;
  display: block;
  /* As tall as the host made the mount element, so the client's background fills it. */
  min-height: inherit;
  --bg: var(--emweb-bg, #f6f7fa);
  --fg: var(--emweb-fg, #14213d);
  --accent: var(--emweb-accent, #2456c7);
  color-scheme: light;
  --surface: color-mix(in srgb, var(--fg) 4%, var(--bg));
  --muted: color-mix(in srgb, var(--fg) 72%, var(--bg));
  --border: color-mix(in srgb, var(--fg) 14%, var(--bg));
  background: var(--bg);
  color: var(--fg);
  font: 14px/1.5 var(--emweb-font, system-ui, sans-serif);
}
@media (prefers-color-scheme: dark) {
  .emweb {
    --bg: var(--emweb-bg, #10161f);
    --fg: var(--emweb-fg, #e6ebf2);
    --accent: var(--emweb-accent, #2f63d6);
    color-scheme: dark;
  }
}
* { box-sizing: border-box; }
.product-name, .home-title, .panel-headline, .facts, dd { margin: 0; }
.header { display: flex; align-items: center; gap: 12px; padding: 12px 24px; background: var(--surface); border-bottom: 1px solid var(--border); }
.titles { flex: 1; min-width: 0; }
.product-name { font-size: 18px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.versions, .home-title, dt { font-size: 13px; color: var(--muted); }
.badge { font-size: 12px; padding: 2px 10px; border-radius: 9px; background: color-mix(in srgb, var(--accent) 16%, var(--surface)); }
.cloud-badge { background: color-mix(in srgb, #1f9d57 20%, var(--surface)); }
.main-area { padding: 24px 24px 96px; outline: none; }
.home, .panel { padding: 12px 24px; background: var(--surface); border: 1px solid var(--border); border-radius: 12px; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 0 32px; }
.fact { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-top: 1px solid var(--border); }
dd { font-weight: 500; overflow-wrap: anywhere; }
.panel { max-width: 520px; margin: auto; text-align: center; overflow-wrap: anywhere; }
.panel-headline { font-size: 18px; }
.panel-detail { margin: 8px 0 16px; color: var(--muted); }
.loading { margin: 8px 0; }
button { font: inherit; cursor: pointer; border: 0; border-radius: 24px; padding: 8px 20px; background: var(--accent); color: #fff; }
button:focus-visible, h2:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.speed-dial { position: fixed; right: var(--emweb-fab-inset, 16px); bottom: var(--emweb-fab-inset, 16px); z-index: 2147483000; display: flex; flex-direction: column; align-items: end; gap: 8px; }
.fab { width: 56px; height: 56px; font-size: 28px; padding: 0; box-shadow: 0 4px 12px #0004; }
.speed-dial-menu { display: contents; }
.speed-dial-item { background: var(--surface); color: var(--fg); border: 1px solid var(--border); box-shadow: 0 2px 6px #0003; }
.speed-dial-item:focus { background: color-mix(in srgb, var(--accent) 16%, var(--surface)); }
.notice-region { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); }
.notice { display: block; padding: 8px 16px; border-radius: 8px; background: var(--fg); color: var(--bg); }
[data-breakpoint=xs] .product-name { white-space: normal; }
[data-breakpoint=xs] .versions, [data-breakpoint=xs] .mode-badge { display: none; }
[data-breakpoint=xs] .main-area { padding: 16px 12px 96px; }
`;

let sheet: CSSStyleSheet | undefined;

/** Styles a shadow root; one sheet serves every mount on the page. */
export function adoptStyles(root: ShadowRoot): void {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    // No constructable stylesheets (a test DOM): a <style> element, where the page's CSP allows it.
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
  }
}
