/**
 * Saves one at a time, each writing the state as it is when it starts: a call while a save waits to
 * start shares it, a call while one is writing queues the next. Each call resolves once a save that
 * includes every change made before the call is done.
 */
export function serialSaves(save: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  return () => {
    if (waiting) return waiting;
    const run = done.then(() => {
      waiting = undefined;
      return save();
    });
    waiting = run;
    done = run.catch(() => undefined);
    return run;
  };
}
