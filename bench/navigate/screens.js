// The two screens both routers move between, written once with htm (window.navScreens(html)): a
// heading, a link to the other screen, and a list of 50 rows, as a real list screen has.
window.navScreens = (html) => {
  const rows = Array.from({ length: 50 }, (_, i) => i + 1);
  const screen = (name, other) =>
    function NavScreen() {
      return html`<section>
        <h2>Screen ${name}</h2>
        <p><a href=${`/web/${other}`}>To screen ${other}</a></p>
        <ul>${rows.map((row) => html`<li key=${row}>Row ${row} of screen ${name}</li>`)}</ul>
      </section>`;
    };
  return { a: screen('a', 'b'), b: screen('b', 'a') };
};
