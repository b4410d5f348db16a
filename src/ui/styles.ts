// The whole shell's look. It lives in a constructed stylesheet adopted by the shadow root, which
// `style-src 'self'` allows (a <style> element would be blocked). `.root` resets everything the
// host page could pass down by inheritance: colour, font and the rest stop at the shadow root.
const A = '#2f5bd3';
const CSS = `
.root{all:initial;display:block;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2230;background:#f4f6fa;text-align:left;-webkit-text-size-adjust:100%}
.root *{box-sizing:border-box}
h1,h2,p{margin:0}
button{font:inherit;cursor:pointer}
button:focus-visible{outline:3px solid #9db6f5;outline-offset:2px}
.hd{display:flex;align-items:center;gap:12px;padding:12px 24px;background:#fff;border-bottom:1px solid #e3e7ee}
.logo{flex:none;display:grid;place-items:center;width:36px;height:36px;border-radius:10px;background:linear-gradient(135deg,${A},#6a48d7);color:#fff;font-weight:700}
.ttl{flex:1;min-width:0}
h1{font-size:18px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.meta{font-size:12px;color:#5b6577}
.tags{display:flex;align-items:center;gap:8px;flex:none}
.tag{font-size:12px;font-weight:500;padding:2px 10px;border-radius:99px;background:#eef2fd;color:#2441a6}
.cloud{background:#e3f6ef;color:#0b6b53}
.user{display:flex;align-items:center;gap:8px;font-weight:500}
.avatar{display:grid;place-items:center;width:28px;height:28px;border-radius:50%;background:#1b2230;color:#fff;font-size:13px}
.main{display:block;max-width:1200px;margin:0 auto;padding:24px 24px 104px}
.lead{color:#5b6577;margin-bottom:16px}
.grid{display:grid;gap:16px;grid-template-columns:repeat(3,1fr)}
.card,.panel{background:#fff;border:1px solid #e3e7ee;border-radius:12px;box-shadow:0 1px 2px #1018280a}
.card{padding:16px 20px;min-width:0}
.card h2{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.06em;color:#5b6577;margin-bottom:4px}
dl{margin:0}
dl div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eef1f5}
dl div:first-child{border:0}
dt{color:#5b6577}
dd{margin:0;font-weight:500;text-align:right;overflow-wrap:anywhere}
.panel{max-width:520px;margin:48px auto;padding:32px;text-align:center}
.panel h2{font-size:18px;margin-bottom:8px}
.msg{color:#5b6577;margin-bottom:20px;overflow-wrap:anywhere}
.loading{display:flex;align-items:center;justify-content:center;gap:12px;color:#5b6577}
.spin{width:18px;height:18px;border:2px solid #d5dbe6;border-top-color:${A};border-radius:50%;animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(1turn)}}
.btn{border:0;border-radius:8px;padding:8px 20px;background:${A};color:#fff;font-weight:600}
.btn:hover{background:#2549b0}
.fab{position:fixed;right:24px;bottom:24px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;gap:12px}
.fabBtn{display:grid;place-items:center;width:56px;height:56px;border:0;border-radius:50%;background:${A};color:#fff;box-shadow:0 6px 16px #2f5bd359}
.fabBtn svg{transition:transform .2s}
.open .fabBtn svg{transform:rotate(45deg)}
.dial{display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.dial button{display:flex;align-items:center;gap:10px;padding:6px 16px 6px 6px;border:1px solid #e3e7ee;border-radius:99px;background:#fff;color:#1b2230;white-space:nowrap;box-shadow:0 4px 12px #1018281f}
.dial button:hover,.dial button:focus{background:#eef2fd}
.ico{display:grid;place-items:center;width:26px;height:26px;border-radius:50%;background:#eef2fd;color:${A}}
.notice{position:fixed;left:50%;bottom:32px;transform:translateX(-50%);pointer-events:none}
.notice span{display:block;padding:8px 16px;border-radius:8px;background:#1b2230;color:#fff;font-size:13px}
[data-bp=sm] .grid{grid-template-columns:repeat(2,1fr)}
[data-bp=xs] .grid{grid-template-columns:1fr}
[data-bp=xs] .hd{padding:8px 12px;gap:8px}
[data-bp=xs] h1{font-size:16px}
[data-bp=xs] .meta,[data-bp=xs] .mode,[data-bp=xs] .uname{display:none}
[data-bp=xs] .main{padding:16px 12px 96px}
[data-bp=xs] .fab{right:16px;bottom:16px}
[data-bp=xs] .notice{bottom:88px}
@media (prefers-reduced-motion:reduce){.spin{animation-duration:3s}.fabBtn svg{transition:none}}
`;

let sheet: CSSStyleSheet | undefined;

/** Styles a shadow root; one sheet is shared by every mount on the page. */
export function adoptStyles(root: ShadowRoot): void {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    // No constructable stylesheets (an old engine or a test DOM): a <style> element still works
    // wherever the page's CSP allows it.
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
  }
}
