import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import { istDate, toIstIso } from '../../core/time/ist.js';
import type { MonitorFeed } from '../deps.js';
import type { MonitorPosts } from './channel-posts.js';
import { runDailySummary, type SummarySource } from './daily-summary.js';
import { failureText } from './delivery-errors.js';
import { renderOrderMessage } from './order-message.js';
import { dayOf, Outbox } from './outbox.js';
import { lookUpPlacedBy } from './placed-by.js';
import { type RenderEntry, runSender } from './sender.js';

/** What the monitoring channel runs on. */
export interface MonitorOptions extends SummarySource {
  readonly feed: MonitorFeed;
  readonly posts: MonitorPosts;
  readonly channelId: string;
  /** The outbox file, in the data dir. */
  readonly statePath: string;
  readonly holidays: readonly string[];
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
}

/**
 * The read-only monitoring channel: one message per broker order, posted when the watcher first sees it
 * and edited as it moves, whoever placed it; and each trading day's summary at the close. Events go into
 * the outbox at once (the watcher never waits for Discord) and a sender drains it; after a restart the
 * outbox catches up from the watcher's journal and view, and edits the same messages.
 */
export class OrderMonitor {
  readonly #o: MonitorOptions;
  readonly #outbox: Outbox;
  readonly #life = new AbortController();
  #stop: () => void = () => undefined;
  #running: Promise<unknown> = Promise.resolve();

  private constructor(options: MonitorOptions, outbox: Outbox) {
    this.#o = options;
    this.#outbox = outbox;
  }

  /** Opens the outbox, catches up with the watcher, and starts posting. */
  static async start(options: MonitorOptions): Promise<OrderMonitor> {
    const { outbox, fresh, setAside } = await Outbox.open(options.statePath);
    if (setAside !== undefined) {
      options.logger.warn(
        `monitoring channel: the outbox could not be read and was moved to ${setAside}; today's orders get new messages`,
      );
    }
    const monitor = new OrderMonitor(options, outbox);
    monitor.#follow(fresh);
    monitor.#run();
    return monitor;
  }

  /** Messages still to post or edit. */
  get backlog(): number {
    return this.#outbox.backlog;
  }

  /** Stops listening and sending (what is not sent stays in the outbox for the next start). */
  async close(): Promise<void> {
    this.#stop();
    this.#life.abort(new Error('the monitoring channel is closing'));
    await this.#running;
    await this.#outbox.persist().catch(() => undefined);
  }

  #follow(fresh: boolean): void {
    const { feed } = this.#o;
    // A first start begins with today's orders as the watcher sees them, not its older journal.
    const after = fresh ? feed.lastSeq : this.#outbox.lastSeq;
    this.#stop = feed.subscribe((event) => {
      this.#outbox.record(event.order, event.at, event.seq);
      this.#save();
    }, after);
    // What the journal no longer holds is in the watcher's view: the latest state of today's orders.
    const now = this.#o.clock.now();
    const today = istDate(now);
    for (const order of feed.orders()) if (dayOf(order) === today) this.#outbox.record(order, toIstIso(now));
    this.#outbox.caughtUpTo(feed.lastSeq);
    this.#save();
  }

  #run(): void {
    const signal = this.#life.signal;
    const render: RenderEntry = async (entry) => {
      if (entry.placedBy === undefined) {
        const found = await lookUpPlacedBy(entry.order.source, this.#o.find);
        if (found.settled) this.#outbox.setPlacedBy(entry.orderNumber, found.placedBy);
        return { body: renderOrderMessage(entry, found.placedBy), revision: entry.revision };
      }
      return { body: renderOrderMessage(entry, entry.placedBy), revision: entry.revision };
    };
    const common = {
      outbox: this.#outbox,
      clock: this.#o.clock,
      logger: this.#o.logger,
      redact: this.#o.redact,
    };
    this.#running = Promise.allSettled([
      runSender({ ...common, posts: this.#o.posts, channelId: this.#o.channelId, render }, signal),
      runDailySummary(
        {
          ...common,
          books: this.#o.books,
          find: this.#o.find,
          holidays: this.#o.holidays,
          save: () => this.#save(),
        },
        signal,
      ),
    ]);
  }

  #save(): void {
    void this.#outbox.persist().catch((error: unknown) => {
      this.#o.logger.error('monitoring channel: could not save the outbox', {
        error: this.#o.redact(failureText(error)),
      });
    });
  }
}
