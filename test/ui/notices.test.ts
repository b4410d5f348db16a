import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNotices, MAX_NOTICE_TEXT, MAX_NOTICES, NOTICE_MS } from '../../src/ui/notices';

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

test("each call's dismiss takes back its own share: a notice another call still holds stays; the close button takes it away", () =>
  withClock(() => {
    const notices = createNotices();
    const first = notices._notify('Offline', { tone: 'error' });
    const second = notices._notify('Offline', { tone: 'error' });
    assert.equal(texts(notices), ['error:Offline×2']);
    first();
    first();
    assert.equal(texts(notices), ['error:Offline×1'], 'the second call still holds it, however often the first lets go');
    second();
    assert.equal(texts(notices), []);

    notices._notify('Offline', { tone: 'error' });
    const again = notices._notify('Offline', { tone: 'error' });
    notices._dismiss(notices._shown.value[0]!._id);
    assert.equal(texts(notices), [], 'its close button: gone, whoever held it');
    const later = notices._notify('Offline', { tone: 'error' });
    again();
    assert.equal(texts(notices), ['error:Offline×1'], 'a dismiss of a notice gone already touches no later one');
    later();
    assert.equal(texts(notices), []);
  }));

test('at most 5 shown: a sixth pushes out the oldest info or success notice; errors go only when all five are errors', () =>
  withClock(() => {
    const notices = createNotices();
    assert.is(MAX_NOTICES, 5);
    notices._notify('E1', { tone: 'error' });
    notices._notify('I1');
    notices._notify('S1', { tone: 'success' });
    notices._notify('E2', { tone: 'error' });
    notices._notify('I2');
    notices._notify('I2');
    assert.equal(texts(notices), ['error:E1×1', 'info:I1×1', 'success:S1×1', 'error:E2×1', 'info:I2×2'], 'a repeat adds none');
    notices._notify('E3', { tone: 'error' });
    assert.equal(texts(notices), ['error:E1×1', 'success:S1×1', 'error:E2×1', 'info:I2×2', 'error:E3×1']);
    notices._notify('E4', { tone: 'error' });
    notices._notify('E5', { tone: 'error' });
    assert.equal(texts(notices), ['error:E1×1', 'error:E2×1', 'error:E3×1', 'error:E4×1', 'error:E5×1']);
    notices._notify('I3');
    assert.equal(texts(notices), ['error:E2×1', 'error:E3×1', 'error:E4×1', 'error:E5×1', 'info:I3×1']);
  }));

test('a text longer than 500 characters is cut to its first 500 (never inside a character), and said to be cut', () =>
  withClock(() => {
    const notices = createNotices();
    assert.is(MAX_NOTICE_TEXT, 500);
    notices._notify('x'.repeat(500));
    notices._notify(`${'y'.repeat(500)}and more`);
    notices._notify(`${'z'.repeat(499)}😀 and more`);
    const [whole, cut, pair] = notices._shown.value;
    assert.equal([whole?._text.length, whole?._cut], [500, false]);
    assert.equal([cut?._text, cut?._cut], ['y'.repeat(500), true]);
    assert.equal([pair?._text, pair?._cut], ['z'.repeat(499), true], 'the emoji is not split in two');
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
