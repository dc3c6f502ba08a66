/** Wakes whoever waits for something to do. */
export class Doorbell {
  #waiters: Array<() => void> = [];

  /** Wakes every waiter. */
  ring(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves at the next ring, or when `signal` aborts (leaving no listener behind). */
  wait(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        signal.removeEventListener('abort', wake);
        this.#waiters = this.#waiters.filter((w) => w !== wake);
        resolve();
      };
      this.#waiters.push(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}
