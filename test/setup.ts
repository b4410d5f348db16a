// Registers happy-dom's window as the global scope once for the whole unit run.
// Import this first in every test file that needs a DOM, before fetch-mock (which captures fetch on import).
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!(globalThis as { __emwebDom?: boolean }).__emwebDom) {
  GlobalRegistrator.register({ url: 'http://localhost/web/', width: 1024, height: 768 });
  (globalThis as { __emwebDom?: boolean }).__emwebDom = true;
}
