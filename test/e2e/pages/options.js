// Calls EMWeb.bootstrap({ mount: '#app', … }) with options from the query, as a host page written
// without a build step would, and records what happened for the test:
//   window.__e2e = { status: 'pending' | 'resolved' | 'rejected', client, error, renders, signInRequired, signedOut, ran,
//                    saves, failures, screens, settledAt (Date.now() when bootstrap settled) }
//   and <body data-boot="…"> to wait on.
// Query:
//   ?render=counter       a screen built with EMWeb.html and EMWeb.React.useState: a button counts its clicks
//   ?render=throws        render(client) throws, every time
//   ?render=throws-once   render(client) throws the first time only (Try again then shows the screen)
//   ?render=screen-throws render returns a screen whose component throws while rendering, the first time only
//   ?render=node          render returns a DOM element the host built (kept in window.__e2e.node)
//   ?render=string        render returns a string
//   ?render=context       a screen whose parts share a value through EMWeb.React.createContext and useContext
//   ?render=react-element render returns an element of the real React 18, as a build without the alias makes it
//   ?render=form          a ticket form: typing into its Comment field says client.setUnsaved(true); Save (a
//                         submit: Enter in the field) PUTs tickets/SD-1042 with client.fetch and records the
//                         outcome in window.__e2e.saves (the status, or the rejection's name; a rejection's
//                         name and message also in window.__e2e.failures)
//   ?routes=form          the same form as the route /web/form, beside /web/done ("Done screen"), with links
//                         between them; the page's address becomes /web/<start> (?start=form by default,
//                         ?start=done) before the client starts, the query kept; each route's screen leaves
//                         the client it was handed in window.__e2e.screens.form / .done (a handle kept after
//                         the screen has gone)
//   ?strings=de           German texts for every key;  ?strings=retry  only `retry` overridden
//   ?actions=add          (builtIns) => [Say hello, ...builtIns]
//   ?actions=reorder      (builtIns) => builtIns reversed
//   ?actions=seven        (builtIns) => builtIns and three more (7 in all)
//   ?signIn=record        onSignInRequired only counts its calls (no navigation)
//   ?signOut=record       onSignOut only counts its calls (no navigation, no reload)
//   ?timeoutMs=N  ?production=true|false  ?flushIntervalMs=N
(() => {
  var query = new URLSearchParams(location.search);
  var html = EMWeb.html;
  var React = EMWeb.React;
  var state = {
    status: 'pending',
    client: null,
    error: null,
    renders: 0,
    signInRequired: 0,
    signedOut: 0,
    ran: [],
    node: null,
    saves: [],
    failures: [],
    screens: {},
  };
  window.__e2e = state;

  function Counter(props) {
    var count = React.useState(0);
    return html`<section aria-labelledby="counter-title">
      <h2 id="counter-title">Counter screen</h2>
      <p>Mode ${props.client.authType}</p>
      <button type="button" onClick=${() => {
        count[1](count[0] + 1);
      }}>Clicked ${count[0]} times</button>
    </section>`;
  }

  // A theme the screen's parts share without passing it down: the toolbar switches it, the panel reads it.
  var Theme = React.createContext({ name: 'light', toggle: () => {} });
  function ThemeName() {
    var theme = React.useContext(Theme);
    return html`<p>Theme ${theme.name}</p>`;
  }
  function ThemeToggle() {
    var theme = React.useContext(Theme);
    return html`<button type="button" onClick=${theme.toggle}>Switch theme</button>`;
  }
  function Themed() {
    var dark = React.useState(false);
    var theme = { name: dark[0] ? 'dark' : 'light', toggle: () => dark[1](!dark[0]) };
    return html`<${Theme.Provider} value=${theme}><${ThemeToggle} /><${ThemeName} /></${Theme.Provider}>`;
  }

  var failedOnce = false;
  var threwOnce = false;
  function Fragile() {
    if (!failedOnce) {
      failedOnce = true;
      throw new Error('e2e: the screen component failed while rendering');
    }
    return html`<p>Fragile screen, second try</p>`;
  }

  // A screen that holds work: what is typed is unsaved until Save has been answered 2xx.
  function TicketForm(props) {
    var client = props.client;
    var comment = React.useState('');
    var saved = React.useState(false);
    function save(event) {
      event.preventDefault();
      client.fetch('tickets/SD-1042', { method: 'PUT', json: { state: 'open', assignee: 17, comment: comment[0] } }).then(
        (response) => {
          state.saves.push(response.status);
          if (!response.ok) return;
          client.setUnsaved(false);
          saved[1](true);
        },
        (error) => {
          state.saves.push(String(error?.name));
          state.failures.push({ name: String(error?.name), message: String(error?.message) });
        },
      );
    }
    function edit(event) {
      comment[1](event.target.value);
      saved[1](false);
      client.setUnsaved(true);
    }
    return html`<section aria-labelledby="form-title">
      <h2 id="form-title">Ticket SD-1042</h2>
      <form onSubmit=${save}>
        <label>Comment <input name="comment" autocomplete="off" value=${comment[0]} onInput=${edit} /></label>
        <button type="submit">Save</button>
      </form>
      ${saved[0] ? html`<p>Comment saved</p>` : null}
      ${props.params ? html`<p><a href="/web/done">Done</a></p>` : null}
    </section>`;
  }

  // A route's screen that keeps the client it was handed, as a screen's code might (in a closure, a store).
  function keeping(name, Screen) {
    return (props) => {
      state.screens[name] = props.client;
      return html`<${Screen} ...${props} />`;
    };
  }

  function DoneScreen() {
    return html`<section aria-labelledby="done-title">
      <h2 id="done-title">Done screen</h2>
      <p><a href="/web/form">Edit the ticket</a></p>
    </section>`;
  }

  var renders = {
    form: (client) => html`<${TicketForm} client=${client} />`,
    counter: (client) => html`<${Counter} client=${client} />`,
    throws: () => {
      throw new Error('e2e: render always throws');
    },
    'throws-once': () => {
      if (!threwOnce) {
        threwOnce = true;
        throw new Error('e2e: render threw the first time');
      }
      return html`<p>Screen after Try again</p>`;
    },
    'screen-throws': () => html`<${Fragile} />`,
    node: () => {
      if (!state.node) {
        state.node = document.createElement('article');
        state.node.setAttribute('data-host-node', '');
        state.node.appendChild(document.createElement('h2')).textContent = 'A node the host built';
      }
      return state.node;
    },
    string: () => 'Plain text from the host',
    context: () => html`<${Themed} />`,
    // What React 18's createElement('p', null, 'Tickets') returns in a production build.
    'react-element': () => ({
      $$typeof: Symbol.for('react.element'),
      type: 'p',
      key: null,
      ref: null,
      props: { children: 'Tickets' },
      _owner: null,
    }),
  };

  function action(label) {
    return {
      label: label,
      run: () => {
        state.ran.push(label);
        return `${label} done`;
      },
    };
  }
  var actionLists = {
    add: (builtIns) => [action('Say hello')].concat(builtIns),
    reorder: (builtIns) => builtIns.slice().reverse(),
    seven: (builtIns) => builtIns.concat([action('Extra 1'), action('Extra 2'), action('Extra 3')]),
  };

  var options = { mount: '#app' };
  if (query.get('routes') === 'form') {
    history.replaceState(null, '', `/web/${query.get('start') || 'form'}${location.search}`);
    options.routes = { form: keeping('form', TicketForm), done: keeping('done', DoneScreen) };
  }
  var render = renders[query.get('render')];
  if (render) {
    options.render = (client) => {
      state.renders += 1;
      return render(client);
    };
  }
  // The demo's German table (demo/strings-de.js, loaded by the page before this script).
  if (query.get('strings') === 'de') options.strings = window.EMWEB_STRINGS_DE;
  if (query.get('strings') === 'retry') options.strings = { retry: 'Try once more' };
  if (actionLists[query.get('actions')]) options.actions = actionLists[query.get('actions')];
  if (query.get('signIn') === 'record')
    options.onSignInRequired = () => {
      state.signInRequired += 1;
    };
  if (query.get('signOut') === 'record')
    options.onSignOut = () => {
      state.signedOut += 1;
    };
  if (query.has('timeoutMs')) options.timeoutMs = Number(query.get('timeoutMs'));
  if (query.has('production')) options.production = query.get('production') === 'true';
  if (query.has('flushIntervalMs')) options.logger = { flushIntervalMs: Number(query.get('flushIntervalMs')) };

  function mark(status) {
    state.status = status;
    if (status !== 'pending') state.settledAt = Date.now();
    document.body.setAttribute('data-boot', status);
  }
  mark('pending');
  EMWeb.bootstrap(options).then(
    (client) => {
      state.client = client;
      mark('resolved');
    },
    (error) => {
      state.error = String(error?.message);
      mark('rejected');
    },
  );
})();
