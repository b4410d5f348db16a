// The page the client tests start a client in: the host's mount element, #emweb, in the body, and
// the product's server played by the fake, fresh for each test and gone after it, so no test sees
// another's client, storage or requests.
import type { Test } from 'uvu';
import { createProductServer, type ProductServer, type ProductServerOptions, resetPage } from '../../src/testing';

/** The current test's mount element and server; read them inside a test, never at module level. */
export interface MountAndServer {
  readonly el: HTMLElement;
  readonly server: ProductServer;
}

/** Gives each test of `test` an #emweb element and an installed fake server playing `options`. */
export function mountAndServerEachTest(test: Test, options: ProductServerOptions): MountAndServer {
  let el: HTMLElement | undefined;
  let server: ProductServer | undefined;
  test.before.each(() => {
    el = document.createElement('div');
    el.id = 'emweb';
    document.body.append(el);
    server = createProductServer(options);
    server.install();
  });
  test.after.each(async () => {
    await resetPage();
    server?.uninstall();
    el?.remove();
  });
  return {
    get el() {
      if (el === undefined) throw new Error('the mount element exists inside a test only');
      return el;
    },
    get server() {
      if (server === undefined) throw new Error('the server exists inside a test only');
      return server;
    },
  };
}
