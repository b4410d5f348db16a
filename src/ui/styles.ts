// The shell's look, in a constructed stylesheet adopted by the shadow root: `style-src 'self'`
// allows that, where it would block a <style> element. Selectors can be plain element names
// because nothing of the host page is inside the shadow root. `.r`, the top element, resets what
// the host could still pass down by inheritance (colour, font and the rest), since the host's own
// rules on the mount element would beat any `:host` rule.
const CSS = `.r{all:initial;display:block;font:14px/1.5 system-ui,sans-serif;color:#1b2230;background:#f4f6fa}
*{box-sizing:border-box}
h1,h2,p,dl,dd{margin:0}
button{font:inherit;cursor:pointer;border:0;border-radius:99px;padding:8px 20px;background:#2f5bd3;color:#fff}
button:focus-visible{outline:3px solid #9db6f5;outline-offset:2px}
header{display:flex;align-items:center;gap:12px;padding:12px 24px;background:#fff;border-bottom:1px solid #e3e7ee}
header>div{flex:1;min-width:0}
i{display:grid;place-items:center;flex:none;width:32px;height:32px;border-radius:50%;background:#1b2230;color:#fff;font-style:normal}
h1{font-size:18px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
small,dt,.l{color:#5b6577}
b{font-size:12px;font-weight:500;padding:2px 10px;border-radius:99px;background:#eef2fd;color:#2441a6}
.c{background:#e3f6ef;color:#0b6b53}
main{display:block;max-width:1200px;margin:auto;padding:24px 24px 104px}
.g{display:grid;gap:16px;grid-template-columns:repeat(3,1fr);margin-top:16px}
section{background:#fff;border:1px solid #e3e7ee;border-radius:12px;padding:16px 20px}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#5b6577}
dl div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eef1f5}
dd{font-weight:500;overflow-wrap:anywhere;text-align:right}
.p{max-width:520px;margin:48px auto;text-align:center}
.p p{margin:8px 0 20px;overflow-wrap:anywhere}
.s{display:inline-block;width:16px;height:16px;margin-right:8px;vertical-align:-3px;border:2px solid #d5dbe6;border-top-color:#2f5bd3;border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(1turn)}}
.f{position:fixed;right:24px;bottom:24px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.f>button{width:56px;height:56px;padding:0;font-size:28px;box-shadow:0 6px 16px #2f5bd359;transition:transform .2s}
.o>button{transform:rotate(45deg)}
[role=menu]{display:contents}
[role=menuitem]{border:1px solid #e3e7ee;background:#fff;color:#1b2230;white-space:nowrap;box-shadow:0 4px 12px #1018281f}
[role=menuitem]:focus,[role=menuitem]:hover{background:#eef2fd}
.n{position:fixed;left:50%;bottom:32px;transform:translateX(-50%)}
.n span{display:block;padding:8px 16px;border-radius:8px;background:#1b2230;color:#fff}
[data-bp=sm] .g{grid-template-columns:1fr 1fr}
[data-bp=xs] .g{grid-template-columns:1fr}
[data-bp=xs] header{padding:8px 12px}
[data-bp=xs] small,[data-bp=xs] .m{display:none}
[data-bp=xs] main{padding:16px 12px 96px}
[data-bp=xs] .f{right:16px;bottom:16px}
[data-bp=xs] .n{bottom:88px}
@media (prefers-reduced-motion:reduce){*{animation-duration:3s!important;transition:none!important}}`;

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
