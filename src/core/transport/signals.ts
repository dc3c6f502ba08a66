import { setMaxListeners } from 'node:events';
import { abortReason } from '../clock.js';

/** Reason used when a timer ends an exchange. */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

const NOTHING = (): void => {};

/** A signal of ours that follows one of the caller's, so any number of waits can listen to it. */
interface Relay {
  readonly signal: AbortSignal;
  users: number;
  release(): void;
}

const relays = new WeakMap<AbortSignal, Relay>();
/** Signals this process owns and lets any number of waits listen to directly. */
const owned = new WeakSet<AbortSignal>();

/** Marks a signal of ours (the client's lifetime) as one any number of waits may listen to directly. */
export function ownSignal(signal: AbortSignal): AbortSignal {
  setMaxListeners(0, signal);
  owned.add(signal);
  return signal;
}

function relayOf(source: AbortSignal): Relay {
  let relay = relays.get(source);
  if (relay === undefined) {
    const controller = new AbortController();
    ownSignal(controller.signal);
    const forward = (): void => controller.abort(source.reason);
    source.addEventListener('abort', forward, { once: true });
    relay = {
      signal: controller.signal,
      users: 0,
      release: () => {
        relays.delete(source);
        source.removeEventListener('abort', forward);
      },
    };
    relays.set(source, relay);
  }
  return relay;
}

/**
 * Calls `listener` once when `signal` aborts, until the returned function is called; nothing happens
 * for an absent signal or one that has already aborted (check `aborted` first). However many waits
 * listen to one signal (an app's shutdown signal given to every call), the signal holds one listener
 * of ours while any does and none after: no MaxListeners warning, nothing left behind.
 */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  if (signal === undefined || signal.aborted) return NOTHING;
  if (owned.has(signal)) {
    signal.addEventListener('abort', listener, { once: true });
    return () => signal.removeEventListener('abort', listener);
  }
  const relay = relayOf(signal);
  relay.users += 1;
  relay.signal.addEventListener('abort', listener, { once: true });
  let hooked = true;
  return () => {
    if (!hooked) return;
    hooked = false;
    relay.signal.removeEventListener('abort', listener);
    relay.users -= 1;
    if (relay.users === 0 && relays.get(signal) === relay) relay.release();
  };
}

/** The reason `signal` aborted, as an `Error`. */
export function reasonOf(signal: AbortSignal): Error {
  return abortReason(signal);
}

/** A signal of its own that follows `sources`, for work that needs a real `AbortSignal`; dispose it after. */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  dispose(): void;
}

/**
 * A signal that aborts with the first of `sources` to abort (absent ones are skipped). Unlike
 * `AbortSignal.any`, it leaves nothing on a long-lived source once disposed.
 */
export function linkedSignal(...sources: ReadonlyArray<AbortSignal | undefined>): LinkedSignal {
  const controller = new AbortController();
  const offs: Array<() => void> = [];
  const dispose = (): void => {
    for (const off of offs.splice(0)) off();
  };
  for (const source of sources) {
    if (source === undefined) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    offs.push(
      onAbort(source, () => {
        dispose();
        controller.abort(source.reason);
      }),
    );
  }
  if (controller.signal.aborted) dispose();
  return { signal: controller.signal, dispose };
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (the work itself goes on). */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const off = onAbort(signal, () => reject(abortReason(signal)));
    promise.then(
      (value) => {
        off();
        resolve(value);
      },
      (error: unknown) => {
        off();
        reject(error);
      },
    );
  });
}
