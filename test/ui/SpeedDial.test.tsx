import { h } from 'preact';
import '../setup';
import { render } from 'react-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SpeedDialAction } from '../../src/types/client';
import { SpeedDial } from '../../src/ui/SpeedDial';
import { settle } from '../fakes';
import { actionsNamed, renderHostEachTest } from './fixtures';

const fixture = renderHostEachTest(test);
let chosen: string[];
test.before.each(() => {
  chosen = [];
});

const mount = async (actions: SpeedDialAction[] = actionsNamed('Send logs now', 'Copy diagnostics', 'About')) => {
  render(<SpeedDial actions={actions} label="Actions" onSelect={(a) => chosen.push(a.label)} />, fixture.host);
  await settle();
  return fixture.host.querySelector<HTMLButtonElement>('[aria-haspopup]')!;
};
const key = (el: Element, k: string) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const items = () => [...fixture.host.querySelectorAll<HTMLButtonElement>('[role=menuitem]')];

test('the FAB is a menu button, closed at first', async () => {
  const fab = await mount();
  assert.is(fab.tagName, 'BUTTON');
  assert.is(fab.getAttribute('aria-haspopup'), 'menu');
  assert.is(fab.getAttribute('aria-expanded'), 'false');
  assert.is(fab.getAttribute('aria-label'), 'Actions', 'it is named by the label given');
  assert.is(fixture.host.querySelector('[role=menu]'), null);
});

test('opening shows a role=menu of role=menuitem buttons and focuses the first', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  assert.is(fab.getAttribute('aria-expanded'), 'true');
  const menu = fixture.host.querySelector('[role=menu]')!;
  assert.ok(menu);
  assert.is(fab.getAttribute('aria-controls'), menu.id);
  assert.equal(
    items().map((b) => [b.tagName, b.textContent?.replace('•', '')]),
    [
      ['BUTTON', 'Send logs now'],
      ['BUTTON', 'Copy diagnostics'],
      ['BUTTON', 'About'],
    ],
  );
  assert.is(fixture.host.ownerDocument.activeElement, items()[0]);
});

test('arrow keys move through the items and wrap; Home and End jump', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  const active = () => items().indexOf(document.activeElement as HTMLButtonElement);
  key(items()[0]!, 'ArrowDown');
  assert.is(active(), 1);
  key(items()[1]!, 'ArrowDown');
  key(items()[2]!, 'ArrowDown');
  assert.is(active(), 0, 'wraps to the first');
  key(items()[0]!, 'ArrowUp');
  assert.is(active(), 2, 'wraps to the last');
  key(items()[2]!, 'Home');
  assert.is(active(), 0);
  key(items()[0]!, 'End');
  assert.is(active(), 2);
});

test('Escape closes the menu and gives focus back to the button', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  key(items()[1]!, 'Escape');
  await settle();
  assert.is(fixture.host.querySelector('[role=menu]'), null);
  assert.is(fab.getAttribute('aria-expanded'), 'false');
  assert.is(document.activeElement, fab);
});

test('ArrowUp on the closed button opens the menu at the last item', async () => {
  const fab = await mount();
  key(fab, 'ArrowUp');
  await settle();
  assert.is(document.activeElement, items()[2]);
});

test('choosing an item runs it, closes the menu and refocuses the button', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  items()[1]!.click();
  await settle();
  assert.equal(chosen, ['Copy diagnostics']);
  assert.is(fixture.host.querySelector('[role=menu]'), null);
  assert.is(document.activeElement, fab);
});

test('Tab moves on and closes the menu; focus leaving the control closes it too', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  key(items()[0]!, 'Tab');
  await settle();
  assert.is(fixture.host.querySelector('[role=menu]'), null);
  fab.click();
  await settle();
  const outside = document.body.appendChild(document.createElement('button'));
  outside.focus();
  await settle();
  assert.is(fixture.host.querySelector('[role=menu]'), null);
  outside.remove();
});

test('clicking the button again closes the menu', async () => {
  const fab = await mount();
  fab.click();
  await settle();
  fab.click();
  await settle();
  assert.is(fab.getAttribute('aria-expanded'), 'false');
});

test.run();
