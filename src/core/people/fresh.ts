const noop = (): void => {};

/**
 * Wraps a check so that runs never overlap and every caller waits for a run that began after it called:
 * a change made before a request is always seen by it, and a burst of requests shares at most two runs.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const started: Promise<void> = run().finally(() => {
      if (current === started) current = undefined;
    });
    current = started;
    return started;
  };
  return () => {
    if (next !== undefined) return next;
    if (current === undefined) return start();
    next = current.then(noop, noop).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
