import { readTextIfPresent, writeAtomically } from '../data-dir/files.js';
import type { WatchView } from './diff.js';
import type { OrderEvent, WatchedOrder } from './types.js';

/** What the watcher keeps in the data dir: its view of the day, its event counter and its recent events. */
export interface WatcherState {
  /** The IST day the view belongs to. */
  readonly day: string;
  readonly seq: number;
  readonly view: WatchView;
  /** The latest events, oldest first, for consumers catching up after a restart. */
  readonly journal: readonly OrderEvent[];
  /** The day before's orders as last seen, kept from the day's change: their final state. */
  readonly previous?: DayOrders;
}

/** An IST day's orders as last seen. */
export interface DayOrders {
  readonly day: string;
  readonly orders: readonly WatchedOrder[];
}

interface Stored {
  readonly version: 1;
  readonly day: string;
  readonly seq: number;
  readonly orders: readonly WatchedOrder[];
  readonly fills: readonly string[];
  readonly journal: readonly OrderEvent[];
  readonly previous?: DayOrders;
}

/** The saved state, or undefined when there is none (or it cannot be read: the watcher then starts afresh). */
export async function loadWatcherState(path: string): Promise<WatcherState | undefined> {
  const text = await readTextIfPresent(path);
  if (text === undefined) return undefined;
  try {
    const s = JSON.parse(text) as Stored;
    if (s.version !== 1 || typeof s.day !== 'string' || !Number.isSafeInteger(s.seq)) return undefined;
    return {
      day: s.day,
      seq: s.seq,
      view: { orders: new Map(s.orders.map((o) => [o.orderNumber, o])), fills: new Set(s.fills) },
      journal: s.journal,
      ...(s.previous === undefined ? {} : { previous: s.previous }),
    };
  } catch {
    return undefined;
  }
}

/** Saves the state atomically: a crash leaves the previous state or this one, never a mix. */
export async function saveWatcherState(path: string, state: WatcherState): Promise<void> {
  const stored: Stored = {
    version: 1,
    day: state.day,
    seq: state.seq,
    orders: [...state.view.orders.values()],
    fills: [...state.view.fills],
    journal: state.journal,
    ...(state.previous === undefined ? {} : { previous: state.previous }),
  };
  await writeAtomically(path, JSON.stringify(stored));
}
