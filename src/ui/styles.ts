// The shell's look, in a constructed stylesheet adopted by the shadow root: `style-src 'self'`
// allows that, where it would block a <style> element. Nothing of the host page is inside the
// shadow root, so plain class names cannot clash. `.emweb`, the top element, resets what the host
// could still pass down by inheritance (colour, font and the rest): the host's own rules on the
// mount element would beat any `:host` rule. Custom properties are not reset by `all`, which is
// how a host's `--emweb-*` theme reaches in. Surfaces, muted text and borders are mixed from the
// background and text colours, so a host's theme keeps them readable. Host screens render inside
// too: beyond buttons, the rules name the shell's own classes, so a screen keeps the browser's defaults.
const CSS = `
.emweb {
  all: initial;
  display: block;
  position: relative;
  min-height: inherit;
  --bg: var(--emweb-bg, light-dark(#f6f7fa, #10161f));
  --fg: var(--emweb-fg, light-dark(#14213d, #e6ebf2));
  --accent: var(--emweb-accent, light-dark(#2456c7, #2f63d6));
  --surface: color-mix(in srgb, var(--fg) 4%, var(--bg));
  --muted: color-mix(in srgb, var(--fg) 72%, var(--bg));
  --line: 1px solid color-mix(in srgb, var(--fg) 14%, var(--bg));
  --tint: color-mix(in srgb, var(--accent) 16%, var(--surface));
  color-scheme: light dark;
  background: var(--bg);
  color: var(--fg);
  font: 14px/1.5 var(--emweb-font, system-ui, sans-serif);
}
* { box-sizing: border-box; }
.header { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; padding: 12px 24px; background: var(--surface); border-bottom: var(--line); }
.titles { flex: 1 1 12em; min-width: 0; }
.header h1 { margin: 0; font-size: 18px; overflow-wrap: anywhere; }
.header small, .home h2 { font-size: 13px; color: var(--muted); }
.badge { font-size: 12px; padding: 2px 10px; border-radius: 9px; background: var(--tint); }
.main { padding: 24px 24px 96px; outline: none; }
.home, .panel { padding: 12px 24px; background: var(--surface); border: var(--line); border-radius: 12px; overflow-wrap: anywhere; }
.home h2, .panel h2 { margin: 0; }
.panel { max-width: 520px; margin: auto; text-align: center; }
.panel h2 { font-size: 18px; }
.panel p { margin: 8px 0 16px; color: var(--muted); }
button { font: inherit; cursor: pointer; border: 0; border-radius: 24px; padding: 8px 20px; background: var(--accent); color: #fff; }
button:focus-visible, h2:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.speed-dial { position: fixed; right: var(--emweb-fab-inset, 16px); bottom: var(--emweb-fab-inset, 16px); z-index: 2147483000; display: flex; flex-direction: column; align-items: end; gap: 8px; }
.fab { width: 56px; height: 56px; font-size: 28px; padding: 0; box-shadow: 0 4px 12px #0004; }
.speed-dial [role=menu] { display: contents; }
.speed-dial [role=menuitem] { background: var(--surface); color: var(--fg); border: var(--line); }
.speed-dial [role=menuitem]:focus { background: var(--tint); }
.secondary { background: var(--surface); color: var(--fg); border: 1px solid var(--muted); }
.notices, .notices > div, .notice, .buttons { display: flex; flex-direction: column; align-items: center; gap: 8px; }
.notices { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: 2147482999; width: max-content; max-width: calc(100vw - 32px); }
.notice { flex-direction: row; padding: 6px 6px 6px 16px; border-radius: 8px; background: var(--fg); color: var(--bg); }
.notice.success { border-left: 6px solid #3fa66b; }
.notice.error { background: #a4241b; color: #fff; }
.cut::after { content: "…"; }
.close { padding: 2px 10px; font-size: 18px; background: none; color: inherit; }
.close::before { content: "×"; }
.backdrop { position: absolute; inset: 0; z-index: 2147483001; padding: 15vh 16px 0; background: color-mix(in srgb, var(--fg) 35%, transparent); }
.dialog { position: sticky; top: 15vh; margin: auto; max-width: 440px; padding: 20px 24px; background: var(--bg); border: var(--line); border-radius: 12px; box-shadow: 0 8px 32px #0006; }
.dialog h2 { margin: 0 0 8px; font-size: 18px; }
.dialog p { margin: 0 0 12px; color: var(--muted); }
[inert] .fab { opacity: 0.5; }
.buttons { flex-direction: row; justify-content: flex-end; }
[data-breakpoint=xs] {
  .header small, .auth { display: none; }
  .titles { flex-basis: 100%; }
  .main { padding: 16px 12px 96px; }
  .notices { bottom: calc(var(--emweb-fab-inset, 16px) + 64px); }
}
`;

let sheet: CSSStyleSheet | undefined;

/** Styles a shadow root; one sheet serves every mount on the page. */
export function adoptStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  root.adoptedStyleSheets = [sheet];
}
