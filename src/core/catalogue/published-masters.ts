import type { Clock } from '../clock.js';
import { type Logger, silentLogger } from '../logger.js';
import type { InstrumentCatalog } from './catalog.js';
import {
  ageText,
  catalogOfSet,
  downloadMasters,
  keepInCache,
  loadPublishedMasters,
  type PublishedMastersOptions,
  reasonOf,
  scheduleOf,
} from './masters.js';
import { nextRefreshPoint } from './masters-schedule.js';

/** How long to wait after a failed refresh before trying again. */
export const MASTERS_RETRY_MS = 15 * 60_000;

/**
 * A broker's published masters kept current in a long-running process: `current()` answers at once with
 * the catalogue in hand and, once the next renewal time has passed, starts one background download that
 * replaces it when it succeeds (a failure keeps the old one, warns, and is retried later).
 */
export class PublishedMasters {
  readonly #options: PublishedMastersOptions;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #logger: Logger;
  readonly #life = new AbortController();
  #catalog: InstrumentCatalog;
  #fetchedAt: number;
  #nextAttempt: number;
  #refreshing: Promise<void> | undefined;

  private constructor(
    options: PublishedMastersOptions,
    catalog: InstrumentCatalog,
    fetchedAt: number,
    next: number,
  ) {
    this.#options = options;
    this.#clock = options.clock ?? Date;
    this.#logger = options.logger ?? silentLogger;
    this.#catalog = catalog;
    this.#fetchedAt = fetchedAt;
    this.#nextAttempt = next;
  }

  /** Loads the masters (see `loadPublishedMasters`, whose errors it passes on) and keeps them current. */
  static async open(options: PublishedMastersOptions): Promise<PublishedMasters> {
    const loaded = await loadPublishedMasters(options);
    const now = (options.clock ?? Date).now();
    const next =
      loaded.source === 'stale-cache' ? now + MASTERS_RETRY_MS : nextRefreshPoint(now, scheduleOf(options));
    return new PublishedMasters(options, loaded.catalog, loaded.fetchedAt, next);
  }

  /** When the catalogue in hand was downloaded (epoch ms). */
  get fetchedAt(): number {
    return this.#fetchedAt;
  }

  /** The catalogue in hand; starts a background refresh when one is due and none is running. */
  current(): InstrumentCatalog {
    const now = this.#clock.now();
    if (now >= this.#nextAttempt && this.#refreshing === undefined && !this.#life.signal.aborted) {
      // Claimed before the first await, so concurrent callers start one download, not one each.
      this.#refreshing = this.#refresh(now).finally(() => {
        this.#refreshing = undefined;
      });
    }
    return this.#catalog;
  }

  /** Resolves once no refresh is running. */
  async idle(): Promise<void> {
    await this.#refreshing;
  }

  /** Stops a running refresh and any later one. */
  async close(): Promise<void> {
    this.#life.abort();
    await this.#refreshing;
  }

  async #refresh(now: number): Promise<void> {
    try {
      const set = await downloadMasters(this.#options, now, this.#life.signal);
      const catalog = catalogOfSet(set);
      await keepInCache(this.#options, set, this.#logger);
      this.#catalog = catalog;
      this.#fetchedAt = set.fetchedAt;
      this.#nextAttempt = nextRefreshPoint(now, scheduleOf(this.#options));
      this.#logger.info('instrument masters refreshed', { instruments: catalog.size });
    } catch (error) {
      this.#nextAttempt = now + MASTERS_RETRY_MS;
      if (this.#life.signal.aborted) return;
      this.#logger.warn(
        `Could not refresh the instrument masters (${reasonOf(error)}); keeping the copy ${ageText(this.#fetchedAt, now)}, next attempt in ${MASTERS_RETRY_MS / 60_000} minutes.`,
      );
    }
  }
}
