import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import { istParts } from '../../core/time/ist.js';
import { clockText, SESSION, WEEKDAYS } from '../../core/vocabulary/index.js';
import type { DeskClient } from '../deps.js';
import type { MessageBody } from '../messages.js';
import { failureText } from './delivery-errors.js';
import type { Outbox } from './outbox.js';
import type { FindTicket } from './placed-by.js';
import { summarizeDay } from './summary.js';
import { renderSummary } from './summary-message.js';
import { dueDay, nextClose, previousTradingDay } from './summary-schedule.js';

/** The longest sleep between looks at the time (a system clock that jumps is noticed within it). */
const LOOK_EVERY_MS = 3_600_000;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 60_000;

/** Where the figures come from. */
export interface SummarySource {
  readonly books: Pick<DeskClient, 'getOrderBook' | 'getTradeBook'>;
  readonly find: FindTicket;
}

/** `Friday 2026-11-20`. */
export function dayName(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = istParts(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12)).weekday;
  return `${WEEKDAYS[weekday]} ${day}`;
}

/** Today's summary from the broker's books as they are now (one read of each). */
export async function composeSummary(
  source: SummarySource,
  title: string,
  footer: string,
  signal: AbortSignal,
): Promise<MessageBody> {
  const [orders, trades] = await Promise.all([
    source.books.getOrderBook({ signal }),
    source.books.getTradeBook({ signal }),
  ]);
  return renderSummary(await summarizeDay(orders, trades, source.find), title, footer);
}

/**
 * The previous trading day's summary, when no process saw its close (omsdesk was stopped before 15:30):
 * the broker's books now hold another day, so it is composed from the orders the outbox followed that
 * day (their latest state, fills counted per order). Nothing when the outbox holds none of that day.
 */
async function summarizeMissedDay(o: DailySummaryOptions): Promise<void> {
  const day = previousTradingDay(o.clock.now(), o.holidays);
  if (day === undefined || o.outbox.hasSummary(day)) return;
  const orders = o.outbox.ordersOf(day);
  if (orders.length === 0) return;
  const fills = orders
    .filter((order) => order.filledQuantity > 0 && order.averagePrice !== undefined)
    .map((order) => ({
      side: order.side,
      fillQuantity: order.filledQuantity,
      fillPrice: order.averagePrice as number,
    }));
  const footer =
    'Composed afterwards from the orders this channel followed: omsdesk was not running at the close. Fills are counted per order.';
  o.outbox.addSummary(
    day,
    renderSummary(await summarizeDay(orders, fills, o.find), `Day summary, ${dayName(day)}`, footer),
  );
  o.save();
}

/** What the daily summary needs. */
export interface DailySummaryOptions extends SummarySource {
  readonly outbox: Outbox;
  readonly holidays: readonly string[];
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
  /** Saves the outbox (the summary's day is remembered there). */
  readonly save: () => void;
}

/**
 * Posts each trading day's summary once, at the session's close (15:30 IST), and at once when started
 * later that day with no summary yet: composed from the books then, queued in the outbox (which
 * remembers the day), and posted by the sender. A broker that cannot be read is asked again after a
 * pause. Resolves when `signal` aborts.
 */
export async function runDailySummary(o: DailySummaryOptions, signal: AbortSignal): Promise<void> {
  await summarizeMissedDay(o).catch((error: unknown) => {
    o.logger.warn("monitoring channel: the previous day's summary could not be composed", {
      error: o.redact(failureText(error)),
    });
  });
  let failures = 0;
  while (!signal.aborted) {
    const now = o.clock.now();
    const day = dueDay(now, o.holidays);
    let pause: number;
    if (day !== undefined && !o.outbox.hasSummary(day)) {
      try {
        const title = `Day summary, ${dayName(day)}`;
        const body = await composeSummary(
          o,
          title,
          `The session closed at ${clockText(SESSION.closeMinute)} IST.`,
          signal,
        );
        o.outbox.addSummary(day, body);
        o.save();
        failures = 0;
        continue;
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - 1));
        o.logger.warn('monitoring channel: the books could not be read for the day summary; trying again', {
          error: o.redact(failureText(error)),
          retryInMs: pause,
        });
      }
    } else {
      pause = Math.min(LOOK_EVERY_MS, (nextClose(now + 1, o.holidays) ?? now + LOOK_EVERY_MS) - now);
    }
    try {
      await o.clock.sleep(pause, signal);
    } catch {
      return;
    }
  }
}
