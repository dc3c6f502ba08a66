import { abortReason } from '../clock.js';

/**
 * What can stop a wait or an exchange: an `AbortSignal`, or a call's scope, which stands for the caller's
 * signal and the client's lifetime together without building a signal of its own (in Node 20 an
 * `AbortSignal` costs microseconds to create, and `AbortSignal.any` keeps a reference on each source).
 */
export interface AbortSource {
  readonly aborted: boolean;
  /** Why it aborted; undefined until then. */
  readonly reason: unknown;
  /** Calls `listener` once when it aborts, until the returned function is called. */
  onAbort(listener: () => void): () => void;
}

/** A signal or an abort source. */
export type Abortable = AbortSignal | AbortSource;

/** Reason used when a timer ends an exchange. */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

/** One hooked listener: a link of its signal's list, emptied when its hook is released. */
interface Hook {
  listener: (() => void) | undefined;
  prev: Hook | undefined;
  next: Hook | undefined;
}

/** The listeners hooked on a signal, and the one listener of ours that runs them. */
interface Hooked {
  first: Hook | undefined;
  last: Hook | undefined;
  readonly fire: () => void;
}

const hooked = new WeakMap<AbortSignal, Hooked>();

/**
 * A linked list rather than a `Set`: a long-lived signal's `Set` churned by every call leaves its
 * discarded tables in the old generation still pointing at young listeners, and the scavenger then keeps
 * each call's whole graph alive and promotes it (measured: a quarter of all allocation promoted at 8 calls
 * in flight). A released link points at nothing.
 */
function hookSignal(signal: AbortSignal, listener: () => void): () => void {
  let entry = hooked.get(signal);
  if (entry === undefined) {
    const own: Hooked = {
      first: undefined,
      last: undefined,
      fire: () => {
        hooked.delete(signal);
        // In the order they were hooked; links released meanwhile keep their `next`, so the walk goes on.
        for (let hook = own.first; hook !== undefined; hook = hook.next) hook.listener?.();
      },
    };
    entry = own;
    hooked.set(signal, own);
    signal.addEventListener('abort', own.fire, { once: true });
  }
  const own = entry;
  const hook: Hook = { listener, prev: own.last, next: undefined };
  if (own.last === undefined) own.first = hook;
  else own.last.next = hook;
  own.last = hook;
  return () => {
    if (hook.listener === undefined) return;
    hook.listener = undefined;
    // Once the signal fired, the walk over the list may still need this link's `next`.
    if (hooked.get(signal) !== own) return;
    const { prev, next } = hook;
    if (prev === undefined) own.first = next;
    else prev.next = next;
    if (next === undefined) own.last = prev;
    else next.prev = prev;
    hook.prev = undefined;
    hook.next = undefined;
    if (own.first !== undefined) return;
    // The last one left: the signal goes back to holding no listener of ours.
    hooked.delete(signal);
    signal.removeEventListener('abort', own.fire);
  };
}

/**
 * Calls `listener` once when `source` aborts, until the returned function is called; nothing happens if
 * it has already aborted (check `aborted` first). However many calls hook one long-lived signal (the
 * client's lifetime, an app's shutdown signal), it holds a single listener while any is hooked and none
 * after: no MaxListeners warning, no removal cost growing with the number of calls in flight.
 */
export function onAbort(source: Abortable, listener: () => void): () => void {
  if (source.aborted) return () => {};
  return source instanceof AbortSignal ? hookSignal(source, listener) : source.onAbort(listener);
}

/** The reason `source` aborted, as an `Error`. */
export function reasonOf(source: Abortable): Error {
  const reason: unknown = source.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

/** A signal of its own that follows `sources`, for work that needs a real `AbortSignal`; dispose it after. */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  dispose(): void;
}

/** A signal that aborts with the first of `sources` to abort (absent ones are skipped). */
export function linkedSignal(...sources: ReadonlyArray<Abortable | undefined>): LinkedSignal {
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
