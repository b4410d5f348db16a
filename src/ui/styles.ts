// The shell's look, in a constructed stylesheet adopted by the shadow root: `style-src 'self'`
// allows that, where it would block a <style> element. Selectors can be plain element names
// because nothing of the host page is inside the shadow root. `.r`, the top element, resets what
// the host could still pass down by inheritance (colour, font and the rest), since the host's own
// rules on the mount element would beat any `:host` rule.
const CSS = `.r{all:initial;display:block;font:14px/1.5 system-ui,sans-serif;color:#123;background:#f5f6f8}
*{box-sizing:border-box;margin:0}
button{font:inherit;cursor:pointer;border:0;border-radius:99px;padding:8px 20px;background:#25d;color:#fff}
:focus-visible{outline:3px solid #9bf;outline-offset:2px}
header{display:flex;align-items:center;gap:12px;padding:12px 24px;background:#fff;border-bottom:1px solid #dde}
header div{flex:1;min-width:0}
h1{font-size:18px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
small,dt,.l{color:#567}
b{font-size:12px;font-weight:500;padding:2px 10px;border-radius:99px;background:#e8edfc;color:#238}
main{display:block;max-width:1200px;margin:auto;padding:24px 24px 104px}
.g{display:grid;gap:16px;grid-template-columns:repeat(3,1fr);margin-top:16px}
section{padding:16px 20px;background:#fff;border:1px solid #dde;border-radius:12px}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#567}
dl div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eef}
dd{font-weight:500;text-align:right;overflow-wrap:anywhere}
.p{max-width:520px;margin:48px auto;text-align:center}
.p p{margin:8px 0 20px;overflow-wrap:anywhere}
.s{display:inline-block;width:1em;height:1em;margin-right:8px;border:2px solid #ccd;border-top-color:#25d;border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(1turn)}}
.f{position:fixed;right:24px;bottom:24px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.f>button{width:56px;height:56px;padding:0;font-size:28px;box-shadow:0 4px 12px #0003}
[role=menu]{display:contents}
[role=menuitem]{background:#fff;color:#123;border:1px solid #dde;box-shadow:0 2px 8px #0002}
[role=menuitem]:focus{background:#e8edfc}
.n{position:fixed;left:50%;bottom:32px;transform:translateX(-50%)}
.n span{display:block;padding:8px 16px;border-radius:8px;background:#123;color:#fff}
[data-bp=sm] .g{grid-template-columns:1fr 1fr}
[data-bp=xs] .g{grid-template-columns:1fr}
[data-bp=xs] header{padding:8px 12px}
[data-bp=xs] small,[data-bp=xs] .m{display:none}
[data-bp=xs] main{padding:16px 12px 96px}
[data-bp=xs] .f{right:16px;bottom:16px}
[data-bp=xs] .n{bottom:88px}
@media (prefers-reduced-motion:reduce){.s{animation-duration:4s}}`;

let sheet: CSSStyleSheet | undefined;

/** Styles a shadow root; one sheet serves every mount on the page. */
export function adoptStyles(root: ShadowRoot): void {
  try {
    if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    // No constructable stylesheets (a test DOM): a <style> element, where the page's CSP allows it.
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
  }
}
