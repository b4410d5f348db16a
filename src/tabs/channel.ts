/**
 * The line between the tabs of one origin: what one tab posts reaches every other listener of the
 * same name (other tabs, other clients on the page), never the one that posted. A `BroadcastChannel`
 * where the browser has one; else transient `storage` writes, whose events reach the other tabs only.
 */
import type { SafeStorage } from '../browser/storage';

interface TabChannel {
  post(message: unknown): void;
  /** Stops listening and lets go of the line. */
  close(): void;
}

/** Opens a line that hands what the others post to `receive`. */
export type OpenTabChannel = (receive: (message: unknown) => void) => TabChannel;

/** Where `storage` events arrive: `window`, or a test's own target. */
export type StorageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

type BroadcastChannelClass = new (name: string) => BroadcastChannel;

export function broadcastChannel(name: string, Channel: BroadcastChannelClass): OpenTabChannel {
  return (receive) => {
    const channel = new Channel(name);
    channel.onmessage = (event) => receive(event.data);
    // Node's BroadcastChannel (a host's tests in happy-dom) would keep the process alive until the client ends.
    (channel as { unref?(): void }).unref?.();
    return {
      post: (message) => channel.postMessage(message),
      close: () => channel.close(),
    };
  };
}

/**
 * Without `BroadcastChannel`: a message is written under the channel's name and removed at once.
 * The write's `storage` event carries it to the other tabs (never to this one, nor to another client
 * on this page); the removal's event carries no value and is ignored. A random part makes two equal
 * messages two writes, and storage that throws makes the line silent, never the page broken.
 */
export function storageChannel(name: string, local: SafeStorage, events: StorageEvents): OpenTabChannel {
  return (receive) => {
    const onStorage = (event: Event) => {
      const { key, newValue } = event as StorageEvent;
      if (key !== name || !newValue) return;
      try {
        receive((JSON.parse(newValue) as { message: unknown }).message);
      } catch {
        // Not ours after all: someone else's value under our name.
      }
    };
    events.addEventListener('storage', onStorage);
    return {
      post(message) {
        if (local.set(name, JSON.stringify({ message, nonce: Math.random() }))) local.remove(name);
      },
      close: () => events.removeEventListener('storage', onStorage),
    };
  };
}

/** The best line this browser has for `name`. */
export function openTabChannel(name: string, local: SafeStorage, events: StorageEvents): OpenTabChannel {
  const Channel = (globalThis as { BroadcastChannel?: BroadcastChannelClass }).BroadcastChannel;
  return Channel ? broadcastChannel(name, Channel) : storageChannel(name, local, events);
}
