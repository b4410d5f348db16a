// DEMO ONLY. Not part of EMWeb and not something a real host page does.
// 1. In token mode there is no gateway to sign in at, so the demo seeds the development token
//    (and the JWT the client reads its claims from) when none is stored. The server puts the token in
//    <meta name="demo-token"> only when it plays token mode. This runs before emweb.js reads storage.
// 2. "Forget stored sign-in" clears what the client remembers, for switching the server's mode.
//    "End session" ends the gateway's session on the server while this page stays, as an expiry
//    mid-day would: the client's next call meets the 401 (secgw mode only; the others have none).
// 3. The theme switch (?theme=light|dark) sets data-theme on <html>; host.css themes the client
//    through its --emweb-* custom properties. Without it, both follow the system's colour scheme.
(() => {
  var root = document.documentElement;
  var mode = root.getAttribute('data-demo-auth');
  var meta = document.querySelector('meta[name="demo-token"]');
  var token = meta?.getAttribute('content');
  try {
    if (mode === 'token' && token) {
      if (!localStorage.getItem('devToken')) localStorage.setItem('devToken', token);
      if (!localStorage.getItem('jwt')) localStorage.setItem('jwt', token);
    }
  } catch {
    // Storage blocked (private mode, sandboxed frame): the client copes, so does the demo.
  }
  var params = new URLSearchParams(location.search);
  var theme = params.get('theme');
  if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
  // The page's language follows the client's (host-app.js keeps the choice for the tab), so that
  // screen readers pronounce it right.
  var lang = params.get('lang');
  try {
    lang = lang || sessionStorage.getItem('demo.lang');
  } catch {
    /* storage blocked: the query alone decides */
  }
  if (lang === 'de') root.setAttribute('lang', 'de');

  document.addEventListener('DOMContentLoaded', () => {
    var reset = document.getElementById('host-reset');
    if (reset) {
      reset.addEventListener('click', () => {
        try {
          ['authType', 'jwt', 'devToken'].forEach((key) => {
            localStorage.removeItem(key);
          });
        } catch {
          /* nothing stored, nothing to forget */
        }
        location.reload();
      });
    }
    var endSession = document.getElementById('host-end-session');
    var endResult = document.getElementById('host-end-session-result');
    if (endSession && mode !== 'secgw') endSession.hidden = true;
    if (endSession && endResult) {
      endSession.addEventListener('click', () => {
        endResult.textContent = '';
        fetch('/demo/end-session', { method: 'POST' })
          .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`status ${response.status}`))))
          .then((answer) => {
            endResult.textContent = answer.ended ? 'Session ended on the server.' : 'No session to end.';
          })
          .catch((error) => {
            endResult.textContent = `Could not end the session (${error.message}).`;
          });
      });
    }
    // Each switch link keeps the other choices, and the current one is marked.
    document.querySelectorAll('.host-switch').forEach((group) => {
      var name = group.getAttribute('data-param');
      group.querySelectorAll('a').forEach((link, index) => {
        var value = new URLSearchParams(link.getAttribute('href').slice(1)).get(name);
        var next = new URLSearchParams(location.search);
        next.set(name, value);
        link.setAttribute('href', `?${next.toString()}`);
        var current = params.get(name);
        if (current === value || (current === null && index === 0)) link.setAttribute('aria-current', 'true');
      });
    });
  });
})();
