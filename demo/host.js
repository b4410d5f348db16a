// DEMO ONLY. Not part of EMWeb and not something a real host page does.
// 1. In token mode there is no gateway to sign in at, so the demo seeds the development token
//    (and the JWT the client reads its claims from) when none is stored. The server puts the token in
//    <meta name="demo-token"> only when it plays token mode. This runs before emweb.js reads storage.
// 2. "Forget stored sign-in" clears what the client remembers, for switching the server's mode.
(function () {
  'use strict';
  var mode = document.documentElement.getAttribute('data-demo-auth');
  var meta = document.querySelector('meta[name="demo-token"]');
  var token = meta && meta.getAttribute('content');
  try {
    if (mode === 'token' && token) {
      if (!localStorage.getItem('devToken')) localStorage.setItem('devToken', token);
      if (!localStorage.getItem('jwt')) localStorage.setItem('jwt', token);
    }
  } catch (e) {
    // Storage blocked (private mode, sandboxed frame): the client copes, so does the demo.
  }
  var reset = document.getElementById('host-reset');
  if (reset) {
    reset.addEventListener('click', function () {
      try {
        ['authType', 'jwt', 'devToken'].forEach(function (key) { localStorage.removeItem(key); });
      } catch (e) { /* nothing stored, nothing to forget */ }
      location.reload();
    });
  }
})();
