import { signal } from '@preact/signals';
import { createContext, h } from 'preact';
import { useContext, useLayoutEffect } from 'preact/hooks';
import type { RouteScreen, ScreenProps } from './types';

/** What the routed main area tells the screens inside it. */
export interface RouteFrame {
  /** The loading text, shown while a lazy screen's module comes. */
  loading: string;
  /** A lazy screen has come and is on screen: focus can go to its heading. */
  shown(): void;
}

export const RouteFrameContext = /* @__PURE__ */ createContext<RouteFrame>({ loading: '', shown() {} });

/** Where a lazy screen's module is: one value, as the module's import goes. */
type Import =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; screen: RouteScreen }
  | { kind: 'failed'; error: unknown };

type ScreenModule = { default?: RouteScreen };

/**
 * A screen whose module is imported the first time it is shown: `lazy(() => import('./ticket.js'))`,
 * the module's `default` export being the component. Meanwhile it shows the loading state. A failed
 * import is thrown while rendering, once, so the failed-screen panel shows it and logs it like any
 * screen that throws; the render after that (its Try again) imports again.
 *
 * Not preact-iso's `lazy`: that one keeps a failed import's promise for good (no Try again), and a
 * rejected import never leaves its Suspense boundary.
 */
export function lazy(load: () => Promise<ScreenModule>): RouteScreen {
  let current: Import = { kind: 'idle' };
  // Screens showing it re-render when the import settles; the import itself stays one plain value.
  const settled = signal(0);
  const settle = (next: Import) => {
    current = next;
    settled.value++;
  };
  const start = () => {
    current = { kind: 'loading' };
    let loading: Promise<ScreenModule>;
    try {
      loading = Promise.resolve(load());
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (module) =>
        settle(
          typeof module?.default === 'function'
            ? { kind: 'loaded', screen: module.default }
            : { kind: 'failed', error: new TypeError('EMWeb: no default export') },
        ),
      (error: unknown) => settle({ kind: 'failed', error }),
    );
  };

  function LazyScreen(props: ScreenProps) {
    void settled.value;
    const frame = useContext(RouteFrameContext);
    const loaded = current.kind === 'loaded';
    useLayoutEffect(() => {
      if (loaded) frame.shown();
    }, [loaded]);
    if (current.kind === 'loaded') return h(current.screen, props);
    if (current.kind === 'failed') {
      const { error } = current;
      current = { kind: 'idle' };
      throw error;
    }
    if (current.kind === 'idle') start();
    return h('p', { class: 'loading', role: 'status' }, frame.loading);
  }
  return LazyScreen;
}
