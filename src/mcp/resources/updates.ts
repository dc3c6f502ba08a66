import type { ResolvedDeps } from '../context.js';
import { ORDERS_TODAY_URI, orderUri, ticketUri } from './uris.js';

/** Shortest pause between two rounds of "updated" notifications (a busy book changes at every look). */
const NOTIFY_EVERY_MS = 500;

/** Told the URIs of resources that changed since the last time. */
export type UpdateListener = (uris: ReadonlySet<string>) => void;

/**
 * Which resources changed, once for the process: the order watcher's changes (today's orders and the one
 * order) and the gate's (the ticket). Changes are gathered and told at most every 500 ms, each URI once.
 */
export class ResourceUpdates {
  readonly #listeners = new Set<UpdateListener>();
  readonly #pending = new Set<string>();
  readonly #stops: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;
  #lastSent = 0;
  #closed = false;
  #now: () => number = Date.now;

  /** Follows the gate and the watcher once they exist. */
  constructor(ready: Promise<Pick<ResolvedDeps, 'gate' | 'orders' | 'clock'>>) {
    ready.then(
      ({ gate, orders, clock }) => {
        if (this.#closed) return;
        this.#now = () => clock.now();
        this.#stops.push(gate.onChange((ticket) => this.#changed(ticketUri(ticket.id))));
        if (orders) {
          this.#stops.push(
            orders.subscribe((event) => {
              this.#changed(ORDERS_TODAY_URI);
              this.#changed(orderUri(event.orderNumber));
            }),
          );
        }
      },
      () => undefined,
    );
  }

  /** Listens to changes; returns the stop. */
  listen(listener: UpdateListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops following the gate and the watcher. */
  close(): void {
    this.#closed = true;
    for (const stop of this.#stops.splice(0)) stop();
    clearTimeout(this.#timer);
    this.#listeners.clear();
  }

  #changed(uri: string): void {
    if (this.#listeners.size === 0) return;
    this.#pending.add(uri);
    if (this.#timer !== undefined) return;
    const wait = this.#lastSent + NOTIFY_EVERY_MS - this.#now();
    if (wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#timer = undefined;
    this.#lastSent = this.#now();
    const uris = new Set(this.#pending);
    this.#pending.clear();
    for (const listener of [...this.#listeners]) listener(uris);
  }
}
