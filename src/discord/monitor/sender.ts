import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import type { MessageBody } from '../messages.js';
import { type MonitorPosts, nonceOf } from './channel-posts.js';
import { deliveryFailure, failureText, UnsendableMessage } from './delivery-errors.js';
import { orderOfFooter } from './order-message.js';
import type { Job, Outbox } from './outbox.js';
import type { OrderEntry } from './types.js';

/** The first pause after Discord failed us, doubled at each failure in a row up to the longest. */
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 60_000;

/** An order's message as it would read now, and the revision of the order it shows. */
export type RenderEntry = (entry: OrderEntry) => Promise<{ body: MessageBody; revision: number }>;

/** What the sender drains, where to, and how it waits. */
export interface SenderOptions {
  readonly outbox: Outbox;
  readonly posts: MonitorPosts;
  readonly channelId: string;
  readonly render: RenderEntry;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
}

/** The nonce of an order's message: the same for every try of one post, new after a deleted message. */
export function orderNonce(entry: OrderEntry): string {
  return nonceOf(`o${entry.orderNumber}${entry.reposts > 0 ? `r${entry.reposts}` : ''}`);
}

/** The nonce of a day's summary. */
export function summaryNonce(day: string): string {
  return nonceOf(`s${day}`);
}

/**
 * Nonces already tried: a post under one of them may have created a message whose answer never came
 * (or came before a crash), and Discord answers a repeat with that message as it was, so what it shows
 * is not known until it is edited.
 */
type Tried = Set<string>;

async function deliver(o: SenderOptions, job: Job, tried: Tried, signal: AbortSignal): Promise<void> {
  if (job.kind === 'summary') {
    const { day, body } = job.summary;
    const { id } = await o.posts.create(o.channelId, body, summaryNonce(day), signal);
    o.outbox.summaryDone(day, id);
    await save(o);
    return;
  }
  const { entry } = job;
  const { body, revision } = await o.render(entry).catch((error: unknown) => {
    throw new UnsendableMessage(error instanceof Error ? error.message : String(error), { cause: error });
  });
  if (entry.messageId === undefined) {
    const nonce = orderNonce(entry);
    const first = !tried.has(nonce);
    tried.add(nonce);
    const { id, showsBody } = await o.posts.create(o.channelId, body, nonce, signal);
    tried.delete(nonce);
    // A repeated nonce may have returned an older message: then it is edited to the latest state next.
    o.outbox.shown(entry.orderNumber, first || showsBody ? revision : 0, id);
    // The order-to-message map is saved before anything else is sent (the nonce covers a crash before).
    await save(o);
    return;
  }
  await o.posts.edit(o.channelId, entry.messageId, body, signal);
  // Not saved for itself (the next change's save, or the close, carries it): an edit repeated after a
  // crash shows the same state again.
  o.outbox.shown(entry.orderNumber, revision, entry.messageId);
}

function save(o: SenderOptions): Promise<void> {
  return o.outbox.persist().catch((error: unknown) => {
    o.logger.error('monitoring channel: could not save the outbox', {
      error: o.redact(failureText(error)),
    });
  });
}

/** Gives up on a job Discord will never take, or posts a deleted message again; false when neither. */
function settle(o: SenderOptions, job: Job, error: unknown): boolean {
  const failure = deliveryFailure(error);
  if (failure === 'retry') return false;
  if (failure === 'gone' && job.kind === 'order') {
    o.logger.warn('monitoring channel: an order message was deleted; posting it again', {
      order: job.entry.orderNumber,
    });
    o.outbox.lost(job.entry.orderNumber);
  } else {
    o.logger.error('monitoring channel: Discord refused a message; it is skipped', {
      ...(job.kind === 'order' ? { order: job.entry.orderNumber } : { summary: job.summary.day }),
      error: o.redact(failureText(error)),
    });
    if (job.kind === 'order') o.outbox.skip(job.entry.orderNumber, job.revision);
    else o.outbox.summaryDone(job.summary.day, undefined);
  }
  void save(o);
  return true;
}

/**
 * Takes as shown the channel's messages the bot posted for orders saved without a message id (a stop
 * between a post and its save): Discord answers a repeated nonce with its message for a few minutes
 * only, and a restart may come much later. Each is then edited to its order's latest state. Without an
 * answer, the nonces are all there is.
 */
async function adoptPosted(o: SenderOptions, signal: AbortSignal): Promise<void> {
  const unposted = new Set(o.outbox.savedUnposted().map((e) => e.orderNumber));
  try {
    for (const message of await o.posts.recent(o.channelId, signal)) {
      const order = orderOfFooter(message.footer);
      if (order === undefined || !unposted.delete(order)) continue;
      o.outbox.shown(order, 0, message.id);
    }
  } catch (error) {
    o.logger.warn('monitoring channel: could not read its latest messages; posting under the same nonces', {
      error: o.redact(failureText(error)),
    });
  }
}

/** When the sender stops: `stop` takes no new message, `abort` cuts the one under way. */
export interface SenderSignals {
  readonly stop: AbortSignal;
  readonly abort: AbortSignal;
}

/**
 * Drains the outbox into the channel, one message at a time (so never two edits of one message at
 * once), each showing its order's latest state. discord.js waits out 429s; when Discord is down (5xx
 * after discord.js's retries, network errors) the job stays at the head of the outbox and is tried
 * again after a pause on the clock that doubles up to a minute: nothing is dropped, and the watcher,
 * which only writes to the outbox, never waits. Resolves once stopped.
 */
export async function runSender(o: SenderOptions, signals: SenderSignals): Promise<void> {
  const { stop, abort: signal } = signals;
  let failures = 0;
  // An order saved without its message id may have been posted just before the process stopped.
  const tried: Tried = new Set(o.outbox.savedUnposted().map(orderNonce));
  if (tried.size > 0) await adoptPosted(o, signal);
  while (!stop.aborted) {
    const job = o.outbox.next();
    if (job === undefined) {
      await o.outbox.whenWork(stop);
      continue;
    }
    // A signal of its own per message: discord.js leaves a listener on the signal of every request.
    const one = new AbortController();
    const abort = (): void => one.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    try {
      await deliver(o, job, tried, one.signal);
    } catch (error) {
      if (signal.aborted) return;
      if (settle(o, job, error)) continue;
      failures += 1;
      const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - 1));
      const fields = { error: o.redact(failureText(error)), backlog: o.outbox.backlog, retryInMs: pause };
      if (failures === 1)
        o.logger.warn('monitoring channel: Discord did not take a message; it waits', fields);
      else o.logger.debug('monitoring channel: Discord still failing', fields);
      try {
        await o.clock.sleep(pause, stop);
      } catch {
        return;
      }
      continue;
    } finally {
      signal.removeEventListener('abort', abort);
    }
    if (failures > 0) {
      o.logger.info('monitoring channel: Discord answers again; catching up', { backlog: o.outbox.backlog });
      failures = 0;
    }
  }
}
