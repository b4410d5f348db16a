/**
 * The question the shell asks before something the person did would drop unsaved work: a move
 * inside the client (`leave`) or the built-in Sign out (`signOut`). One at a time: a new question
 * answers the one still open with Stay, so that no move waits for an answer that cannot come.
 */
import { type ReadonlySignal, signal } from '@preact/signals';

type QuestionKind = 'leave' | 'signOut';

export interface OpenQuestion {
  _about: QuestionKind;
  /** `true`: leave (or sign out); `false`: stay. */
  _answer(leave: boolean): void;
}

export interface Questions {
  readonly _open: ReadonlySignal<OpenQuestion | null>;
  /** Resolves with the person's answer: `true` to go ahead. */
  _ask(kind: QuestionKind): Promise<boolean>;
  /** Answers an open question with Stay (the client ends, the work is gone anyway). */
  _close(): void;
}

export function createQuestions(): Questions {
  const open = signal<OpenQuestion | null>(null);
  const close = () => open.peek()?._answer(false);
  return {
    _open: open,
    _ask(kind) {
      close();
      return new Promise<boolean>((resolve) => {
        const question: OpenQuestion = {
          _about: kind,
          _answer(leave) {
            if (open.peek() === question) open.value = null;
            resolve(leave);
          },
        };
        open.value = question;
      });
    },
    _close: close,
  };
}
