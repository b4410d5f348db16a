/**
 * The few lines of signals the client needs: a value you read and write through `.value`, that
 * tells its subscribers when it changes, and `effect` to re-run code whenever a value it read
 * changes. The same surface as @preact/signals (`value`, `peek`, `subscribe`, `effect`), which
 * would cost 1.4 KB of the 14 KB budget for features (computed, batching, a render integration)
 * the shell does not use.
 */
export interface Signal<T> {
  value: T;
  /** The value without subscribing the running effect. */
  peek(): T;
  /** Calls `fn` now and on every change; returns the function that stops it. */
  subscribe(fn: (value: T) => void): () => void;
}

type Listeners = Set<() => void>;

// The listener sets read by the effect that is running, if any.
let reading: Set<Listeners> | undefined;

export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  const listeners: Listeners = new Set();
  return {
    get value() {
      reading?.add(listeners);
      return current;
    },
    set value(next) {
      if (next !== current) {
        current = next;
        // A copy: a listener may unsubscribe or subscribe while we go through them.
        [...listeners].forEach((fn) => fn());
      }
    },
    peek: () => current,
    subscribe(fn) {
      const run = () => fn(current);
      listeners.add(run);
      run();
      return () => listeners.delete(run);
    },
  };
}

/** Runs `fn` now and again whenever a signal it read changes; returns the function that stops it. */
export function effect(fn: () => void): () => void {
  let sources = new Set<Listeners>();
  const stop = () => sources.forEach((s) => s.delete(run));
  const run = () => {
    stop();
    const outer = reading;
    reading = sources = new Set();
    try {
      fn();
    } finally {
      reading = outer;
    }
    sources.forEach((s) => s.add(run));
  };
  run();
  return stop;
}
