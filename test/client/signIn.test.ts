import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSignIn } from '../../src/client/signIn';
import { settle } from '../fakes';
import { readyWorkingDay } from '../fakes/workingDay';
import { fakeLogger } from '../ui/fixtures';

function setup(options = {}) {
  const day = readyWorkingDay();
  day._life._signInRequired();
  const { logger, errors } = fakeLogger();
  return { day, errors, signIn: createSignIn({ options, origin: 'https://desk.example', logger, day }) };
}

/** Replaces window.open and location.assign for the test, recording what they were asked. */
function recordNavigation(opened: Window | null) {
  const asked: string[] = [];
  const open = window.open;
  const assign = location.assign;
  window.open = ((url: string, target: string) => {
    asked.push(`open ${url} ${target}`);
    return opened;
  }) as typeof window.open;
  Object.defineProperty(location, 'assign', { configurable: true, value: (url: string) => void asked.push(`assign ${url}`) });
  return {
    asked,
    restore() {
      window.open = open;
      Object.defineProperty(location, 'assign', { configurable: true, value: assign });
    },
  };
}

test('mid-day Sign in opens the gateway in a new tab, coming back to the client under /web/; the tab gets no opener', () => {
  history.replaceState(null, '', '/web/tickets/SD-1?tab=notes');
  const tab = { opener: window } as unknown as Window;
  const navigation = recordNavigation(tab);
  try {
    const { signIn, day } = setup();
    signIn._midDay();
    assert.equal(navigation.asked, [
      `open https://desk.example/auth/?returnUrl=${encodeURIComponent('http://localhost/web/tickets/SD-1?tab=notes')} _blank`,
    ]);
    assert.is(tab.opener, null);
    assert.equal(day._life._status.value, { tag: 'sessionEnded', screen: 0, signIn: 'elsewhere' });
  } finally {
    navigation.restore();
    history.replaceState(null, '', '/web/');
  }
});

test('a page outside /web/ comes back to /web/', () => {
  history.replaceState(null, '', '/host/page.html');
  const navigation = recordNavigation({} as Window);
  try {
    setup().signIn._midDay();
    assert.match(navigation.asked[0] ?? '', `returnUrl=${encodeURIComponent('http://localhost/web/')} `);
  } finally {
    navigation.restore();
    history.replaceState(null, '', '/web/');
  }
});

test('a refused tab: the dialog says so; this tab is offered, asking first about unsaved work', async () => {
  const navigation = recordNavigation(null);
  try {
    const { signIn, day } = setup();
    signIn._midDay();
    assert.equal(day._life._status.value, { tag: 'sessionEnded', screen: 0, signIn: 'refused' });
    day._unsaved._set(true);
    signIn._here();
    await settle();
    day._questions._open.value?._answer(false);
    await settle();
    assert.equal(navigation.asked, [navigation.asked[0]], 'Stay: nothing more');
    signIn._here();
    await settle();
    day._questions._open.value?._answer(true);
    await settle();
    assert.match(navigation.asked[1] ?? '', /^assign https:\/\/desk\.example\/auth\/\?returnUrl=/);
    assert.is(day._unsaved._unsaved.value, false);
  } finally {
    navigation.restore();
  }
});

test("a host's onSignInRequired is called instead of a new tab; one that throws is logged", () => {
  let asked = 0;
  const navigation = recordNavigation(null);
  try {
    const { signIn } = setup({ onSignInRequired: () => asked++ });
    signIn._midDay();
    signIn._atStartUp();
    assert.is(asked, 2);
    assert.equal(navigation.asked, []);
    const throwing = setup({
      onSignInRequired: () => {
        throw new Error('host bug');
      },
    });
    throwing.signIn._midDay();
    assert.is(throwing.errors.length, 1);
  } finally {
    navigation.restore();
  }
});

test.run();
