// DEMO ONLY: the stand-in gateway's hand-over. Stores the signed-in JWT where the client reads its
// claims (localStorage.jwt), or removes it on sign-out, then returns to the page that asked.
// The server has already reduced the return URL to a path on this origin.
(() => {
  function meta(name) {
    var el = document.querySelector(`meta[name="${name}"]`);
    return el ? el.getAttribute('content') : null;
  }
  var jwt = meta('demo-jwt');
  var returnUrl = meta('demo-return-url') || '/web/';
  try {
    if (jwt) localStorage.setItem('jwt', jwt);
    else localStorage.removeItem('jwt');
  } catch {
    /* storage blocked: the client shows no user, nothing else breaks */
  }
  if (returnUrl.charAt(0) === '/' && returnUrl.charAt(1) !== '/') location.replace(returnUrl);
})();
