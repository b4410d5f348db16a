// The shell's look, in a constructed stylesheet adopted by the shadow root: `style-src 'self'`
// allows that, where it would block a <style> element. Selectors can be plain element names
// because nothing of the host page is inside the shadow root. `.r`, the top element, resets what
// the host could still pass down by inheritance (colour, font and the rest), since the host's own
// rules on the mount element would beat any `:host` rule.
const CSS = `.r{all:initial;display:block;font:14px/1.5 system-ui,sans-serif;color:#123}
*{box-sizing:border-box;margin:0}
header{display:flex;align-items:center;gap:12px;padding:12px 24px;background:#fff;border-bottom:1px solid #dde}
header div{flex:1;min-width:0}
h1{font-size:18px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
h2,small,dt{font-size:13px;color:#567}
b{font-size:12px;padding:2px 10px;border-radius:9px;background:#e8edfc;color:#238}
.c{background:#dff5ea;color:#175}
.m{padding:24px 24px 96px}
section{padding:12px 24px;background:#fff;border:1px solid #dde;border-radius:12px}
dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(300px,100%),1fr));gap:0 32px}
dl div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eef}
dd{font-weight:500;overflow-wrap:anywhere}
.p{max-width:520px;margin:auto;text-align:center;overflow-wrap:anywhere}
p{margin:8px 0 16px}
button{font:inherit;cursor:pointer;border:0;border-radius:24px;padding:8px 20px;background:#25d;color:#fff}
.f{position:fixed;right:16px;bottom:16px;z-index:2147483000;display:flex;flex-direction:column;align-items:end;gap:8px}
.f>button{width:56px;height:56px;font-size:28px;padding:0;box-shadow:0 4px 12px #0004}
[role=menu]{display:contents}
[role=menuitem]{background:#fff;color:#123;border:1px solid #ccd}
[role=menuitem]:focus{background:#e8edfc}
.n{position:fixed;left:50%;bottom:24px;transform:translateX(-50%)}
.n span{display:block;padding:8px 16px;border-radius:8px;background:#123;color:#fff}
[data-bp=xs] h1{white-space:normal}
[data-bp=xs] small,[data-bp=xs] .t{display:none}
[data-bp=xs] .m{padding:16px 12px 96px}`;

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
