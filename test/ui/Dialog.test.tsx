// A dialog modal within the client, in a shadow root as the client's are: where focus goes when it
// opens, and back where it was when it goes, the host page's element too.
import '../setup';
import { h } from 'preact';
import { render } from 'react-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Dialog } from '../../src/ui/Dialog';
import { settle } from '../fakes';

let host: HTMLElement;
let shadow: ShadowRoot;
let outside: HTMLInputElement;
test.before.each(() => {
  outside = document.createElement('input');
  outside.name = 'host-search';
  host = document.createElement('div');
  document.body.append(outside, host);
  shadow = host.attachShadow({ mode: 'open' });
});
test.after.each(() => {
  render(null, shadow);
  document.body.replaceChildren();
});

/** The client's main area with a heading and a field, and the dialog over it while `open`. */
function show(open: boolean) {
  render(
    <div>
      <main class="main">
        <h2>Ticket SD-1</h2>
        <input name="comment" />
      </main>
      {open && (
        <Dialog role="alertdialog" title="Leave this page?" detail="Changes you made will not be saved.">
          <button type="button">Stay</button>
        </Dialog>
      )}
    </div>,
    shadow,
  );
}

async function openAndClose(): Promise<void> {
  show(true);
  await settle();
  assert.is(shadow.activeElement?.textContent, 'Stay', 'focus moved into the dialog');
  show(false);
  await settle();
}

test("focus goes back to the host page's element it came from, outside the client", async () => {
  show(false);
  outside.focus();
  assert.is(document.activeElement, outside);
  await openAndClose();
  assert.is(document.activeElement, outside, "the host page's field has focus again");
  assert.is(shadow.activeElement, null, 'not the heading');
});

test("focus goes back to the client's own element it came from", async () => {
  show(false);
  const field = shadow.querySelector<HTMLInputElement>('input[name=comment]')!;
  field.focus();
  await openAndClose();
  assert.is(shadow.activeElement, field);
});

test("an element that is gone, or none: the screen's first heading", async () => {
  show(false);
  outside.focus();
  show(true);
  await settle();
  outside.remove();
  show(false);
  await settle();
  assert.is(shadow.activeElement?.textContent, 'Ticket SD-1', 'the host page lost its field meanwhile');

  (document.activeElement as HTMLElement | null)?.blur();
  await openAndClose();
  assert.is(shadow.activeElement?.textContent, 'Ticket SD-1', 'nothing had focus before');
});

test.run();
