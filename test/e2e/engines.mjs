// The three browser engines of the real-browser suite, where each is found on this machine, and
// which of them a run drives. Plain JavaScript: the runners (run-all.mjs, e2e/run.mjs) read it
// before any TypeScript loader is there; engines.d.mts types it for the harness.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** In the order a run drives them. */
const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'];

export const isCI = () => !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

const firstLine = (command, args) => (spawnSync(command, args, { encoding: 'utf8' }).stdout ?? '').split('\n')[0].trim();

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find((file) => existsSync(file)) ?? null;

/** The MiniBrowser that Debian's WebKitGTK package installs (its path has the architecture in it). */
function miniBrowser() {
  const listed = spawnSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' });
  return (listed.stdout ?? '').split('\n').find((line) => line.endsWith('/MiniBrowser') && existsSync(line)) ?? null;
}

/**
 * Where each engine's programs are. `find()` returns them, or null with what is missing; `packages`
 * are the Debian packages that bring them.
 */
const FINDERS = {
  chromium: {
    label: 'Chromium',
    packages: 'chromium',
    find() {
      const browser = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
      return existsSync(browser) ? { browser } : { missing: browser };
    },
    // "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)"
    version: ({ browser }) => firstLine(browser, ['--version']).replace(/ built on .*/, ''),
  },
  firefox: {
    label: 'Firefox',
    packages: 'firefox-esr',
    find() {
      const browser = process.env.FIREFOX_PATH || onPath('firefox-esr');
      return browser && existsSync(browser) ? { browser } : { missing: process.env.FIREFOX_PATH || 'firefox-esr on the PATH' };
    },
    // "Mozilla Firefox 153.7.0esr"
    version: ({ browser }) => firstLine(browser, ['--version']).replace(/^Mozilla /, ''),
  },
  webkit: {
    label: 'WebKitGTK',
    packages: 'webkit2gtk-driver xvfb',
    find() {
      const driver = onPath('WebKitWebDriver');
      const xvfbRun = onPath('xvfb-run');
      const browser = driver ? miniBrowser() : null;
      if (driver && xvfbRun && browser) return { driver, xvfbRun, browser };
      const missing = [!driver && 'WebKitWebDriver', driver && !browser && 'MiniBrowser', !xvfbRun && 'xvfb-run'];
      return { missing: missing.filter(Boolean).join(', ') };
    },
    // The Debian package's version, "2.50.6-1~deb12u2"
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
    version: () => `WebKitGTK ${firstLine('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0']).replace(/-.*/, '')}`,
  },
};

/**
 * The engine `name`: its label, its programs, and `missing` with how to install them when it is not
 * there. `E2E_BROWSERS` does not matter here.
 */
export function findEngine(name) {
  const finder = FINDERS[name];
  if (!finder) throw new Error(`unknown engine "${name}": one of ${ENGINE_NAMES.join(', ')}`);
  const found = finder.find();
  const install = `apt-get update && apt-get install -y ${finder.packages}`;
  if (found.missing) {
    return { name, label: finder.label, missing: `${finder.label} not found (${found.missing}). Install it with: ${install}` };
  }
  return { name, label: finder.label, paths: found };
}

/** The installed version of a found engine, e.g. "Firefox 153.7.0esr", as its package says. */
export const engineVersion = ({ name, paths }) => FINDERS[name].version(paths) || FINDERS[name].label;

/** The engines a run drives: `E2E_BROWSERS=firefox,webkit` names some, else all three. */
export function selectedEngines() {
  const asked = (process.env.E2E_BROWSERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of asked) {
    if (!ENGINE_NAMES.includes(name)) throw new Error(`E2E_BROWSERS: unknown engine "${name}" (${ENGINE_NAMES.join(', ')})`);
  }
  return asked.length ? ENGINE_NAMES.filter((name) => asked.includes(name)) : ENGINE_NAMES;
}
