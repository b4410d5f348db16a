import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asText, errorText } from '../../src/ui/text';

test('server values as text: objects as JSON, nothing as a dash, never a throw', () => {
  assert.is(asText('Acme'), 'Acme');
  assert.is(asText(42), '42');
  assert.is(asText({ toString: 1 }), '{"toString":1}');
  for (const nothing of [null, undefined, '']) assert.is(asText(nothing), '—');
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.is(asText(cyclic), '—');
});

test('errors as text: the message of an Error, anything else as text', () => {
  assert.is(errorText(new Error('boom')), 'boom');
  assert.is(errorText('plain'), 'plain');
  assert.is(errorText({ code: 7 }), '{"code":7}');
});

test.run();
