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
import { createHandover, type Handover } from './handover';
import { createIntake, type Intake } from './intake';
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

/** A tab's part in sending for the browser, and what it uses: the functions below work on it. */
interface Tabs {
  parts: OneSenderParts;
  /** This tab's name on the channel. */
  tab: string;
  role: Role;
  channel: Channel | null;
  /** The endpoint's URL, which names the lock and the channel. */
  url: string | null;
  /** Visible and running: only then does the tab wait on the lock. */
  active: boolean;
  flushes: number;
  flushAnswers: Map<number, () => void>;
  handover: Handover;
  intake: Intake;
  listener: (event: { data: unknown }) => void;
}

const post = (s: Tabs, message: TabMessage) => s.channel?.postMessage(message);

function answerFlushes(s: Tabs): void {
  for (const answer of s.flushAnswers.values()) answer();
  s.flushAnswers.clear();
}

/** Waits on the lock while the tab wants the role: visible, running, with an endpoint. */
function requestLock(s: Tabs): AbortController | null {
  const { locks } = s.parts.runtime;
  if (!s.active || !s.url || !locks) return null;
  const request = new AbortController();
  locks
    .request(lockName(s.url), { signal: request.signal }, () => new Promise<void>((release) => becomeSender(s, request, release)))
    .catch(() => {
      // aborted: the tab turned hidden, or its endpoint changed
    });
  return request;
}

function becomeSender(s: Tabs, request: AbortController, release: () => void): void {
  if (request.signal.aborted || s.role.tag === 'alone' || s.role.tag === 'sender') {
    release();
    return;
  }
  answerFlushes(s);
  s.role = { tag: 'sender', release };
  s.intake._replayRecords();
  post(s, { type: 'sender', from: s.tab });
  s.intake._receive(s.handover._unsettled());
}

/** Stops sending for others, or waiting to: the lock goes to the next visible tab waiting on it. */
function stepBack(s: Tabs, next: Role): void {
  const { role } = s;
  if (role.tag === 'sender') {
    s.intake._release();
    post(s, { type: 'resign', from: s.tab });
    role.release();
  } else if (role.tag !== 'alone') role.request?.abort();
  answerFlushes(s);
  s.role = next;
}

function follow(s: Tabs, sender: string): void {
  const { role } = s;
  if (role.tag === 'alone' || role.tag === 'sender') return;
  answerFlushes(s);
  s.role = { tag: 'follower', sender, request: role.request };
  const unsettled = s.handover._unsettled();
  if (unsettled.length) post(s, { type: 'entries', from: s.tab, to: sender, entries: unsettled });
}

function onMessage(s: Tabs, message: TabMessage): void {
  const { role, tab } = s;
  if ('to' in message && message.to !== tab) return;
  if (message.type === 'who' && role.tag === 'sender') post(s, { type: 'sender', from: tab });
  else if (message.type === 'sender') follow(s, message.from);
  else if (message.type === 'resign' && role.tag === 'follower' && role.sender === message.from) {
    answerFlushes(s);
    s.role = { tag: 'waiting', request: role.request };
  } else if (message.type === 'entries' && role.tag === 'sender') s.intake._receive(message.entries);
  else if (message.type === 'settled') {
    s.handover._settled(message.refs, message.outcome);
    if (message.key) s.intake._settledElsewhere(message.key, message.outcome);
  } else if (message.type === 'flush') {
    const answer = () => post(s, { type: 'flushed', from: tab, to: message.from, id: message.id });
    if (role.tag === 'sender') void s.parts.flushOwn().then(answer, answer);
    else answer();
  } else if (message.type === 'flushed') s.flushAnswers.get(message.id)?.();
}

function connect(s: Tabs, url: string | null): void {
  stepBack(s, { tag: 'alone' });
  s.channel?.removeEventListener('message', s.listener);
  s.channel?.close();
  s.channel = null;
  s.url = url;
  const { locks, openChannel } = s.parts.runtime;
  if (!url || !locks || !openChannel) return;
  s.channel = openChannel(channelName(url));
  s.channel.addEventListener('message', s.listener);
  s.role = { tag: 'waiting', request: requestLock(s) };
  post(s, { type: 'who', from: s.tab });
}

/** The sender's answer to a follower's flush, or a change of sender (then what is not settled is kept). */
function senderFlushed(s: Tabs): Promise<unknown> {
  const { role } = s;
  if (role.tag === 'sender') return s.parts.flushOwn();
  if (role.tag !== 'follower') return Promise.resolve();
  const id = s.flushes++;
  post(s, { type: 'flush', from: s.tab, to: role.sender, id });
  const { timers } = s.parts.runtime;
  return new Promise<void>((resolve) => {
    const timer = timers.setTimeout(() => s.flushAnswers.get(id)?.(), FLUSH_ANSWER_MS);
    s.flushAnswers.set(id, () => {
      timers.clearTimeout(timer);
      s.flushAnswers.delete(id);
      resolve();
    });
  });
}

function setActive(s: Tabs, active: boolean): void {
  const { role } = s;
  if (active === s.active) return;
  s.active = active;
  if (role.tag === 'alone') return;
  if (!active)
    stepBack(
      s,
      role.tag === 'follower' ? { tag: 'follower', sender: role.sender, request: null } : { tag: 'waiting', request: null },
    );
  else if (role.tag !== 'sender' && !role.request) {
    s.role = { ...role, request: requestLock(s) };
    // Frozen, it heard nothing: the sender says who it is, and answers again for entries it settled meanwhile.
    post(s, { type: 'who', from: s.tab });
  }
}

export function createOneSender(parts: OneSenderParts): OneSender {
  const { runtime, ledger } = parts;
  const tab = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  const s = {
    parts,
    tab,
    role: { tag: 'alone' },
    channel: null,
    url: null,
    active: true,
    flushes: 0,
    flushAnswers: new Map(),
  } as Tabs;
  const tell = (refs: string[], key: string | null, outcome: SettledOutcome) => {
    if (refs.length || key) post(s, { type: 'settled', from: tab, refs, key, outcome });
    s.handover._settled(refs, outcome);
  };
  s.handover = createHandover({
    tab,
    ledger,
    writeEntry: parts.writeEntry,
    groupRepeatsAfter: () => parts.config().groupRepeatsAfter,
    send(entries) {
      if (s.role.tag === 'follower') post(s, { type: 'entries', from: tab, to: s.role.sender, entries });
      else if (s.role.tag === 'sender') s.intake._receive(entries);
    },
  });
  s.intake = createIntake({
    queue: parts.queue,
    pending: parts.pending,
    local: runtime.local,
    now: runtime.now,
    tell,
    sendDue: parts.sendDue,
  });
  s.listener = runtime.guard((event: { data: unknown }) => {
    if (isTabMessage(event.data) && event.data.from !== tab) onMessage(s, event.data);
  });
  return {
    _role: () => s.role.tag,
    _hands: () => s.role.tag === 'follower',
    _hand: s.handover._hand,
    _held: s.handover._held,
    _flush: () => s.handover._flush(senderFlushed(s)),
    _setEndpoint(url) {
      if (url !== s.url) connect(s, url);
    },
    _setActive: (active) => setActive(s, active),
    _dropped: (refs, reason) => tell(refs, null, reason),
  };
}
