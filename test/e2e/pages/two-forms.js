// Starts two clients, #a and #b, as a host page with two independent parts would, each showing a
// note field that says its client's screen holds unsaved work while it is not empty. Kept for the
// check in window.__e2e = { a, b: the client bootstrap resolved with; screens: { a, b }: the client
// each screen was handed }.
(() => {
  var html = EMWeb.html;
  var state = { a: null, b: null, screens: {} };
  window.__e2e = state;

  function Note(props) {
    var client = props.client;
    return html`<section aria-labelledby=${`${props.name}-title`}>
      <h2 id=${`${props.name}-title`}>Notes ${props.name}</h2>
      <label>Note <input name="note" autocomplete="off" onInput=${(event) => client.setUnsaved(event.target.value !== '')} /></label>
    </section>`;
  }

  ['a', 'b'].forEach((name) => {
    EMWeb.bootstrap({
      mount: `#${name}`,
      render: (client) => {
        state.screens[name] = client;
        return html`<${Note} client=${client} name=${name} />`;
      },
    }).then((client) => {
      state[name] = client;
    });
  });
})();
