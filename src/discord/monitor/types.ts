import type { Actor } from '../../core/audit/index.js';
import type { WatchedOrder } from '../../core/watcher/index.js';
import type { MessageBody } from '../messages.js';

/** Where an order came from, as the monitoring channel and the day's summary count it. */
export type SourceKind = 'discord' | 'mcp' | 'ticket' | 'client' | 'outside';

/** Who placed an order: looked up once (a ticket's requester may need the audit log) and kept. */
export interface PlacedBy {
  readonly kind: SourceKind;
  readonly ticketId?: string;
  readonly leg?: number;
  readonly requestedBy?: Actor;
  readonly decidedBy?: Actor;
  /** The omsdesk client's tag (`od-…`). */
  readonly tag?: string;
}

/** One broker order in the outbox: its latest state and where its message stands. */
export interface OrderEntry {
  readonly orderNumber: string;
  /** The IST day the order belongs to (`YYYY-MM-DD`). */
  readonly day: string;
  order: WatchedOrder;
  /** When omsdesk saw its last change (ISO 8601, +05:30). */
  changedAt: string;
  placedBy?: PlacedBy;
  /** The message showing it, once posted. */
  messageId?: string;
  /** How many messages were lost (deleted by someone) and posted again: part of the next post's nonce. */
  reposts: number;
  /** Increases with every change worth showing. */
  revision: number;
  /** The revision the message shows. */
  sentRevision: number;
}

/** The day's summary: composed at the close, then posted once. */
export interface SummaryEntry {
  readonly day: string;
  readonly body: MessageBody;
  messageId?: string;
  posted: boolean;
}

/** Everything the monitoring channel keeps in the data dir. */
export interface OutboxState {
  /** The number of the last watcher event taken in. */
  readonly lastSeq: number;
  readonly orders: readonly OrderEntry[];
  readonly summaries: readonly SummaryEntry[];
}
