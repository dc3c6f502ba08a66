import type { EventId, EventStore, JSONRPCMessage, RequestId, StreamId } from '@modelcontextprotocol/server';
import { EventBudget, type EventHolder } from './event-budget.js';

/** How long one session's events stay resumable. */
export interface EventLimits {
  /** Most events kept per stream; the oldest go first (a long wait's early progress). */
  readonly perStream: number;
  /** How long an answer no open connection took stays for its client to resume the stream. */
  readonly resumeMs: number;
}

/** Enough for a call that waits for a person for many minutes with progress every few seconds. */
export const EVENT_LIMITS: EventLimits = { perStream: 200, resumeMs: 5 * 60_000 };

/** The request a message answers: it has an id and no method (the server's own message, so no schema check). */
function answered(message: JSONRPCMessage): RequestId | undefined {
  const m = message as { id?: RequestId; method?: string };
  return m.method === undefined ? m.id : undefined;
}

interface Stored {
  readonly streamId: StreamId;
  /** The message as sent: a string, a fraction of the object graph it came from. */
  readonly json: string;
  place: number;
}

interface Stream {
  /** Kept event ids, oldest first. */
  readonly ids: EventId[];
  /** The requests answered on it (one, unless the client sent a batch). */
  readonly answered: RequestId[];
}

/**
 * The messages one session sent, kept only while a client could still resume them (`Last-Event-ID`):
 * those of a stream whose answer has not gone out over a connection that stayed open, until `resumeMs`
 * after its answer. A call waiting for a person keeps its stream however long the wait; an answer
 * delivered at once is dropped at once. All sessions share one budget in bytes of JSON; an event no
 * longer kept cannot be resumed from, and the client is told so (400).
 */
export class SessionEvents implements EventStore, EventHolder {
  readonly #events = new Map<EventId, Stored>();
  readonly #streams = new Map<StreamId, Stream>();
  /** The stream each answered request's answer is on. */
  readonly #answers = new Map<RequestId, StreamId>();
  /** When each answered stream stops being resumable, in that order (a constant delay keeps it). */
  readonly #expiring = new Map<StreamId, number>();
  #next = 0;
  #closed = false;

  constructor(
    private readonly budget: EventBudget = new EventBudget(),
    private readonly now: () => number = Date.now,
    private readonly limits: EventLimits = EVENT_LIMITS,
  ) {}

  /** Events kept now. */
  get size(): number {
    return this.#events.size;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.#next += 1;
    const id = String(this.#next);
    if (this.#closed) return id;
    this.expire();
    const json = JSON.stringify(message);
    const stored: Stored = { streamId, json, place: 0 };
    const stream = this.#streams.get(streamId) ?? { ids: [], answered: [] };
    this.#streams.set(streamId, stream);
    this.#events.set(id, stored);
    stream.ids.push(id);
    const request = answered(message);
    if (request !== undefined) {
      stream.answered.push(request);
      this.#answers.set(request, streamId);
      if (!this.#expiring.has(streamId)) this.#expiring.set(streamId, this.now() + this.limits.resumeMs);
    }
    while (stream.ids.length > this.limits.perStream) this.#forget(stream.ids[0] as EventId);
    stored.place = this.budget.hold(this, id, Buffer.byteLength(json));
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.streamOf(eventId);
  }

  /** The stream of a kept event. */
  streamOf(eventId: EventId): StreamId | undefined {
    return this.#events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.#events.get(lastEventId);
    if (!last) throw new Error('this event is no longer kept: the stream cannot be resumed');
    const ids = this.#streams.get(last.streamId)?.ids ?? [];
    for (const id of ids.slice(ids.indexOf(lastEventId) + 1)) {
      const event = this.#events.get(id);
      if (event) await send(id, JSON.parse(event.json) as JSONRPCMessage);
    }
    return last.streamId;
  }

  /**
   * An HTTP response carrying these requests (or resuming this stream) ended with its last byte sent:
   * the streams whose answer it carried have nothing left to resume.
   */
  delivered(requests: Iterable<RequestId>, resumed?: StreamId): void {
    for (const request of requests) {
      const streamId = this.#answers.get(request);
      if (streamId !== undefined) this.#drop(streamId);
    }
    if (resumed !== undefined && (this.#streams.get(resumed)?.answered.length ?? 0) > 0) this.#drop(resumed);
  }

  /** Drops the answered streams whose client did not come back in time. */
  expire(): void {
    const now = this.now();
    for (const [streamId, at] of this.#expiring) {
      if (at > now) return;
      this.#expiring.delete(streamId);
      this.#drop(streamId);
    }
  }

  /** The session closed: drops everything and keeps nothing sent later. */
  clear(): void {
    this.#closed = true;
    for (const streamId of [...this.#streams.keys()]) this.#drop(streamId);
  }

  evict(eventId: EventId): void {
    this.#forget(eventId);
  }

  #drop(streamId: StreamId): void {
    const stream = this.#streams.get(streamId);
    for (const id of [...(stream?.ids ?? [])]) this.#forget(id);
  }

  #forget(id: EventId): void {
    const event = this.#events.get(id);
    if (!event) return;
    this.#events.delete(id);
    this.budget.release(event.place);
    const stream = this.#streams.get(event.streamId);
    if (!stream) return;
    const at = stream.ids.indexOf(id);
    if (at >= 0) stream.ids.splice(at, 1);
    if (stream.ids.length > 0) return;
    this.#streams.delete(event.streamId);
    this.#expiring.delete(event.streamId);
    for (const request of stream.answered)
      if (this.#answers.get(request) === event.streamId) this.#answers.delete(request);
  }
}
