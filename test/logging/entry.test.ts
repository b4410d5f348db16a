// How an occurrence is written as the entry the server receives: its size in bytes is what the
// batches are measured by, whatever the context (set now, or changed since the call) and the counts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEntries } from '../../src/logging/entry';
import type { Occurrence } from '../../src/logging/queue';
import { isoTime } from '../../src/logging/serialize';
import { LogLevel } from '../../src/product/constants';
import { memoryStorage } from '../fakes';

const occurrence = (message: string, context: string): Occurrence => ({
  _level: LogLevel.ERROR,
  _message: message,
  _additional: ['ünïcode'],
  _timestamp: isoTime(0),
  _at: 0,
  _context: context,
});

test("an entry's size is its JSON's UTF-8 bytes: with the context set now, one set before, a grouped entry's counts", () => {
  const entries = createEntries({ _local: memoryStorage(), _report: () => {} });
  entries._setContext({ screen: 'tickets', user: 'Zoë' });
  const now = entries._context();
  const written = [
    entries._write(occurrence('é', now), null),
    entries._write(occurrence('é', now), { _count: 3, _firstTimestamp: isoTime(0) }),
    entries._write(occurrence('é', ',"context":{"city":"Zürich, Genève"}'), null),
    entries._write(occurrence('é', ''), null),
  ];
  for (const entry of written) assert.is(entry!._bytes, Buffer.byteLength(entry!._json), entry!._json);
  assert.is(JSON.parse(written[0]!._json).context.user, 'Zoë');
  assert.is(JSON.parse(written[2]!._json).context.city, 'Zürich, Genève', 'the context as it was at the call');
});

test.run();
