import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNotices, NOTICE_MS } from '../../src/ui/notices';

function withClock(run: (clock: ReturnType<typeof FakeTimers.install>) => void) {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    run(clock);
  } finally {
    clock.uninstall();
  }
}

const texts = (notices: ReturnType<typeof createNotices>) =>
  notices._shown.value.map((notice) => `${notice._tone}:${notice._text}×${notice._count}`);

test('an info or success notice goes after 6 s; several show together, oldest first', () =>
  withClock((clock) => {
    const notices = createNotices();
    notices._notify('Logs sent');
    clock.tick(NOTICE_MS - 1000);
    notices._notify('Saved', { tone: 'success' });
    assert.equal(texts(notices), ['info:Logs sent×1', 'success:Saved×1']);
    clock.tick(1000);
    assert.equal(texts(notices), ['success:Saved×1']);
    clock.tick(NOTICE_MS - 1000);
    assert.equal(texts(notices), []);
    assert.is(NOTICE_MS, 6000);
  }));

test('an error notice stays until it is dismissed; notify returns what dismisses it', () =>
  withClock((clock) => {
    const notices = createNotices();
    const dismiss = notices._notify('The ticket could not be saved', { tone: 'error' });
    clock.tick(NOTICE_MS * 10);
    assert.equal(texts(notices), ['error:The ticket could not be saved×1']);
    dismiss();
    assert.equal(texts(notices), []);
  }));

test('the same text while it is shown is not added again: it counts, and its time starts afresh', () =>
  withClock((clock) => {
    const notices = createNotices();
    notices._notify('Saved', { tone: 'success' });
    clock.tick(NOTICE_MS - 1);
    notices._notify('Saved', { tone: 'success' });
    assert.equal(texts(notices), ['success:Saved×2']);
    clock.tick(NOTICE_MS - 1);
    assert.equal(texts(notices), ['success:Saved×2']);
    clock.tick(1);
    assert.equal(texts(notices), []);
    notices._notify('Saved', { tone: 'success' });
    assert.equal(texts(notices), ['success:Saved×1'], 'once gone, it is new again');
  }));

test('an unknown tone is info; the text is taken as text', () =>
  withClock(() => {
    const notices = createNotices();
    notices._notify('<b>x</b>', { tone: 'loud' as never });
    assert.equal(texts(notices), ['info:<b>x</b>×1']);
  }));

test('dispose stops the timers, so an unmounted client leaves none behind', () =>
  withClock((clock) => {
    const notices = createNotices();
    notices._notify('x');
    notices._notify('y', { tone: 'success' });
    notices._dispose();
    assert.is(clock.countTimers(), 0);
  }));

test.run();
