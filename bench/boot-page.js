// Runs in the page before any of its scripts (bench/boot.ts adds it as an init script; kept as
// plain JavaScript because tsx would wrap named functions in a helper the page does not have).
//
// Records, in performance.now() time (navigation start = 0), when emweb.js has run, when the client
// first calls fetch() for the API, when it first draws anything and when its header h1 first reads
// the displayName. The client renders into an open shadow root,
// which a document-level MutationObserver does not see, so each shadow root is observed as it is
// attached. A MutationObserver fires at the end of the task that changed the DOM: the time is the
// DOM update, just before the browser paints it.
// biome-ignore lint/correctness/noUnusedVariables: bench/boot.ts passes this function to the page by its source
function watchEmwebHeader(displayName) {
  const boot = { firstContent: null, ready: null, scriptRan: null, firstFetch: null };
  window.__emwebBoot = boot;
  // A classic script's `load` fires once it has run.
  document.addEventListener(
    'load',
    (event) => {
      if (boot.scriptRan === null && event.target.src?.endsWith('/web/emweb.js')) boot.scriptRan = performance.now();
    },
    true,
  );
  // The client's first call of fetch() for the API: with a preload it is no network request, so
  // Resource Timing cannot show it. The client looks `fetch` up at each call.
  const fetchOf = window.fetch;
  window.fetch = function (input, init) {
    if (boot.firstFetch === null && String(input).includes('/api/')) boot.firstFetch = performance.now();
    return fetchOf.call(this, input, init);
  };
  const roots = [document];
  function check() {
    const t = performance.now();
    for (const root of roots) {
      // Text, not nodes: an empty element is not content yet.
      if (boot.firstContent === null && root !== document && root.textContent.trim()) boot.firstContent = t;
      const h1 = root === document ? root.querySelector('#emweb h1') : root.querySelector('h1');
      if (boot.ready === null && h1 && h1.textContent === displayName) {
        boot.ready = t;
        if (boot.firstContent === null) boot.firstContent = t;
      }
    }
  }
  function watch(root) {
    new MutationObserver(check).observe(root, { childList: true, subtree: true, characterData: true });
  }
  watch(document);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    watch(root);
    return root;
  };
}
