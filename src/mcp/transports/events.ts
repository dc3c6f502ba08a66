import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** How much one session's event store keeps. */
export interface EventLimits {
  /** Most events kept per stream; the oldest go first. */
  readonly perStream: number;
  /** Most events kept in all; the oldest go first. */
  readonly total: number;
  /** Most characters of JSON kept in all; the oldest go first. */
  readonly totalChars: number;
}

/** Enough for a tool call that waits for a person for many minutes with progress every few seconds. */
export const EVENT_LIMITS: EventLimits = { perStream: 200, total: 1_000, totalChars: 2 * 1024 * 1024 };

interface Stored {
  readonly streamId: StreamId;
  readonly message: JSONRPCMessage;
  readonly chars: number;
}

/**
 * The messages one session sent, kept so a client whose stream dropped (while waiting for a person, say)
 * can resume it with `Last-Event-ID` and still get the answer. Bounded per stream, in count and in
 * size; an event no longer kept cannot be resumed from, and the client is told so (400).
 */
export class BoundedEventStore implements EventStore {
  /** Every kept event, oldest first. */
  readonly #events = new Map<EventId, Stored>();
  /** Each stream's kept event ids, oldest first. */
  readonly #streams = new Map<StreamId, EventId[]>();
  #next = 0;
  #chars = 0;

  constructor(private readonly limits: EventLimits = EVENT_LIMITS) {}

  /** Events kept now. */
  get size(): number {
    return this.#events.size;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.#next += 1;
    const id = String(this.#next);
    const chars = JSON.stringify(message).length;
    this.#events.set(id, { streamId, message, chars });
    this.#chars += chars;
    const ids = this.#streams.get(streamId) ?? [];
    ids.push(id);
    this.#streams.set(streamId, ids);
    while (ids.length > this.limits.perStream) this.#forget(ids[0] as EventId);
    while (this.#events.size > this.limits.total || this.#chars > this.limits.totalChars) {
      const oldest = this.#events.keys().next().value;
      if (oldest === undefined || oldest === id) break;
      this.#forget(oldest);
    }
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.#events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.#events.get(lastEventId);
    if (!last) throw new Error('this event is no longer kept: the stream cannot be resumed');
    const ids = this.#streams.get(last.streamId) ?? [];
    for (const id of ids.slice(ids.indexOf(lastEventId) + 1)) {
      const event = this.#events.get(id);
      if (event) await send(id, event.message);
    }
    return last.streamId;
  }

  #forget(id: EventId): void {
    const event = this.#events.get(id);
    if (!event) return;
    this.#events.delete(id);
    this.#chars -= event.chars;
    const ids = this.#streams.get(event.streamId);
    const at = ids?.indexOf(id) ?? -1;
    if (ids && at >= 0) ids.splice(at, 1);
    if (ids?.length === 0) this.#streams.delete(event.streamId);
  }
}
