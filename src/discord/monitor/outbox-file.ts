import { rename } from 'node:fs/promises';
import { z } from 'zod';
import { readTextIfPresent, writeAtomically } from '../../core/data-dir/files.js';
import type { WatchedOrder } from '../../core/watcher/index.js';
import type { MessageBody } from '../messages.js';
import type { OutboxState, PlacedBy } from './types.js';

const count = z.number().int().min(0);
const stored = z.object({
  version: z.literal(1),
  lastSeq: count,
  orders: z.array(
    z.object({
      orderNumber: z.string().min(1),
      day: z.string(),
      changedAt: z.string(),
      order: z.looseObject({
        orderNumber: z.string(),
        status: z.string(),
        statusText: z.string(),
        quantity: z.number(),
        filledQuantity: z.number(),
        firstSeenAt: z.string(),
        source: z.looseObject({ kind: z.string() }),
      }),
      placedBy: z.looseObject({ kind: z.string() }).optional(),
      messageId: z.string().optional(),
      reposts: count,
      revision: count,
      sentRevision: count,
    }),
  ),
  summaries: z.array(
    z.object({
      day: z.string(),
      body: z.looseObject({}),
      messageId: z.string().optional(),
      posted: z.boolean(),
    }),
  ),
});

/** What loading found: the state, or nothing, and why a file there could not be used. */
export interface LoadedOutbox {
  readonly state: OutboxState | undefined;
  /** Set when a file was there but unreadable; it was moved aside to this path. */
  readonly setAside?: string;
}

/**
 * Loads the outbox. A file that cannot be read as one (never expected: writes are atomic) is moved
 * aside rather than overwritten, so nothing in it is destroyed, and the monitor starts afresh.
 */
export async function loadOutbox(path: string): Promise<LoadedOutbox> {
  const text = await readTextIfPresent(path);
  if (text === undefined) return { state: undefined };
  let parsed: z.output<typeof stored> | undefined;
  try {
    parsed = stored.parse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) {
    const aside = `${path}.unreadable`;
    await rename(path, aside);
    return { state: undefined, setAside: aside };
  }
  return {
    state: {
      lastSeq: parsed.lastSeq,
      orders: parsed.orders.map(({ placedBy, ...e }) => ({
        ...e,
        order: e.order as unknown as WatchedOrder,
        ...(placedBy === undefined ? {} : { placedBy: placedBy as unknown as PlacedBy }),
      })) as OutboxState['orders'],
      summaries: parsed.summaries.map((s) => ({
        ...s,
        body: s.body as MessageBody,
      })) as OutboxState['summaries'],
    },
  };
}

/** Saves the outbox atomically: a crash leaves the previous file or this one, never a mix. */
export async function saveOutbox(path: string, state: OutboxState): Promise<void> {
  // Written as it is now: later changes go into the next save.
  await writeAtomically(path, JSON.stringify({ version: 1, ...state }));
}

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
