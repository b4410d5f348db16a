import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asText, errorText } from '../../src/product/text';

test('server values as text: objects as JSON, nothing as a dash, never a throw', () => {
  assert.is(asText('Acme'), 'Acme');
  assert.is(asText(42), '42');
  assert.is(asText({ toString: 1 }), '{"toString":1}');
  for (const nothing of [null, undefined, '']) assert.is(asText(nothing), '—');
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.is(asText(cyclic), '—');
  assert.is(asText({ toJSON: () => undefined }), '—');
});

test('errors as text: the message of an Error, anything else as text', () => {
  assert.is(errorText(new Error('boom')), 'boom');
  assert.is(errorText('plain'), 'plain');
  assert.is(errorText({ code: 7 }), '{"code":7}');
  // An Error whose message is not text, or is empty, still gives the panel something to show.
  const odd = new Error('x');
  Object.defineProperty(odd, 'message', { value: { code: 7 } });
  assert.is(errorText(odd), '{"code":7}');
  assert.is(errorText(new Error('')), '—');
  assert.is(errorText({ toJSON: () => undefined }), '—');
});

test.run();
