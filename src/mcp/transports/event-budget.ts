import type { EventId } from '@modelcontextprotocol/server';

/** What the event stores of all sessions may hold together. */
export interface EventBudgetLimits {
  /** Most bytes of serialized JSON held; the oldest events go first. */
  readonly maxBytes: number;
  /** Most events held, however small (a stream's priming event is two bytes but still an entry). */
  readonly maxEvents: number;
}

/**
 * Room for the events of every call in flight at once and for some answers waiting for their client to
 * come back (a chart is a few hundred kilobytes of base64). A client that floods it costs the oldest
 * resumable events, whoever's (their resume is refused), never more memory.
 */
export const EVENT_BUDGET: EventBudgetLimits = { maxBytes: 8 * 1024 * 1024, maxEvents: 10_000 };

/** A store that holds events in the budget, told when one of them must go to make room. */
export interface EventHolder {
  evict(eventId: EventId): void;
}

interface Held {
  readonly holder: EventHolder;
  readonly eventId: EventId;
  readonly bytes: number;
}

/**
 * One budget for the events of all sessions, counted in bytes of their JSON, so many sessions cannot
 * together hold more than one server should; when it is spent, the oldest event anywhere goes first.
 */
export class EventBudget {
  /** Every held event by its place in line, oldest first. */
  readonly #held = new Map<number, Held>();
  #next = 0;
  #bytes = 0;

  constructor(readonly limits: EventBudgetLimits = EVENT_BUDGET) {}

  /** Events held now, across sessions. */
  get events(): number {
    return this.#held.size;
  }

  /** Bytes of JSON held now, across sessions. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Counts a new event, evicting the oldest others until the budget holds; returns the event's place,
   * to release it by. An event larger than the whole budget is not held at all: its holder is told to
   * evict it at once, and nothing else goes for it.
   */
  hold(holder: EventHolder, eventId: EventId, bytes: number): number {
    this.#next += 1;
    const place = this.#next;
    if (bytes > this.limits.maxBytes) {
      holder.evict(eventId);
      return place;
    }
    this.#held.set(place, { holder, eventId, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.limits.maxBytes || this.#held.size > this.limits.maxEvents) {
      const [oldest, held] = this.#held.entries().next().value as [number, Held];
      this.release(oldest);
      held.holder.evict(held.eventId);
      if (oldest === place) break;
    }
    return place;
  }

  /** Stops counting an event its holder dropped. */
  release(place: number): void {
    const held = this.#held.get(place);
    if (!held) return;
    this.#held.delete(place);
    this.#bytes -= held.bytes;
  }
}
