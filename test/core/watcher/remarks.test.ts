import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/core/domain/order.js';
import { countByGroup, orderGroup } from '../../../src/core/domain/order.js';
import { sourceOfRemarks, ticketOfRemarks } from '../../../src/core/watcher/index.js';
import { orderLine } from '../../../src/discord/text/orders.js';
import { orderOf } from '../../../src/mcp/schemas/order.js';

const order = (remarks: string | undefined, status = 'OPEN') =>
  ({
    orderNumber: '26112000000001',
    exchange: 'NSE',
    tradingSymbol: 'SBIN-EQ',
    side: 'BUY',
    quantity: 10,
    filledQuantity: 0,
    price: 800,
    priceType: 'LMT',
    status,
    statusText: status,
    remarks,
    tickSize: 0.05,
  }) as unknown as Order;

describe('who placed an order, read from its remarks', () => {
  it('reads the gate tag, in any case, only as the first word, with its leg', () => {
    expect(sourceOfRemarks('omsdesk:t7k2m9x4q.2 hedge')).toEqual({
      kind: 'ticket',
      ticketId: 'T7K2M9X4Q',
      leg: 2,
    });
    expect(ticketOfRemarks('  OMSDESK:T7K2M9X4Q')).toBe('T7K2M9X4Q');
    expect(ticketOfRemarks('hedge omsdesk:T7K2M9X4Q')).toBeUndefined();
    expect(sourceOfRemarks('od-1a2b3c4d note')).toEqual({ kind: 'client', tag: 'od-1a2b3c4d' });
    expect(sourceOfRemarks(undefined)).toEqual({ kind: 'outside' });
  });

  it('gives MCP and Discord the same answer as the watcher: a tag written later in the remarks claims nothing', () => {
    const claimed = order('omsdesk:T7K2M9X4Q.1');
    const borrowed = order('see omsdesk:T7K2M9X4Q');
    expect(orderOf(claimed).ticketId).toBe('T7K2M9X4Q');
    expect(orderOf(borrowed).ticketId).toBeUndefined();
    expect(orderLine(claimed)).toContain('(ticket T7K2M9X4Q)');
    expect(orderLine(borrowed)).not.toContain('ticket');
  });
});

describe('order book groups', () => {
  it('groups by status, with a status the broker added as other', () => {
    const book = [
      'OPEN',
      'PENDING',
      'TRIGGER_PENDING',
      'COMPLETE',
      'REJECTED',
      'CANCELED',
      'AMO_RECEIVED',
    ].map((status) => order(undefined, status));
    expect(book.map(orderGroup)).toEqual([
      'open',
      'open',
      'open',
      'complete',
      'rejected',
      'canceled',
      'other',
    ]);
    expect(countByGroup(book)).toEqual({ open: 3, complete: 1, rejected: 1, canceled: 1, other: 1 });
  });
});
