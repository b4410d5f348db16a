import { type Signal, signal } from '@preact/signals';

/** How long a notice stays up: long enough to read a sentence, short enough not to cover the page. */
export const NOTICE_MS = 4000;

export interface Notices {
  /** The notice on screen, `''` for none. */
  current: Signal<string>;
  show(message: string): void;
  dispose(): void;
}

/** One notice at a time: a newer one replaces the last and starts its time afresh. */
export function createNotices(): Notices {
  const current = signal('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    current,
    show(message) {
      current.value = message;
      clearTimeout(timer);
      timer = setTimeout(() => {
        current.value = '';
      }, NOTICE_MS);
    },
    dispose: () => clearTimeout(timer),
  };
}
