import { bootstrap } from './bootstrap';
import { BUILD_VERSION } from './constants';
import type { Logger } from './logging/types';
import { BUNDLE_PRODUCTION } from './mode';
import { getPage } from './page';
import type { BootstrapOptions, Client } from './types';

export interface EMWebGlobal {
  buildVersion: string;
  bootstrap(options?: BootstrapOptions): Promise<Client>;
  logger: Logger;
}

// The script-tag entry. `document.currentScript` is only set while this runs, so read it now.
const script = document.currentScript as HTMLScriptElement | null;
const data = script?.dataset ?? {};
const production = data.production !== 'false' && BUNDLE_PRODUCTION;
const w = window as unknown as { EMWeb?: EMWebGlobal };

// A second copy of the script keeps the first: two loggers and two probes would fight.
const emweb = (w.EMWeb ??= { buildVersion: BUILD_VERSION, bootstrap, logger: getPage(production).logger });

if (data.mount) {
  const options: BootstrapOptions = { mount: data.mount, production };
  // A failed start is already on screen with its Retry button; the host page must not see it thrown.
  const boot = () => void emweb.bootstrap(options).catch(() => {});
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot, { once: true });
  else boot();
}
