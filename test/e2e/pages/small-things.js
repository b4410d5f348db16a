// A routed client in #app at /web/form (the address set before it starts), beside the host page's own
// field (#host-field): Enter in that field calls client.navigate('/web/done'), as a host's search
// would. The form's Comment field says client.setUnsaved(true); its "Notes" link goes to #notes, a
// heading far below it. Records: window.__e2e = { client }.
(() => {
  var html = EMWeb.html;
  var state = { client: null };
  window.__e2e = state;

  function TicketForm(props) {
    return html`<section aria-labelledby="form-title">
      <h2 id="form-title">Ticket SD-1042</h2>
      <label>Comment <input name="comment" autocomplete="off" onInput=${() => props.client.setUnsaved(true)} /></label>
      <p><a href="#notes">Notes</a> <a href="/web/done">Done</a></p>
      <div style=${{ height: '3000px' }}></div>
      <h3 id="notes">Notes</h3>
    </section>`;
  }
  function DoneScreen() {
    return html`<section><h2>Done screen</h2></section>`;
  }

  history.replaceState(null, '', '/web/form');
  document.getElementById('host-field').addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    // The key is this field's: its keypress would otherwise reach the dialog's Stay, focused meanwhile.
    event.preventDefault();
    state.client?.navigate('/web/done');
  });
  EMWeb.bootstrap({ mount: '#app', routes: { form: TicketForm, done: DoneScreen } }).then((client) => {
    state.client = client;
    document.body.setAttribute('data-boot', 'resolved');
  });
})();
