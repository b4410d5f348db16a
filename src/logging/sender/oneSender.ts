/**
 * One sender per browser: the tabs of an origin whose loggers send to the same endpoint send
 * through one of them. A Web Lock elects it; a BroadcastChannel carries the other tabs' entries to
 * it (handover.ts) and what became of them back (intake.ts). The sender gives its role up when its
 * page turns hidden, is frozen or goes, so that a visible tab waiting on the lock takes over at
 * once. Without the lock or the channel every tab sends its own, as before.
 *
 * What a tab does is one value, `role`:
 * - `alone`: no lock or channel here, not started, or no endpoint yet: it sends its own;
 * - `waiting`: no sender known: it sends its own, and waits on the lock while it is visible;
 * - `follower`: it hands its entries to `sender`, and waits on the lock while it is visible;
 * - `sender`: it holds the lock and sends for every tab.
 */
import type { Runtime } from '../env';
import type { Ledger } from '../ledger';
import type { Pending } from '../pending';
import type { LogCall, Queue, WriteEntry } from '../queue';
import type { FlushResult, LoggerConfig, TabRole } from '../types';
import { createHandover } from './handover';
import { createIntake } from './intake';
import { type Channel, channelName, isTabMessage, lockName, type SettledOutcome, type TabMessage } from './messages';

type Role =
  | { tag: 'alone' }
  | { tag: 'waiting'; request: AbortController | null }
  | { tag: 'follower'; sender: string; request: AbortController | null }
  | { tag: 'sender'; release: () => void };

export interface OneSender {
  _role(): TabRole;
  /** Whether this tab's log calls are handed to another tab now. */
  _hands(): boolean;
  _hand(call: LogCall): void;
  /** This tab's entries handed and not yet settled. */
  _held(): number;
  /** What became of this tab's handed entries held at the call, once the sender has flushed. */
  _flush(): Promise<FlushResult>;
  /** Started with an endpoint (its URL names the lock and the channel), or not (null). */
  _setEndpoint(url: string | null): void;
  /** The page is visible and running (true), or hidden, frozen or leaving (false). */
  _setActive(active: boolean): void;
  /** Handed entries the queue dropped: their tabs count them. */
  _dropped(refs: string[], reason: SettledOutcome): void;
}

export interface OneSenderParts {
  runtime: Pick<Runtime, 'locks' | 'openChannel' | 'local' | 'timers' | 'guard' | 'now'>;
  queue: Queue;
  pending: Pending;
  ledger: Ledger;
  writeEntry: WriteEntry;
  config: () => LoggerConfig;
  sendDue(): void;
  flushOwn(): Promise<FlushResult>;
}

/** How long a follower's flush waits for the sender's answer (a sender that crashed says nothing). */
const FLUSH_ANSWER_MS = 5000;

export function createOneSender(parts: OneSenderParts): OneSender {
  const { runtime, ledger } = parts;
  const { locks, openChannel, guard } = runtime;
  const tab = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  let role: Role = { tag: 'alone' };
  let channel: Channel | null = null;
  let url: string | null = null;
  let active = true;
  let flushes = 0;
  const flushAnswers = new Map<number, () => void>();

  const post = (message: TabMessage) => channel?.postMessage(message);
  const handover = createHandover({
    tab,
    ledger,
    writeEntry: parts.writeEntry,
    groupRepeatsAfter: () => parts.config().groupRepeatsAfter,
    send(entries) {
      if (role.tag === 'follower') post({ type: 'entries', from: tab, to: role.sender, entries });
      else if (role.tag === 'sender') intake._receive(entries);
    },
  });
  const tell = (refs: string[], key: string | null, outcome: SettledOutcome) => {
    if (refs.length || key) post({ type: 'settled', from: tab, refs, key, outcome });
    handover._settled(refs, outcome);
  };
  const intake = createIntake({
    queue: parts.queue,
    pending: parts.pending,
    local: runtime.local,
    now: runtime.now,
    tell,
    sendDue: parts.sendDue,
  });

  const answerFlushes = () => {
    for (const answer of flushAnswers.values()) answer();
    flushAnswers.clear();
  };

  /** Waits on the lock while the tab wants the role: visible, running, with an endpoint. */
  function requestLock(): AbortController | null {
    if (!active || !url || !locks) return null;
    const request = new AbortController();
    const name = lockName(url);
    locks
      .request(name, { signal: request.signal }, () => new Promise<void>((release) => becomeSender(request, release)))
      .catch(() => {
        // aborted: the tab turned hidden, or its endpoint changed
      });
    return request;
  }

  function becomeSender(request: AbortController, release: () => void): void {
    if (request.signal.aborted || role.tag === 'alone' || role.tag === 'sender') {
      release();
      return;
    }
    answerFlushes();
    role = { tag: 'sender', release };
    intake._replayRecords();
    post({ type: 'sender', from: tab });
    intake._receive(handover._unsettled());
  }

  /** Stops sending for others, or waiting to: the lock goes to the next visible tab waiting on it. */
  function stepBack(next: Role): void {
    if (role.tag === 'sender') {
      intake._release();
      post({ type: 'resign', from: tab });
      role.release();
    } else if (role.tag !== 'alone') role.request?.abort();
    answerFlushes();
    role = next;
  }

  function follow(sender: string): void {
    if (role.tag === 'alone' || role.tag === 'sender') return;
    answerFlushes();
    role = { tag: 'follower', sender, request: role.request };
    const unsettled = handover._unsettled();
    if (unsettled.length) post({ type: 'entries', from: tab, to: sender, entries: unsettled });
  }

  function onMessage(message: TabMessage): void {
    if ('to' in message && message.to !== tab) return;
    if (message.type === 'who' && role.tag === 'sender') post({ type: 'sender', from: tab });
    else if (message.type === 'sender') follow(message.from);
    else if (message.type === 'resign' && role.tag === 'follower' && role.sender === message.from) {
      answerFlushes();
      role = { tag: 'waiting', request: role.request };
    } else if (message.type === 'entries' && role.tag === 'sender') intake._receive(message.entries);
    else if (message.type === 'settled') {
      handover._settled(message.refs, message.outcome);
      if (message.key) intake._settledElsewhere(message.key, message.outcome);
    } else if (message.type === 'flush') answerFlush(message.from, message.id);
    else if (message.type === 'flushed') flushAnswers.get(message.id)?.();
  }

  function answerFlush(from: string, id: number): void {
    const answer = () => post({ type: 'flushed', from: tab, to: from, id });
    if (role.tag === 'sender') void parts.flushOwn().then(answer, answer);
    else answer();
  }

  const listener = guard((event: { data: unknown }) => {
    if (isTabMessage(event.data) && event.data.from !== tab) onMessage(event.data);
  });

  function connect(to: string | null): void {
    stepBack({ tag: 'alone' });
    channel?.removeEventListener('message', listener);
    channel?.close();
    channel = null;
    url = to;
    if (!to || !locks || !openChannel) return;
    channel = openChannel(channelName(to));
    channel.addEventListener('message', listener);
    role = { tag: 'waiting', request: requestLock() };
    post({ type: 'who', from: tab });
  }

  /** The sender's answer to a follower's flush, or a change of sender (then what is not settled is kept). */
  function senderFlushed(): Promise<unknown> {
    if (role.tag === 'sender') return parts.flushOwn();
    if (role.tag !== 'follower') return Promise.resolve();
    const id = flushes++;
    post({ type: 'flush', from: tab, to: role.sender, id });
    return new Promise<void>((resolve) => {
      const timer = runtime.timers.setTimeout(() => flushAnswers.get(id)?.(), FLUSH_ANSWER_MS);
      flushAnswers.set(id, () => {
        runtime.timers.clearTimeout(timer);
        flushAnswers.delete(id);
        resolve();
      });
    });
  }

  return {
    _role: () => role.tag,
    _hands: () => role.tag === 'follower',
    _hand: handover._hand,
    _held: handover._held,
    _flush: () => handover._flush(senderFlushed()),
    _setEndpoint(to) {
      if (to !== url) connect(to);
    },
    _setActive(now) {
      if (now === active) return;
      active = now;
      if (role.tag === 'alone') return;
      if (!now)
        stepBack(
          role.tag === 'follower' ? { tag: 'follower', sender: role.sender, request: null } : { tag: 'waiting', request: null },
        );
      else if (role.tag !== 'sender' && !role.request) {
        role = { ...role, request: requestLock() };
        // Frozen, it heard nothing: the sender says who it is, and answers again for entries it settled meanwhile.
        post({ type: 'who', from: tab });
      }
    },
    _dropped: (refs, reason) => tell(refs, null, reason),
  };
}
