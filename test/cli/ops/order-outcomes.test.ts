import { describe, expect, it } from 'vitest';
import { type OrderOutcome, OrderOutcomes } from '../../../src/cli/ops/order-outcomes.js';
import type { LegOutcome, Ticket, TicketStatus } from '../../../src/core/gate/index.js';

function ticket(id: string, status: TicketStatus, ...outcomes: (LegOutcome | undefined)[]): Ticket {
  const legs = outcomes.map((outcome) => (outcome === undefined ? {} : { outcome }));
  return { id, status, legs } as unknown as Ticket;
}

function counter() {
  const seen: OrderOutcome[] = [];
  return { seen, outcomes: new OrderOutcomes((o) => seen.push(o)) };
}

describe('orders counted by outcome', () => {
  it('counts an order placed, then complete, once each', () => {
    const { seen, outcomes } = counter();
    outcomes.observe(ticket('T1', 'SUBMITTING'), 'approved');
    outcomes.observe(ticket('T1', 'PLACED', { status: 'PLACED', orderNumber: '1' }), 'sent');
    outcomes.observe(ticket('T1', 'PLACED', { status: 'OPEN', orderNumber: '1' }), 'order_update');
    outcomes.observe(ticket('T1', 'COMPLETE', { status: 'COMPLETE', orderNumber: '1' }), 'order_update');
    outcomes.observe(ticket('T1', 'COMPLETE', { status: 'COMPLETE', orderNumber: '1' }), 'order_update');
    expect(seen).toEqual(['placed', 'complete']);
  });

  it('counts an order first seen complete (its fill overtook the record of its sending) as placed too', () => {
    const { seen, outcomes } = counter();
    outcomes.observe(ticket('T2', 'SUBMITTING'), 'approved');
    outcomes.observe(ticket('T2', 'COMPLETE', { status: 'COMPLETE', orderNumber: '2' }), 'order_update');
    outcomes.observe(ticket('T2', 'COMPLETE', { status: 'COMPLETE', orderNumber: '2' }), 'sent');
    expect(seen).toEqual(['placed', 'complete']);
  });

  it('counts an unknown outcome, then placed once the book proves it; never a ticket approved by another process', () => {
    const { seen, outcomes } = counter();
    outcomes.observe(ticket('T3', 'SUBMITTING'), 'approved');
    outcomes.observe(ticket('T3', 'UNKNOWN', { status: 'UNKNOWN' }), 'sent');
    outcomes.observe(ticket('T3', 'PLACED', { status: 'PLACED', orderNumber: '3' }), 'reconciled');
    outcomes.observe(ticket('T4', 'PLACED', { status: 'PLACED', orderNumber: '4' }), 'restored');
    outcomes.observe(ticket('T4', 'COMPLETE', { status: 'COMPLETE', orderNumber: '4' }), 'order_update');
    expect(seen).toEqual(['unknown', 'placed']);
  });
});
