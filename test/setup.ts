// Registers happy-dom's window as the global scope once for the whole unit run.
// Import this first in every test file that needs a DOM, before fetch-mock (which captures fetch on import).
import { GlobalRegistrator } from '@happy-dom/global-registrator';

// A test file that registers on its own first (the README's example does, as a host's would) is left to it.
if (typeof document === 'undefined') GlobalRegistrator.register({ url: 'http://localhost/web/', width: 1024, height: 768 });
