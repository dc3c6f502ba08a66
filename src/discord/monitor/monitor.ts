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

/** How long a closing monitor lets the message under way finish. */
const CLOSE_GRACE_MS = 3_000;

/** Resolves when `work` settles or after `ms` (a bound on shutdown, in real time). */
function withGrace(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

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
  /** The web desk's page of a ticket, which an order's post links when a ticket placed it. */
  readonly ticketUrl?: ((id: string) => string) | undefined;
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
  /** Takes no new message and stops the summary. */
  readonly #stopping = new AbortController();
  /** Cuts the message under way (after the grace). */
  readonly #aborting = new AbortController();
  #unsubscribe: () => void = () => undefined;
  #sending: Promise<unknown> = Promise.resolve();
  #summarizing: Promise<unknown> = Promise.resolve();

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

  /**
   * Stops listening and sending: the message under way may finish for a moment (so its id is saved),
   * then is cut; what is not sent stays in the outbox for the next start.
   */
  async close(): Promise<void> {
    this.#unsubscribe();
    const reason = new Error('the monitoring channel is closing');
    this.#stopping.abort(reason);
    await withGrace(this.#sending, CLOSE_GRACE_MS);
    this.#aborting.abort(reason);
    await Promise.allSettled([this.#sending, this.#summarizing]);
    await this.#outbox.persist().catch(() => undefined);
  }

  #follow(fresh: boolean): void {
    const { feed } = this.#o;
    const now = this.#o.clock.now();
    const at = toIstIso(now);
    // The day before's orders the channel shows, as the watcher last saw them that day (the books no
    // longer list them): taken first, since their events may have fallen out of the journal, and any event
    // of theirs the journal replays is older than that.
    const lastOfDayBefore = new Set<string>();
    for (const order of feed.previousDay()?.orders ?? []) {
      if (!this.#outbox.has(order.orderNumber) || feed.order(order.orderNumber) !== undefined) continue;
      lastOfDayBefore.add(order.orderNumber);
      this.#outbox.record(order, at);
    }
    // A first start begins with today's orders as the watcher sees them, not its older journal.
    const after = fresh ? feed.lastSeq : this.#outbox.lastSeq;
    let replaying = true;
    this.#unsubscribe = feed.subscribe((event) => {
      if (replaying && lastOfDayBefore.has(event.order.orderNumber)) return;
      this.#outbox.record(event.order, event.at, event.seq);
      this.#save();
    }, after);
    replaying = false;
    // What the journal no longer holds of today is in the watcher's view: the latest state of its orders.
    const today = istDate(now);
    for (const order of feed.orders()) if (dayOf(order) === today) this.#outbox.record(order, at);
    this.#outbox.caughtUpTo(feed.lastSeq);
    this.#save();
  }

  #run(): void {
    const render: RenderEntry = async (entry) => {
      if (entry.placedBy === undefined) {
        const found = await lookUpPlacedBy(entry.order.source, this.#o.find);
        if (found.settled) this.#outbox.setPlacedBy(entry.orderNumber, found.placedBy);
        return {
          body: renderOrderMessage(entry, found.placedBy, this.#o.ticketUrl),
          revision: entry.revision,
        };
      }
      return { body: renderOrderMessage(entry, entry.placedBy, this.#o.ticketUrl), revision: entry.revision };
    };
    const common = {
      outbox: this.#outbox,
      clock: this.#o.clock,
      logger: this.#o.logger,
      redact: this.#o.redact,
    };
    this.#sending = runSender(
      { ...common, posts: this.#o.posts, channelId: this.#o.channelId, render },
      { stop: this.#stopping.signal, abort: this.#aborting.signal },
    );
    this.#summarizing = runDailySummary(
      {
        ...common,
        books: this.#o.books,
        find: this.#o.find,
        holidays: this.#o.holidays,
        save: () => this.#save(),
      },
      this.#stopping.signal,
    );
  }

  #save(): void {
    void this.#outbox.persist().catch((error: unknown) => {
      this.#o.logger.error('monitoring channel: could not save the outbox', {
        error: this.#o.redact(failureText(error)),
      });
    });
  }
}
