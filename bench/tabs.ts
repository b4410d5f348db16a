/**
 * One sender per browser, by simulation (the tabs' loggers are real `createLogger` instances; the
 * Web Lock, the BroadcastChannel, localStorage, the clock and the server are test/fakes/tabs.ts's).
 *
 *   node --import tsx --expose-gc bench/tabs.ts
 *
 * (a) Browsers with five tabs each, every tab in a one-error loop (the same error every 100 ms):
 *     requests and bytes a second at the server, one sender per browser against one per tab (the
 *     lock and the channel taken away: every tab sends its own, as before). A sample of browsers is
 *     simulated in full and the rates scaled to 10,000 browsers: browsers share nothing but the
 *     server, which answers at once. Every call is checked to be counted at the server (in an entry,
 *     a grouped entry's `repeated`, or a drop report's counts).
 * (b) A working day: 8 simulated hours of one browser, two tabs open all day (one of them hidden
 *     from the second hour), a third opened and closed every 10 minutes, an error a second in a
 *     visible tab: the heap (after GC) and the listeners the live tabs' loggers hold, hour by hour,
 *     and the timers the hidden tab runs while it has nothing to send.
 */
import { pathToFileURL } from 'node:url';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { entriesOf } from '../test/fakes/logger';
import { fakeBrowser } from '../test/fakes/tabs';

const BROWSERS = 10_000;
const SAMPLE = 20;
const TABS = 5;
const LOOP_MS = 100;
const MINUTES = 10;
/** Rates are averaged after the first two minutes: every tab open, the grouping's first minute over. */
const STEADY_FROM_MS = 2 * 60_000;

v8.setFlagsFromString('--expose-gc');
const gc = (globalThis.gc ?? vm.runInNewContext('gc')) as () => void;

export interface TabsLoadFigure {
  setting: 'one sender per browser' | 'one sender per tab';
  requestsPerSecond: number;
  bytesPerSecond: number;
  callsLogged: number;
  callsCounted: number;
}

async function oneErrorLoop(shared: boolean): Promise<TabsLoadFigure> {
  let requests = 0;
  let bytes = 0;
  let logged = 0;
  let counted = 0;
  for (let b = 0; b < SAMPLE; b++) {
    const browser = fakeBrowser();
    const tabs = Array.from({ length: TABS }, () => browser.openTab({}, { locksAndChannel: shared }));
    await browser.settle();
    const error = new TypeError('Grid refresh failed');
    for (let t = 0; t < MINUTES * 60_000; t += LOOP_MS) {
      for (const tab of tabs) tab.logger.error('Grid refresh failed', error, { grid: 'tickets' });
      logged += TABS;
      await browser.tick(LOOP_MS);
    }
    // What is queued goes within a flush interval: every call is at the server by then.
    await browser.tick(30_000);
    for (const call of browser.server.calls) {
      if (call.duplicate) continue;
      const at = Number(new Date(entriesOf(call.body)[0].timestamp));
      if (at >= STEADY_FROM_MS) {
        requests++;
        bytes += Buffer.byteLength(call.text);
      }
      for (const entry of entriesOf(call.body)) {
        if (entry.message === 'emweb.logger dropped entries')
          counted += Object.values(entry.additional[0] as Record<string, number>).reduce((n, x) => n + x, 0);
        else counted += entry.repeated ?? 1;
      }
    }
  }
  const seconds = (MINUTES * 60_000 - STEADY_FROM_MS) / 1000;
  const scale = BROWSERS / SAMPLE;
  return {
    setting: shared ? 'one sender per browser' : 'one sender per tab',
    requestsPerSecond: Math.round((requests / seconds) * scale),
    bytesPerSecond: Math.round((bytes / seconds) * scale),
    callsLogged: logged,
    callsCounted: counted,
  };
}

export interface WorkingDayHour {
  hour: number;
  heapMB: number;
  listeners: number;
  channels: number;
  hiddenTabTimers: number;
}

/** Listeners added and not removed, per target: the live tabs' loggers' share is what matters. */
function countListeners() {
  const counts = new WeakMap<object, number>();
  const { addEventListener, removeEventListener } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function (...args: Parameters<EventTarget['addEventListener']>) {
    counts.set(this, (counts.get(this) ?? 0) + 1);
    return addEventListener.apply(this, args);
  };
  EventTarget.prototype.removeEventListener = function (...args: Parameters<EventTarget['removeEventListener']>) {
    counts.set(this, (counts.get(this) ?? 0) - 1);
    return removeEventListener.apply(this, args);
  };
  return {
    of: (targets: object[]) => targets.reduce((n: number, target) => n + (counts.get(target) ?? 0), 0),
    restore() {
      EventTarget.prototype.addEventListener = addEventListener;
      EventTarget.prototype.removeEventListener = removeEventListener;
    },
  };
}

async function workingDay(): Promise<WorkingDayHour[]> {
  const listeners = countListeners();
  try {
    const browser = fakeBrowser();
    const front = browser.openTab();
    const back = browser.openTab();
    await browser.settle();
    let third: ReturnType<typeof browser.openTab> | null = null;
    const hours: WorkingDayHour[] = [];
    let hiddenTabTimers = 0;
    for (let second = 0; second < 8 * 3600; second++) {
      if (second === 3600) back.hide();
      if (second % 600 === 0) {
        third?.close();
        third = browser.openTab();
      }
      (second % 2 || !third ? front : third).logger.error('Grid refresh failed', new TypeError(`row ${second % 50}`));
      await browser.tick(1000);
      if (second >= 3600) hiddenTabTimers = Math.max(hiddenTabTimers, back.liveTimers());
      if ((second + 1) % 3600 === 0) {
        gc();
        const live = [front, back, third].filter((tab) => tab !== null);
        hours.push({
          hour: (second + 1) / 3600,
          heapMB: Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10,
          listeners: listeners.of(live.flatMap((tab) => [tab.target, tab.doc])),
          channels: browser.openChannels(),
          hiddenTabTimers,
        });
        hiddenTabTimers = 0;
        // What the server keeps is the bench's, not the page's: let it go so the heap shows the tabs.
        browser.server.calls.length = 0;
        browser.server.stored.length = 0;
      }
    }
    return hours;
  } finally {
    listeners.restore();
  }
}

export async function benchTabs() {
  const perBrowser = await oneErrorLoop(true);
  const perTab = await oneErrorLoop(false);
  const day = await workingDay();
  return { browsers: BROWSERS, sampled: SAMPLE, tabs: TABS, loopMs: LOOP_MS, minutes: MINUTES, perBrowser, perTab, day };
}

export type TabsResult = Awaited<ReturnType<typeof benchTabs>>;

const n = (x: number) => x.toLocaleString('en-US');

export function tabsMarkdown(r: TabsResult): string {
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(3) : '–');
  const load = [r.perBrowser, r.perTab].map(
    (f) => `| ${f.setting} | ${n(f.requestsPerSecond)} | ${n(f.bytesPerSecond)} | ${n(f.callsLogged)} | ${n(f.callsCounted)} |`,
  );
  const first = r.day[0];
  const last = r.day.at(-1);
  const hours = r.day.map((h) => `| ${h.hour} | ${h.heapMB} | ${h.listeners} | ${h.channels} | ${h.hiddenTabTimers} |`);
  return `**${n(r.browsers)} browsers × ${r.tabs} tabs, every tab logging one error every ${r.loopMs} ms** (${r.sampled} browsers simulated in full for ${r.minutes} minutes, rates from minute 2 scaled to ${n(r.browsers)}):

| setting | requests/s at the server | bytes/s | calls logged (sample) | calls counted at the server (sample) |
| --- | ---: | ---: | ---: | ---: |
${load.join('\n')}

One sender per browser against one per tab: ${ratio(r.perBrowser.requestsPerSecond, r.perTab.requestsPerSecond)}× the requests, ${ratio(r.perBrowser.bytesPerSecond, r.perTab.bytesPerSecond)}× the bytes.

**A working day** (one browser, 8 simulated hours, two tabs all day (one hidden from hour 1), a third opened and closed every 10 minutes, an error a second):

| hour | heap after GC (MB) | listeners of the live tabs' loggers | channels open | most timers of the hidden tab at once |
| ---: | ---: | ---: | ---: | ---: |
${hours.join('\n')}

Heap growth from hour 1 to hour 8: ${first && last ? (last.heapMB - first.heapMB).toFixed(1) : '–'} MB.`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchTabs();
  console.log(JSON.stringify(result, null, 2));
  console.log(tabsMarkdown(result));
  process.exit(0);
}
