import FakeTimers from '@sinonjs/fake-timers';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNotices, NOTICE_MS } from '../../src/ui/notices';

test('a notice shows, and goes after its time; a newer one replaces it and starts the time afresh', () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const notices = createNotices();
    notices.show('Logs sent');
    assert.is(notices.current.value, 'Logs sent');
    clock.tick(NOTICE_MS - 1000);
    notices.show('Configuration reloaded');
    clock.tick(NOTICE_MS - 1);
    assert.is(notices.current.value, 'Configuration reloaded');
    clock.tick(1);
    assert.is(notices.current.value, '');
  } finally {
    clock.uninstall();
  }
});

test('dispose stops the timer, so an unmounted client leaves none behind', () => {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const notices = createNotices();
    notices.show('x');
    notices.dispose();
    assert.is(clock.countTimers(), 0);
  } finally {
    clock.uninstall();
  }
});

test.run();
