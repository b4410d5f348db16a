import { type ReadonlySignal, signal } from '@preact/signals';
import type { NoticeTone, NotifyOptions } from '../types/client';

/** How long an info or success notice stays up: long enough to read a sentence, short enough not to cover the page. */
export const NOTICE_MS = 6000;

/** At most this many notices are shown: a sixth pushes the oldest out (an info or success one first). */
export const MAX_NOTICES = 5;

/** A notice's text is cut to this many characters: a notice is a sentence, not a page. */
export const MAX_NOTICE_TEXT = 500;

export interface Notice {
  readonly _id: number;
  /** At most MAX_NOTICE_TEXT characters. */
  readonly _text: string;
  /** Whether the text was longer and cut. */
  readonly _cut: boolean;
  readonly _tone: NoticeTone;
  /** How many of the calls that asked for it while shown still hold it (not dismissed). */
  readonly _count: number;
  /** Its Discard button (the restored draft's): pressing it runs this and dismisses the notice. */
  readonly _discard?: () => void;
}

export interface Notices {
  /** The notices on screen, oldest first. */
  readonly _shown: ReadonlySignal<readonly Notice[]>;
  /**
   * Shows `text` (the same text while it is shown counts once more); returns what dismisses this
   * call's share of it: the notice goes once no call holds it.
   */
  _notify(text: string, options?: NotifyOptions, discard?: () => void): () => void;
  /** Its close button: gone, whoever holds it. */
  _dismiss(id: number): void;
  _dispose(): void;
}

/** `text` cut to MAX_NOTICE_TEXT characters, never inside a character written with two code units. */
function cutText(text: string): string {
  const cut = text.slice(0, MAX_NOTICE_TEXT);
  return text.length > MAX_NOTICE_TEXT && /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The notice a sixth pushes out: the oldest info or success one, else the oldest error. */
const oldestToGo = (shown: readonly Notice[]): Notice | undefined => shown.find((notice) => notice._tone !== 'error') ?? shown[0];

/**
 * The shell's notices: the speed dial's reports and a screen's `client.notify`, in one list. A
 * notice that is asked for again while shown is not added twice: its count goes up and, when it
 * goes by itself, its time starts afresh. Each call's dismiss takes back that call's share only, so
 * one caller's dismiss never takes away a notice another still holds.
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
  /** The shown notice `old` held by `by` more calls (or fewer), in its place. */
  const recount = (old: Notice, by: number): Notice => {
    const notice = { ...old, _count: old._count + by };
    shown.value = shown.peek().map((each) => (each === old ? notice : each));
    return notice;
  };
  const letGo = (id: number) => {
    const held = shown.peek().find((notice) => notice._id === id);
    if (!held) return;
    if (held._count > 1) recount(held, -1);
    else dismiss(id);
  };
  const goesAfterAWhile = (notice: Notice) => {
    clearTimeout(timers.get(notice._id));
    if (notice._tone !== 'error')
      timers.set(
        notice._id,
        setTimeout(() => dismiss(notice._id), NOTICE_MS),
      );
  };
  const notify = (text: string, options?: NotifyOptions, discard?: () => void) => {
    const asked = options?.tone;
    const tone: NoticeTone = asked === 'success' || asked === 'error' ? asked : 'info';
    const whole = String(text);
    const message = cutText(whole);
    const same = shown.peek().find((notice) => notice._text === message && notice._tone === tone);
    if (!same && shown.peek().length >= MAX_NOTICES) dismiss((oldestToGo(shown.peek()) as Notice)._id);
    const notice: Notice = same
      ? recount(same, 1)
      : { _id: ++lastId, _text: message, _cut: message.length < whole.length, _tone: tone, _count: 1, _discard: discard };
    if (!same) shown.value = [...shown.peek(), notice];
    goesAfterAWhile(notice);
    let held = true;
    return () => {
      if (held) letGo(notice._id);
      held = false;
    };
  };
  return {
    _shown: shown,
    _notify: notify,
    _dismiss: dismiss,
    _dispose() {
      timers.forEach(clearTimeout);
      timers.clear();
    },
  };
}
