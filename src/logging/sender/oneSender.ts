/**
 * One sender per browser: the tabs of an origin whose loggers send to the same endpoint send
 * through one of them. A Web Lock elects it; a BroadcastChannel carries the other tabs' entries to
 * it (handover.ts) and what became of them back (intake.ts). The sender gives its role up when its
 * page turns hidden, is frozen or goes, so that a visible tab waiting on the lock takes over at
 * once. Without the lock or the channel every tab sends its own, as before.
 *
 * A tab hands its entries again to a new sender only once the old one it handed them to has said
 * its last word (`resign`, with the batches it formed and did not settle): the lock may come to a
 * tab, and word of a new sender to the others, before that word does. Until then the old sender may
 * have put any of them in a batch, under a key no other tab knows yet.
 *
 * What a tab does is one value, `role`:
 * - `alone`: no lock or channel here, not started, or no endpoint yet: it sends its own;
 * - `waiting`: no sender known: it sends its own, and waits on the lock while it is visible;
 * - `follower`: it hands its entries to `sender`, and waits on the lock while it is visible;
 * - `sender`: it holds the lock and sends for every tab.
 */

import type { LogCall, WriteEntry } from '../entry/entry';
import type { Pending } from '../exit/pending';
import type { Channel, Runtime } from '../page/env';
import { newIdempotencyKey } from '../queue/idempotencyKey';
import type { Ledger } from '../queue/ledger';
import type { HandedEntry, Queue } from '../queue/queue';
import type { FlushResult, LoggerConfig, TabRole } from '../types';
import { createHandover, type Handover } from './handover';
import { createIntake, type Intake, sharedBatches } from './intake';
import { channelName, isTabMessage, lockName, type SettledOutcome, type SharedBatch, type TabMessage } from './messages';

type Role =
  | { tag: 'alone' }
  | { tag: 'waiting'; request: AbortController | null }
  | { tag: 'follower'; sender: string; request: AbortController | null }
  | { tag: 'sender'; release: () => void };

export interface OneSender {
  _role(): TabRole;
  /** A log call of a follower: handed to the sender tab. */
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
  settings: () => LoggerConfig;
  sendDue(): void;
  flushOwn(): Promise<FlushResult>;
}

/** How long a follower's flush waits for the sender's answer (a sender that crashed says nothing). */
const FLUSH_ANSWER_MS = 5000;
/** How long a tab waits for the last word of a sender it handed entries to (one that crashed says nothing). */
const LAST_WORD_MS = 5000;

/** A tab's part in sending for the browser, and what it uses: the functions below work on it. */
interface SendingTab {
  _parts: OneSenderParts;
  _timers: Runtime['timers'];
  /** This tab's name on the channel. */
  _tab: string;
  _role: Role;
  _channel: Channel | null;
  /** The endpoint's URL, which names the lock and the channel. */
  _url: string | null;
  /** Visible and running: only then does the tab wait on the lock. */
  _active: boolean;
  _flushes: number;
  _flushAnswers: Map<number, () => void>;
  /** Old senders this tab handed entries to whose `resign` it has not heard, each with its timer. */
  _lastWords: Map<string, unknown>;
  _handover: Handover;
  _intake: Intake;
  _listener: (event: { data: unknown }) => void;
}

/** What this tab says: `post` adds its name, `from`. */
type Said<M = TabMessage> = M extends TabMessage ? Omit<M, 'from'> : never;

const post = (s: SendingTab, message: Said) => s._channel?.postMessage({ ...message, from: s._tab } as TabMessage);

/** Who sends for the tab in a role: another tab's name, its own, or nobody yet. */
const senderIn = (s: SendingTab, role: Role) => (role.tag === 'follower' ? role.sender : role.tag === 'sender' ? s._tab : null);

/**
 * The one writer of the role. A new sender, or none: the follower's flushes waiting on the old one
 * settle (what it did not settle is kept); the same sender again (it said who it is to a new tab, or
 * this tab waits on the lock anew) keeps them waiting for its answer.
 */
function setRole(s: SendingTab, next: Role): void {
  if (senderIn(s, next) !== senderIn(s, s._role)) {
    for (const answer of s._flushAnswers.values()) answer();
    s._flushAnswers.clear();
  }
  s._role = next;
}

/** Waits on the lock while the tab wants the role: visible, running, with an endpoint. */
function requestLock(s: SendingTab): AbortController | null {
  const { locks } = s._parts.runtime;
  if (!s._active || !s._url || !locks) return null;
  const request = new AbortController();
  locks
    .request(
      lockName(s._url),
      { signal: request.signal },
      () => new Promise<void>((release) => becomeSender(s, request, release)),
    )
    .catch(() => {
      // aborted: the tab turned hidden, or its endpoint changed
    });
  return request;
}

function becomeSender(s: SendingTab, request: AbortController, release: () => void): void {
  if (request.signal.aborted || s._role.tag === 'alone' || s._role.tag === 'sender') {
    release();
    return;
  }
  if (s._role.tag === 'follower') awaitLastWord(s, s._role.sender);
  setRole(s, { tag: 'sender', release });
  s._intake._replayRecords();
  post(s, { type: 'sender' });
  handAgain(s);
}

/** Waits for the last word of the old sender: its batches are known only then. */
function awaitLastWord(s: SendingTab, sender: string): void {
  if (s._lastWords.has(sender)) return;
  s._lastWords.set(
    sender,
    s._timers.setTimeout(() => heardLastWord(s, sender, []), LAST_WORD_MS),
  );
}

function heardLastWord(s: SendingTab, sender: string, batches: unknown): void {
  s._handover._learn(sharedBatches(batches));
  if (!s._lastWords.has(sender)) return;
  s._timers.clearTimeout(s._lastWords.get(sender));
  s._lastWords.delete(sender);
  handAgain(s);
}

/**
 * This tab's entries not yet settled, again, once every old sender it handed them to has said its
 * last word: to the sender (this tab, or another), those in a batch an old sender named as that
 * batch. Hidden and knowing no sender, it sends itself those no batch holds (no visible tab may be
 * left to take over): a batch named goes whole, under its key, with whichever tab sends next.
 */
function handAgain(s: SendingTab): void {
  const role = s._role;
  if (s._lastWords.size) return;
  const handover = s._handover;
  if (role.tag === 'follower') {
    // What this tab sent itself while it knew no sender stays its own to send; the rest goes to the sender.
    const holding = s._intake._release();
    const entries = handover._unsettled().filter((entry) => !holding.has(entry.ref));
    const batches = handover._batches().filter((batch) => !batch.handed.flat().some((ref) => holding.has(ref)));
    if (entries.length || batches.length) toSender(s, entries, batches);
  } else if (role.tag === 'sender') toSender(s, handover._unsettled(), handover._batches());
  else if (role.tag === 'waiting' && !s._active) s._intake._receiveUnrecorded(handover._unsettled());
}

/** Entries, and batches an old sender formed, for the sender: another tab's over the channel, or this tab's intake. */
function toSender(s: SendingTab, entries: HandedEntry[], batches?: SharedBatch[]): void {
  const role = s._role;
  if (role.tag === 'follower') post(s, { type: 'entries', to: role.sender, entries, batches });
  else if (role.tag === 'sender') s._intake._receive(entries, batches);
}

/** Stops sending for others, or waiting to: the lock goes to the next visible tab waiting on it. */
function stepBack(s: SendingTab, next: Role): void {
  const role = s._role;
  if (role.tag === 'sender') {
    s._intake._release();
    post(s, { type: 'resign', batches: s._intake._shared() });
    role.release();
  } else if (role.tag !== 'alone') role.request?.abort();
  setRole(s, next);
}

function follow(s: SendingTab, sender: string): void {
  const role = s._role;
  if (role.tag === 'alone' || role.tag === 'sender') return;
  if (role.tag === 'follower' && role.sender !== sender) awaitLastWord(s, role.sender);
  setRole(s, { tag: 'follower', sender, request: role.request });
  handAgain(s);
}

function onMessage(s: SendingTab, message: TabMessage): void {
  const role = s._role;
  if ('to' in message && message.to !== s._tab) return;
  if (message.type === 'who' && role.tag === 'sender') post(s, { type: 'sender' });
  else if (message.type === 'sender') follow(s, message.from);
  else if (message.type === 'resign') {
    if (role.tag === 'follower' && role.sender === message.from) {
      setRole(s, { tag: 'waiting', request: role.request });
      awaitLastWord(s, message.from);
    }
    heardLastWord(s, message.from, message.batches);
  } else if (message.type === 'entries' && role.tag === 'sender') s._intake._receive(message.entries, message.batches);
  else if (message.type === 'settled') {
    s._handover._settled(message.refs, message.outcome);
    s._intake._settledElsewhere(message.refs, message.key, message.outcome);
  } else if (message.type === 'flush') {
    const answer = () => post(s, { type: 'flushed', to: message.from, id: message.id });
    if (role.tag === 'sender') void s._parts.flushOwn().then(answer, answer);
    else answer();
  } else if (message.type === 'flushed') s._flushAnswers.get(message.id)?.();
}

function connect(s: SendingTab, url: string | null): void {
  stepBack(s, { tag: 'alone' });
  // Another channel: the old senders' last words are not to be heard on it.
  for (const timer of s._lastWords.values()) s._timers.clearTimeout(timer);
  s._lastWords.clear();
  s._channel?.removeEventListener('message', s._listener);
  s._channel?.close();
  s._channel = null;
  s._url = url;
  const { locks, openChannel } = s._parts.runtime;
  if (!url || !locks || !openChannel) return;
  s._channel = openChannel(channelName(url));
  s._channel.addEventListener('message', s._listener);
  setRole(s, { tag: 'waiting', request: requestLock(s) });
  post(s, { type: 'who' });
}

/** The sender's answer to a follower's flush, or a change of sender (then what is not settled is kept). */
function senderFlushed(s: SendingTab): Promise<unknown> {
  const role = s._role;
  if (role.tag === 'sender') return s._parts.flushOwn();
  if (role.tag !== 'follower') return Promise.resolve();
  const id = s._flushes++;
  post(s, { type: 'flush', to: role.sender, id });
  return new Promise<void>((resolve) => {
    const timer = s._timers.setTimeout(() => s._flushAnswers.get(id)?.(), FLUSH_ANSWER_MS);
    s._flushAnswers.set(id, () => {
      s._timers.clearTimeout(timer);
      s._flushAnswers.delete(id);
      resolve();
    });
  });
}

function setActive(s: SendingTab, active: boolean): void {
  const role = s._role;
  if (active === s._active) return;
  s._active = active;
  if (role.tag === 'alone') return;
  if (!active) stepBack(s, role.tag === 'follower' ? { ...role, request: null } : { tag: 'waiting', request: null });
  else if (role.tag !== 'sender' && !role.request) {
    setRole(s, { ...role, request: requestLock(s) });
    // Frozen, it heard nothing: the sender says who it is, and answers again for entries it settled meanwhile.
    post(s, { type: 'who' });
  }
}

export function createOneSender(parts: OneSenderParts): OneSender {
  const { runtime, ledger } = parts;
  // 64 random bits name the tab (and, with a number, each entry it hands) across the tabs.
  const tab = newIdempotencyKey().slice(0, 16);
  const s = {
    _parts: parts,
    _timers: runtime.timers,
    _tab: tab,
    _role: { tag: 'alone' },
    _channel: null,
    _url: null,
    _active: true,
    _flushes: 0,
    _flushAnswers: new Map(),
    _lastWords: new Map(),
  } as SendingTab;
  const tell = (refs: string[], key: string | null, outcome: SettledOutcome) => {
    if (refs.length || key) post(s, { type: 'settled', refs, key, outcome });
    s._handover._settled(refs, outcome);
  };
  s._handover = createHandover({
    tab,
    ledger,
    writeEntry: parts.writeEntry,
    groupRepeatsAfter: () => parts.settings().groupRepeatsAfter,
    send: (entries) => toSender(s, entries),
  });
  s._intake = createIntake({
    queue: parts.queue,
    pending: parts.pending,
    local: runtime.local,
    now: runtime.now,
    tell,
    sendDue: parts.sendDue,
  });
  s._listener = runtime.guard((event: { data: unknown }) => {
    if (isTabMessage(event.data) && event.data.from !== tab) onMessage(s, event.data);
  });
  return {
    _role: () => s._role.tag,
    _hand: s._handover._hand,
    _held: s._handover._held,
    _flush: () => s._handover._flush(senderFlushed(s)),
    _setEndpoint(url) {
      if (url !== s._url) connect(s, url);
    },
    _setActive: (active) => setActive(s, active),
    _dropped: (refs, reason) => tell(refs, null, reason),
  };
}
