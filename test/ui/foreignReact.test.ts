import { createRequire } from 'node:module';
import { h } from 'preact';
import '../setup';
import { createElement } from 'react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isForeignReactElement } from '../../src/ui/foreignReact';

/** The real React 18 (the `react18` npm alias): what a host's build bundles when `react` is not aliased. */
const React18 = createRequire(import.meta.url)('react18') as { createElement(type: string, props: null, text: string): unknown };

/** An element as React 19 makes it: a plain object with its own mark. */
const react19Element = { $$typeof: Symbol.for('react.transitional.element'), type: 'p', key: null, props: { children: 'x' } };

test("React 18's and React 19's elements are foreign", () => {
  assert.ok(isForeignReactElement(React18.createElement('p', null, 'x')), 'React 18');
  assert.ok(isForeignReactElement(react19Element), 'React 19');
});

test("Preact's own elements are not, though preact/compat marks them with React's $$typeof", () => {
  const compatElement = createElement('p', null, 'x') as unknown as { $$typeof: unknown };
  assert.is(compatElement.$$typeof, Symbol.for('react.element'), 'the premise: compat marks its elements as React does');
  assert.not.ok(isForeignReactElement(compatElement));
  assert.not.ok(isForeignReactElement(h('p', null, 'x')));
});

test('nor is anything else a screen may be', () => {
  for (const value of ['text', 42, null, undefined, [], {}, { $$typeof: 'react.element' }, document.createElement('p')]) {
    assert.not.ok(isForeignReactElement(value), String(value));
  }
});

test.run();
