/**
 * The line between the tabs of one origin: a `BroadcastChannel`, whose messages reach every other
 * listener of the same name (other tabs, other clients on the page), never the one that posted.
 */
import { letNodeExit } from '../browser/letNodeExit';

interface TabChannel {
  post(message: unknown): void;
  /** Stops listening and lets go of the line. */
  close(): void;
}

/** Opens a line that hands what the others post to `receive`. */
export type OpenTabChannel = (receive: (message: unknown) => void) => TabChannel;

type BroadcastChannelClass = new (name: string) => BroadcastChannel;

/**
 * Every supported browser has `BroadcastChannel`; where one lacks it the tab goes on alone: its
 * line posts to nobody and hears nothing, and start-up goes on.
 */
export function openTabChannel(
  name: string,
  Channel = (globalThis as { BroadcastChannel?: BroadcastChannelClass }).BroadcastChannel,
): OpenTabChannel {
  return (receive) => {
    if (!Channel) return { post() {}, close() {} };
    const channel = letNodeExit(new Channel(name));
    channel.onmessage = (event) => receive(event.data);
    return {
      post: (message) => channel.postMessage(message),
      close: () => channel.close(),
    };
  };
}
