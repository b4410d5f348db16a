// How an occurrence is written as the entry the server receives: its size in bytes is what the
// batches are measured by, whatever the context (set now, or changed since the call) and the counts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LogCall } from '../../../src/logging/entry/entry';
import { createEntries } from '../../../src/logging/entry/entry';
import { entryBytes, stamp } from '../../../src/logging/entry/serialize';
import { LogLevel } from '../../../src/product/constants';
import { memoryStorage } from '../../fakes';

const occurrence = (message: string, context: string): LogCall => ({
  level: LogLevel.ERROR,
  message: message,
  additional: ['ünïcode'],
  at: 0,
  context: context,
});

test("an entry's size is its JSON's UTF-8 bytes: with the context set now, one set before, a grouped entry's counts", () => {
  const entries = createEntries({ local: memoryStorage(), report: () => {} });
  entries._setContext({ screen: 'tickets', user: 'Zoë' });
  const now = entries._context();
  const written = [
    entries._write(occurrence('é', now), null),
    entries._write(occurrence('é', now), { count: 3, firstAt: 0 }),
    entries._write(occurrence('é', ',"context":{"city":"Zürich, Genève"}'), null),
    entries._write(occurrence('é', ''), null),
  ];
  // Counted with the time it holds once it goes.
  for (const entry of written) assert.is(entryBytes(entry!), Buffer.byteLength(stamp(entry!.json, 0)), entry!.json);
  assert.is(JSON.parse(stamp(written[0]!.json, 0)).context.user, 'Zoë');
  assert.is(JSON.parse(stamp(written[2]!.json, 0)).context.city, 'Zürich, Genève', 'the context as it was at the call');
});

test.run();
