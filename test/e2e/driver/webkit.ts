// WebKitGTK: Debian's WebKitWebDriver under Xvfb, driven by selenium-webdriver. Each session is a
// new MiniBrowser in automation mode (its website data is ephemeral: no cookies or storage carried
// over); the dark colour scheme is its --dark-mode. WebDriver has one current window per session,
// so every command of a tab switches to that tab's window first, one command at a time.
//
// A page that navigates again before its `load` (the client sending the browser to the gateway)
// can leave WebKitWebDriver's own wait for `load` hanging: sessions use the page load strategy
// "none", and goto() waits for the new document itself. A command that hangs anyway is given up
// after COMMAND_TIMEOUT, and a session that will not quit takes the driver down with it (the next
// session starts a fresh one). Now and then a new session is never answered (its MiniBrowser did
// not come up): the driver is then started afresh and asked once more.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Origin, Key as SeleniumKey, type WebDriver } from 'selenium-webdriver';
import type { DriverFactory, Key, Tab, Viewport } from './types';

const KEYS: Record<Key, string> = {
  Enter: SeleniumKey.ENTER,
  Space: ' ',
  Escape: SeleniumKey.ESCAPE,
  Tab: SeleniumKey.TAB,
  ArrowDown: SeleniumKey.ARROW_DOWN,
  ArrowUp: SeleniumKey.ARROW_UP,
  Home: SeleniumKey.HOME,
  End: SeleniumKey.END,
};

const COMMAND_TIMEOUT = 30_000;
/** A new session takes about a second; one that takes ten will not come. */
const SESSION_TIMEOUT = 10_000;

/** Big enough for the widest viewport a check asks for. */
const SCREEN = '-screen 0 2560x1600x24';

/**
 * MiniBrowser's toolbar would keep its window at least 447 px wide; this GTK user stylesheet
 * shrinks the toolbar's widgets so that the window, and with it the viewport, can be as narrow as a
 * phone's (320 px). The web content is not GTK widgets: it is not touched.
 */
const GTK_CSS =
  'toolbar, toolbar *, headerbar, headerbar *, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKit: ${what} did not finish in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Serializes the commands of one session and switches to the right window before each. */
function sessionQueue(driver: WebDriver) {
  let last: Promise<unknown> = Promise.resolve();
  let current: string | null = null;
  return <T>(handle: string, command: () => Promise<T>): Promise<T> => {
    const next = last.then(() =>
      withTimeout(
        (async () => {
          if (current !== handle) {
            await driver.switchTo().window(handle);
            current = handle;
          }
          return command();
        })(),
        COMMAND_TIMEOUT,
        'a command',
      ),
    );
    last = next.catch(() => {});
    return next;
  };
}

/** Loads `url` and waits until a new document has replaced the current one and loaded. */
async function load(driver: WebDriver, url: string): Promise<void> {
  await driver.executeScript('window.__e2eLeaving = true');
  await driver.get(url);
  const deadline = Date.now() + COMMAND_TIMEOUT;
  while (Date.now() < deadline) {
    // A script that meets the old document's unload fails: the next try meets the new one.
    const loaded = await driver
      .executeScript("return !window.__e2eLeaving && document.readyState === 'complete'")
      .catch(() => false);
    if (loaded) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`WebKit: ${url} did not load`);
}

async function sizeWindow(driver: WebDriver, { width, height }: Viewport): Promise<void> {
  const [innerWidth, innerHeight, outerWidth, outerHeight] = (await driver.executeScript(
    'return [innerWidth, innerHeight, outerWidth, outerHeight]',
  )) as number[];
  await driver
    .manage()
    .window()
    .setRect({ width: width + outerWidth - innerWidth, height: height + outerHeight - innerHeight });
  // The window resizes asynchronously: the page sees its new size a moment later.
  for (let tries = 0; ; tries++) {
    const size = (await driver.executeScript('return [innerWidth, innerHeight]')) as number[];
    if (size[0] === width && size[1] === height) return;
    if (tries > 100) throw new Error(`WebKit: the viewport stays ${size.join('×')}, not ${width}×${height}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function tab(driver: WebDriver, run: ReturnType<typeof sessionQueue>, handle: string): Tab {
  const inWindow = <T>(command: () => Promise<T>) => run(handle, command);
  return {
    goto: (url) => inWindow(() => load(driver, url)),
    evaluate: (expression) => inWindow(() => driver.executeScript(`return ${expression}`)),
    clickAt: (x, y) =>
      inWindow(() =>
        driver
          .actions()
          .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
          .press()
          .release()
          .perform(),
      ),
    press: (key) => inWindow(() => driver.actions().sendKeys(KEYS[key]).perform()),
    type: (text) => inWindow(() => driver.actions().sendKeys(text).perform()),
    setViewport: (size) => inWindow(() => sizeWindow(driver, size)),
    screenshot: () => inWindow(async () => Buffer.from(await driver.takeScreenshot(), 'base64')),
    newTab: async (viewport) => {
      const created = await inWindow(async () => {
        await driver.switchTo().newWindow('window');
        return driver.getWindowHandle();
      });
      // The queue believes it is still on this tab's window: switching back and forth sets it right.
      await run(created, () => sizeWindow(driver, viewport));
      return tab(driver, run, created);
    },
    close: () => inWindow(() => driver.close()),
    windowUrls: async () => {
      const handles = await inWindow(() => driver.getAllWindowHandles());
      const urls: string[] = [];
      for (const each of handles) urls.push(await run(each, () => driver.getCurrentUrl()));
      // The next command of this tab switches back to its own window first.
      return urls;
    },
  };
}

export const webkitDriver: DriverFactory = ({ browser: miniBrowser, driver: webDriver, xvfbRun }) => {
  let server: Promise<{ url: string; child: ChildProcess; config: string }> | null = null;
  let endOnExit: (() => void) | null = null;

  async function start() {
    const config = mkdtempSync(join(tmpdir(), 'emweb-webkit-'));
    mkdirSync(join(config, 'gtk-3.0'));
    writeFileSync(join(config, 'gtk-3.0', 'gtk.css'), GTK_CSS);
    const port = await freePort();
    const child = spawn(xvfbRun!, ['-a', '-s', SCREEN, webDriver!, `--port=${port}`], {
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, XDG_CONFIG_HOME: config },
    });
    // Whatever way this process ends, Xvfb and the driver end with it.
    endOnExit = () => kill(child);
    process.once('exit', endOnExit);
    const url = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${url}/status`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) return { url, child, config };
      if (tries > 200 || child.exitCode !== null) throw new Error(`WebKitWebDriver did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const launch = () => {
    server ??= start();
    return server;
  };

  async function stop() {
    const started = await server?.catch(() => null);
    server = null;
    if (!started) return;
    if (endOnExit) process.off('exit', endOnExit);
    kill(started.child);
    rmSync(started.config, { recursive: true, force: true });
  }

  let version = '';
  return {
    name: 'webkit',
    version: async () => version || 'WebKitGTK',
    async open({ viewport, colorScheme }) {
      const session = async () =>
        new Builder()
          .usingServer((await launch()).url)
          .withCapabilities({
            browserName: 'MiniBrowser',
            pageLoadStrategy: 'none',
            'webkitgtk:browserOptions': {
              binary: miniBrowser,
              args: ['--automation', ...(colorScheme === 'dark' ? ['--dark-mode'] : [])],
            },
          })
          .build();
      const driver = await withTimeout(session(), SESSION_TIMEOUT, 'a new session').catch(async (error) => {
        console.warn(`  [e2e webkit] ${error.message}: starting WebKitWebDriver afresh`);
        await stop();
        return withTimeout(session(), SESSION_TIMEOUT, 'a new session, on a fresh driver');
      });
      version ||= `WebKitGTK ${(await driver.getCapabilities()).get('browserVersion')}`;
      await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
      const run = sessionQueue(driver);
      const first = await driver.getWindowHandle();
      await run(first, () => sizeWindow(driver, viewport));
      const close = () => withTimeout(driver.quit(), COMMAND_TIMEOUT, 'quitting').catch(stop);
      return { tab: tab(driver, run, first), close };
    },
    quit: stop,
  };
};

/** xvfb-run, Xvfb, WebKitWebDriver and its browsers share the process group the detached spawn made. */
function kill(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}
