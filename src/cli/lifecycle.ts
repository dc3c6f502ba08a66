let asked: AbortController | undefined;

/**
 * Ctrl-C or SIGTERM, heard from the first call for the rest of the process. A long-running command calls
 * this before anything else, so a stop asked for while it starts, or between two of its steps, is never
 * met by the default action (an exit that skips the clean stop and leaves the data dir's lock behind). A
 * second signal exits at once, so a stuck shutdown never traps the user.
 */
export function stopRequests(): AbortSignal {
  if (asked === undefined) {
    const stop = new AbortController();
    asked = stop;
    const on = (code: number) => (): void => {
      if (stop.signal.aborted) process.exit(code);
      stop.abort(new Error('asked to stop'));
    };
    process.on('SIGINT', on(130));
    process.on('SIGTERM', on(143));
  }
  return asked.signal;
}

/** Resolves once a stop is asked for (see `stopRequests`). */
export function stopAsked(): Promise<void> {
  const signal = stopRequests();
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Resolves on the first Ctrl-C or SIGTERM (or at once, if one came already), then runs `stop`. */
export async function untilSignal(stop: () => Promise<void>): Promise<void> {
  await stopAsked();
  await stop();
}
