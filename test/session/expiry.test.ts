import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createExpiryWarning, warningDelay } from '../../src/session/expiry';

test('warningDelay: the wait until `warnBeforeMs` before exp; 0 when inside it; null without exp or with 0', () => {
  assert.is(warningDelay(1_000_000, 0, 120_000), 880_000);
  assert.is(warningDelay(100_000, 0, 120_000), 0);
  assert.is(warningDelay(50, 100, 120_000), 0, 'passed already: due now');
  assert.is(warningDelay(null, 0, 120_000), null);
  assert.is(warningDelay(1_000_000, 0, 0), null, '0 turns it off');
});

/** A clock and timers that the test moves by hand. */
function manualTimers() {
  let now = 0;
  let pending: { at: number; run: () => void } | null = null;
  return {
    now: () => now,
    timers: {
      set: (run: () => void, ms: number) => {
        pending = { at: now + ms, run };
        return pending;
      },
      clear: (id: unknown) => {
        if (id === pending) pending = null;
      },
    },
    advance(ms: number) {
      now += ms;
      const due = pending;
      if (due && due.at <= now) {
        pending = null;
        due.run();
      }
    },
  };
}

test('the notice comes up warnBeforeMs before exp, and a newer JWT takes it away', () => {
  const clock = manualTimers();
  const warning = createExpiryWarning({ warnBeforeMs: 120_000, now: clock.now, timers: clock.timers });
  warning._follow(600_000);
  assert.is(warning._notice.value, null);
  clock.advance(479_999);
  assert.is(warning._notice.value, null);
  clock.advance(1);
  assert.equal(warning._notice.value, { tag: 'endsAt', at: 600_000 });
  warning._follow(3_600_000);
  assert.is(warning._notice.value, null, 'a newer token');
  warning._follow(null);
  assert.is(warning._notice.value, null);
});

test('an exp that passes: the notice says the session has ended, at that moment, until a newer JWT; stop clears the wait', () => {
  const clock = manualTimers();
  const warning = createExpiryWarning({ warnBeforeMs: 120_000, now: clock.now, timers: clock.timers });
  warning._follow(60_000);
  assert.equal(warning._notice.value, { tag: 'endsAt', at: 60_000 }, 'inside the window at once');
  clock.advance(59_999);
  assert.equal(warning._notice.value, { tag: 'endsAt', at: 60_000 });
  clock.advance(1);
  assert.equal(warning._notice.value, { tag: 'ended' }, 'while shown, the moment passed: never a time gone by');
  warning._follow(60_000);
  assert.equal(warning._notice.value, { tag: 'ended' }, 'the same token read again at its exp');
  warning._follow(10_000_000);
  assert.is(warning._notice.value, null, 'a newer token');
  warning._stop();
  clock.advance(10_000_000);
  assert.is(warning._notice.value, null);
});

test('an exp already past when read: the session has ended', () => {
  const clock = manualTimers();
  clock.advance(1_000_000);
  const warning = createExpiryWarning({ warnBeforeMs: 120_000, now: clock.now, timers: clock.timers });
  warning._follow(400_000);
  assert.equal(warning._notice.value, { tag: 'ended' });
});

test.run();
