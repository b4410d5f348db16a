import { type ReadonlySignal, signal } from '@preact/signals';
import type { NoticeTone, NotifyOptions } from '../types/client';

/** How long an info or success notice stays up: long enough to read a sentence, short enough not to cover the page. */
export const NOTICE_MS = 6000;

/** A button on a notice (the restored draft's Discard): pressing it runs `_run` and dismisses the notice. */
interface NoticeAction {
  readonly _label: string;
  readonly _run: () => void;
}

export interface Notice {
  readonly _id: number;
  readonly _text: string;
  readonly _tone: NoticeTone;
  /** How many times it was asked for while shown. */
  readonly _count: number;
  readonly _action?: NoticeAction;
}

export interface Notices {
  /** The notices on screen, oldest first. */
  readonly _shown: ReadonlySignal<readonly Notice[]>;
  /** Shows `text` (the same text while it is shown counts once more); returns what dismisses it. */
  _notify(text: string, options?: NotifyOptions, action?: NoticeAction): () => void;
  _dismiss(id: number): void;
  _dispose(): void;
}

/**
 * The shell's notices: the speed dial's reports and a screen's `client.notify`, in one list. A
 * notice that is asked for again while shown is not added twice: its count goes up and, when it
 * goes by itself, its time starts afresh.
 */
export function createNotices(): Notices {
  const shown = signal<readonly Notice[]>([]);
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let lastId = 0;
  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    shown.value = shown.peek().filter((notice) => notice._id !== id);
  };
  const goesAfterAWhile = (notice: Notice) => {
    clearTimeout(timers.get(notice._id));
    if (notice._tone !== 'error')
      timers.set(
        notice._id,
        setTimeout(() => dismiss(notice._id), NOTICE_MS),
      );
  };
  const notify = (text: string, options?: NotifyOptions, action?: NoticeAction) => {
    const asked = options?.tone;
    const tone: NoticeTone = asked === 'success' || asked === 'error' ? asked : 'info';
    const message = String(text);
    const same = shown.peek().find((notice) => notice._text === message && notice._tone === tone);
    const notice: Notice = same
      ? { ...same, _count: same._count + 1 }
      : { _id: ++lastId, _text: message, _tone: tone, _count: 1, _action: action };
    shown.value = same ? shown.peek().map((old) => (old === same ? notice : old)) : [...shown.peek(), notice];
    goesAfterAWhile(notice);
    return () => dismiss(notice._id);
  };
  return {
    _shown: shown,
    _notify: notify,
    _dismiss: dismiss,
    _dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
