import type { Order } from '../../core/domain/order.js';
import type { RejectionKind } from '../../core/domain/rejection.js';
import type { Trade } from '../../core/domain/trade.js';
import { sourceOfRemarks } from '../../core/watcher/index.js';
import { cleanText } from '../text/escape.js';
import { type FindTicket, lookUpPlacedBy } from './placed-by.js';
import type { SourceKind } from './types.js';

/** Rejections of one reason. */
export interface RejectionGroup {
  /** The reason in words: the kind of rule, or the broker's own text when it is of no known kind. */
  readonly reason: string;
  readonly count: number;
  /** One of the broker's texts, as it sent it. */
  readonly example: string;
}

/** A day's trading in figures. */
export interface DaySummary {
  readonly orders: number;
  readonly complete: number;
  /** Pending, open or waiting for their trigger. */
  readonly open: number;
  readonly rejected: number;
  readonly cancelled: number;
  /** Orders in any other state (the broker's unknown words). */
  readonly other: number;
  /** Orders with some fills that are not complete. */
  readonly partlyFilled: number;
  /** Trade-book entries. */
  readonly fills: number;
  readonly filledUnits: number;
  /** Rupees traded: bought plus sold. */
  readonly turnover: number;
  readonly bought: number;
  readonly sold: number;
  /** Most frequent first. */
  readonly rejections: readonly RejectionGroup[];
  readonly bySource: Readonly<Record<SourceKind, number>>;
}

const REASONS: Readonly<Record<Exclude<RejectionKind, 'OTHER'>, string>> = {
  MARGIN_SHORTFALL: 'Margin shortfall',
  CIRCUIT_LIMIT: 'Outside the circuit band',
  FREEZE_QUANTITY: 'Above the freeze quantity',
  PRODUCT_NOT_ENABLED: 'Product not enabled',
  TICK_SIZE: 'Price not a multiple of the tick',
  LOT_SIZE: 'Quantity not a multiple of the lot',
  INSUFFICIENT_HOLDINGS: 'Insufficient holdings',
  MARKET_CLOSED: 'Market closed',
};

function rejectionGroups(orders: readonly SummaryOrder[]): RejectionGroup[] {
  const groups = new Map<string, { reason: string; count: number; example: string }>();
  for (const o of orders) {
    if (o.status !== 'REJECTED') continue;
    const text = o.rejection?.text ?? '';
    const kind = o.rejection?.kind ?? 'OTHER';
    const reason = kind === 'OTHER' ? cleanText(text, 120) || 'No reason given' : REASONS[kind];
    const group = groups.get(reason) ?? { reason, count: 0, example: text };
    group.count += 1;
    groups.set(reason, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** What a summary reads of an order: the broker's order book gives it, and so does the monitor's record. */
export interface SummaryOrder {
  readonly status: Order['status'];
  readonly filledQuantity: number;
  readonly remarks?: string | undefined;
  readonly rejection?: Order['rejection'];
}

/** What a summary reads of a fill. */
export type SummaryFill = Pick<Trade, 'side' | 'fillQuantity' | 'fillPrice'>;

/**
 * The day's figures from the broker's order book and trade book: orders by state, fills, turnover,
 * rejections grouped by reason, and orders by who placed them (a ticket's requester is looked up once).
 */
export async function summarizeDay(
  orders: readonly SummaryOrder[],
  trades: readonly SummaryFill[],
  find: FindTicket,
): Promise<DaySummary> {
  const bySource: Record<SourceKind, number> = { discord: 0, mcp: 0, ticket: 0, client: 0, outside: 0 };
  const tickets = new Map<string, Promise<SourceKind>>();
  for (const o of orders) {
    const source = sourceOfRemarks(o.remarks);
    const key = source.kind === 'ticket' ? source.ticketId : undefined;
    let kind = key === undefined ? undefined : tickets.get(key);
    if (kind === undefined) {
      kind = lookUpPlacedBy(source, find).then((found) => found.placedBy.kind);
      if (key !== undefined) tickets.set(key, kind);
    }
    bySource[await kind] += 1;
  }
  const count = (test: (o: SummaryOrder) => boolean): number => orders.filter(test).length;
  const value = (side: string): number =>
    trades.filter((t) => t.side === side).reduce((sum, t) => sum + t.fillQuantity * t.fillPrice, 0);
  const bought = value('BUY');
  const sold = value('SELL');
  return {
    orders: orders.length,
    complete: count((o) => o.status === 'COMPLETE'),
    open: count((o) => ['PENDING', 'OPEN', 'TRIGGER_PENDING'].includes(o.status)),
    rejected: count((o) => o.status === 'REJECTED'),
    cancelled: count((o) => o.status === 'CANCELED'),
    other: count((o) => o.status === 'UNKNOWN'),
    partlyFilled: count((o) => o.filledQuantity > 0 && o.status !== 'COMPLETE'),
    fills: trades.length,
    filledUnits: trades.reduce((sum, t) => sum + t.fillQuantity, 0),
    turnover: bought + sold,
    bought,
    sold,
    rejections: rejectionGroups(orders),
    bySource,
  };
}
