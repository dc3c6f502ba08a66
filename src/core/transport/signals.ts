import { abortReason } from '../clock.js';

/** An abort signal that also fires after `ms` of real time, and can tell which of the two fired. */
export interface TimedSignal {
  readonly signal: AbortSignal;
  /** True when the timer fired (not the parent). */
  timedOut(): boolean;
  /** Stops the timer; call it when the guarded work is done. */
  dispose(): void;
}

/** Reason used when a timer aborts an attempt. */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

/** Combines a parent signal with a real-time limit for one network exchange. */
export function timedSignal(parent: AbortSignal, ms: number): TimedSignal {
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DeadlineExceeded(`no answer within ${ms} ms`)),
    Math.max(0, ms),
  );
  return {
    signal: AbortSignal.any([parent, timer.signal]),
    timedOut: () => timer.signal.aborted && !parent.aborted,
    dispose: () => clearTimeout(handle),
  };
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (the work itself goes on). */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** One signal from any number of optional ones. */
export function anySignal(...signals: ReadonlyArray<AbortSignal | undefined>): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length === 1 && present[0] !== undefined ? present[0] : AbortSignal.any(present);
}
