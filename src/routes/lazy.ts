import { signal } from '@preact/signals';
import { createContext, h } from 'preact';
import { useContext } from 'preact/hooks';
import type { RouteScreen, ScreenProps } from '../types/client';

/** The loading text the routed main area hands down, shown while a lazy screen's module comes. */
export const LoadingText = /* @__PURE__ */ createContext('');

/**
 * Where a lazy screen's module is, as one value: `undefined` not asked for (again) yet, a promise
 * while it loads, the component once loaded, `{ error }` when the import failed.
 */
type Import = undefined | Promise<void> | RouteScreen | { error: unknown };

/** What a lazy screen's import resolves to: a module whose `default` export is the screen. */
export type ScreenModule = { default: RouteScreen };

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
  let current: Import;
  // Screens showing it re-render when the import settles; the import itself stays one plain value.
  const settled = signal(0);
  const settle = (next: Import) => {
    current = next;
    settled.value++;
  };

  function LazyScreen(props: ScreenProps) {
    void settled.value;
    const loading = useContext(LoadingText);
    if (typeof current === 'function') return h(current, props);
    if (current && 'error' in current) {
      const { error } = current;
      current = undefined;
      throw error;
    }
    // A load() that throws rejects: new Promise catches what its executor throws.
    current ??= new Promise<ScreenModule>((resolve) => resolve(load())).then(
      (module) => settle(module.default),
      (error: unknown) => settle({ error }),
    );
    return h('p', { class: 'loading', role: 'status' }, loading);
  }
  return LazyScreen;
}
